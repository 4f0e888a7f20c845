//! Answers checked against puzzles, exactly: `digits-lab check`, Python's `check` and
//! `check_many`, and the reward functions built on them.
//!
//! An answer is one expression (`(25-10)*(1+50)`, optionally `= 765`) or a list of moves
//! (`25 - 10 = 15`, one a line), read by the project's own grammar ([`lex`], [`grammar`]),
//! never evaluated as code, and judged in the game's number domain through the engine's own
//! arithmetic ([`judge`]): it is valid exactly when the engine would build it. The cost of
//! any input is bounded: an answer longer than [`MAX_ANSWER_BYTES`] is refused unread,
//! nesting is bounded, and every step is checked arithmetic (a power is refused at the
//! game's magnitude limit, never computed past it). The verdict ([`verdict`]) says valid or
//! why not in one line, and for a valid answer its value, distance to the target and score.
//! An answer that says there is no solution ([`no_solution`]) is judged against the
//! puzzle. A file of answers is checked by [`crate::dataset::check`].

pub mod grammar;
pub mod judge;
pub mod lex;
pub mod no_solution;
pub mod verdict;

use crate::game::board::Board;
use crate::game::number::Wide;
use crate::game::rule_set::Game;
use crate::puzzle::solve::Score;

pub use verdict::{Fault, Reason, Verdict};

/// The longest answer read, in bytes: a solution of seven numbers is under 100; a longer
/// answer is refused before a character of it is read.
pub const MAX_ANSWER_BYTES: usize = 1_000;

/// Checks `answer` for the puzzle `board` → `target` under `game`'s rules. The board and
/// target are the caller's to check (they are the puzzle, not the answer).
pub fn check(game: &Game, board: &Board, target: i64, answer: &str) -> Verdict {
    if no_solution::says_so(answer) {
        return no_solution::verdict(game, board, target);
    }
    check_read(game, board, target, answer)
}

/// [`check`] for an answer already known to be no "no solution" phrase
/// ([`no_solution::says_so`]): a batch tells those apart first, to solve each of their
/// puzzles once.
pub fn check_read(game: &Game, board: &Board, target: i64, answer: &str) -> Verdict {
    if answer.len() > MAX_ANSWER_BYTES {
        return Verdict::invalid(Reason::new(
            Fault::TooLong,
            format!(
                "the answer is {} bytes long; an answer is at most {MAX_ANSWER_BYTES}",
                answer.len()
            ),
        ));
    }
    let tokens = match lex::tokens(answer) {
        Ok(t) => t,
        Err(e) => {
            return Verdict::invalid(Reason::new(
                Fault::Syntax,
                format!("`{}` at column {} is not part of an answer", e.found, e.col),
            ));
        }
    };
    let parsed = match grammar::parse(&tokens) {
        Ok(a) => a,
        Err(e) => {
            let at = match e.col {
                0 => String::new(),
                col => format!(" at column {col}"),
            };
            return Verdict::invalid(Reason::new(Fault::Syntax, format!("{}{at}", e.message)));
        }
    };
    let judged = crate::with_number_type!(game.rules.arithmetic, V => {
        judge::judge::<V>(game, board, &parsed)
    });
    match judged {
        Err(reason) => Verdict::invalid(reason),
        Ok(reached) => {
            let distance = reached
                .value
                .plus(Wide::new(-i128::from(target), 1).expect("a whole number"))
                .map(|d| Wide {
                    num: d.num.abs(),
                    den: d.den,
                });
            match distance {
                Some(d) => {
                    let score = game
                        .scoring
                        .score(d.num as f64 / d.den as f64)
                        .map(|(value, unit)| Score { value, unit });
                    Verdict::reached(reached.value, d, score, reached.ops)
                }
                None => Verdict::invalid(Reason::new(
                    Fault::TooLarge,
                    "its distance to the target is past 128 bits",
                )),
            }
        }
    }
}

#[cfg(test)]
mod tests;
