//! A request the study refuses ([`ApiError`]): the HTTP status it is answered with and a
//! one-line reason, sent as `{"error": "…"}`. Nothing is stored for a refused request.
//!
//! | status | when |
//! |---|---|
//! | 400 | a malformed body, an unknown operation, no consent |
//! | 404 | no such participant, trial or route |
//! | 405 | a method the route does not take |
//! | 409 | the study is full, the trial is over, an action out of turn, time up (or not yet) |
//! | 413 | a body over [`crate::http::MAX_BODY`] bytes |
//! | 415 | a body that is not JSON |
//! | 422 | an action that does not follow from the board (`play`), a trial ended as solved by hand |
//! | 500 | a stored puzzle outside the game's numbers |
//! | 503 | no random id, or the database failed (then every later request too) |

/// A refused request: its HTTP status and a one-line reason.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ApiError {
    pub status: u16,
    pub message: String,
}

impl ApiError {
    pub fn new(status: u16, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
        }
    }
}
