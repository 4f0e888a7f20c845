//! The constraints a generated puzzle must meet, how each is checked on one puzzle, and the
//! tally of how many puzzles each let through, from which a request that nothing meets is
//! explained in one line.

use std::fmt::Write as _;

use crate::engine::{Convention, Counts};
use crate::error::{Error, Result};
use crate::game::board::Board;
use crate::game::words::grouped;
use crate::puzzle::difficulty::Assessment;

use std::sync::Arc;

use crate::model::success::{Properties, SuccessModel};

use super::bands::{Band, Bands};
use super::span::{Span, Wanted};

/// One constraint.
#[derive(Clone, Debug, PartialEq)]
pub enum Check {
    /// The solution count under a convention.
    Solutions(Span, Convention),
    /// The fewest operations of a solution.
    MinOps(Span),
    /// Every solution uses every number.
    UsesAll,
    /// No number twice on the board.
    NoRepeats,
    /// The difficulty score in `lo..hi` (ln seconds), as asked for (`wanted`).
    Difficulty { wanted: Wanted, lo: f64, hi: f64 },
    /// Every solution passes through a fraction (`true`), or some solution does not.
    NeedsFraction(bool),
    /// A language model's predicted success in `lo..hi`: `wanted` on the model's own scale
    /// ([`Check::model_band`]).
    ModelSuccess {
        wanted: Band,
        lo: f64,
        hi: f64,
        model: Arc<SuccessModel>,
    },
}

impl Check {
    /// The difficulty constraint for `wanted`: a band of `bands`, or seconds.
    pub fn difficulty(wanted: Wanted, bands: Option<&Bands>) -> Result<Check> {
        let (lo, hi) = match wanted {
            Wanted::Band(b) => bands
                .ok_or_else(|| Error::input("difficulty bands need the game's bands"))?
                .range(b),
            // Seconds to the score's ln seconds; `hi` inclusive.
            Wanted::Seconds { lo, hi } => (lo.ln(), hi.ln().next_up()),
        };
        Ok(Check::Difficulty { wanted, lo, hi })
    }

    /// A band of a language model's predicted success (the share of its answers that solve
    /// the puzzle): easy from 75%, medium from 50%, hard from 25%, fiendish below.
    pub fn model_band(wanted: Band, model: Arc<SuccessModel>) -> Check {
        let (lo, hi) = match wanted {
            Band::Easy => (0.75, 1f64.next_up()),
            Band::Medium => (0.5, 0.75),
            Band::Hard => (0.25, 0.5),
            Band::Fiendish => (0.0, 0.25),
        };
        Check::ModelSuccess {
            wanted,
            lo,
            hi,
            model,
        }
    }

    /// The language model this check predicts the success of, if it does.
    pub fn success_model(&self) -> Option<&SuccessModel> {
        match self {
            Check::ModelSuccess { model, .. } => Some(model),
            _ => None,
        }
    }

    /// The flag and value that asked for it, as the user would write it.
    pub fn label(&self) -> String {
        match self {
            Check::Solutions(s, c) => format!("--solutions {s} ({c})"),
            Check::MinOps(s) => format!("--min-ops {s}"),
            Check::UsesAll => "--uses-all".into(),
            Check::NoRepeats => "--no-repeats".into(),
            Check::Difficulty { wanted, .. } => format!("--difficulty {wanted}"),
            Check::NeedsFraction(true) => "needs a fraction".into(),
            Check::NeedsFraction(false) => "needs no fraction".into(),
            Check::ModelSuccess { wanted, model, .. } => match model.unpredictive() {
                None => format!("--difficulty {wanted} --model-difficulty ({})", model.model),
                Some(why) => format!(
                    "--difficulty {wanted} --model-difficulty ({}, not predictive: {why})",
                    model.model
                ),
            },
        }
    }

    /// Whether a solvable puzzle passes; `assess` is asked for only by the constraints on
    /// the difficulty and its features (it costs more than the counts).
    pub fn passes(
        &self,
        board: &Board,
        target: i64,
        c: &Counts,
        assess: impl FnOnce() -> Assessment,
    ) -> bool {
        match self {
            Check::Solutions(s, conv) => conv.count(c).is_some_and(|n| s.contains(n)),
            Check::MinOps(s) => s.contains(c.min_ops.into()),
            Check::UsesAll => c.min_ops as usize + 1 == board.len(),
            Check::NoRepeats => board.numbers().windows(2).all(|w| w[0] != w[1]),
            Check::Difficulty { lo, hi, .. } => {
                let d = assess().difficulty;
                *lo <= d && d < *hi
            }
            Check::NeedsFraction(wanted) => assess().features.needs_fraction == *wanted,
            Check::ModelSuccess { lo, hi, model, .. } => {
                let s = model.success(&properties(board, target, c, &assess()));
                *lo <= s && s < *hi
            }
        }
    }
}

/// A solvable puzzle's properties as a success model reads them.
pub fn properties(board: &Board, target: i64, c: &Counts, a: &Assessment) -> Properties {
    Properties {
        size: board.len() as u32,
        target,
        solvable: true,
        min_ops: Some(c.min_ops),
        solutions: c.distinct,
        needs_fraction: Some(a.features.needs_fraction),
        needs_division: Some(a.features.needs_division),
        needs_negative: Some(a.features.needs_negative),
        difficulty: Some(a.difficulty),
        band: None,
    }
}

/// How many boards and puzzles were looked at, and how many each constraint let through on
/// its own (of the solvable puzzles).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Boards drawn.
    pub boards: u64,
    /// Boards drawn again after a puzzle was made from them, and skipped.
    pub repeats: u64,
    /// (board, target) pairs looked at.
    pub puzzles: u64,
    pub solvable: u64,
    /// Per check, in order, the solvable puzzles it let through.
    pub passed: Vec<u64>,
    /// The puzzles every check let through.
    pub all: u64,
}

impl Tally {
    pub fn new(checks: usize) -> Tally {
        Tally {
            passed: vec![0; checks],
            ..Tally::default()
        }
    }

    pub fn add(&mut self, o: &Tally) {
        self.boards += o.boards;
        self.repeats += o.repeats;
        self.puzzles += o.puzzles;
        self.solvable += o.solvable;
        for (a, b) in self.passed.iter_mut().zip(&o.passed) {
            *a += b;
        }
        self.all += o.all;
    }

    /// What each constraint let through, and the tightest, in one line: `solvable 9,804 ·
    /// --solutions 1 (distinct) 112 · --min-ops 5 0; the tightest is --min-ops 5`.
    pub fn explain(&self, checks: &[Check]) -> String {
        let mut o = format!("solvable {}", grouped(self.solvable));
        for (c, &n) in checks.iter().zip(&self.passed) {
            let _ = write!(o, " · {} {}", c.label(), grouped(n));
        }
        if self.repeats > 0 {
            let _ = write!(
                o,
                " ({} boards drawn again were skipped: no board is used twice)",
                grouped(self.repeats)
            );
        }
        // The constraint that lets the fewest through on its own; all of them on a tie. When
        // most boards drawn had been used already, the game has few boards that pass.
        let fewest = self.passed.iter().copied().min().unwrap_or(u64::MAX);
        let tightest: Vec<String> = if self.repeats * 2 > self.boards {
            vec!["that no board be used twice: most boards drawn had been used already".into()]
        } else if fewest < self.solvable {
            checks
                .iter()
                .zip(&self.passed)
                .filter(|&(_, &n)| n == fewest)
                .map(|(c, _)| c.label())
                .collect()
        } else {
            vec!["being solvable".to_string()]
        };
        match tightest.len() {
            1 => {
                let _ = write!(o, "; the tightest is {}", tightest[0]);
            }
            _ => {
                let _ = write!(
                    o,
                    "; the tightest are {}",
                    crate::game::words::list(&tightest)
                );
            }
        }
        o
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tightest_constraint_is_named() {
        let checks = [
            Check::Solutions(Span { lo: 1, hi: 1 }, Convention::Distinct),
            Check::MinOps(Span { lo: 5, hi: 5 }),
        ];
        let t = Tally {
            boards: 10,
            repeats: 0,
            puzzles: 100,
            solvable: 95,
            passed: vec![12, 0],
            all: 0,
        };
        assert_eq!(
            t.explain(&checks),
            "solvable 95 · --solutions 1 (distinct) 12 · --min-ops 5 0; the tightest is --min-ops 5"
        );
        let tie = Tally {
            passed: vec![0, 0],
            ..t
        };
        assert!(
            tie.explain(&checks)
                .ends_with("the tightest are --solutions 1 (distinct) and --min-ops 5"),
            "{}",
            tie.explain(&checks)
        );
    }
}
