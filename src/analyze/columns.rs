//! One board's rows before they become a frame: its `puzzles` rows column by column
//! ([`PuzzleColumns`]), its `unique` rows with their strings in one buffer ([`UniqueRows`]),
//! and the null masks polars is given ([`Valid`]). No per-row structs and no builders: a
//! chunk's columns are these vectors appended.

use polars::prelude::{
    BooleanChunked, ChunkedArray, Column, IntoColumn, NewChunkedArray, PlSmallStr, PolarsDataType,
};

use crate::engine::Counts;
use crate::puzzle::difficulty::Assessment;

/// The analysis of one board: its `puzzles` rows (one per target of the range, in order) and
/// its `unique` rows (none in a reach-only run, whose `puzzles` rows keep only the columns
/// reachability gives).
pub(super) struct BoardRows {
    pub puzzles: PuzzleColumns,
    pub unique: UniqueRows,
    /// How many boards the board's first move can leave (0 in a reach-only run).
    pub first_moves: u32,
}

/// `puzzles` rows, one per (board, target), column by column; a null's slot holds the
/// type's default, as polars' builders leave it.
#[derive(Clone, Debug, Default)]
pub(super) struct PuzzleColumns {
    pub(super) solvable: Vec<bool>,
    pub(super) min_ops: Vec<u8>,
    pub(super) trees: Vec<u64>,
    pub(super) expressions: Vec<u64>,
    /// 0 where undefined (unary minus), as in the sums.
    pub(super) distinct: Vec<u64>,
    /// Filled a board at a time, and only where the rules define it ([`Extras::inequivalent`]).
    ///
    /// [`Extras::inequivalent`]: crate::store::schema::Extras::inequivalent
    pub(super) inequivalent: Vec<u64>,
    /// Whether a missed target has a closest value (every one but on an empty board).
    pub(super) has_closest: Vec<bool>,
    pub(super) closest: Vec<f64>,
    pub(super) distance: Vec<f64>,
    pub(super) difficulty: Vec<f64>,
    pub(super) needs_division: Vec<bool>,
    pub(super) needs_fraction: Vec<bool>,
    pub(super) needs_negative: Vec<bool>,
    pub(super) peak: Vec<u64>,
    pub(super) greedy: Vec<bool>,
    pub(super) near_misses: Vec<u32>,
    pub(super) uses_all: Vec<bool>,
    pub(super) whole_expressions: Vec<u64>,
    pub(super) fractions: Vec<u8>,
}

impl PuzzleColumns {
    pub fn with_capacity(rows: usize) -> PuzzleColumns {
        PuzzleColumns {
            solvable: Vec::with_capacity(rows),
            min_ops: Vec::with_capacity(rows),
            trees: Vec::with_capacity(rows),
            expressions: Vec::with_capacity(rows),
            distinct: Vec::with_capacity(rows),
            inequivalent: Vec::new(),
            has_closest: Vec::with_capacity(rows),
            closest: Vec::with_capacity(rows),
            distance: Vec::with_capacity(rows),
            difficulty: Vec::with_capacity(rows),
            needs_division: Vec::with_capacity(rows),
            needs_fraction: Vec::with_capacity(rows),
            needs_negative: Vec::with_capacity(rows),
            peak: Vec::with_capacity(rows),
            greedy: Vec::with_capacity(rows),
            near_misses: Vec::with_capacity(rows),
            uses_all: Vec::with_capacity(rows),
            whole_expressions: Vec::with_capacity(rows),
            fractions: Vec::with_capacity(rows),
        }
    }

    /// Room for `rows` rows of a reach-only run, which fills only the columns
    /// reachability gives ([`PuzzleColumns::push_reached`]).
    pub fn with_capacity_reached(rows: usize) -> PuzzleColumns {
        PuzzleColumns {
            solvable: Vec::with_capacity(rows),
            min_ops: Vec::with_capacity(rows),
            has_closest: Vec::with_capacity(rows),
            closest: Vec::with_capacity(rows),
            distance: Vec::with_capacity(rows),
            ..PuzzleColumns::default()
        }
    }

    pub fn len(&self) -> usize {
        self.solvable.len()
    }

    /// Appends the rows of `o` that `keep` marks (all of them when `keep` is `None`).
    pub fn append(&mut self, o: &PuzzleColumns, keep: Option<&[bool]>) {
        fn kept<T: Copy>(to: &mut Vec<T>, from: &[T], keep: Option<&[bool]>) {
            match keep {
                None => to.extend_from_slice(from),
                Some(k) => to.extend(from.iter().zip(k).filter(|p| *p.1).map(|p| *p.0)),
            }
        }
        kept(&mut self.solvable, &o.solvable, keep);
        kept(&mut self.min_ops, &o.min_ops, keep);
        kept(&mut self.trees, &o.trees, keep);
        kept(&mut self.expressions, &o.expressions, keep);
        kept(&mut self.distinct, &o.distinct, keep);
        kept(&mut self.inequivalent, &o.inequivalent, keep);
        kept(&mut self.has_closest, &o.has_closest, keep);
        kept(&mut self.closest, &o.closest, keep);
        kept(&mut self.distance, &o.distance, keep);
        kept(&mut self.difficulty, &o.difficulty, keep);
        kept(&mut self.needs_division, &o.needs_division, keep);
        kept(&mut self.needs_fraction, &o.needs_fraction, keep);
        kept(&mut self.needs_negative, &o.needs_negative, keep);
        kept(&mut self.peak, &o.peak, keep);
        kept(&mut self.greedy, &o.greedy, keep);
        kept(&mut self.near_misses, &o.near_misses, keep);
        kept(&mut self.uses_all, &o.uses_all, keep);
        kept(&mut self.whole_expressions, &o.whole_expressions, keep);
        kept(&mut self.fractions, &o.fractions, keep);
    }

    /// A target solved with counts `c` and assessment `a`.
    pub fn push_solved(&mut self, c: &Counts, a: &Assessment) {
        let f = &a.features;
        self.solvable.push(true);
        self.min_ops.push(c.min_ops as u8);
        self.trees.push(c.trees);
        self.expressions.push(c.expressions);
        self.distinct.push(c.distinct.unwrap_or(0));
        self.has_closest.push(false);
        self.closest.push(0.0);
        self.distance.push(0.0);
        self.difficulty.push(a.difficulty);
        self.needs_division.push(f.needs_division);
        self.needs_fraction.push(f.needs_fraction);
        self.needs_negative.push(f.needs_negative);
        self.peak.push(f.peak);
        self.greedy.push(f.greedy);
        self.near_misses.push(f.near_misses);
        self.uses_all.push(f.uses_all);
        self.whole_expressions.push(f.whole_expressions);
        self.fractions
            .push(u8::try_from(f.fractions).unwrap_or(u8::MAX));
    }

    /// A target of a reach-only run: solvable in `min_ops` operations, or missed with
    /// `(closest value, distance)` when there is one. The other columns stay empty.
    #[inline]
    pub fn push_reached(&mut self, min_ops: Option<u8>, closest: Option<(f64, f64)>) {
        self.solvable.push(min_ops.is_some());
        self.min_ops.push(min_ops.unwrap_or(0));
        self.has_closest.push(closest.is_some());
        let (c, d) = closest.unwrap_or_default();
        self.closest.push(c);
        self.distance.push(d);
    }

    /// A missed target, with `(closest value, distance)` when there is one.
    pub fn push_missed(&mut self, closest: Option<(f64, f64)>) {
        self.solvable.push(false);
        self.min_ops.push(0);
        self.trees.push(0);
        self.expressions.push(0);
        self.distinct.push(0);
        self.has_closest.push(closest.is_some());
        let (c, d) = closest.unwrap_or_default();
        self.closest.push(c);
        self.distance.push(d);
        self.difficulty.push(0.0);
        self.needs_division.push(false);
        self.needs_fraction.push(false);
        self.needs_negative.push(false);
        self.peak.push(0);
        self.greedy.push(false);
        self.near_misses.push(0);
        self.uses_all.push(false);
        self.whole_expressions.push(0);
        self.fractions.push(0);
    }
}

/// Strings one after the other in one buffer.
#[derive(Clone, Debug, Default)]
pub(super) struct Strings {
    pub(super) text: String,
    pub(super) ends: Vec<usize>,
}

impl Strings {
    pub(super) fn push_with(&mut self, f: impl FnOnce(&mut String)) {
        f(&mut self.text);
        self.ends.push(self.text.len());
    }

    pub(super) fn iter(&self) -> impl Iterator<Item = &str> {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts.zip(&self.ends).map(|(a, &b)| &self.text[a..b])
    }
}

/// A board's `unique` rows: its puzzles with exactly one `distinct` solution, written out.
#[derive(Clone, Debug, Default)]
pub(super) struct UniqueRows {
    pub(super) target: Vec<i64>,
    pub(super) min_ops: Vec<u8>,
    pub(super) expressions: Vec<u64>,
    pub(super) solution: Strings,
    pub(super) moves: Strings,
}

impl UniqueRows {
    /// A puzzle at `target`, its solution and moves written by `write(solution, moves)`.
    pub fn push(
        &mut self,
        target: i64,
        min_ops: u8,
        expressions: u64,
        write: impl FnOnce(&mut String, &mut String),
    ) {
        self.target.push(target);
        self.min_ops.push(min_ops);
        self.expressions.push(expressions);
        let mut moves = std::mem::take(&mut self.moves);
        self.solution.push_with(|s| {
            moves.push_with(|m| write(s, m));
        });
        self.moves = moves;
    }

    pub fn len(&self) -> usize {
        self.target.len()
    }
}

/// The null mask of a column: `None` when nothing is null, as polars' builders leave it.
pub(super) struct Valid(Option<BooleanChunked>);

impl Valid {
    pub(super) fn of(valid: &[bool]) -> Valid {
        Valid(
            valid
                .contains(&false)
                .then(|| BooleanChunked::from_slice(PlSmallStr::EMPTY, valid)),
        )
    }

    pub(super) fn apply<T: PolarsDataType>(&self, ca: ChunkedArray<T>) -> Column
    where
        ChunkedArray<T>: IntoColumn,
    {
        match &self.0 {
            None => ca.into_column(),
            Some(mask) => {
                let bits = mask.downcast_as_array().values().clone();
                ca.with_validity(Some(bits)).into_column()
            }
        }
    }
}
