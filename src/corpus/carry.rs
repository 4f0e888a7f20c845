//! The sub-board tables too large for the level cache that one chunk of boards built and the
//! chunks after it read again, carried from chunk to chunk within a memory budget, the tables
//! read soonest first ([`Carry`]). Boards come in lexicographic order, so a five-number
//! sub-board of Digits is read by boards spread over several chunks: built once per chunk it
//! is built about three times per board; carried, about twice.

use std::sync::Arc;

use rustc_hash::FxHashMap;

use crate::engine::SubTable;
use crate::engine::reach::ReachTable;
use crate::game::number::Number;

/// A table the cache (and the carry) can hold: what it costs.
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

/// The tables carried into the next chunk, and the bytes they may take.
pub struct Carry<T> {
    tables: FxHashMap<Vec<i64>, Arc<T>>,
    budget: usize,
}

impl<T: Cached> Carry<T> {
    /// An empty carry holding at most `budget` bytes of tables (counted as the level cache
    /// counts them).
    pub fn new(budget: usize) -> Carry<T> {
        Carry {
            tables: FxHashMap::default(),
            budget,
        }
    }

    /// The carried table of the sub-board `numbers`, if there is one.
    pub(super) fn get(&self, numbers: &[i64]) -> Option<Arc<T>> {
        self.tables.get(numbers).cloned()
    }

    /// How many tables are carried.
    pub fn tables(&self) -> usize {
        self.tables.len()
    }

    /// Keeps, of `tables` (a chunk's) and those carried so far, the ones a later board reads
    /// (`next_read`: the sub-board's first reader among the boards ahead), those read soonest
    /// first, while they fit the budget. Ties go by the numbers, so what is kept depends only
    /// on the boards.
    pub(super) fn keep<'a>(
        &mut self,
        tables: impl Iterator<Item = (&'a Vec<i64>, &'a Arc<T>)>,
        next_read: &FxHashMap<Vec<i64>, usize>,
    ) where
        T: 'a,
    {
        let carried = std::mem::take(&mut self.tables);
        let mut wanted: Vec<(usize, Vec<i64>, Arc<T>)> = tables
            .filter(|(n, _)| next_read.contains_key(*n))
            .map(|(n, t)| (n.clone(), Arc::clone(t)))
            .chain(carried)
            .filter_map(|(n, t)| next_read.get(&n).map(|&r| (r, n, t)))
            .collect();
        wanted.sort_unstable_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
        wanted.dedup_by(|a, b| a.1 == b.1);
        let mut bytes = 0;
        for (_, n, t) in wanted {
            bytes += t.bytes() + n.len() * 8 + 64;
            if bytes > self.budget {
                break;
            }
            self.tables.insert(n, t);
        }
    }
}
