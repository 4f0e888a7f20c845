//! The one pass over a corpus's `puzzles` table that feeds every summary. Each summary is a
//! [`PuzzleFold`]: it says which columns it reads and folds rows into its running result.
//! [`fold_puzzles`] reads the union of those columns once (the next slice read ahead on a
//! second thread, see [`TableFiles::scan`](crate::store::read::TableFiles::scan)) and hands
//! each block of rows to every fold in turn, while the block is still in cache.

use std::ops::Range;

use crate::engine::Convention;
use crate::store::read::{CorpusStore, Result};
use crate::store::slice::PuzzleSlice;

/// Rows handed to every fold before moving on: small enough that the block's columns stay
/// in the core's cache from one fold to the next.
const BLOCK_ROWS: usize = 1 << 13;

/// A summary folded from the rows of `puzzles`.
pub trait PuzzleFold {
    /// The conventions whose counts it reads (each a column of the table). Every scan also
    /// reads `board_id`, `target`, `solvable`, `min_ops`, and `difficulty` when the table
    /// has it.
    fn conventions(&self) -> Vec<Convention>;

    /// Whether it reads the difficulty features.
    fn features(&self) -> bool {
        false
    }

    /// Folds rows `rows` of `s`.
    fn fold(&mut self, s: &PuzzleSlice, rows: Range<usize>);
}

/// Scans `puzzles` once, feeding every fold of `folds` every row, in table order.
pub fn fold_puzzles(store: &CorpusStore, folds: &mut [&mut dyn PuzzleFold]) -> Result<()> {
    if folds.is_empty() {
        return Ok(());
    }
    let wanted: Vec<Vec<Convention>> = folds.iter().map(|f| f.conventions()).collect();
    let conventions: Vec<Convention> = Convention::ALL
        .into_iter()
        .filter(|c| wanted.iter().any(|w| w.contains(c)))
        .collect();
    let features = folds.iter().any(|f| f.features());
    store.scan_puzzles(&conventions, features, |s| {
        let mut start = 0;
        while start < s.len() {
            let end = (start + BLOCK_ROWS).min(s.len());
            for f in folds.iter_mut() {
                f.fold(s, start..end);
            }
            start = end;
        }
    })
}
