//! One board solved against a range of targets, the way `analyze` solves a corpus's boards:
//! one build of the engine, then every target's counts and difficulty read from it.

use crate::engine::{Counts, Dp, Window};
use crate::error::Result;
use crate::game::board::Board;
use crate::game::number::{Int, Number, Rational};
use crate::game::rules::{Arithmetic, Game};
use crate::puzzle::difficulty::{self, Assessment, ConsecutiveCounts, Setting, near_miss_radius};

/// A board's counts at every target of a range, and around them those of the near misses
/// its difficulty needs.
pub struct BoardRun {
    run: ConsecutiveCounts,
    setting: Setting,
}

impl BoardRun {
    /// Solves `board` under `game`'s rules for every target in `lo..=hi`.
    pub fn build(game: &Game, board: &Board, lo: i64, hi: i64) -> Result<BoardRun> {
        match game.rules.arithmetic {
            Arithmetic::PositiveIntegers => Self::build_in::<Int>(game, board, lo, hi),
            Arithmetic::Rationals => Self::build_in::<Rational>(game, board, lo, hi),
        }
    }

    fn build_in<V: Number>(game: &Game, board: &Board, lo: i64, hi: i64) -> Result<BoardRun> {
        let rules = &game.rules;
        let margin = near_miss_radius(hi.abs().max(lo.abs()));
        let (from, to) = (lo - margin, hi + margin);
        // Only the integers around the targets are asked about: the whole board's table
        // stops there (positive integers only; nothing lies below 1).
        let window = Window {
            lo: from.max(1),
            hi: to.max(1),
        };
        let dp = Dp::<V>::build_with(board, rules, Some(window), None)?;
        let whole = difficulty::whole_number_counts(board, rules, from, to)?;
        Ok(BoardRun {
            run: ConsecutiveCounts::new(from, dp.counts_in(from, to)?).with_whole_numbers(whole),
            setting: Setting::of::<V>(board, rules),
        })
    }

    /// The counts of `target`, `None` when it is not reached.
    pub fn counts(&self, target: i64) -> Option<Counts> {
        self.run.counts(target)
    }

    /// The difficulty of `target`, as `solve` assesses it (`None` when not reached).
    pub fn assess(&self, target: i64) -> Option<Assessment> {
        self.run.assess(target, self.setting)
    }
}
