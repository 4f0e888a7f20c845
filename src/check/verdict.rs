//! What `check` says of one answer: valid or why not (a [`Fault`] and a one-line message),
//! and for a valid answer the value it reaches, its distance to the target and the game's
//! score.

use serde::Serialize;

use crate::game::number::Wide;
use crate::puzzle::solve::{Exact, Score};

/// Why an answer is not valid, as a stable name scripts can count by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Fault {
    /// Longer than any answer needs ([`super::MAX_ANSWER_BYTES`]); refused unread.
    TooLong,
    /// Not an expression or a list of moves (an empty answer, a stray symbol, a bracket never
    /// closed).
    Syntax,
    /// An operation the game does not allow: `^` without powers, unary minus, joining digits.
    Operator,
    /// A number that is not on the board.
    NotOnBoard,
    /// A board number used more often than the board has it.
    UsedTooOften,
    /// A move whose operand is neither a board number left nor an earlier move's result.
    NotAvailable,
    /// A number left unused where the game uses every number (the 24 game).
    Unused,
    /// A step whose result the game's numbers do not hold (a fraction in Countdown, a
    /// negative in Digits).
    Domain,
    DivisionByZero,
    /// A step past the game's magnitude limit or 64 bits.
    TooLarge,
    /// A power whose exponent is not a whole number, or `0 ^ 0`.
    Exponent,
    /// A move or an `= value` that states a result the arithmetic does not give.
    WrongResult,
    /// A row of a file whose puzzle the game does not allow, or whose fields are unusable
    /// (`check --batch`, `check_many`): its answer is not judged.
    Puzzle,
    /// The answer says there is no solution ([`super::no_solution`]), and there is one.
    GaveUp,
}

impl Fault {
    /// Every fault, in the order they are documented.
    pub const ALL: [Fault; 14] = [
        Fault::TooLong,
        Fault::Syntax,
        Fault::Operator,
        Fault::NotOnBoard,
        Fault::UsedTooOften,
        Fault::NotAvailable,
        Fault::Unused,
        Fault::Domain,
        Fault::DivisionByZero,
        Fault::TooLarge,
        Fault::Exponent,
        Fault::WrongResult,
        Fault::Puzzle,
        Fault::GaveUp,
    ];

    /// Its name in JSON and tables: `not-on-board`.
    pub fn name(self) -> &'static str {
        match self {
            Fault::TooLong => "too-long",
            Fault::Syntax => "syntax",
            Fault::Operator => "operator",
            Fault::NotOnBoard => "not-on-board",
            Fault::UsedTooOften => "used-too-often",
            Fault::NotAvailable => "not-available",
            Fault::Unused => "unused",
            Fault::Domain => "domain",
            Fault::DivisionByZero => "division-by-zero",
            Fault::TooLarge => "too-large",
            Fault::Exponent => "exponent",
            Fault::WrongResult => "wrong-result",
            Fault::Puzzle => "puzzle",
            Fault::GaveUp => "gave-up",
        }
    }
}

/// A fault and its message: `7 is not on the board (1 3 4 6)`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Reason {
    pub fault: Fault,
    pub message: String,
}

impl Reason {
    /// A reason; control characters the answer brought into the message are escaped, so
    /// that it is one line.
    pub fn new(fault: Fault, message: impl Into<String>) -> Reason {
        let message = message.into();
        let message = if message.chars().any(char::is_control) {
            crate::error::one_line(&message)
        } else {
            message
        };
        Reason { fault, message }
    }
}

/// The verdict on one answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// The answer keeps every rule of the game.
    pub valid: bool,
    /// Valid, and it reaches the target.
    pub solved: bool,
    /// Why it is not valid.
    pub reason: Option<Reason>,
    /// The value a valid answer reaches.
    pub value: Option<Exact>,
    /// How far that value is from the target.
    pub distance: Option<Exact>,
    /// The game's score for it (Digits' stars, Countdown's points; none for the 24 game):
    /// a number, as `check --batch` writes it, with its unit beside it.
    pub score: Option<u32>,
    pub score_unit: Option<&'static str>,
    /// The operations it takes (a joined number counts one per join).
    pub ops: Option<usize>,
}

impl Verdict {
    pub fn invalid(reason: Reason) -> Verdict {
        Verdict {
            valid: false,
            solved: false,
            reason: Some(reason),
            value: None,
            distance: None,
            score: None,
            score_unit: None,
            ops: None,
        }
    }

    /// The answer says there is no solution, rightly: solved, with no value.
    pub(super) fn rightly_unsolved() -> Verdict {
        Verdict {
            valid: true,
            solved: true,
            reason: None,
            value: None,
            distance: None,
            score: None,
            score_unit: None,
            ops: Some(0),
        }
    }

    pub(super) fn reached(value: Wide, distance: Wide, score: Option<Score>, ops: usize) -> Self {
        Verdict {
            valid: true,
            solved: distance.num == 0,
            reason: None,
            value: Some(Exact::of(value)),
            distance: Some(Exact::of(distance)),
            score: score.as_ref().map(|s| s.value),
            score_unit: score.map(|s| s.unit),
            ops: Some(ops),
        }
    }
}
