//! One piece of a run: its boards in chunks, each chunk computed in parallel by the run's
//! engine ([`Fill`]: the full engine, or reachability only) and handed to a writer thread
//! that appends it as one row group while the next chunk computes; then the piece's
//! `boards` and `sums`. Output depends only on the chunk order, so it is the same bytes for
//! any number of threads.

use std::path::Path;
use std::sync::mpsc;

use indicatif::ProgressBar;

use crate::corpus::{Corpus, Shard};
use crate::error::Result;
use crate::game::board::Board;
use crate::store::schema::Table;
use crate::store::write::{self, PartWriter};

use super::frames::Tally;
use super::full_board::BoardRows;
use super::layout;

/// What fills a piece's rows: one engine's analysis of a chunk of boards.
pub(super) trait Fill: Sync {
    /// Whether the run keeps only the columns reachability gives (`--reach-only`).
    const REACH_ONLY: bool;

    /// The rows of `boards` (at `positions` in the corpus), in order, computed in parallel;
    /// `ahead` holds the positions of the shard's boards after them, in order, and
    /// `progress` is told of each board.
    fn chunk(
        &self,
        corpus: &Corpus,
        positions: &[usize],
        boards: &[Board],
        ahead: &[usize],
        progress: &ProgressBar,
    ) -> Result<Vec<BoardRows>>;
}

/// A piece to compute and write.
pub(super) struct Piece<'a> {
    pub corpus: &'a Corpus,
    /// The corpus's folder under `--out`.
    pub dir: &'a Path,
    pub shard: Shard,
    /// Its position among the shard's pieces, from 0.
    pub index: usize,
    /// The positions in the corpus of its boards.
    pub positions: &'a [usize],
    /// The positions of the shard's boards from the piece's first on: its own, then those of
    /// the pieces after it, which its last chunks look ahead to.
    pub onward: &'a [usize],
    pub chunk_boards: usize,
    pub meta: &'a [(String, String)],
}

/// What the pieces a run computed wrote, added up.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Totals {
    pub rows: u64,
    pub solvable: u64,
    pub unique: u64,
}

impl Totals {
    pub fn add(&mut self, o: &Totals) {
        self.rows += o.rows;
        self.solvable += o.solvable;
        self.unique += o.unique;
    }
}

impl Piece<'_> {
    fn file(&self, table: Table) -> std::path::PathBuf {
        layout::file(self.dir, table, self.shard, self.index)
    }

    /// Computes the piece's boards with `fill` and writes its files: `puzzles`, `unique`
    /// (not in a reach-only run), `boards` and `sums`.
    pub fn run<F: Fill>(&self, fill: &F, progress: &ProgressBar) -> Result<Totals> {
        let (corpus, positions) = (self.corpus, self.positions);
        let (tx, rx) = mpsc::sync_channel::<(usize, Vec<BoardRows>)>(2);
        let writer = |rx: mpsc::Receiver<(usize, Vec<BoardRows>)>| -> Result<Tally> {
            let mut tally = Tally::new(corpus, positions, F::REACH_ONLY);
            let extras = tally.extras();
            let create = |t: Table| PartWriter::create(&self.file(t), t, extras, self.meta);
            let mut puzzles = create(Table::Puzzles)?;
            let mut unique = if F::REACH_ONLY {
                None
            } else {
                Some(create(Table::Unique)?)
            };
            for (first, results) in rx {
                let (p, u) = tally.chunk(&positions[first..first + results.len()], &results)?;
                puzzles.write(&p)?;
                if let Some(unique) = &mut unique {
                    unique.write(&u)?;
                }
            }
            puzzles.finish()?;
            if let Some(unique) = unique {
                unique.finish()?;
            }
            Ok(tally)
        };
        let tally = std::thread::scope(|scope| -> Result<Tally> {
            let handle = scope.spawn(move || writer(rx));
            let computed = (|| -> Result<()> {
                for (c, members) in positions.chunks(self.chunk_boards).enumerate() {
                    let boards: Vec<Board> =
                        members.iter().map(|&i| corpus.boards.board(i)).collect();
                    let ahead = &self.onward[c * self.chunk_boards + members.len()..];
                    let results = fill.chunk(corpus, members, &boards, ahead, progress)?;
                    if tx.send((c * self.chunk_boards, results)).is_err() {
                        break; // the writer failed; its error is reported below
                    }
                }
                Ok(())
            })();
            drop(tx);
            let tally = handle.join().expect("the writer thread does not panic");
            computed?;
            tally
        })?;
        let extras = tally.extras();
        for (table, df) in [
            (Table::Boards, tally.boards_frame()?),
            (Table::Sums, tally.sums_frame()?),
        ] {
            write::write_frame(&self.file(table), table, extras, &df, self.meta)?;
        }
        Ok(Totals {
            rows: tally.rows,
            solvable: tally.solvable,
            unique: tally.unique,
        })
    }
}
