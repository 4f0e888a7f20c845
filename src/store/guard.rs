//! Reading a corrupt Parquet file can panic inside polars (a footer whose metadata does not
//! decode panics in its thrift reader: found by fuzzing the tables `plots` and `hardest`
//! read, docs/FUZZING.md). Every read of a table file goes through [`guarded`], which turns
//! such a panic into an error naming the file, and keeps the panic's own message off stderr
//! so that the user sees the one-line error only.

use std::panic::{self, AssertUnwindSafe};
use std::sync::Once;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Guarded reads in progress, on any thread (polars decodes on threads of its own).
static GUARDED: AtomicUsize = AtomicUsize::new(0);

/// Installs, once, a panic hook that stays silent while a guarded read is in progress and
/// otherwise does what the previous hook did.
fn quiet_while_guarded() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if GUARDED.load(Ordering::SeqCst) == 0 {
                previous(info);
            }
        }));
    });
}

/// `read()`, or the message of the panic it raised.
pub fn guarded<T>(read: impl FnOnce() -> T) -> Result<T, String> {
    quiet_while_guarded();
    GUARDED.fetch_add(1, Ordering::SeqCst);
    let result = panic::catch_unwind(AssertUnwindSafe(read));
    GUARDED.fetch_sub(1, Ordering::SeqCst);
    result.map_err(|payload| {
        payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "the reader failed".to_string())
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
            Err("thrift bool field".to_string())
        );
        assert_eq!(
            guarded(|| -> u8 { panic!("{} of {}", 1, 2) }),
            Err("1 of 2".to_string())
        );
    }
}
