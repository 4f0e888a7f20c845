//! The reachability tables of sub-boards shared by the boards of a corpus
//! ([`ReachCache`]), for `analyze --reach-only`: computed once per run, level by level, as
//! far as a memory budget allows, like the full engine's `SubTableCache` (`cache.rs`). A
//! reachability table is a sorted list of values, a few times smaller than a table with
//! counts, so Countdown keeps every sub-board of up to 5 cards in about 45 MB.

use std::sync::Arc;

use rayon::prelude::*;
use rustc_hash::{FxHashMap, FxHashSet};

use crate::engine::reach::{Reach, ReachSource, ReachTable};
use crate::error::Result;
use crate::game::board::{Board, SubBoards};
use crate::game::number::Number;
use crate::game::rules::Rules;

/// Reachability tables of sub-boards, keyed by their numbers.
pub struct ReachCache<V> {
    tables: FxHashMap<Vec<i64>, Arc<ReachTable<V>>>,
    /// The largest sub-board size cached in part or whole.
    pub levels: usize,
    /// Bytes held, counted from the tables' lengths.
    pub bytes: usize,
}

impl<V: Number> ReachSource<V> for ReachCache<V> {
    fn reach_table(&self, numbers: &[i64]) -> Option<Arc<ReachTable<V>>> {
        if numbers.len() > self.levels {
            return None;
        }
        self.tables.get(numbers).cloned()
    }
}

impl<V: Number> ReachCache<V> {
    /// Caches the tables of every proper sub-board of the boards `boards()` lists, up to
    /// `max_level` numbers, with bits over `0..=2·bits_hi` when given: whole levels while
    /// they fit `budget` bytes, then the first sub-boards of the next level, in order.
    /// Tables are built in parallel batches and the batch that passes the budget is cut
    /// where it does, so what is kept never depends on the number of threads.
    pub fn build<I: Iterator<Item = Board>>(
        rules: &Rules,
        boards: impl Fn() -> I,
        max_level: usize,
        budget: usize,
        bits_hi: Option<i64>,
    ) -> Result<Self> {
        const BATCH: usize = 1024;
        let mut cache = ReachCache {
            tables: FxHashMap::default(),
            levels: 0,
            bytes: 0,
        };
        // Every proper sub-board of every board, by size, listed in one pass over the boards
        // (a sub-board's numbers are copied only the first time it is seen).
        let mut levels: Vec<FxHashSet<Vec<i64>>> = vec![FxHashSet::default(); max_level + 1];
        let mut numbers = Vec::new();
        for b in boards() {
            let sb = SubBoards::new(&b);
            for s in 1..sb.full() {
                let size = sb.size(s);
                if size > max_level {
                    continue;
                }
                numbers.clear();
                for (i, &v) in sb.values.iter().enumerate() {
                    numbers.extend(std::iter::repeat_n(v, usize::from(sb.count_of(s, i))));
                }
                if !levels[size].contains(numbers.as_slice()) {
                    levels[size].insert(numbers.clone());
                }
            }
        }
        for (level, subs) in levels.into_iter().enumerate().skip(1) {
            if subs.is_empty() {
                break;
            }
            let mut subs: Vec<Vec<i64>> = subs.into_iter().collect();
            subs.sort_unstable();
            for batch in subs.chunks(BATCH) {
                let built: Vec<Arc<ReachTable<V>>> = batch
                    .par_iter()
                    .map(|n| Reach::table_of(n, rules, bits_hi, Some(&cache)))
                    .collect::<Result<_>>()?;
                for (n, t) in batch.iter().zip(built) {
                    let bytes = t.bytes() + n.len() * 8 + 64;
                    if cache.bytes + bytes > budget {
                        return Ok(cache);
                    }
                    cache.bytes += bytes;
                    cache.levels = level;
                    cache.tables.insert(n.clone(), t);
                }
            }
        }
        Ok(cache)
    }

    /// How many sub-board tables the cache holds.
    pub fn tables(&self) -> usize {
        self.tables.len()
    }
}
