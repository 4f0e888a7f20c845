//! The difficulty score: how hard a puzzle is for a person, as bits of search.
//!
//! A person does not count solutions; they search, and they search in a particular order:
//! they combine two numbers at a time, try the big products first, stay with whole positive
//! numbers, prefer few steps, and stop at the first solution. The score starts from a plain
//! model of that search and corrects it for the habits that make some solutions easy and
//! others invisible:
//!
//! * **search** — the moves a blind search of the shortest solutions' length tries: each move
//!   picks two of the `m` numbers left and an operation, `4 · C(m, 2)` choices, so `k` moves
//!   from `n` numbers cost `Σ log2(4 · C(n − j, 2))` bits (`j < k`);
//! * **− log2 solutions** — each doubling of the solutions halves the expected search
//!   (`distinct` solutions where defined, since people do not tell `a + b` from `b + a`;
//!   `expressions` with unary minus);
//! * then one term per feature, with the weights of [`WEIGHTS`] (bits), explained there.
//!
//! The result is deterministic (a fixed sum of exact features) and monotone: a feature that
//! makes the search harder never lowers the score, and more solutions always lower it.

mod consecutive;
mod setting;

use std::fmt::Write as _;

use serde::Serialize;

use crate::engine::{Counts, Trail};

pub use consecutive::{ConsecutiveCounts, assess, near_miss_radius, whole_number_counts};
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

/// The weights of the feature terms, in bits of search (a weight of 1 doubles the expected
/// number of tries).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Weights {
    /// People try `+`, `−` and `×` long before `÷`, and in Digits and Countdown a division
    /// only exists when it comes out exact, so it is rarely the first idea: when every
    /// solution divides, about half of what they try first is wasted.
    pub needs_division: f64,
    /// A fraction on the way (`8 ÷ 3` in `8 ÷ (3 − 8 ÷ 3)`) is what people avoid most: whole
    /// numbers are what they hold in mind, so such solutions are found only after the
    /// whole-number search is exhausted. The largest penalty.
    pub needs_fraction: f64,
    /// Going below zero is unnatural but easier than fractions (`−` then `×` by a negative
    /// is ordinary arithmetic).
    pub needs_negative: f64,
    /// Per doubling of the peak beyond `max(target, largest board number)`: people approach
    /// a target from nearby values; overshooting to a value several times larger and coming
    /// back (`(10 × 10 − 4) ÷ 4`) goes against that.
    pub peak_doubling: f64,
    /// People multiply the big numbers first and fix the remainder; when that works they find
    /// the solution among their first tries. A bonus, so negative.
    pub greedy: f64,
    /// Times the share of the radius around the target that is reachable as cheaply but is
    /// not the target: near misses reward a wrong line of search and keep the searcher on it.
    pub near_miss_share: f64,
    /// Every solution uses every number: nothing can be set aside, and all intermediate
    /// results must be kept in mind at once (on top of the longer search `min_ops` counts).
    pub uses_all: f64,
}

/// The weights the score uses.
pub const WEIGHTS: Weights = Weights {
    needs_division: 1.0,
    needs_fraction: 3.0,
    needs_negative: 2.0,
    peak_doubling: 1.0,
    greedy: -2.0,
    near_miss_share: 1.0,
    uses_all: 0.5,
};

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

    /// The difficulty in bits of search (see the module docs); higher is harder.
    pub fn score(&self, target: i64, setting: Setting) -> f64 {
        let w = WEIGHTS;
        let flag = |b: bool, weight: f64| if b { weight } else { 0.0 };
        let base = target.abs().max(setting.largest).max(1) as f64;
        let overshoot = (self.peak as f64 / base).log2().max(0.0);
        let share = self.near_misses as f64 / (2 * near_miss_radius(target)) as f64;
        search_bits(setting.numbers, self.min_ops) - (self.solutions.max(1) as f64).log2()
            + flag(self.needs_division, w.needs_division)
            + flag(self.needs_fraction, w.needs_fraction)
            + flag(self.needs_negative, w.needs_negative)
            + w.peak_doubling * overshoot
            + flag(self.greedy, w.greedy)
            + w.near_miss_share * share
            + flag(self.uses_all, w.uses_all)
    }
}

/// A solvable puzzle's features and score.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Assessment {
    pub features: Features,
    pub difficulty: f64,
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
        let mut o = format!(
            "{difficulty:.2} bits ({} op{}, {} solution{}, peak {}, {} near miss{}",
            self.min_ops,
            if self.min_ops == 1 { "" } else { "s" },
            self.solutions,
            if self.solutions == 1 { "" } else { "s" },
            self.peak,
            self.near_misses,
            if self.near_misses == 1 { "" } else { "es" },
        );
        for n in self.notable(target) {
            let _ = write!(o, ", {n}");
        }
        o.push(')');
        o
    }
}

/// Bits a blind search of `k` moves from `n` numbers tries: `Σ log2(4 · C(n − j, 2))`.
pub fn search_bits(n: usize, k: u32) -> f64 {
    (0..k as usize)
        .map(|j| n.saturating_sub(j))
        .map(|m| (4 * m * m.saturating_sub(1) / 2).max(1) as f64)
        .map(f64::log2)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn features() -> Features {
        Features {
            min_ops: 3,
            solutions: 1,
            needs_division: false,
            needs_fraction: false,
            needs_negative: false,
            peak: 24,
            greedy: false,
            near_misses: 0,
            uses_all: true,
            whole_expressions: 1,
            fractions: 0,
        }
    }

    const FOUR: Setting = Setting {
        numbers: 4,
        largest: 10,
        ones: 0,
        first_moves: 20,
    };

    #[test]
    fn search_bits_count_moves() {
        // 4 cards: 4·6, 4·3 and 4·1 choices.
        assert_eq!(search_bits(4, 3), (24f64 * 12.0 * 4.0).log2());
        assert_eq!(search_bits(6, 0), 0.0);
    }

    #[test]
    fn every_hard_feature_raises_the_score_and_solutions_lower_it() {
        let base = features().score(24, FOUR);
        let harder = [
            Features {
                needs_fraction: true,
                ..features()
            },
            Features {
                needs_division: true,
                ..features()
            },
            Features {
                needs_negative: true,
                ..features()
            },
            Features {
                peak: 100,
                ..features()
            },
            Features {
                near_misses: 1,
                ..features()
            },
        ];
        for h in harder {
            assert!(h.score(24, FOUR) > base, "{h:?}");
        }
        let not_all = Features {
            uses_all: false,
            ..features()
        };
        assert_eq!(not_all.score(24, FOUR), base - 0.5);
        for (easier, by) in [
            (
                Features {
                    solutions: 2,
                    ..features()
                },
                1.0,
            ),
            (
                Features {
                    greedy: true,
                    ..features()
                },
                2.0,
            ),
        ] {
            assert_eq!(easier.score(24, FOUR), base - by, "{easier:?}");
        }
    }

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
