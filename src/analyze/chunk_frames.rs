//! One chunk's `puzzles` and `unique` frames from the columns its boards' rows were
//! gathered into ([`ChunkColumns`], filled by `Tally::chunk`). Columns are named and ordered
//! as in [`crate::store::schema`], which the writer checks.

use std::mem::take;

use polars::prelude::{
    BooleanChunked, ChunkedArray, Column, DataFrame, Float64Type, Int64Type, IntoColumn,
    NewChunkedArray, PlSmallStr, StringChunked, UInt8Type, UInt32Type, UInt64Type,
};

use crate::error::Result;
use crate::model::Fitted;
use crate::store::schema::{Extras, col};
use crate::store::write::frame;

use super::columns::{BoardRows, PuzzleColumns, Strings, UniqueRows, Valid};

/// A chunk's `puzzles` rows (the board and target of each, then the board's columns) and
/// its `unique` rows but their solutions and moves, which stay in the boards' rows.
pub(super) struct ChunkColumns {
    pub board_id: Vec<u32>,
    pub target: Vec<i64>,
    pub puzzles: PuzzleColumns,
    pub unique: UniqueColumns,
}

/// The `unique` rows' own columns: each row's board, by id and as text.
#[derive(Default)]
pub(super) struct UniqueColumns {
    board_id: Vec<u32>,
    board: Strings,
    target: Vec<i64>,
    min_ops: Vec<u8>,
    expressions: Vec<u64>,
}

impl ChunkColumns {
    pub fn with_capacity(rows: usize, uniques: usize) -> ChunkColumns {
        ChunkColumns {
            board_id: Vec::with_capacity(rows),
            target: Vec::with_capacity(rows),
            puzzles: PuzzleColumns::with_capacity(rows),
            unique: UniqueColumns {
                board_id: Vec::with_capacity(uniques),
                target: Vec::with_capacity(uniques),
                min_ops: Vec::with_capacity(uniques),
                expressions: Vec::with_capacity(uniques),
                board: Strings::default(),
            },
        }
    }
}

impl UniqueColumns {
    /// The unique rows `u` of the board `id`, written `board`.
    pub fn push_board(&mut self, id: u32, board: impl Fn() -> String, u: &UniqueRows) {
        if u.len() > 0 {
            let text = board();
            for _ in 0..u.len() {
                self.board.push_with(|s| s.push_str(&text));
            }
        }
        self.board_id.extend(std::iter::repeat_n(id, u.len()));
        self.target.extend_from_slice(&u.target);
        self.min_ops.extend_from_slice(&u.min_ops);
        self.expressions.extend_from_slice(&u.expressions);
    }

    /// The `unique` frame: these columns, then the solutions and moves of `results`, the
    /// chunk's boards in the same order.
    pub fn frame(self, results: &[BoardRows]) -> Result<DataFrame> {
        let strings = |c: &str, f: &dyn Fn(&BoardRows) -> &Strings| {
            let all = results.iter().flat_map(|r| f(r).iter());
            StringChunked::from_iter_values(name(c), all).into_column()
        };
        frame(vec![
            u32s(col::BOARD_ID, self.board_id).into_column(),
            StringChunked::from_iter_values(name(col::BOARD), self.board.iter()).into_column(),
            ChunkedArray::<Int64Type>::from_vec(name(col::TARGET), self.target).into_column(),
            u8s(col::MIN_OPS, self.min_ops).into_column(),
            u64s(col::EXPRESSIONS, self.expressions).into_column(),
            strings(col::SOLUTION, &|r| &r.unique.solution),
            strings(col::MOVES, &|r| &r.unique.moves),
        ])
    }
}

/// The `puzzles` frame of a chunk's rows: the columns `extras` gives, `distinct` null
/// throughout where it is undefined (`distinct_defined` false: unary minus).
pub(super) fn puzzles_frame(
    board_id: Vec<u32>,
    target: Vec<i64>,
    mut p: PuzzleColumns,
    extras: Extras,
    distinct_defined: bool,
) -> Result<DataFrame> {
    let solved = Valid::of(&p.solvable);
    let mut cols = vec![
        u32s(col::BOARD_ID, board_id).into_column(),
        ChunkedArray::<Int64Type>::from_vec(name(col::TARGET), target).into_column(),
        BooleanChunked::from_slice(name(col::SOLVABLE), &p.solvable).into_column(),
        solved.apply(u8s(col::MIN_OPS, take(&mut p.min_ops))),
    ];
    if !extras.reach_only {
        cols.extend(counts(&mut p, extras, distinct_defined));
    }
    let has_closest = Valid::of(&p.has_closest);
    cols.extend([
        has_closest.apply(f64s(col::CLOSEST, take(&mut p.closest))),
        has_closest.apply(f64s(col::DISTANCE, take(&mut p.distance))),
    ]);
    if !extras.reach_only {
        cols.extend(assessment(p, &solved, extras.twenty_four));
    }
    frame(cols)
}

/// The solution counts: `trees` in the 24 game only, `inequivalent` where the rules define it.
fn counts(p: &mut PuzzleColumns, extras: Extras, distinct_defined: bool) -> Vec<Column> {
    let mut cols = Vec::with_capacity(4);
    if extras.twenty_four {
        cols.push(u64s(col::TREES, take(&mut p.trees)).into_column());
    }
    let distinct = Valid::of(&vec![distinct_defined; p.solvable.len()]);
    cols.extend([
        u64s(col::EXPRESSIONS, take(&mut p.expressions)).into_column(),
        distinct.apply(u64s(col::DISTINCT, take(&mut p.distinct))),
    ]);
    if extras.inequivalent {
        cols.push(u64s(col::INEQUIVALENT, take(&mut p.inequivalent)).into_column());
    }
    cols
}

/// The difficulty and what the score is made of, null where the target is missed; in the
/// 24 game, the time and solve rate the fitted model predicts from the score.
fn assessment(p: PuzzleColumns, solved: &Valid, twenty_four: bool) -> Vec<Column> {
    let flag = |c: &str, v: &[bool]| solved.apply(BooleanChunked::from_slice(name(c), v));
    // From the score alone, and only for the 24 game: the other games' tables have no such
    // columns, and Digits has 177 million rows.
    let predicted: Option<(Vec<f64>, Vec<f64>)> = twenty_four.then(|| {
        let model = Fitted::embedded();
        p.difficulty
            .iter()
            .map(|&d| (d.exp(), model.solve_rate(d)))
            .unzip()
    });
    let mut cols = vec![solved.apply(f64s(col::DIFFICULTY, p.difficulty))];
    if let Some((time, rate)) = predicted {
        cols.extend([
            solved.apply(f64s(col::PREDICTED_TIME_S, time)),
            solved.apply(f64s(col::PREDICTED_SOLVE_RATE, rate)),
        ]);
    }
    cols.extend([
        flag(col::NEEDS_DIVISION, &p.needs_division),
        flag(col::NEEDS_FRACTION, &p.needs_fraction),
        flag(col::NEEDS_NEGATIVE, &p.needs_negative),
        solved.apply(u64s(col::PEAK, p.peak)),
        flag(col::GREEDY, &p.greedy),
        solved.apply(u32s(col::NEAR_MISSES, p.near_misses)),
        flag(col::USES_ALL, &p.uses_all),
        solved.apply(u64s(col::WHOLE_EXPRESSIONS, p.whole_expressions)),
        solved.apply(u8s(col::FRACTIONS, p.fractions)),
    ]);
    cols
}

fn name(c: &str) -> PlSmallStr {
    PlSmallStr::from(c)
}

fn u8s(c: &str, v: Vec<u8>) -> ChunkedArray<UInt8Type> {
    ChunkedArray::from_vec(name(c), v)
}

fn u32s(c: &str, v: Vec<u32>) -> ChunkedArray<UInt32Type> {
    ChunkedArray::from_vec(name(c), v)
}

fn u64s(c: &str, v: Vec<u64>) -> ChunkedArray<UInt64Type> {
    ChunkedArray::from_vec(name(c), v)
}

fn f64s(c: &str, v: Vec<f64>) -> ChunkedArray<Float64Type> {
    ChunkedArray::from_vec(name(c), v)
}
