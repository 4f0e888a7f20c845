//! The `moves` convention: sequences of moves as a player presses them (SPEC §2).
//!
//! The moves of a board are the game's ([`crate::game::moves`], counted as the convention
//! counts them, [`Dedup::Convention`]): every ordered pair of positions and every operation,
//! skipping what the domain forbids (`a − b` unless `a > b` in positive integers, `a ÷ b`
//! unless `b` divides `a`), where numbers need not all be used the moves that leave a number
//! unchanged (`x × 1`, `1 × x`, `x ÷ 1`; where every number must be used they count, and
//! `1 ÷ b` is a move wherever fractions are), and for `+` and `×` every unordered value pair
//! after its first occurrence at that board. Where digits join (`concat`), joining `a` to `b`
//! (`a ‖ b`) is a move for every ordered pair of positions that hold board digits or numbers
//! joined from them, unless `a` is 0. A sequence stops as soon as the target is on the board
//! (when every number must be used: when the board is just the target). The search tree is
//! walked in full, but the subtree below a board depends only on the board's multiset of
//! values, so each distinct board is expanded once and its totals reused wherever it recurs.

use rustc_hash::FxHashMap;
use serde::Serialize;

use crate::error::{Error, Result};
use crate::game::board::MAX_NUMBERS;
use crate::game::moves::{Dedup, Tile, board_tile, moves};
use crate::game::number::Number;
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

/// A board as a memo key: how many values, which of them are joinable (a bit per position),
/// and the values ascending (padded with the first).
type Key<V> = (u8, u8, [V; MAX_NUMBERS]);

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
    let mut start: Vec<Tile<V>> = board.iter().map(|&v| board_tile(rules, v)).collect();
    start.sort_unstable();
    let stats = search.visit(&start).ok_or_else(|| Error::CountOverflow)?;
    let by_length = stats.by_length[..board.len()].to_vec();
    Ok(MoveCounts {
        sequences: by_length.iter().sum(),
        by_length,
        boards_visited: stats.visited,
    })
}

impl<V: Number> Search<V> {
    fn done(&self, board: &[Tile<V>]) -> bool {
        if self.rules.use_all {
            board.len() == 1 && board[0].0 == self.target
        } else {
            board.iter().any(|&(v, _)| v == self.target)
        }
    }

    fn visit(&mut self, board: &[Tile<V>]) -> Option<Stats> {
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
            let mut vals = [board[0].0; MAX_NUMBERS];
            let mut joinable = 0u8;
            for (k, &(v, j)) in board.iter().enumerate() {
                vals[k] = v;
                joinable |= u8::from(j) << k;
            }
            (board.len() as u8, joinable, vals)
        });
        if let Some(s) = key.as_ref().and_then(|k| self.memo.get(k)) {
            return Some(*s);
        }
        let n = board.len();
        let mut child = [board[0]; MAX_NUMBERS];
        for m in moves(&self.rules, board, Dedup::Convention) {
            let mut k = 0;
            for (p, &t) in board.iter().enumerate() {
                if p != m.at.0 && p != m.at.1 {
                    child[k] = t;
                    k += 1;
                }
            }
            let r = m.result;
            let at = child[..k].partition_point(|&t| t < r);
            child.copy_within(at..k, at + 1);
            child[at] = r;
            let c = self.visit(&child[..n - 1])?;
            for k in 0..MAX_NUMBERS - 1 {
                stats.by_length[k + 1] = stats.by_length[k + 1].checked_add(c.by_length[k])?;
            }
            stats.visited = stats.visited.checked_add(c.visited)?;
        }
        if let Some(key) = key {
            self.memo.insert(key, stats);
        }
        Some(stats)
    }
}
