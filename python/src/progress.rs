//! Long work with the GIL released: the work runs on a thread of its own while the calling
//! thread, every tenth of a second, hands its progress to a Python callable (which draws a
//! bar in a notebook or a terminal); a panic in the work comes back as a failure.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use pyo3::prelude::*;

use crate::errors::{Failure, panic_message};

/// How often the callable hears of progress.
const TICK: Duration = Duration::from_millis(100);

/// Runs `work`, which counts what it has done through the function it is given, and calls
/// `progress(done, total)` on the calling thread while it runs (and once when it ends;
/// `total` is `None` when the work cannot tell in advance). An
/// exception raised by `progress` is ignored: a bar that fails must not stop the work.
pub fn run<T: Send>(
    py: Python<'_>,
    progress: Option<Py<PyAny>>,
    total: Option<u64>,
    work: impl FnOnce(&(dyn Fn(u64) + Sync)) -> Result<T, Failure> + Send,
) -> Result<T, Failure> {
    let done = AtomicU64::new(0);
    let tell = |progress: &Option<Py<PyAny>>| {
        if let Some(callback) = progress {
            Python::attach(|py| {
                let _ = callback.call1(py, (done.load(Ordering::Relaxed), total));
            });
        }
    };
    let outcome = py.detach(|| {
        std::thread::scope(|s| {
            let worker = s.spawn(|| {
                work(&|n| {
                    done.fetch_add(n, Ordering::Relaxed);
                })
            });
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
