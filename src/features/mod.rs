//! A puzzle's difficulty features: what the engine can say about the solutions a person
//! might find — how many there are, how many stay in the whole numbers, how many fractions
//! the easiest needs, how high it must climb, how many near misses lure a searcher on the
//! way ([`Features`]) — and what the board alone says, whatever the target ([`Setting`]).
//! Measured exactly, for one target or a run of consecutive targets at once
//! ([`ConsecutiveCounts`]). The fitted model (`crate::model`) turns them into a score; this
//! layer sits below it so that the model and one puzzle (`crate::puzzle`) both read them.

mod consecutive;
mod setting;

use std::fmt::Write as _;

use serde::Serialize;

use crate::engine::{Counts, Dp, Trail};
use crate::error::Result;
use crate::game::board::Board;
use crate::game::number::Number;
use crate::game::rules::Rules;

pub use consecutive::{ConsecutiveCounts, near_miss_radius, whole_number_counts};
pub use setting::{Setting, first_moves};

/// The features of one solvable puzzle, as stored in the `puzzles` table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Features {
    /// Fewest operations of a solution.
    pub min_ops: u32,
    /// `distinct` solutions (`expressions` where `distinct` is not defined).
    pub solutions: u64,
    /// Every solution divides.
    pub needs_division: bool,
    /// Every solution passes through a fraction (24 game).
    pub needs_fraction: bool,
    /// Every solution passes through a negative number (24 game).
    pub needs_negative: bool,
    /// The largest value (rounded up) some solution must compute: the lowest, over
    /// solutions, of the largest intermediate or final value.
    pub peak: u64,
    /// Some solution is a product of two board numbers, or one plus or minus a correction at
    /// most a quarter of the target.
    pub greedy: bool,
    /// Integers within [`near_miss_radius`] of the target, other than the target, reachable in at most
    /// `min_ops` operations: the near misses a searcher meets on the way.
    pub near_misses: u32,
    /// Every solution uses every number.
    pub uses_all: bool,
    /// Solutions under `expressions` whose every value is a positive integer: the ones a
    /// player who never leaves the whole numbers can find (all of them in Digits and
    /// Countdown).
    pub whole_expressions: u64,
    /// The fewest values that are not integers a solution computes (0 in Digits and
    /// Countdown): each fraction held in mind is a step most players do not consider.
    pub fractions: u32,
}

impl Features {
    /// The features of a target solved with `counts`, with its near misses and whole-number
    /// solutions counted.
    pub fn of(
        counts: &Counts,
        setting: Setting,
        near_misses: u32,
        whole_expressions: u64,
    ) -> Features {
        let t = counts.trail;
        Features {
            min_ops: counts.min_ops,
            solutions: counts.distinct.unwrap_or(counts.expressions),
            needs_division: !t.has(Trail::NO_DIVISION),
            needs_fraction: !t.has(Trail::INTEGRAL),
            needs_negative: !t.has(Trail::NON_NEGATIVE),
            peak: t.peak,
            greedy: t.has(Trail::GREEDY),
            near_misses,
            uses_all: counts.min_ops as usize + 1 == setting.numbers,
            whole_expressions,
            fractions: u32::from(t.fractions),
        }
    }
}

impl Features {
    /// The features that make the puzzle harder or easier than its counts say, in words
    /// (`needs a fraction`, `greedy`, …); empty when none.
    pub fn notable(&self, target: i64) -> Vec<String> {
        let mut out = Vec::new();
        if self.needs_fraction {
            out.push("needs a fraction".to_string());
        }
        if self.needs_negative {
            out.push("needs a negative".to_string());
        }
        if self.needs_division {
            out.push("needs ÷".to_string());
        }
        if self.overshoots(target) {
            out.push(format!("peaks at {}", self.peak));
        }
        if self.greedy {
            out.push("greedy".to_string());
        }
        if self.uses_all {
            out.push("uses every number".to_string());
        }
        out
    }

    /// Whether every solution climbs to more than twice the target.
    pub fn overshoots(&self, target: i64) -> bool {
        self.peak > target.unsigned_abs().saturating_mul(2)
    }

    /// One line: the score and what drives it.
    pub fn describe(&self, target: i64, difficulty: f64) -> String {
        let plural =
            |n: u64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        let mut o = format!(
            "{difficulty:.2} ({}, {}, {} in whole numbers, peak {}, {}",
            plural(self.min_ops.into(), "op", "ops"),
            plural(self.solutions, "solution", "solutions"),
            self.whole_expressions,
            self.peak,
            plural(self.near_misses.into(), "near miss", "near misses"),
        );
        if self.fractions > 0 {
            let _ = write!(
                o,
                ", {}",
                plural(self.fractions.into(), "fraction", "fractions")
            );
        }
        for n in self.notable(target) {
            let _ = write!(o, ", {n}");
        }
        o.push(')');
        o
    }
}

/// The features of `target` on a board whose dp are built (`None` when unreachable).
pub fn measure<V: Number>(
    dp: &Dp<V>,
    board: &Board,
    rules: &Rules,
    target: i64,
) -> Result<Option<Features>> {
    let b = near_miss_radius(target);
    let (lo, hi) = (target - b, target + b);
    let run = ConsecutiveCounts::new(lo, dp.counts_in(lo, hi)?)
        .with_whole_numbers(whole_number_counts(board, rules, lo, hi)?);
    Ok(run.features(target, Setting::of::<V>(board, rules)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_near_miss_radius_is_two_percent() {
        assert_eq!(
            (
                near_miss_radius(24),
                near_miss_radius(500),
                near_miss_radius(999)
            ),
            (1, 10, 19)
        );
    }
}
