//! One piece of a reach-only run (`analyze --reach-only`): as a full run's piece
//! (`super::piece`), its boards in chunks computed in parallel and written by a writer
//! thread in order, but each board asked only what reachability gives (`super::reach_rows`),
//! with the sub-board tables shared through a [`ReachCache`]. It writes `boards`, `puzzles`
//! and `sums` with the columns reachability gives, and no `unique`.

use std::sync::mpsc;

use indicatif::ProgressBar;
use rayon::prelude::*;

use crate::corpus::reach_cache::ReachCache;
use crate::error::Result;
use crate::game::board::Board;
use crate::game::number::Number;
use crate::store::schema::Table;
use crate::store::write::{self, PartWriter};

use super::piece::{Piece, Totals};
use super::pieces;
use super::reach_rows::{self, ReachRows};
use super::rows::Tally;

impl Piece<'_> {
    /// Computes the piece's boards, reachability only, and writes its three files.
    pub(super) fn run_reach<V: Number>(
        &self,
        cache: &ReachCache<V>,
        progress: &ProgressBar,
    ) -> Result<Totals> {
        let (corpus, positions) = (self.corpus, self.positions);
        let lo = *corpus.game.targets.start();
        let window = super::reach_window(&corpus.game);
        let file = |t: Table| pieces::file(self.dir, t, self.shard, self.index);
        let (tx, rx) = mpsc::sync_channel::<(usize, Vec<ReachRows>)>(2);
        let writer = |rx: mpsc::Receiver<(usize, Vec<ReachRows>)>| -> Result<Tally> {
            let mut tally = Tally::new(corpus, positions);
            tally.reach_only = true;
            let extras = tally.extras();
            let mut puzzles =
                PartWriter::create(&file(Table::Puzzles), Table::Puzzles, extras, self.meta)?;
            for (first, results) in rx {
                let members = &positions[first..first + results.len()];
                let mut ids = Vec::with_capacity(members.len());
                for (&i, r) in members.iter().zip(&results) {
                    tally.fold_reach(i, &r.solvable, &r.min_ops)?;
                    ids.push(corpus.boards.get(i).id);
                }
                puzzles.write(&reach_rows::puzzles_frame(&ids, lo, &results)?)?;
            }
            puzzles.finish()?;
            Ok(tally)
        };
        let tally = std::thread::scope(|scope| -> Result<Tally> {
            let handle = scope.spawn(move || writer(rx));
            let computed = (|| -> Result<()> {
                for (c, members) in positions.chunks(self.chunk_boards).enumerate() {
                    let boards: Vec<Board> =
                        members.iter().map(|&i| corpus.boards.board(i)).collect();
                    let results: Vec<ReachRows> = boards
                        .par_iter()
                        .map(|b| {
                            let r = reach_rows::analyze::<V>(corpus, b, window, cache);
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
            write::write_frame(&file(table), table, extras, &df, self.meta)?;
        }
        Ok(Totals {
            rows: tally.rows,
            solvable: tally.solvable,
            unique: 0,
        })
    }
}
