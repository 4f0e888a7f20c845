//! How hard a puzzle is for a person: the score the fitted model gives its exact difficulty
//! features ([`crate::features`]).
//!
//! The score, `difficulty`, is the predicted natural log of the mean time in seconds people
//! take to solve the puzzle, from a model fitted to 24-game players' times (`crate::model`,
//! `assets/difficulty-fit.md`); in the other games it is an extrapolation of the same habits.

mod table_walk;

use serde::Serialize;

use crate::engine::Dp;
use crate::error::Result;
use crate::game::board::Board;
use crate::game::number::Number;
use crate::game::rules::Rules;
use crate::model::Fitted;

use crate::features::{ConsecutiveCounts, Features, Setting};
pub use table_walk::{TableWalk, exact_difficulties, exact_difficulty};

impl Features {
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

impl ConsecutiveCounts {
    /// The assessment of `target` (`None` when unreachable), the player's input from the
    /// surrogate.
    pub fn assess(&self, target: i64, setting: Setting) -> Option<Assessment> {
        self.assess_with(target, setting, None)
    }

    /// The assessment of `target`, the player's input `ln_moves` where its walk was
    /// computed.
    pub fn assess_with(
        &self,
        target: i64,
        setting: Setting,
        ln_moves: Option<f64>,
    ) -> Option<Assessment> {
        let features = self.features(target, setting)?;
        Some(Assessment {
            features,
            difficulty: features.score_with(target, setting, ln_moves),
        })
    }
}

/// Assesses `target` on a board whose dp are built (`None` when unreachable).
pub fn assess<V: Number>(
    dp: &Dp<V>,
    board: &Board,
    rules: &Rules,
    target: i64,
) -> Result<Option<Assessment>> {
    let Some(features) = crate::features::measure(dp, board, rules, target)? else {
        return Ok(None);
    };
    let setting = Setting::of::<V>(board, rules);
    Ok(Some(Assessment {
        features,
        difficulty: features.score(target, setting),
    }))
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
}
