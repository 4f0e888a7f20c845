//! Long work with the GIL released: the work runs on a thread of its own while the calling
//! thread, every tenth of a second, hands its progress to a Python callable (which draws a
//! bar in a notebook or a terminal); a panic in the work comes back as a failure.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use pyo3::prelude::*;

use digits_lab::progress::Progress;

use crate::errors::{Failure, panic_message};

/// How often the callable hears of progress.
const TICK: Duration = Duration::from_millis(100);

/// What a request says of its progress, kept for the calling thread to read: units done and
/// the total, summed over every stretch of work the request starts (a corpus run starts one
/// per corpus), so that one bar covers the call.
struct Counts {
    done: AtomicU64,
    total: AtomicU64,
    /// Some stretch of work could not tell its total in advance.
    unknown: AtomicBool,
}

impl Counts {
    /// The total, when every stretch started so far told it.
    fn total(&self) -> Option<u64> {
        let total = self.total.load(Ordering::Relaxed);
        (!self.unknown.load(Ordering::Relaxed) && total > 0).then_some(total)
    }
}

impl Progress for Counts {
    fn start(&self, _: &str, _: &str, total: Option<u64>) {
        match total {
            Some(t) => {
                self.total.fetch_add(t, Ordering::Relaxed);
            }
            None => self.unknown.store(true, Ordering::Relaxed),
        }
    }

    fn advance(&self, n: u64) {
        self.done.fetch_add(n, Ordering::Relaxed);
    }

    fn finish(&self) {}

    // The package prints its own summaries.
    fn note(&self, _: &str) {}
}

/// Runs `work`, which tells of its progress through the [`Progress`] it is given, and calls
/// `progress(done, total)` on the calling thread while it runs (and once when it ends;
/// `total` is `None` when the work cannot tell in advance). An exception raised by
/// `progress` is ignored: a bar that fails must not stop the work.
pub fn run<T: Send>(
    py: Python<'_>,
    progress: Option<Py<PyAny>>,
    work: impl FnOnce(&dyn Progress) -> Result<T, Failure> + Send,
) -> Result<T, Failure> {
    let counts = Counts {
        done: AtomicU64::new(0),
        total: AtomicU64::new(0),
        unknown: AtomicBool::new(false),
    };
    let tell = |progress: &Option<Py<PyAny>>| {
        if let Some(callback) = progress {
            let total = counts.total();
            Python::attach(|py| {
                let _ = callback.call1(py, (counts.done.load(Ordering::Relaxed), total));
            });
        }
    };
    let outcome = py.detach(|| {
        std::thread::scope(|s| {
            let worker = s.spawn(|| work(&counts));
            while !worker.is_finished() {
                std::thread::sleep(TICK);
                tell(&progress);
            }
            worker.join()
        })
    });
    tell(&progress);
    outcome.unwrap_or_else(|p| Err(Failure::Panic(panic_message(&*p))))
}
