//! One board solved against a range of targets, the way `analyze` solves a corpus's boards:
//! one build of the engine, then every target's counts and difficulty read from it, the
//! difficulty scored as the game's table scores it ([`TableWalk`]).

use crate::engine::{Counts, Dp, Window};
use crate::error::Result;
use crate::features;
use crate::features::{ConsecutiveCounts, Setting, near_miss_radius};
use crate::game::board::Board;
use crate::game::number::Number;
use crate::game::rule_set::Game;
use crate::puzzle::difficulty::{Assessment, TableWalk};

/// A board's counts at every target of a range, and around them those of the near misses
/// its difficulty needs.
pub struct BoardRun {
    run: ConsecutiveCounts,
    setting: Setting,
    /// The player's input at each target of `lo..=hi` (`None`: the surrogate's).
    lo: i64,
    walked: Vec<Option<f64>>,
}

impl BoardRun {
    /// Solves `board` under `game`'s rules for every target in `lo..=hi`.
    pub fn build(game: &Game, board: &Board, lo: i64, hi: i64) -> Result<BoardRun> {
        crate::with_number_type!(game.rules.arithmetic, V => Self::build_in::<V>(game, board, lo, hi))
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
        let whole = features::whole_number_counts(board, rules, from, to)?;
        let run = ConsecutiveCounts::new(from, dp.counts_in(from, to)?).with_whole_numbers(whole);
        let mut player = TableWalk::new::<V>(board.numbers(), rules, lo, None)?;
        let walked = (lo..=hi)
            .map(|t| run.counts(t).and_then(|_| player.ln_moves(t)))
            .collect();
        Ok(BoardRun {
            run,
            setting: Setting::of::<V>(board, rules),
            lo,
            walked,
        })
    }

    /// The counts of `target`, `None` when it is not reached.
    pub fn counts(&self, target: i64) -> Option<Counts> {
        self.run.counts(target)
    }

    /// The difficulty of `target` (in `lo..=hi`), as the game's table scores it (`None`
    /// when not reached).
    pub fn assess(&self, target: i64) -> Option<Assessment> {
        let walked = usize::try_from(target - self.lo)
            .ok()
            .and_then(|k| self.walked.get(k).copied())
            .flatten();
        self.run.assess_with(target, self.setting, walked)
    }
}
