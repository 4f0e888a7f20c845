//! The counts of a run of consecutive integers on one board, from which any target in the run
//! is assessed in constant time: its near misses from running tallies, and its whole-number
//! solutions from a second build in positive integers where the game allows fractions.

use crate::engine::{Counts, Dp, Window};
use crate::error::Result;
use crate::game::board::{Board, MAX_NUMBERS};
use crate::game::number::Int;
use crate::game::rules::{Arithmetic, Rules};

use super::{Features, Setting};

/// How far from the target a value counts as a near miss: 2% of the target, at least 1
/// (23 and 25 for the 24 game; ±10 around 500).
pub fn near_miss_radius(target: i64) -> i64 {
    (target.abs() / 50).max(1)
}

/// The counts of `lo..=hi` when every value must be a positive integer, for a game whose own
/// domain is wider (the 24 game); `None` when the game's domain is the positive integers
/// already, so that its own counts are the whole-number ones.
pub fn whole_number_counts(
    board: &Board,
    rules: &Rules,
    lo: i64,
    hi: i64,
) -> Result<Option<Vec<Option<Counts>>>> {
    if rules.arithmetic == Arithmetic::PositiveIntegers {
        return Ok(None);
    }
    let whole = Rules {
        arithmetic: Arithmetic::PositiveIntegers,
        unary_minus: false,
        ..*rules
    };
    // A 0 (make-10's digits) is no positive integer: a whole-number solution leaves it out,
    // so there is none where every number must be used; unless digits join, where it may be
    // inside a joined number (the engine then takes it as no leaf alone).
    let kept: Vec<i64> = if rules.concat {
        board.numbers().to_vec()
    } else {
        board.numbers().iter().copied().filter(|&n| n > 0).collect()
    };
    let zeros = !rules.concat && kept.len() < board.len();
    // No positive integer in the run (a target at or below 0 in the 24 game): nothing
    // reaches it, and the engine's window must hold a positive integer (found by fuzzing
    // `solve`: this was a panic).
    if hi < 1 || kept.is_empty() || (zeros && rules.use_all) {
        let len = usize::try_from(hi - lo + 1).unwrap_or(0);
        return Ok(Some(vec![None; len]));
    }
    let board = Board::from_checked(kept);
    let window = Some(Window { lo, hi });
    let dp = Dp::<Int>::build_with(&board, &whole, window, None)?;
    Ok(Some(dp.counts_in(lo, hi)?))
}

/// The counts of a run of consecutive integers (one board), with running tallies that count
/// the near misses of any target in it in constant time.
pub struct ConsecutiveCounts {
    lo: i64,
    counts: Vec<Option<Counts>>,
    /// `cheap[i][k]`: how many of the first `i` integers are reached in at most `k`
    /// operations.
    cheap: Vec<[u32; MAX_NUMBERS]>,
    /// `expressions` through positive integers only, for each integer of the run, where the
    /// game's domain is wider; `None` when they are `counts`' own.
    whole: Option<Vec<Option<Counts>>>,
}

impl ConsecutiveCounts {
    /// The run `lo, lo + 1, …` with these counts (`None` where unreachable).
    pub fn new(lo: i64, counts: Vec<Option<Counts>>) -> ConsecutiveCounts {
        let mut cheap = Vec::with_capacity(counts.len() + 1);
        let mut tally = [0u32; MAX_NUMBERS];
        cheap.push(tally);
        for c in &counts {
            let from = c.map_or(MAX_NUMBERS, |c| c.min_ops as usize);
            for t in tally.iter_mut().skip(from) {
                *t += 1;
            }
            cheap.push(tally);
        }
        ConsecutiveCounts {
            lo,
            counts,
            cheap,
            whole: None,
        }
    }

    /// The same run with the counts of [`whole_number_counts`] over the same integers.
    pub fn with_whole_numbers(mut self, whole: Option<Vec<Option<Counts>>>) -> ConsecutiveCounts {
        debug_assert!(whole.as_ref().is_none_or(|w| w.len() == self.counts.len()));
        self.whole = whole;
        self
    }

    fn index(&self, v: i64) -> Option<usize> {
        usize::try_from(v.checked_sub(self.lo)?).ok()
    }

    /// The counts of `v`, `None` when unreachable or outside the run.
    pub fn counts(&self, v: i64) -> Option<Counts> {
        self.counts.get(self.index(v)?).copied().flatten()
    }

    /// The solutions of `v` whose every value is a positive integer, under `expressions`.
    fn whole_expressions(&self, v: i64) -> u64 {
        match &self.whole {
            None => self.counts(v).map_or(0, |c| c.expressions),
            Some(w) => self
                .index(v)
                .and_then(|i| w.get(i).copied().flatten())
                .map_or(0, |c| c.expressions),
        }
    }

    /// The integers within [`near_miss_radius`] of `target` (inside the run), other than `target`,
    /// reached in at most `ops` operations.
    fn near_misses(&self, target: i64, ops: u32) -> u32 {
        let b = near_miss_radius(target);
        let index = |v: i64| (v - self.lo).clamp(0, self.counts.len() as i64) as usize;
        let (from, to) = (index(target - b), index(target + b + 1));
        let k = (ops as usize).min(MAX_NUMBERS - 1);
        let within = self.cheap[to][k] - self.cheap[from][k];
        within - u32::from(self.counts(target).is_some_and(|c| c.min_ops <= ops))
    }

    /// The features of `target`, `None` when unreachable.
    pub fn features(&self, target: i64, setting: Setting) -> Option<Features> {
        let counts = self.counts(target)?;
        Some(Features::of(
            &counts,
            setting,
            self.near_misses(target, counts.min_ops),
            self.whole_expressions(target),
        ))
    }
}
