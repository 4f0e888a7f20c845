//! The library's error type: every way a request can be refused, each with a one-line message
//! and an exit code, keeping the error beneath it (`std::error::Error::source`): the I/O,
//! polars, JSON or CSV error a file failed with, or a phase's own error (a table not readable,
//! a chart not drawn, a digest not computed, a `hardest` list not found).

use std::path::{Path, PathBuf};

use thiserror::Error;

pub mod phase;

pub use phase::{Phase, PhaseError};

/// Everything the library refuses, with a message fit to print as one line.
#[derive(Debug, Error)]
pub enum Error {
    /// The user's input is unusable (bad numbers, a bad target, a board the game forbids).
    #[error("{}", one_line(.0))]
    Input(String),
    /// The board is larger than the engine accepts.
    #[error("a board of {got} numbers is too large: the engine takes at most {max}")]
    BoardTooLarge { got: usize, max: usize },
    /// A board makes more values than one board may keep
    /// ([`crate::engine::reach::bounded::MAX_VALUES`]).
    #[error("{}", one_line(.0))]
    TooManyValues(String),
    /// A solution count does not fit in 64 bits.
    #[error("a solution count overflowed 64 bits; use a smaller board")]
    CountOverflow,
    /// An exact intermediate could not be represented (it would overflow 128-bit arithmetic).
    #[error("arithmetic overflow while comparing products; use smaller numbers")]
    ArithmeticOverflow,
    /// A file or folder could not be read or written. (Boxed, as the other large variants
    /// are: an error is rare, and a small `Result` keeps the engine's hot paths fast.)
    #[error(transparent)]
    File(Box<FileError>),
    /// Work that failed for a cause beneath it, not a file's (starting worker threads,
    /// building a column, writing JSON).
    #[error("{doing}: {source}")]
    Failed {
        doing: String,
        #[source]
        source: Box<Cause>,
    },
    /// A phase's own error, typed ([`Phase`]): a table not readable (`ReadError`), the charts
    /// not drawn (`ChartError`), a digest not computed (`DigestError`), a `hardest` list not
    /// made (`HardestError`).
    #[error(transparent)]
    Phase(PhaseError),
    /// Tables asked for are not all there yet (shards still to run).
    #[error("{}", one_line(.0))]
    Missing(String),
    /// `generate` drew as many boards as it may without finding the puzzles asked for.
    #[error("{}", one_line(.0))]
    Exhausted(String),
    /// A check found a difference (`fit --check`: the carried model is not the refit's).
    #[error("{}", one_line(.0))]
    Mismatch(String),
}

/// A file or folder that could not be read or written: its path, and the cause.
#[derive(Debug, Error)]
#[error("{}: {source}", path.display())]
pub struct FileError {
    pub path: PathBuf,
    #[source]
    pub source: Cause,
}

/// The error beneath a failure: that of the library called (the standard library's I/O,
/// polars, serde_json, csv), or a reason in words when nothing lies beneath (a corrupt file's
/// reader gave up, a line that is not JSON).
#[derive(Debug, Error)]
pub enum Cause {
    #[error(transparent)]
    Io(#[from] std::io::Error),
    #[error(transparent)]
    Polars(#[from] polars::prelude::PolarsError),
    #[error(transparent)]
    Json(#[from] serde_json::Error),
    #[error(transparent)]
    Csv(#[from] csv::Error),
    #[error(transparent)]
    Threads(#[from] rayon::ThreadPoolBuildError),
    #[error("{0}")]
    Reason(String),
}

impl From<String> for Cause {
    fn from(reason: String) -> Cause {
        Cause::Reason(reason)
    }
}

impl From<&str> for Cause {
    fn from(reason: &str) -> Cause {
        Cause::Reason(reason.to_string())
    }
}

impl From<FileError> for Error {
    fn from(e: FileError) -> Error {
        Error::File(Box::new(e))
    }
}

impl Error {
    /// The process exit code for this error: 2 for refused input (like a usage error),
    /// 1 for a failure to read or write files, for tables not all there yet, for a
    /// `generate` request that found nothing in its tries and for a check that failed. A
    /// phase's error is input when what the user asked for is wrong (a corpus without
    /// tables, a target the corpus lacks), else a failure.
    pub fn exit_code(&self) -> u8 {
        match self {
            Error::File(_)
            | Error::Failed { .. }
            | Error::Missing(_)
            | Error::Exhausted(_)
            | Error::Mismatch(_) => 1,
            Error::Phase(p) if !p.is_input() => 1,
            _ => 2,
        }
    }

    pub(crate) fn input(msg: impl Into<String>) -> Self {
        Error::Input(msg.into())
    }

    /// `doing` failed for `cause`.
    pub fn failed(doing: impl Into<String>, cause: impl Into<Cause>) -> Self {
        Error::Failed {
            doing: doing.into(),
            source: Box::new(cause.into()),
        }
    }
}

/// The file or folder `path` failed for `cause`.
pub fn file_error(path: &Path, cause: impl Into<Cause>) -> Error {
    Error::File(Box::new(FileError {
        path: path.to_path_buf(),
        source: cause.into(),
    }))
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

/// A message as one line: control characters (a newline typed into an argument, say) are
/// written as escapes, so that an error is always one line on stderr.
pub fn one_line(message: &str) -> String {
    message
        .chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    /// An error is rare and a `Result` is everywhere, the engine's inner loops included: the
    /// large causes are boxed so that the error stays the size of its message.
    #[test]
    fn an_error_is_small() {
        assert!(std::mem::size_of::<super::Error>() <= 40);
    }
}
