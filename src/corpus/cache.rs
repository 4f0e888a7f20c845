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

pub use super::carry::Cached;
use super::carry::Carry;

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

    /// This cache plus the sub-boards too large for it that at least two of `boards` share,
    /// or that one of them reads and a board of `ahead` (the boards after them) reads again:
    /// consecutive boards of a corpus share most of their numbers (lexicographic order), so a
    /// chunk of them shares many of its largest sub-boards too, and the next chunks many
    /// more. Tables `carry` holds are taken from it rather than built; then `carry` keeps
    /// those that `ahead` reads, soonest first ([`Carry::keep`]).
    pub fn for_chunk(
        &self,
        boards: &[Board],
        ahead: &[Board],
        carry: &mut Carry<T>,
        table: impl Fn(&[i64], &ChunkCache<'_, T>) -> Result<Arc<T>> + Sync,
    ) -> Result<ChunkCache<'_, T>> {
        let mut chunk = ChunkCache {
            base: self,
            tables: FxHashMap::default(),
        };
        let largest = boards.iter().map(|b| b.len()).max().unwrap_or(0);
        let mut next_read: FxHashMap<Vec<i64>, usize> = FxHashMap::default();
        for level in self.complete + 1..largest {
            let mut uses: FxHashMap<Vec<i64>, u32> = FxHashMap::default();
            let mut subs = FxHashSet::default();
            for b in boards {
                subs.clear();
                if b.len() > level {
                    sub_multisets(b.numbers(), level, &mut subs);
                }
                for n in subs.drain() {
                    *uses.entry(n).or_default() += 1;
                }
            }
            for (i, b) in ahead.iter().enumerate() {
                subs.clear();
                if b.len() > level {
                    sub_multisets(b.numbers(), level, &mut subs);
                }
                for n in subs.drain() {
                    if !self.tables.contains_key(&n) {
                        next_read.entry(n).or_insert(i);
                    }
                }
            }
            let mut wanted: Vec<Vec<i64>> = uses
                .into_iter()
                .filter(|(n, u)| *u > 1 || next_read.contains_key(n))
                .filter(|(n, _)| !self.tables.contains_key(n))
                .map(|(n, _)| n)
                .collect();
            wanted.sort_unstable();
            let (carried, build): (Vec<Vec<i64>>, Vec<Vec<i64>>) =
                wanted.into_iter().partition(|n| carry.get(n).is_some());
            let parts: Vec<Arc<T>> = build
                .par_iter()
                .map(|n| table(n, &chunk))
                .collect::<Result<_>>()?;
            chunk.tables.extend(build.into_iter().zip(parts));
            for n in carried {
                let t = carry.get(&n).expect("partitioned by presence");
                chunk.tables.insert(n, t);
            }
        }
        carry.keep(chunk.tables.iter(), &next_read);
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
        ahead: &[Board],
        carry: &mut Carry<SubTable<V>>,
    ) -> Result<ChunkCache<'_, SubTable<V>>> {
        self.for_chunk(boards, ahead, carry, |n, cache| sub_table(game, n, cache))
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

    use std::sync::atomic::{AtomicUsize, Ordering};

    use crate::game::rule_set::GameKind;

    /// A stand-in table: its numbers, and a size that makes the budget count.
    struct Stub(Vec<i64>);

    impl Cached for Stub {
        fn bytes(&self) -> usize {
            1000
        }
    }

    /// The Digits boards of four numbers from 1–8, in lexicographic order.
    fn boards() -> Vec<Board> {
        let game = crate::game::rule_set::Game::preset(GameKind::Digits);
        let mut out = Vec::new();
        for a in 1..=8 {
            for b in a + 1..=8 {
                for c in b + 1..=8 {
                    for d in c + 1..=8 {
                        out.push(Board::new(&game, vec![a, b, c, d]).unwrap());
                    }
                }
            }
        }
        out
    }

    /// Runs `chunks` consecutive chunks of 8 boards through one carry of `budget` bytes;
    /// how many tables were built, and the sub-boards each chunk held.
    fn run_chunks(budget: usize, chunks: usize) -> (usize, Vec<Vec<Vec<i64>>>) {
        let boards = boards();
        let empty: LevelCache<Stub> = LevelCache::build(
            || boards.clone().into_iter(),
            3,
            0,
            |n, _| Ok(Arc::new(Stub(n.to_vec()))),
        )
        .unwrap();
        assert_eq!(empty.tables(), 0);
        let built = AtomicUsize::new(0);
        let mut carry = Carry::new(budget);
        let mut held = Vec::new();
        for c in 0..chunks {
            let (chunk, ahead) = boards[c * 8..].split_at(8);
            let cache = empty
                .for_chunk(chunk, &ahead[..ahead.len().min(16)], &mut carry, |n, _| {
                    built.fetch_add(1, Ordering::Relaxed);
                    Ok(Arc::new(Stub(n.to_vec())))
                })
                .unwrap();
            for (n, t) in &cache.tables {
                assert_eq!(&t.0, n, "each sub-board gets its own table");
            }
            let mut subs: Vec<Vec<i64>> = cache.tables.keys().cloned().collect();
            subs.sort();
            held.push(subs);
        }
        (built.into_inner(), held)
    }

    /// The carry changes how many tables are built, never which sub-boards a chunk can
    /// read, and stays within its budget.
    #[test]
    fn carried_tables_are_built_once_and_the_chunks_hold_the_same_sub_boards() {
        let (without, held_without) = run_chunks(0, 6);
        let (with, held_with) = run_chunks(1 << 20, 6);
        assert_eq!(held_without, held_with);
        let held: usize = held_with.iter().map(Vec::len).sum();
        assert_eq!(
            without, held,
            "with nothing carried every chunk builds its own"
        );
        assert!(
            with < without,
            "{with} built with a carry, {without} without"
        );
        // Three tables' worth of budget keeps at most three.
        let mut carry: Carry<Stub> = Carry::new(3 * (1000 + 2 * 8 + 64));
        let tables: Vec<(Vec<i64>, Arc<Stub>)> = (1..=5)
            .map(|i| (vec![i, i + 1], Arc::new(Stub(vec![i, i + 1]))))
            .collect();
        let next: FxHashMap<Vec<i64>, usize> =
            (1..=5).map(|i| (vec![i, i + 1], 10 - i as usize)).collect();
        carry.keep(tables.iter().map(|(n, t)| (n, t)), &next);
        assert_eq!(carry.tables(), 3);
        // The soonest read are kept: 5 (read at 5), 4 and 3.
        for i in 3..=5 {
            assert!(carry.get(&[i, i + 1]).is_some(), "{i} kept");
        }
    }

    #[test]
    fn sub_multisets_do_not_repeat() {
        let mut out = FxHashSet::default();
        sub_multisets(&[2, 2, 5], 2, &mut out);
        let mut v: Vec<_> = out.into_iter().collect();
        v.sort();
        assert_eq!(v, vec![vec![2, 2], vec![2, 5]]);
    }
}
