//! How hard a puzzle is for a person: its exact difficulty features and the score the fitted
//! model gives them.
//!
//! The features are what the engine can say about the solutions a person might find: how
//! many there are, how many stay in the whole numbers, how many fractions the easiest needs,
//! how high it must climb, how many near misses lure a searcher on the way, how broad the
//! first decision is ([`Setting`]). The score, `difficulty`, is the predicted natural log of
//! the mean time in seconds people take to solve the puzzle, from a model fitted to 24-game
//! players' times (`crate::model`, `data/difficulty-fit.md`); in the other games it is an
//! extrapolation of the same habits.

mod consecutive;
mod setting;
mod table_walk;

use std::fmt::Write as _;

use serde::Serialize;

use crate::engine::{Counts, Trail};
use crate::model::Fitted;

pub use consecutive::{ConsecutiveCounts, assess, near_miss_radius, whole_number_counts};
pub use setting::{Setting, first_moves};
pub use table_walk::{TableWalk, exact_difficulty};

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

    /// The difficulty: the predicted ln mean solve time in seconds; higher is harder. The
    /// simulated player's input is `ln_moves` where its walk was computed, the surrogate's
    /// estimate when `None`.
    pub fn score_with(&self, target: i64, setting: Setting, ln_moves: Option<f64>) -> f64 {
        Fitted::embedded().ln_time(self, target, &setting, ln_moves)
    }

    /// The difficulty with the player's surrogate ([`Features::score_with`] without a walk).
    pub fn score(&self, target: i64, setting: Setting) -> f64 {
        self.score_with(target, setting, None)
    }
}

/// A solvable puzzle's features and score.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Assessment {
    pub features: Features,
    /// The predicted ln mean solve time in seconds.
    pub difficulty: f64,
}

impl Assessment {
    /// The predicted mean solve time in seconds.
    pub fn predicted_time_s(&self) -> f64 {
        self.difficulty.exp()
    }

    /// The predicted share of players who solve the puzzle.
    pub fn predicted_solve_rate(&self) -> f64 {
        Fitted::embedded().solve_rate(self.difficulty)
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

    /// What the model promises, on the embedded fit, for the exact inputs with the simulated
    /// player's input held fixed (in the 24 game it is the player's own walk, which does not
    /// move with these features one at a time): more whole-number solutions never make a
    /// puzzle harder; more fractions, a higher peak or a broader first move never make it
    /// easier. Checked over a grid around a typical 24 puzzle.
    #[test]
    fn the_score_moves_the_way_the_model_promises() {
        let score = |f: Features, s: Setting| f.score_with(24, s, Some(6.0));
        for whole in [0, 1, 2, 5, 20, 100] {
            for fractions in 0..3 {
                for peak in [24, 30, 60, 200] {
                    let f = Features {
                        whole_expressions: whole,
                        fractions,
                        peak,
                        ..features()
                    };
                    let base = score(f, FOUR);
                    let more = |g: Features| score(g, FOUR);
                    // Never harder, but with the player held fixed no longer easier: the
                    // fit, held to this direction, leaves the count no weight beside the
                    // player, whose walk already finds more solutions sooner.
                    assert!(
                        more(Features {
                            whole_expressions: whole + 1,
                            ..f
                        }) <= base
                    );
                    assert!(
                        more(Features {
                            fractions: fractions + 1,
                            ..f
                        }) > base
                    );
                    assert!(
                        more(Features {
                            peak: peak * 2,
                            ..f
                        }) > base
                    );
                    let broader = Setting {
                        first_moves: 30,
                        ..FOUR
                    };
                    assert!(score(f, broader) > base);
                    // 1s: no direction is promised (`Direction::Free`); the player's own
                    // `uses_one` carries them.
                }
            }
        }
    }

    /// Every weight of the embedded model keeps its input's promised direction.
    #[test]
    fn the_model_keeps_every_direction() {
        use crate::model::inputs::{Direction, all};
        let m = Fitted::embedded();
        for (k, &c) in m.columns.iter().enumerate() {
            let w = m.linear.weights[k];
            let ok = match all()[c].direction {
                Direction::Slower => w >= 0.0,
                Direction::Faster => w <= 0.0,
                Direction::Free => true,
            };
            assert!(ok, "{}: {w}", m.linear.inputs[k]);
        }
        // The player carries the model: its weight is the largest.
        let player = m
            .columns
            .iter()
            .position(|&c| c == crate::model::nested::PLAYER)
            .unwrap();
        let largest = m.linear.weights.iter().map(|w| w.abs()).fold(0.0, f64::max);
        assert_eq!(m.linear.weights[player], largest);
    }

    #[test]
    fn a_peak_below_the_target_or_the_largest_number_adds_nothing() {
        let f = features();
        let below = Features { peak: 12, ..f };
        assert_eq!(f.score(24, FOUR), below.score(24, FOUR));
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
