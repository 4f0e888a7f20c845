//! The pieces of a run: their boards in chunks, each chunk computed in parallel by the run's
//! engine ([`Fill`]: the full engine, or reachability only) and handed to one writer thread
//! that appends it as one row group while the next chunk computes, and writes each piece's
//! `boards` and `sums` while the next piece computes. Output depends only on the chunk
//! order, so it is the same bytes for any number of threads.

use std::path::Path;
use std::sync::mpsc;

use crate::progress::Progress;

use crate::corpus::{Corpus, Shard};
use crate::error::Result;
use crate::game::board::Board;
use crate::store::schema::Table;
use crate::store::write::{self, PartWriter};

use super::columns::BoardRows;
use super::layout;
use super::table_rows::Tally;

/// What fills a piece's rows: one engine's analysis of a chunk of boards.
pub(super) trait Fill: Sync {
    /// Whether the run keeps only the columns reachability gives (`--reach-only`).
    const REACH_ONLY: bool;

    /// The rows of the chunk's boards, in order, computed in parallel; `progress` is told of
    /// each board.
    fn chunk(&self, chunk: Chunk<'_>, progress: &dyn Progress) -> Result<Vec<BoardRows>>;
}

/// A chunk of a piece's boards.
#[derive(Clone, Copy)]
pub(super) struct Chunk<'a> {
    pub corpus: &'a Corpus,
    /// Where its boards are in the corpus.
    pub positions: &'a [usize],
    pub boards: &'a [Board],
    /// The positions of the shard's boards after them, in order.
    pub ahead: &'a [usize],
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

/// What the computing side hands the writer: a chunk's rows (with the position of its first
/// board in its piece), then, once every chunk of a piece is sent, that the piece is whole.
/// A piece whose channel closes before [`ToWriter::Whole`] has none of its files finished,
/// so a piece whose computing failed never leaves a table that looks complete.
enum ToWriter {
    Chunk(usize, Vec<BoardRows>),
    Whole,
}

/// Computes and writes `pieces` in order with `fill`; what they wrote, added up.
///
/// One writer thread takes the pieces' chunks in order, so the workers go straight on to
/// the next piece while the writer finishes one (its last chunks, its `boards` and `sums`):
/// they never wait at a piece's end, and no more chunks are held than within a piece.
pub(super) fn run_pieces<F: Fill>(
    pieces: &[Piece<'_>],
    fill: &F,
    progress: &dyn Progress,
) -> Result<Totals> {
    let (tx, rx) = mpsc::sync_channel::<ToWriter>(2);
    std::thread::scope(|scope| {
        let writer = scope.spawn(move || -> Result<Totals> {
            let mut totals = Totals::default();
            for piece in pieces {
                match piece.write::<F>(&rx)? {
                    Some(t) => totals.add(&t),
                    None => break, // the computing side failed and reports why
                }
            }
            Ok(totals)
        });
        let computed = (|| -> Result<()> {
            for piece in pieces {
                // A writer that failed has dropped its end; its error is reported below.
                if !piece.compute(fill, &tx, progress)? || tx.send(ToWriter::Whole).is_err() {
                    break;
                }
            }
            Ok(())
        })();
        drop(tx);
        let written = writer.join().expect("the writer thread does not panic");
        computed?;
        written
    })
}

impl Piece<'_> {
    fn file(&self, table: Table) -> std::path::PathBuf {
        layout::file(self.dir, table, self.shard, self.index)
    }

    /// Computes the piece's boards with `fill`, chunk by chunk, and sends each chunk's rows
    /// to the writer; whether the writer still takes them.
    fn compute<F: Fill>(
        &self,
        fill: &F,
        tx: &mpsc::SyncSender<ToWriter>,
        progress: &dyn Progress,
    ) -> Result<bool> {
        let (corpus, positions) = (self.corpus, self.positions);
        for (c, members) in positions.chunks(self.chunk_boards).enumerate() {
            let boards: Vec<Board> = members.iter().map(|&i| corpus.boards.board(i)).collect();
            let ahead = &self.onward[c * self.chunk_boards + members.len()..];
            let chunk = Chunk {
                corpus,
                positions: members,
                boards: &boards,
                ahead,
            };
            let results = fill.chunk(chunk, progress)?;
            if tx
                .send(ToWriter::Chunk(c * self.chunk_boards, results))
                .is_err()
            {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Writes the piece's files from what `rx` brings: `puzzles` and `unique` (not in a
    /// reach-only run) a chunk at a time, then `boards` and `sums`, each finished only once
    /// the piece is whole; what it wrote, or `None` when the channel closed before that.
    fn write<F: Fill>(&self, rx: &mpsc::Receiver<ToWriter>) -> Result<Option<Totals>> {
        let positions = self.positions;
        let mut tally = Tally::new(self.corpus, positions, F::REACH_ONLY);
        let extras = tally.extras();
        let create = |t: Table| PartWriter::create(&self.file(t), t, extras, self.meta);
        let mut puzzles = create(Table::Puzzles)?;
        let mut unique = if F::REACH_ONLY {
            None
        } else {
            Some(create(Table::Unique)?)
        };
        loop {
            let (first, results) = match rx.recv() {
                Ok(ToWriter::Chunk(first, results)) => (first, results),
                Ok(ToWriter::Whole) => break,
                Err(_) => return Ok(None), // the unfinished files are removed
            };
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
        for (table, df) in [
            (Table::Boards, tally.boards_frame()?),
            (Table::Sums, tally.sums_frame()?),
        ] {
            write::write_frame(&self.file(table), table, extras, &df, self.meta)?;
        }
        Ok(Some(Totals {
            rows: tally.rows,
            solvable: tally.solvable,
            unique: tally.unique,
        }))
    }
}
