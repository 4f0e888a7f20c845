//! The hardest puzzles with a unique solution: ranked from the `unique` table (which writes
//! the solution out) by the `difficulty` of each, which the pass over `puzzles` collects
//! ([`UniqueDifficulty`]).

use std::cmp::Ordering;
use std::collections::{HashMap, HashSet};
use std::ops::Range;

use polars::prelude::*;

use crate::corpus::CorpusId;
use crate::engine::Convention;
use crate::store::read::{CorpusStore, Result, i64s, parquet_err, u32s, u64s};
use crate::store::rows::BoardRow;
use crate::store::scan::PuzzleFold;
use crate::store::schema::{Table, col};
use crate::store::slice::PuzzleSlice;

use crate::digest::topk::TopK;

/// The `difficulty` of the puzzles with one `distinct` solution within a scope, folded from
/// the rows of `puzzles`: what ranks the `unique` rows.
pub struct UniqueDifficulty<'a> {
    scope: &'a UniqueScope,
    /// Whether `puzzles` has `distinct` (without it no puzzle is known to be unique).
    has_distinct: bool,
    scores: HashMap<(u32, i64), f64>,
}

impl UniqueDifficulty<'_> {
    pub fn new(scope: &UniqueScope, has_distinct: bool) -> UniqueDifficulty<'_> {
        UniqueDifficulty {
            scope,
            has_distinct,
            scores: HashMap::new(),
        }
    }

    pub fn finish(self) -> HashMap<(u32, i64), f64> {
        self.scores
    }
}

impl PuzzleFold for UniqueDifficulty<'_> {
    fn conventions(&self) -> Vec<Convention> {
        if self.has_distinct {
            vec![Convention::Distinct]
        } else {
            Vec::new()
        }
    }

    fn fold(&mut self, s: &PuzzleSlice, rows: Range<usize>) {
        if !self.has_distinct || !s.has_difficulty() {
            return;
        }
        for i in rows {
            if let (Some(1), Some(b), Some(t), Some(x)) = (
                s.count(Convention::Distinct, i),
                s.board_id(i),
                s.target(i),
                s.difficulty(i),
            ) && self.scope.contains(b, t)
            {
                self.scores.insert((b, t), x);
            }
        }
    }
}

/// The hardest puzzles with one `distinct` solution within `scope`, from `unique` (with the
/// solution written out): by `difficulty` (the scores of [`UniqueDifficulty`], `None` when
/// `puzzles` has no such column) when known, else fewest `expressions`, then most
/// operations.
pub fn hardest_unique(
    store: &CorpusStore,
    limit: usize,
    scope: &UniqueScope,
    difficulty: Option<&HashMap<(u32, i64), f64>>,
) -> Result<Vec<UniqueRow>> {
    let t = store.table(Table::Unique)?;
    let cols = [
        col::BOARD_ID,
        col::BOARD,
        col::TARGET,
        col::MIN_OPS,
        col::EXPRESSIONS,
        col::SOLUTION,
    ];
    let mut top = TopK::new(limit);
    let path = t.first_file().to_path_buf();
    t.scan(&cols, |df| {
        let p = parquet_err(&path);
        let id = u32s(df, col::BOARD_ID).map_err(p)?;
        let target = i64s(df, col::TARGET).map_err(p)?;
        let ops = u64s(df, col::MIN_OPS).map_err(p)?;
        let expr = u64s(df, col::EXPRESSIONS).map_err(p)?;
        let text = |c: &str| -> Result<StringChunked> {
            Ok(df.column(c).map_err(p)?.str().map_err(p)?.clone())
        };
        let (board, solution) = (text(col::BOARD)?, text(col::SOLUTION)?);
        for i in 0..df.height() {
            let (b, tg) = (id[i].unwrap_or(0), target[i].unwrap_or(0));
            if !scope.contains(b, tg) {
                continue;
            }
            let mut row = UniqueRow {
                board_id: b,
                board: String::new(),
                target: tg,
                min_ops: ops[i].unwrap_or(0),
                expressions: expr[i].unwrap_or(0),
                difficulty: difficulty.and_then(|d| d.get(&(b, tg)).copied()),
                solution: String::new(),
            };
            // The texts are written only for the rows kept so far; the order never reads
            // them.
            if top.admits(&row, UniqueRow::order) {
                row.board = board.get(i).unwrap_or_default().to_string();
                row.solution = solution.get(i).unwrap_or_default().to_string();
                top.push(row, UniqueRow::order);
            }
        }
        Ok(())
    })?;
    Ok(top.finish(UniqueRow::order))
}

/// Which puzzles a ranking of unique-solution puzzles considers.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum UniqueScope {
    /// Every puzzle of the corpus.
    #[default]
    All,
    /// One target (24 for the 24-game corpora: the game's target).
    Target(i64),
    /// These (board_id, target) pairs (the real NYT puzzles).
    Pairs(HashSet<(u32, i64)>),
}

impl UniqueScope {
    /// The scope of corpus `id`'s list: the real puzzles of `nyt` (a board dealt on several
    /// days under its smallest id, as `repeats` maps them), the game's target `at` of a
    /// 24-game corpus, else every puzzle.
    pub fn of(
        id: &CorpusId,
        boards: &[BoardRow],
        repeats: &HashMap<u32, u32>,
        at: Option<i64>,
    ) -> UniqueScope {
        match (id, at) {
            (CorpusId::Nyt, _) => UniqueScope::Pairs(
                boards
                    .iter()
                    .filter_map(|b| {
                        let id = repeats.get(&b.board_id).copied();
                        Some((id.unwrap_or(b.board_id), b.target?))
                    })
                    .collect(),
            ),
            (_, Some(t)) => UniqueScope::Target(t),
            (_, None) => UniqueScope::All,
        }
    }

    pub fn contains(&self, board_id: u32, target: i64) -> bool {
        match self {
            UniqueScope::All => true,
            UniqueScope::Target(t) => *t == target,
            UniqueScope::Pairs(p) => p.contains(&(board_id, target)),
        }
    }

    /// How the report names it.
    pub fn describe(&self) -> &'static str {
        match self {
            UniqueScope::All => "every target",
            UniqueScope::Target(_) => "target 24, the game's target",
            UniqueScope::Pairs(_) => "the real puzzles (each board at its published target)",
        }
    }
}

/// A puzzle with exactly one `distinct` solution, from `unique`.
#[derive(Clone, Debug, PartialEq)]
pub struct UniqueRow {
    pub board_id: u32,
    pub board: String,
    pub target: i64,
    pub min_ops: u64,
    pub expressions: u64,
    pub difficulty: Option<f64>,
    pub solution: String,
}

impl UniqueRow {
    fn order(&self, other: &UniqueRow) -> Ordering {
        let d = |r: &UniqueRow| r.difficulty.unwrap_or(f64::NEG_INFINITY);
        d(other)
            .total_cmp(&d(self))
            .then_with(|| self.expressions.cmp(&other.expressions))
            .then_with(|| other.min_ops.cmp(&self.min_ops))
            .then_with(|| self.board_id.cmp(&other.board_id))
            .then_with(|| self.target.cmp(&other.target))
    }
}
