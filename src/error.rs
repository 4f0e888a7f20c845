//! The library's error type: every way a request can be refused, each with a one-line message.

use thiserror::Error;

/// Everything the library refuses, with a message fit to print as one line.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
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
    /// A file or folder could not be read or written.
    #[error("{}", one_line(.0))]
    Io(String),
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

impl Error {
    /// The process exit code for this error: 2 for refused input (like a usage error),
    /// 1 for a failure to read or write files, for tables not all there yet, for a
    /// `generate` request that found nothing in its tries and for a check that failed.
    pub fn exit_code(&self) -> u8 {
        match self {
            Error::Io(_) | Error::Missing(_) | Error::Exhausted(_) | Error::Mismatch(_) => 1,
            _ => 2,
        }
    }

    pub(crate) fn input(msg: impl Into<String>) -> Self {
        Error::Input(msg.into())
    }
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
