//! One board of a reach-only run (`analyze --reach-only`): per target of the range, whether
//! it is solvable, in how few operations, and for a missed target the closest value — the
//! columns reachability gives — and a chunk's `puzzles` frame built from them.

use polars::prelude::{
    BooleanChunked, ChunkedArray, DataFrame, Float64Type, Int64Type, IntoColumn, NewChunkedArray,
    PlSmallStr, UInt8Type, UInt32Type,
};

use crate::corpus::Corpus;
use crate::corpus::reach_cache::ReachCache;
use crate::engine::Window;
use crate::engine::reach::Reach;
use crate::error::Result;
use crate::game::board::Board;
use crate::game::number::Number;
use crate::store::schema::col;
use crate::store::write::frame;

use super::columns::Valid;

/// One board's `puzzles` rows of a reach-only run, column by column (a null's slot holds
/// the type's default, as polars' builders leave it).
#[derive(Clone, Debug, Default)]
pub(super) struct ReachRows {
    pub solvable: Vec<bool>,
    pub min_ops: Vec<u8>,
    /// Whether a missed target has a closest value (every one but on an empty board, or a
    /// target outside the domain).
    pub has_closest: Vec<bool>,
    pub closest: Vec<f64>,
    pub distance: Vec<f64>,
}

impl ReachRows {
    fn with_capacity(n: usize) -> ReachRows {
        ReachRows {
            solvable: Vec::with_capacity(n),
            min_ops: Vec::with_capacity(n),
            has_closest: Vec::with_capacity(n),
            closest: Vec::with_capacity(n),
            distance: Vec::with_capacity(n),
        }
    }

    fn len(&self) -> usize {
        self.solvable.len()
    }
}

/// Solves `board`, one of the corpus's, against every target of its range, reachability
/// only.
pub(super) fn analyze<V: Number>(
    corpus: &Corpus,
    board: &Board,
    window: Option<Window>,
    cache: &ReachCache<V>,
) -> Result<ReachRows> {
    let rules = &corpus.game.rules;
    let (lo, hi) = (*corpus.game.targets.start(), *corpus.game.targets.end());
    let mut reach = Reach::<V>::build(board, rules, window, Some(cache))?;
    let ops = reach.min_ops_in(lo, hi)?;
    let mut rows = ReachRows::with_capacity(ops.len());
    for (target, o) in (lo..=hi).zip(ops) {
        rows.solvable.push(o.is_some());
        rows.min_ops.push(o.unwrap_or(0));
        let closest = match o {
            Some(_) => None,
            None => reach.closest(target)?,
        };
        rows.has_closest.push(closest.is_some());
        let (c, d) = closest.unwrap_or_default();
        rows.closest.push(c);
        rows.distance.push(d);
    }
    Ok(rows)
}

/// The `puzzles` frame of a chunk: the boards `ids` with their rows `results`, targets from
/// `lo`.
pub(super) fn puzzles_frame(ids: &[u32], lo: i64, results: &[ReachRows]) -> Result<DataFrame> {
    let rows: usize = results.iter().map(ReachRows::len).sum();
    let mut board_id = Vec::with_capacity(rows);
    let mut target = Vec::with_capacity(rows);
    let mut all = ReachRows::with_capacity(rows);
    for (&id, r) in ids.iter().zip(results) {
        board_id.extend(std::iter::repeat_n(id, r.len()));
        target.extend((0..r.len()).map(|k| lo + k as i64));
        all.solvable.extend_from_slice(&r.solvable);
        all.min_ops.extend_from_slice(&r.min_ops);
        all.has_closest.extend_from_slice(&r.has_closest);
        all.closest.extend_from_slice(&r.closest);
        all.distance.extend_from_slice(&r.distance);
    }
    let name = |c: &str| PlSmallStr::from(c);
    let solved = Valid::of(&all.solvable);
    let has_closest = Valid::of(&all.has_closest);
    let f64s = |c: &str, v: Vec<f64>| ChunkedArray::<Float64Type>::from_vec(name(c), v);
    frame(vec![
        ChunkedArray::<UInt32Type>::from_vec(name(col::BOARD_ID), board_id).into_column(),
        ChunkedArray::<Int64Type>::from_vec(name(col::TARGET), target).into_column(),
        BooleanChunked::from_slice(name(col::SOLVABLE), &all.solvable).into_column(),
        solved.apply(ChunkedArray::<UInt8Type>::from_vec(
            name(col::MIN_OPS),
            all.min_ops,
        )),
        has_closest.apply(f64s(col::CLOSEST, all.closest)),
        has_closest.apply(f64s(col::DISTANCE, all.distance)),
    ])
}
