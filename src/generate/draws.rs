//! Drawing boards until enough puzzles meet the constraints: each board solved against every
//! target of the range, one of the targets that pass chosen at random, boards drawn in
//! fixed-size batches that are solved in parallel and read in the order they were drawn, so
//! that the result does not depend on the number of threads.

use rayon::prelude::*;
use rustc_hash::FxHashSet;

use crate::error::{Error, Result};
use crate::game::board::Board;
use crate::game::rule_set::Game;

use super::constraints::{Check, Tally, properties};
use super::deck::Deck;
use super::rng::Rng;
use crate::puzzle::board_run::BoardRun;

/// Boards drawn and solved at once. Fixed, so that which boards are drawn does not depend on
/// the machine; the results are read in order and the batch's unread rest ignored.
pub const BATCH: u64 = 16;

/// Where boards come from and what their puzzles must meet.
pub struct Draws<'a> {
    pub game: &'a Game,
    pub deck: &'a Deck,
    /// The targets each board is solved against.
    pub targets: (i64, i64),
    pub checks: &'a [Check],
    pub seed: u64,
    /// Which sequence of boards (see [`super::Stream`]).
    pub stream: u64,
    /// The most puzzles one board gives (distinct targets).
    pub per_board: usize,
    /// Look for targets the board cannot make instead (`--unsolvable`); the checks, which
    /// speak of solutions, are then empty.
    pub unsolvable: bool,
}

/// A puzzle that met every constraint: board number `index` of its stream at `target`.
#[derive(Clone, Debug, PartialEq)]
pub struct Found {
    pub index: u64,
    pub board: Board,
    pub target: i64,
    /// The table's difficulty score; 0 for a puzzle with no solution, which has none.
    pub difficulty: f64,
    /// A language model's predicted success, where the order asks for it.
    pub model_success: Option<f64>,
}

/// One drawn board: what its puzzles let through, and those chosen from the ones that pass
/// (at most [`Draws::per_board`], each target once).
pub struct Drawn {
    pub board: Board,
    pub tally: Tally,
    pub found: Vec<Found>,
}

impl Draws<'_> {
    /// Board `index`: drawn, solved against every target, passing targets chosen.
    pub fn draw(&self, index: u64) -> Result<Drawn> {
        let mut rng = Rng::new(self.seed, self.stream, index);
        let board = self.deck.draw(&mut rng)?;
        let (lo, hi) = self.targets;
        let run = BoardRun::build(self.game, &board, lo, hi)?;
        let mut tally = Tally::new(self.checks.len());
        tally.boards = 1;
        let mut passing = Vec::new();
        let assess = |t: i64| run.assess(t).expect("a solvable target is assessed");
        for t in lo..=hi {
            if self.game.target_ways(board.numbers(), t) == 0 {
                // No card of this target is left once the board is dealt (Krypto).
                continue;
            }
            tally.puzzles += 1;
            if self.unsolvable {
                if run.counts(t).is_none() {
                    tally.all += 1;
                    passing.push(t);
                }
                continue;
            }
            let Some(c) = run.counts(t) else { continue };
            tally.solvable += 1;
            let mut all = true;
            for (k, check) in self.checks.iter().enumerate() {
                if check.passes(&board, t, &c, || assess(t)) {
                    tally.passed[k] += 1;
                } else {
                    all = false;
                }
            }
            if all {
                tally.all += 1;
                passing.push(t);
            }
        }
        let mut found = Vec::new();
        while found.len() < self.per_board && !passing.is_empty() {
            let target = self.pick(&board, &passing, &mut rng);
            passing.retain(|&t| t != target);
            if self.unsolvable {
                found.push(Found {
                    index,
                    board: board.clone(),
                    target,
                    difficulty: 0.0,
                    model_success: None,
                });
                continue;
            }
            let a = assess(target);
            let model_success = self.checks.iter().find_map(Check::success_model).map(|m| {
                let c = run.counts(target).expect("a passing target is solvable");
                m.success(&properties(&board, target, &c, &a))
            });
            found.push(Found {
                index,
                board: board.clone(),
                target,
                difficulty: a.difficulty,
                model_success,
            });
        }
        Ok(Drawn {
            board,
            tally,
            found,
        })
    }

    /// One of the `passing` targets, as the game deals its target: each equally likely, or
    /// (a target card turned up from the deck) as likely as its copies left.
    fn pick(&self, board: &Board, passing: &[i64], rng: &mut Rng) -> i64 {
        let ways: Vec<u64> = passing
            .iter()
            .map(|&t| self.game.target_ways(board.numbers(), t))
            .collect();
        if ways.iter().all(|&w| w == 1) {
            return passing[rng.below(passing.len() as u64) as usize];
        }
        let mut r = rng.below(ways.iter().sum());
        for (&t, &w) in passing.iter().zip(&ways) {
            if r < w {
                return t;
            }
            r -= w;
        }
        unreachable!("r is below the sum of the weights")
    }

    /// Boards `from..to`, solved in parallel, in order.
    pub fn batch(&self, from: u64, to: u64) -> Result<Vec<Drawn>> {
        (from..to).into_par_iter().map(|i| self.draw(i)).collect()
    }
}

/// Draws boards until `count` puzzles meet every constraint, on boards not in `used` (each
/// board that gives one is added to it; it gives up to [`Draws::per_board`]). Gives up, with [`Error::Exhausted`] and the tally in one
/// line, after `tries` boards in a row that give no new puzzle. `progress` is told of every
/// board read.
pub fn search(
    d: &Draws,
    count: usize,
    tries: u64,
    used: &mut FxHashSet<Board>,
    progress: &dyn Fn(u64),
) -> Result<(Vec<Found>, Tally)> {
    let mut found = Vec::with_capacity(count);
    let mut tally = Tally::new(d.checks.len());
    let mut fruitless = 0u64;
    let mut next = 0u64;
    while found.len() < count {
        let batch = d.batch(next, next + BATCH)?;
        next += BATCH;
        for drawn in batch {
            if used.contains(&drawn.board) {
                tally.boards += 1;
                tally.repeats += 1;
            } else {
                tally.add(&drawn.tally);
                if !drawn.found.is_empty() {
                    used.insert(drawn.board);
                    let room = count - found.len();
                    found.extend(drawn.found.into_iter().take(room));
                    fruitless = 0;
                    progress(1);
                    if found.len() == count {
                        break;
                    }
                    continue;
                }
            }
            fruitless += 1;
            progress(1);
            if fruitless >= tries {
                return Err(Error::Exhausted(exhausted(
                    d,
                    &tally,
                    found.len(),
                    count,
                    tries,
                )));
            }
        }
    }
    Ok((found, tally))
}

/// The one line that explains why a search gave up.
fn exhausted(d: &Draws, tally: &Tally, found: usize, count: usize, tries: u64) -> String {
    use crate::game::words::grouped;
    let (lo, hi) = d.targets;
    let looked = format!(
        "{} boards tried ({} puzzles, targets {lo}-{hi})",
        grouped(tally.boards),
        grouped(tally.puzzles)
    );
    let head = if found == 0 {
        format!("no puzzle met every constraint in {looked}")
    } else {
        format!(
            "only {found} of {count} puzzles met every constraint, then {} boards in a row gave \
             none; {looked}",
            grouped(tries)
        )
    };
    format!(
        "{head}: {}; raise --tries (now {tries}) to look further",
        tally.explain(d.checks)
    )
}
