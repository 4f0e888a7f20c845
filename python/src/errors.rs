//! How failures reach Python: the library's refusals as `DigitsLabError` (a `ValueError`)
//! carrying the command line's one-line message and exit code; a panic, which is a bug and
//! must never unwind into the interpreter, as `InternalError` (a `RuntimeError`).

use std::panic::{AssertUnwindSafe, catch_unwind};

use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

use digits_lab::error::one_line;

create_exception!(
    digits_lab,
    DigitsLabError,
    PyValueError,
    "A request digits-lab refuses: its message is the command line's one-line error (without `error: `)."
);
create_exception!(
    digits_lab,
    InternalError,
    PyRuntimeError,
    "A bug in digits-lab (a Rust panic, caught before it reached Python)."
);

/// A failure on the Rust side, not yet a Python exception (so that it can cross threads
/// and be built with the GIL released).
#[derive(Debug)]
pub enum Failure {
    /// Refused: the message as the command line prints it after `error: `, and its exit code.
    Refused(String, u8),
    /// A panic's message.
    Panic(String),
}

impl Failure {
    /// A refusal in the library's own words.
    pub fn input(message: impl Into<String>) -> Failure {
        Failure::Refused(one_line(&message.into()), 2)
    }
}

impl From<digits_lab::Error> for Failure {
    fn from(e: digits_lab::Error) -> Failure {
        Failure::Refused(one_line(&e.to_string()), e.exit_code())
    }
}

impl From<Failure> for PyErr {
    fn from(f: Failure) -> PyErr {
        match f {
            Failure::Refused(message, code) => Python::attach(|py| {
                let err = DigitsLabError::new_err(message);
                // The command's exit code, for callers that map errors as the CLI does.
                let _ = err.value(py).setattr("exit_code", code);
                err
            }),
            Failure::Panic(message) => InternalError::new_err(format!(
                "internal error in digits-lab (please report it): {message}"
            )),
        }
    }
}

/// `value` as JSON. A value that cannot be written is a bug, not refused input: exit code 1.
pub fn json<T: serde::Serialize>(value: &T) -> Result<String, Failure> {
    serde_json::to_string(value)
        .map_err(|e| digits_lab::Error::failed("cannot write JSON", e).into())
}

/// The text of a panic's payload.
pub fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".to_string())
}

/// Runs `f`, a panic inside it becoming [`Failure::Panic`].
pub fn guard<T>(f: impl FnOnce() -> Result<T, Failure>) -> Result<T, Failure> {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|p| Err(Failure::Panic(panic_message(&*p))))
}
