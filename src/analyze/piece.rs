//! One piece of a run: its boards in chunks, each chunk computed in parallel and handed to a
//! writer thread that appends it as one row group while the next chunk computes; then the
//! piece's `boards` and `sums`. Output depends only on the chunk order, so it is the same
//! bytes for any number of threads.

use std::path::Path;
use std::sync::mpsc;

use indicatif::ProgressBar;
use rayon::prelude::*;

use crate::corpus::cache::SubTableCache;
use crate::corpus::{Corpus, Shard};
use crate::error::Result;
use crate::game::board::Board;
use crate::game::number::Number;
use crate::store::schema::Table;
use crate::store::write::{self, PartWriter};

use super::board::{self, BoardRows};
use super::memory;
use super::pieces;
use super::rows::Tally;

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
        pieces::file(self.dir, table, self.shard, self.index)
    }

    /// Computes the piece's boards and writes its four files.
    pub fn run<V: Number + Send + Sync>(
        &self,
        cache: &SubTableCache<V>,
        progress: &ProgressBar,
    ) -> Result<Totals> {
        let (corpus, positions) = (self.corpus, self.positions);
        let game = &corpus.game;
        let window = memory::window(*game.targets.end());
        let (tx, rx) = mpsc::sync_channel::<(usize, Vec<BoardRows>)>(2);
        let writer = |rx: mpsc::Receiver<(usize, Vec<BoardRows>)>| -> Result<Tally> {
            let mut tally = Tally::new(corpus, positions);
            let extras = tally.extras();
            let create = |t: Table| PartWriter::create(&self.file(t), t, extras, self.meta);
            let (mut puzzles, mut unique) = (create(Table::Puzzles)?, create(Table::Unique)?);
            for (first, results) in rx {
                let (p, u) = tally.chunk(&positions[first..first + results.len()], &results)?;
                puzzles.write(&p)?;
                unique.write(&u)?;
            }
            puzzles.finish()?;
            unique.finish()?;
            Ok(tally)
        };
        let tally = std::thread::scope(|scope| -> Result<Tally> {
            let handle = scope.spawn(move || writer(rx));
            let computed = (|| -> Result<()> {
                for (c, members) in positions.chunks(self.chunk_boards).enumerate() {
                    let boards: Vec<Board> =
                        members.iter().map(|&i| corpus.boards.board(i)).collect();
                    let shared = cache.for_chunk(game, &boards)?;
                    let results: Vec<BoardRows> = boards
                        .par_iter()
                        .zip(members)
                        .map(|(b, &i)| {
                            let published = corpus.boards.published_target(i);
                            let r = board::analyze::<V>(corpus, b, published, window, &shared);
                            progress.inc(1);
                            r
                        })
                        .collect::<Result<_>>()?;
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
