//! What became of one answer, grouped as a reader thinks of a model's failures: the fifteen
//! faults `check` names fall into arithmetic that does not hold, a rule of the game broken,
//! text that is no answer, and "no solution" said of a puzzle that has one.

use serde::Serialize;

use crate::check::{Fault, Verdict};

/// One answer's outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// Valid, and it makes the target.
    Solved,
    /// "No solution", of a puzzle that has none.
    RightlyUnsolved,
    /// Valid, but its value is not the target.
    Missed,
    /// A stated result the arithmetic does not give (a wrong `= value`, a wrong move), or a
    /// division by zero.
    Arithmetic,
    /// A rule of the game broken: a number off the board, used twice, left unused, an
    /// operation the game lacks, a value its numbers cannot hold.
    Rule,
    /// Not an answer at all: no expression, no moves, a bracket never closed, too long.
    NotAnAnswer,
    /// "No solution", of a puzzle that has one.
    GaveUp,
}

impl Outcome {
    /// Every outcome, in the order the report lists them.
    pub const ALL: [Outcome; 7] = [
        Outcome::Solved,
        Outcome::RightlyUnsolved,
        Outcome::Missed,
        Outcome::Arithmetic,
        Outcome::Rule,
        Outcome::NotAnAnswer,
        Outcome::GaveUp,
    ];

    /// Its name in tables and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Solved => "solved",
            Outcome::RightlyUnsolved => "rightly-unsolved",
            Outcome::Missed => "missed",
            Outcome::Arithmetic => "arithmetic",
            Outcome::Rule => "rule",
            Outcome::NotAnAnswer => "not-an-answer",
            Outcome::GaveUp => "gave-up",
        }
    }

    /// What it means, for the report.
    pub fn meaning(self) -> &'static str {
        match self {
            Outcome::Solved => "valid, and it makes the target",
            Outcome::RightlyUnsolved => "\"no solution\", and the puzzle has none",
            Outcome::Missed => "valid, but it does not make the target",
            Outcome::Arithmetic => "a stated result the arithmetic does not give",
            Outcome::Rule => {
                "a rule of the game broken (a number off the board, reused, \
                              left unused; an operation or a value the game lacks)"
            }
            Outcome::NotAnAnswer => "no expression or moves could be read",
            Outcome::GaveUp => "\"no solution\", but the puzzle has one",
        }
    }

    /// Whether it counts as a success.
    pub fn success(self) -> bool {
        matches!(self, Outcome::Solved | Outcome::RightlyUnsolved)
    }

    /// The outcome of a verdict on a puzzle the game allows; `None` for the fault `puzzle`,
    /// which says the row is no puzzle of the game and judges no model.
    pub fn of(v: &Verdict) -> Option<Outcome> {
        let Some(reason) = &v.reason else {
            return Some(match (v.solved, v.value.is_some()) {
                (true, false) => Outcome::RightlyUnsolved,
                (true, true) => Outcome::Solved,
                (false, _) => Outcome::Missed,
            });
        };
        Some(match reason.fault {
            Fault::Puzzle => return None,
            Fault::WrongResult | Fault::DivisionByZero => Outcome::Arithmetic,
            Fault::Operator
            | Fault::NotOnBoard
            | Fault::UsedTooOften
            | Fault::NotAvailable
            | Fault::Unused
            | Fault::Domain
            | Fault::TooLarge
            | Fault::Exponent => Outcome::Rule,
            Fault::TooLong | Fault::Syntax => Outcome::NotAnAnswer,
            Fault::GaveUp => Outcome::GaveUp,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::check;
    use crate::game::board::Board;
    use crate::game::rule_set::Game;

    #[test]
    fn every_fault_but_puzzle_has_an_outcome() {
        let game = Game::preset(crate::game::rule_set::GameKind::Countdown);
        let board = Board::new(&game, vec![1, 3, 7, 10, 25, 50]).unwrap();
        let cases = [
            ("(25-10)*50+1+7*3", Outcome::Missed),
            ("25/(7-3) = 6", Outcome::Rule),
            ("(7-7)", Outcome::Rule),
            ("50/(10-10)", Outcome::Rule),
            ("no solution", Outcome::GaveUp),
            ("7*3 = 22", Outcome::Arithmetic),
            ("8*3", Outcome::Rule),
            ("7*7", Outcome::Rule),
            ("((", Outcome::NotAnAnswer),
            ("(50+25)*10+7+3", Outcome::Missed),
        ];
        for (answer, want) in cases {
            let v = check(&game, &board, 765, answer);
            assert_eq!(Outcome::of(&v), Some(want), "{answer}: {v}");
        }
        let solved = check(&game, &board, 760, "(50+25)*10+7+3");
        assert_eq!(Outcome::of(&solved), Some(Outcome::Solved));
        let puzzle = Verdict::invalid(crate::check::Reason::new(Fault::Puzzle, "no target"));
        assert_eq!(Outcome::of(&puzzle), None);
        for f in Fault::ALL {
            let v = Verdict::invalid(crate::check::Reason::new(f, "x"));
            assert_eq!(Outcome::of(&v).is_none(), f == Fault::Puzzle, "{f:?}");
        }
    }
}
