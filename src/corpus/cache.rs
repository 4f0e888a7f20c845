//! The tables of sub-boards shared by the boards of a corpus, computed once per run (as far
//! as a memory budget allows) and per chunk of consecutive boards: one budgeted level cache
//! ([`LevelCache`]) for both kinds of table, the full engine's ([`SubTableCache`]) and the
//! reachability engine's ([`ReachCache`], for `analyze --reach-only`, whose tables are a few
//! times smaller: Countdown keeps every sub-board of up to 5 cards in about 45 MB).

use std::sync::Arc;

use rayon::prelude::*;
use rustc_hash::{FxHashMap, FxHashSet};

use crate::engine::reach::{Reach, ReachSource, ReachTable};
use crate::engine::{Dp, SubTable, SubTableSource};
use crate::error::Result;
use crate::game::board::Board;
use crate::game::number::Number;
use crate::game::rule_set::Game;
use crate::game::rules::Rules;

/// A table the cache can hold: what it costs.
pub trait Cached: Send + Sync {
    /// Bytes the table holds, from its lengths only (so that a budget filled with it keeps
    /// the same tables on every run).
    fn bytes(&self) -> usize;
}

impl<V: Send + Sync> Cached for SubTable<V> {
    fn bytes(&self) -> usize {
        SubTable::bytes(self)
    }
}

impl<V: Number> Cached for ReachTable<V> {
    fn bytes(&self) -> usize {
        ReachTable::bytes(self)
    }
}

/// The tables of sub-boards shared by the boards of a corpus, keyed by their numbers.
///
/// Filled level by level (sub-boards of 1 number, then 2, …): each level's tables are built
/// in parallel from the levels below, then frozen, so boards read it without locks. The
/// cache holds what fits the memory budget and no more: the first level that does not fit
/// whole is cached in part (its first sub-boards in order, as many as fit), and the rest of it
/// and the bigger sub-boards are built per chunk of boards ([`LevelCache::for_chunk`]) or
/// per board. So a corpus several times larger than another runs in the same memory, at the
/// price of building some shared tables more than once.
pub struct LevelCache<T> {
    tables: FxHashMap<Vec<i64>, Arc<T>>,
    /// The largest sub-board size cached in part or whole.
    pub levels: usize,
    /// The largest sub-board size cached whole (`levels` or `levels − 1`).
    complete: usize,
    /// Bytes held, counted from the tables' lengths.
    pub bytes: usize,
}

/// The full engine's shared sub-board tables.
pub type SubTableCache<V> = LevelCache<SubTable<V>>;

/// The reachability engine's shared sub-board tables.
pub type ReachCache<V> = LevelCache<ReachTable<V>>;

impl<T: Cached> LevelCache<T> {
    /// Caches every proper sub-board of the boards `boards()` lists, up to `max_level`
    /// numbers, as far as `budget` bytes go: whole levels while they fit, then part of the
    /// next one. `table(numbers, cache)` builds one table, taking smaller ones from the
    /// cache.
    pub fn build<I: Iterator<Item = Board>>(
        boards: impl Fn() -> I,
        max_level: usize,
        budget: usize,
        table: impl Fn(&[i64], &Self) -> Result<Arc<T>> + Sync,
    ) -> Result<Self> {
        let mut cache = LevelCache {
            tables: FxHashMap::default(),
            levels: 0,
            complete: 0,
            bytes: 0,
        };
        for level in 1..=max_level {
            let mut subs: FxHashSet<Vec<i64>> = FxHashSet::default();
            for b in boards() {
                if b.len() > level {
                    sub_multisets(b.numbers(), level, &mut subs);
                }
            }
            if subs.is_empty() {
                break;
            }
            let mut subs: Vec<Vec<i64>> = subs.into_iter().collect();
            subs.sort_unstable();
            if !cache.add(&subs, budget, &table)? {
                break;
            }
            cache.complete = level;
        }
        Ok(cache)
    }

    /// Adds the tables of `subs` (one level, in order) while they fit `budget`; whether all
    /// of them did. Tables are built in parallel batches, and the batch that would take the
    /// cache past the budget is cut where it does, so what is kept depends only on the
    /// tables' sizes, never on the number of threads.
    fn add(
        &mut self,
        subs: &[Vec<i64>],
        budget: usize,
        table: &(impl Fn(&[i64], &Self) -> Result<Arc<T>> + Sync),
    ) -> Result<bool> {
        const BATCH: usize = 1024;
        for batch in subs.chunks(BATCH) {
            if self.bytes >= budget {
                return Ok(false);
            }
            let parts: Vec<Arc<T>> = batch
                .par_iter()
                .map(|n| table(n, self))
                .collect::<Result<_>>()?;
            for (n, p) in batch.iter().zip(parts) {
                let bytes = p.bytes() + n.len() * 8 + 64;
                if self.bytes + bytes > budget {
                    return Ok(false);
                }
                self.bytes += bytes;
                self.levels = n.len();
                self.tables.insert(n.clone(), p);
            }
        }
        Ok(true)
    }

    /// How many sub-board tables the cache holds.
    pub fn tables(&self) -> usize {
        self.tables.len()
    }

    fn get(&self, numbers: &[i64]) -> Option<Arc<T>> {
        if numbers.len() > self.levels {
            return None;
        }
        self.tables.get(numbers).cloned()
    }

    /// This cache plus the sub-boards too large for it that at least two of `boards` share:
    /// consecutive boards of a corpus share most of their numbers (lexicographic order), so
    /// a chunk of them shares many of its largest sub-boards too.
    pub fn for_chunk(
        &self,
        boards: &[Board],
        table: impl Fn(&[i64], &ChunkCache<'_, T>) -> Result<Arc<T>> + Sync,
    ) -> Result<ChunkCache<'_, T>> {
        let mut chunk = ChunkCache {
            base: self,
            tables: FxHashMap::default(),
        };
        let largest = boards.iter().map(|b| b.len()).max().unwrap_or(0);
        for level in self.complete + 1..largest {
            let mut uses: FxHashMap<Vec<i64>, u32> = FxHashMap::default();
            for b in boards {
                let mut subs = FxHashSet::default();
                if b.len() > level {
                    sub_multisets(b.numbers(), level, &mut subs);
                }
                for n in subs {
                    *uses.entry(n).or_default() += 1;
                }
            }
            let mut shared: Vec<Vec<i64>> = uses
                .into_iter()
                .filter(|(n, u)| *u > 1 && !self.tables.contains_key(n))
                .map(|(n, _)| n)
                .collect();
            shared.sort_unstable();
            let parts: Vec<Arc<T>> = shared
                .par_iter()
                .map(|n| table(n, &chunk))
                .collect::<Result<_>>()?;
            chunk.tables.extend(shared.into_iter().zip(parts));
        }
        Ok(chunk)
    }
}

impl<V: Number + Send + Sync> SubTableCache<V> {
    /// The full engine's cache of `game`'s boards ([`LevelCache::build`]).
    pub fn of_game<I: Iterator<Item = Board>>(
        game: &Game,
        boards: impl Fn() -> I,
        max_level: usize,
        budget: usize,
    ) -> Result<Self> {
        Self::build(boards, max_level, budget, |n, cache| {
            sub_table(game, n, cache)
        })
    }

    /// [`LevelCache::for_chunk`] of the full engine's tables.
    pub fn for_chunk_of(
        &self,
        game: &Game,
        boards: &[Board],
    ) -> Result<ChunkCache<'_, SubTable<V>>> {
        self.for_chunk(boards, |n, cache| sub_table(game, n, cache))
    }
}

/// The table of the sub-board `numbers`, its own sub-boards taken from `cache`.
fn sub_table<V: Number + Send + Sync>(
    game: &Game,
    numbers: &[i64],
    cache: &dyn SubTableSource<V>,
) -> Result<Arc<SubTable<V>>> {
    let board = Board::new(game, numbers.to_vec())?;
    let t = Dp::<V>::build_with(&board, &game.rules, None, Some(cache))?;
    Ok(t.shared_sub_table(t.subs.full()))
}

impl<V: Number> ReachCache<V> {
    /// The reachability engine's cache of boards under `rules`, each table with bits over
    /// `0..=2·bits_hi` when given ([`LevelCache::build`]).
    pub fn of_rules<I: Iterator<Item = Board>>(
        rules: &Rules,
        boards: impl Fn() -> I,
        max_level: usize,
        budget: usize,
        bits_hi: Option<i64>,
    ) -> Result<Self> {
        Self::build(boards, max_level, budget, |n, cache| {
            Reach::table_of(n, rules, bits_hi, Some(cache))
        })
    }
}

impl<V: Number + Send + Sync> SubTableSource<V> for SubTableCache<V> {
    fn sub_table(&self, numbers: &[i64]) -> Option<Arc<SubTable<V>>> {
        self.get(numbers)
    }
}

impl<V: Number> ReachSource<V> for ReachCache<V> {
    fn reach_table(&self, numbers: &[i64]) -> Option<Arc<ReachTable<V>>> {
        self.get(numbers)
    }
}

/// A [`LevelCache`] with the shared sub-boards of one chunk of boards on top.
pub struct ChunkCache<'a, T> {
    base: &'a LevelCache<T>,
    tables: FxHashMap<Vec<i64>, Arc<T>>,
}

impl<V: Number + Send + Sync> SubTableSource<V> for ChunkCache<'_, SubTable<V>> {
    fn sub_table(&self, numbers: &[i64]) -> Option<Arc<SubTable<V>>> {
        self.base
            .get(numbers)
            .or_else(|| self.tables.get(numbers).cloned())
    }
}

/// Adds every sub-multiset of `numbers` (ascending) with `k` numbers to `out`.
fn sub_multisets(numbers: &[i64], k: usize, out: &mut FxHashSet<Vec<i64>>) {
    fn go(
        numbers: &[i64],
        k: usize,
        from: usize,
        cur: &mut Vec<i64>,
        out: &mut FxHashSet<Vec<i64>>,
    ) {
        if cur.len() == k {
            // Copied only the first time: boards share most of their sub-boards.
            if !out.contains(cur.as_slice()) {
                out.insert(cur.clone());
            }
            return;
        }
        let mut i = from;
        while i < numbers.len() {
            cur.push(numbers[i]);
            go(numbers, k, i + 1, cur, out);
            cur.pop();
            // Skip equal numbers: they give the same sub-multisets.
            let v = numbers[i];
            while i < numbers.len() && numbers[i] == v {
                i += 1;
            }
        }
    }
    go(numbers, k, 0, &mut Vec::with_capacity(k), out);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sub_multisets_do_not_repeat() {
        let mut out = FxHashSet::default();
        sub_multisets(&[2, 2, 5], 2, &mut out);
        let mut v: Vec<_> = out.into_iter().collect();
        v.sort();
        assert_eq!(v, vec![vec![2, 2], vec![2, 5]]);
    }
}
