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

use crate::board::MAX_NUMBERS;
use crate::error::{Error, Result};
use crate::number::{Number, Op};
use crate::rules::Rules;

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
        let mut key_vals = [board[0]; MAX_NUMBERS];
        key_vals[..board.len()].copy_from_slice(board);
        let key = (board.len() as u8, key_vals);
        if let Some(&s) = self.memo.get(&key) {
            return Some(s);
        }
        let limit = self.rules.limit;
        let mut tried: Vec<(Op, V, V)> = Vec::new();
        let mut child: Vec<V> = Vec::with_capacity(board.len() - 1);
        for i in 0..board.len() {
            for j in 0..board.len() {
                if i == j {
                    continue;
                }
                let (a, b) = (board[i], board[j]);
                for op in [Op::Add, Op::Sub, Op::Mul, Op::Div, Op::Pow] {
                    if op == Op::Pow && !self.rules.pow {
                        continue;
                    }
                    if matches!(op, Op::Mul | Op::Div) && (a.is_one() || b.is_one()) {
                        continue;
                    }
                    if op.is_commutative() {
                        let pair = (op, a.min(b), a.max(b));
                        if tried.contains(&pair) {
                            continue;
                        }
                        tried.push(pair);
                    }
                    let Some(r) = a.apply(op, b, limit) else {
                        continue;
                    };
                    child.clear();
                    child.extend(
                        board
                            .iter()
                            .enumerate()
                            .filter(|&(k, _)| k != i && k != j)
                            .map(|(_, &v)| v),
                    );
                    let at = child.partition_point(|&v| v < r);
                    child.insert(at, r);
                    let c = self.visit(&child)?;
                    for k in 0..MAX_NUMBERS - 1 {
                        stats.by_length[k + 1] =
                            stats.by_length[k + 1].checked_add(c.by_length[k])?;
                    }
                    stats.visited = stats.visited.checked_add(c.visited)?;
                }
            }
        }
        self.memo.insert(key, stats);
        Some(stats)
    }
}
