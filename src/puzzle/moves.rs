//! The `moves` convention: sequences of moves as a player presses them (SPEC §2).
//!
//! At each board every ordered pair of positions and every operation is tried, skipping
//! `a − b` unless the domain allows it (`a > b` in positive integers), `a ÷ b` unless it does
//! (`b` divides `a`), any `×` or `÷` with an operand equal to 1, and for `+` and `×` every
//! unordered value pair after its first occurrence at that board. Where digits join
//! (`concat`), joining `a` to `b` (`a ‖ b`) is a move for every ordered pair of positions that
//! hold board digits or numbers joined from them, unless `a` is 0. A sequence stops as soon as
//! the target is on the board (when every number must be used: when the board is just the
//! target). The search tree is walked in full, but the subtree below a board depends only on
//! the board's multiset of values, so each distinct board is expanded once and its totals
//! reused wherever it recurs.

use rustc_hash::FxHashMap;
use serde::Serialize;

use crate::error::{Error, Result};
use crate::game::board::MAX_NUMBERS;
use crate::game::join::{join_values, joinable};
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

/// A board as a memo key: how many values, which of them are joinable (a bit per position),
/// and the values ascending (padded with the first).
type Key<V> = (u8, u8, [V; MAX_NUMBERS]);

/// A value on the board, and whether it may still be joined (a board digit, or a number
/// joined from them). Boards keep their tiles sorted, which puts a computed value before an
/// equal joinable one.
type Tile<V> = (V, bool);

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
    let mut start: Vec<Tile<V>> = board
        .iter()
        .map(|&v| (v, v.as_int().is_some_and(|n| joinable(rules, n))))
        .collect();
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
        let (limit, pow) = (self.rules.limit, self.rules.pow);
        let n = board.len();
        let mut child = [board[0]; MAX_NUMBERS];
        for i in 0..n {
            for j in 0..n {
                if i == j {
                    continue;
                }
                let ((a, ja), (b, jb)) = (board[i], board[j]);
                // The board is ascending, so the first occurrence of the unordered value pair
                // `{a, b}` is the pair of the first `a` and the first `b` after it.
                let first_pair =
                    i < j && (i == 0 || board[i - 1].0 != a) && (j == i + 1 || board[j - 1].0 != b);
                let joined = (ja && jb)
                    .then(|| join_values(a, b, limit))
                    .flatten()
                    .map(|r| (r, true));
                let computed = [Op::Add, Op::Sub, Op::Mul, Op::Div, Op::Pow]
                    .into_iter()
                    .filter(|&op| {
                        !(op == Op::Pow && !pow
                            || matches!(op, Op::Mul | Op::Div) && (a.is_one() || b.is_one())
                            || op.is_commutative() && !first_pair)
                    })
                    .filter_map(|op| Some((a.apply(op, b, limit)?, false)));
                for r in computed.chain(joined) {
                    let mut m = 0;
                    for (k, &t) in board.iter().enumerate() {
                        if k != i && k != j {
                            child[m] = t;
                            m += 1;
                        }
                    }
                    let at = child[..m].partition_point(|&t| t < r);
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
