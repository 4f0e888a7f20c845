//! One board of a reach-only run (`analyze --reach-only`), as [`super::full_board`] is one board
//! of a full run: per target of the range, whether it is solvable, in how few operations,
//! and for a missed target the closest value — the columns reachability gives — from the
//! reachability engine ([`Reach`]), with the sub-board tables the run's boards share.

use crate::progress::Progress;
use rayon::prelude::*;

use crate::corpus::Corpus;
use crate::corpus::cache::ReachCache;
use crate::engine::Window;
use crate::engine::reach::{Reach, ReachSource};
use crate::error::Result;
use crate::game::board::Board;
use crate::game::number::Number;

use super::columns::BoardRows;
use super::columns::{PuzzleColumns, UniqueRows};
use super::piece::{Chunk, Fill};

/// The reachability engine filling a reach-only run's pieces.
pub(super) struct ReachOnly<'c, V> {
    pub cache: &'c ReachCache<V>,
    /// The window the whole board is built under (`None`: complete tables).
    pub window: Option<Window>,
}

impl<V: Number> Fill for ReachOnly<'_, V> {
    const REACH_ONLY: bool = true;

    fn chunk(&self, chunk: Chunk<'_>, progress: &dyn Progress) -> Result<Vec<BoardRows>> {
        let Chunk { corpus, boards, .. } = chunk;
        boards
            .par_iter()
            .map(|b| {
                let r = analyze::<V>(corpus, b, self.window, self.cache);
                progress.advance(1);
                r
            })
            .collect()
    }
}

/// Solves `board`, one of the corpus's, against every target of its range, reachability
/// only.
fn analyze<V: Number>(
    corpus: &Corpus,
    board: &Board,
    window: Option<Window>,
    cache: &dyn ReachSource<V>,
) -> Result<BoardRows> {
    let rules = &corpus.game.rules;
    let (lo, hi) = (*corpus.game.targets.start(), *corpus.game.targets.end());
    let mut reach = Reach::<V>::build(board, rules, window, Some(cache))?;
    let ops = reach.min_ops_in(lo, hi)?;
    let mut puzzles = PuzzleColumns::with_capacity_reached(ops.len());
    for (target, o) in (lo..=hi).zip(ops) {
        let closest = match o {
            Some(_) => None,
            None => reach.closest(target)?,
        };
        puzzles.push_reached(o, closest);
    }
    Ok(BoardRows {
        puzzles,
        unique: UniqueRows::default(),
        first_moves: 0,
    })
}
