//! Reading a corrupt Parquet file can panic inside polars (a footer whose metadata does not
//! decode panics in its thrift reader: found by fuzzing the tables `plots` and `hardest`
//! read, docs/FUZZING.md). Every read of a table file goes through [`guarded`], which turns
//! such a panic into an error naming the file ([`Panicked`]), and keeps the panic's own
//! message off stderr so that the user sees the one-line error only.
//!
//! The process's panic hook is replaced only while guarded reads are in progress (on any
//! thread: polars decodes on threads of its own), by one that says nothing, and put back as
//! it was when the last of them ends; outside them, the library leaves the hook alone.

use std::panic::{self, AssertUnwindSafe, PanicHookInfo};
use std::sync::Mutex;

pub use crate::error::phase::Panicked;

type Hook = Box<dyn Fn(&PanicHookInfo<'_>) + Sync + Send + 'static>;

/// Guarded reads in progress, and the hook they replaced.
static GUARDED: Mutex<(usize, Option<Hook>)> = Mutex::new((0, None));

/// The first guarded read in silences panics; the last one out puts the hook back.
fn enter() {
    let mut g = GUARDED.lock().unwrap_or_else(|e| e.into_inner());
    if g.0 == 0 {
        g.1 = Some(panic::take_hook());
        panic::set_hook(Box::new(|_| {}));
    }
    g.0 += 1;
}

fn leave() {
    let mut g = GUARDED.lock().unwrap_or_else(|e| e.into_inner());
    g.0 -= 1;
    if g.0 == 0
        && let Some(hook) = g.1.take()
    {
        panic::set_hook(hook);
    }
}

/// `read()`, or the message of the panic it raised.
pub fn guarded<T>(read: impl FnOnce() -> T) -> Result<T, Panicked> {
    enter();
    let result = panic::catch_unwind(AssertUnwindSafe(read));
    leave();
    result.map_err(|payload| {
        Panicked(
            payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "the reader failed".to_string()),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_its_message() {
        assert_eq!(guarded(|| 7), Ok(7));
        assert_eq!(
            guarded(|| -> u8 { panic!("thrift bool field") }),
            Err(Panicked("thrift bool field".to_string()))
        );
        assert_eq!(
            guarded(|| -> u8 { panic!("{} of {}", 1, 2) }),
            Err(Panicked("1 of 2".to_string()))
        );
    }
}
