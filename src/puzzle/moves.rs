//! The `moves` convention: sequences of moves as a player presses them (SPEC §2).
//!
//! At each board every ordered pair of positions and every operation is tried, skipping
//! `a − b` unless the domain allows it (`a > b` in positive integers), `a ÷ b` unless it does
//! (`b` divides `a`), any `×` or `÷` with an operand equal to 1, and for `+` and `×` every
//! unordered value pair after its first occurrence at that board. A sequence stops as soon as
//! the target is on the board (when every number must be used: when the board is just the
//! target). The search tree is walked in full, but the subtree below a board depends only on
//! the board's multiset of values, so each distinct board is expanded once and its totals
//! reused wherever it recurs.

use rustc_hash::FxHashMap;
use serde::Serialize;

use crate::error::{Error, Result};
use crate::game::board::MAX_NUMBERS;
use crate::game::number::{Number, Op};
use crate::game::rules::Rules;

/// The move sequences that reach a target.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct MoveCounts {
    /// Sequences that reach the target.
    pub sequences: u64,
    /// `by_length[k]`: sequences of `k` moves (one slot per number on the board).
    pub by_length: Vec<u64>,
    /// Boards the search visits, the starting board included.
    pub boards_visited: u64,
}

#[derive(Clone, Copy, Default)]
struct Stats {
    by_length: [u64; MAX_NUMBERS],
    visited: u64,
}

/// A board as a memo key: its values ascending, padded with the first value.
type Key<V> = (u8, [V; MAX_NUMBERS]);

struct Search<V> {
    target: V,
    rules: Rules,
    memo: FxHashMap<Key<V>, Stats>,
}

/// Counts the move sequences from `board` to `target`.
pub fn count<V: Number>(board: &[V], target: V, rules: &Rules) -> Result<MoveCounts> {
    if board.is_empty() || board.len() > MAX_NUMBERS {
        return Err(Error::BoardTooLarge {
            got: board.len(),
            max: MAX_NUMBERS,
        });
    }
    let mut search = Search {
        target,
        rules: *rules,
        memo: FxHashMap::default(),
    };
    let mut start = board.to_vec();
    start.sort_unstable();
    let stats = search.visit(&start).ok_or(Error::CountOverflow)?;
    let by_length = stats.by_length[..board.len()].to_vec();
    Ok(MoveCounts {
        sequences: by_length.iter().sum(),
        by_length,
        boards_visited: stats.visited,
    })
}

impl<V: Number> Search<V> {
    fn done(&self, board: &[V]) -> bool {
        if self.rules.use_all {
            board.len() == 1 && board[0] == self.target
        } else {
            board.contains(&self.target)
        }
    }

    fn visit(&mut self, board: &[V]) -> Option<Stats> {
        let mut stats = Stats {
            visited: 1,
            ..Stats::default()
        };
        if self.done(board) {
            stats.by_length[0] = 1;
            return Some(stats);
        }
        if board.len() < 2 {
            return Some(stats);
        }
        // A board of two numbers is solved faster than looked up, and holding every one
        // of them (most of the distinct boards) would cost more memory than it saves.
        let key = (board.len() > 2).then(|| {
            let mut vals = [board[0]; MAX_NUMBERS];
            vals[..board.len()].copy_from_slice(board);
            (board.len() as u8, vals)
        });
        if let Some(s) = key.as_ref().and_then(|k| self.memo.get(k)) {
            return Some(*s);
        }
        let limit = self.rules.limit;
        let n = board.len();
        let mut child = [board[0]; MAX_NUMBERS];
        for i in 0..n {
            for j in 0..n {
                if i == j {
                    continue;
                }
                let (a, b) = (board[i], board[j]);
                // The board is ascending, so the first occurrence of the unordered value pair
                // `{a, b}` is the pair of the first `a` and the first `b` after it.
                let first_pair =
                    i < j && (i == 0 || board[i - 1] != a) && (j == i + 1 || board[j - 1] != b);
                for op in [Op::Add, Op::Sub, Op::Mul, Op::Div, Op::Pow] {
                    if op == Op::Pow && !self.rules.pow
                        || matches!(op, Op::Mul | Op::Div) && (a.is_one() || b.is_one())
                        || op.is_commutative() && !first_pair
                    {
                        continue;
                    }
                    let Some(r) = a.apply(op, b, limit) else {
                        continue;
                    };
                    let mut m = 0;
                    for (k, &v) in board.iter().enumerate() {
                        if k != i && k != j {
                            child[m] = v;
                            m += 1;
                        }
                    }
                    let at = child[..m].partition_point(|&v| v < r);
                    child.copy_within(at..m, at + 1);
                    child[at] = r;
                    let c = self.visit(&child[..=m])?;
                    for k in 0..MAX_NUMBERS - 1 {
                        stats.by_length[k + 1] =
                            stats.by_length[k + 1].checked_add(c.by_length[k])?;
                    }
                    stats.visited = stats.visited.checked_add(c.visited)?;
                }
            }
        }
        if let Some(key) = key {
            self.memo.insert(key, stats);
        }
        Some(stats)
    }
}
