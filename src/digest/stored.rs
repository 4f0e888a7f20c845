//! The digest's two tables as frames: `hardest` (every stored list's entries, list by list,
//! then the unique-solution list) and `tallies` (Digits' bands, then the puzzles at the
//! fewest counts), built from a [`Digest`] ([`hardest`], [`tallies`]); read back into one
//! value for value in [`super::read_back`].

use polars::prelude::*;

use crate::engine::Convention;
use crate::error::{Error, Result};
use crate::puzzle::solution::Listed;
use crate::store::schema::{Kind, col};
use crate::store::write::frame;

use super::hardest::rank::Ranked;
use super::target_bands::{DISTINCT_BINS, MIN_OPS_BINS};
use super::{Digest, REPORTED, Scope};

/// The `ranking` of the unique-solution list.
pub(super) const UNIQUE: &str = "unique";

/// The columns of `hardest`, one vector each, filled row by row.
#[derive(Default)]
struct HardestRows {
    ranking: Vec<&'static str>,
    convention: Vec<&'static str>,
    scope: Vec<&'static str>,
    at: Vec<Option<i64>>,
    pool: Vec<u32>,
    rank: Vec<u32>,
    candidate: Vec<u32>,
    walked: Vec<bool>,
    board_id: Vec<u32>,
    board: Vec<String>,
    target: Vec<i64>,
    count: Vec<u64>,
    min_ops: Vec<Option<u8>>,
    difficulty: Vec<Option<f64>>,
    /// By [`Convention`].
    counts: [Vec<Option<u64>>; Convention::ALL.len()],
    needs_division: Vec<Option<bool>>,
    needs_fraction: Vec<Option<bool>>,
    needs_negative: Vec<Option<bool>>,
    peak: Vec<Option<u64>>,
    greedy: Vec<Option<bool>>,
    near_misses: Vec<Option<u32>>,
    uses_all: Vec<Option<bool>>,
    whole_expressions: Vec<Option<u64>>,
    fractions: Vec<Option<u8>>,
    solutions: Vec<Option<Series>>,
    distinct_total: Vec<Option<u64>>,
}

/// Which list a row belongs to, and where it stands in it.
struct Place {
    ranking: &'static str,
    convention: Convention,
    scope: Scope,
    pool: usize,
    rank: usize,
    candidate: usize,
    walked: bool,
}

fn u32_of(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

impl HardestRows {
    fn push(&mut self, p: Place, r: &Ranked, board: &str, written: Option<&Listed>) {
        let (scope, at) = p.scope.name();
        self.ranking.push(p.ranking);
        self.convention.push(p.convention.name());
        self.scope.push(scope);
        self.at.push(at);
        self.pool.push(u32_of(p.pool));
        self.rank.push(u32_of(p.rank));
        self.candidate.push(u32_of(p.candidate));
        self.walked.push(p.walked);
        self.board_id.push(r.board_id);
        self.board.push(board.to_string());
        self.target.push(r.target);
        self.count.push(r.count);
        self.min_ops.push(r.min_ops);
        self.difficulty.push(r.difficulty);
        for (column, count) in self.counts.iter_mut().zip(r.counts) {
            column.push(count);
        }
        let f = r.features.as_ref();
        self.needs_division.push(f.map(|f| f.needs_division));
        self.needs_fraction.push(f.map(|f| f.needs_fraction));
        self.needs_negative.push(f.map(|f| f.needs_negative));
        self.peak.push(f.map(|f| f.peak));
        self.greedy.push(f.map(|f| f.greedy));
        self.near_misses.push(f.map(|f| f.near_misses));
        self.uses_all.push(f.map(|f| f.uses_all));
        self.whole_expressions.push(f.map(|f| f.whole_expressions));
        self.fractions
            .push(f.map(|f| u8::try_from(f.fractions).unwrap_or(u8::MAX)));
        self.solutions.push(written.map(|w| {
            Series::new(
                PlSmallStr::EMPTY,
                w.solutions.iter().map(String::as_str).collect::<Vec<_>>(),
            )
        }));
        self.distinct_total
            .push(written.and_then(|w| w.distinct_total).map(|n| n as u64));
    }

    fn frame(self) -> Result<DataFrame> {
        let c = |name: &str, values: Series| values.with_name(name.into()).into_column();
        let [trees, expressions, distinct, inequivalent] = self.counts;
        let solutions = Column::new(col::SOLUTIONS.into(), self.solutions)
            // Typed explicitly: a list column of no rows (or only nulls) has no item type.
            .cast(&Kind::ListStr.dtype())
            .map_err(|e| Error::failed("building the solutions column", e))?;
        frame(vec![
            c(col::RANKING, Series::new("".into(), self.ranking)),
            c(col::CONVENTION, Series::new("".into(), self.convention)),
            c(col::SCOPE, Series::new("".into(), self.scope)),
            c(col::AT, Series::new("".into(), self.at)),
            c(col::POOL, Series::new("".into(), self.pool)),
            c(col::RANK, Series::new("".into(), self.rank)),
            c(col::CANDIDATE, Series::new("".into(), self.candidate)),
            c(col::WALKED, Series::new("".into(), self.walked)),
            c(col::BOARD_ID, Series::new("".into(), self.board_id)),
            c(col::BOARD, Series::new("".into(), self.board)),
            c(col::TARGET, Series::new("".into(), self.target)),
            c(col::COUNT, Series::new("".into(), self.count)),
            c(col::MIN_OPS, Series::new("".into(), self.min_ops)),
            c(col::DIFFICULTY, Series::new("".into(), self.difficulty)),
            c(col::TREES, Series::new("".into(), trees)),
            c(col::EXPRESSIONS, Series::new("".into(), expressions)),
            c(col::DISTINCT, Series::new("".into(), distinct)),
            c(col::INEQUIVALENT, Series::new("".into(), inequivalent)),
            c(
                col::NEEDS_DIVISION,
                Series::new("".into(), self.needs_division),
            ),
            c(
                col::NEEDS_FRACTION,
                Series::new("".into(), self.needs_fraction),
            ),
            c(
                col::NEEDS_NEGATIVE,
                Series::new("".into(), self.needs_negative),
            ),
            c(col::PEAK, Series::new("".into(), self.peak)),
            c(col::GREEDY, Series::new("".into(), self.greedy)),
            c(col::NEAR_MISSES, Series::new("".into(), self.near_misses)),
            c(col::USES_ALL, Series::new("".into(), self.uses_all)),
            c(
                col::WHOLE_EXPRESSIONS,
                Series::new("".into(), self.whole_expressions),
            ),
            c(col::FRACTIONS, Series::new("".into(), self.fractions)),
            solutions,
            c(
                col::DISTINCT_TOTAL,
                Series::new("".into(), self.distinct_total),
            ),
        ])
    }
}

/// The `hardest` rows of `d`: each stored list's entries in its order, then the
/// unique-solution list.
pub fn hardest(d: &Digest) -> Result<DataFrame> {
    let mut rows = HardestRows::default();
    for l in &d.lists {
        for (i, e) in l.entries.iter().enumerate() {
            let place = Place {
                ranking: l.by.name(),
                convention: l.convention,
                scope: Scope::of_target(l.target),
                pool: l.pool,
                rank: i + 1,
                candidate: e.candidate,
                walked: l.walked,
            };
            rows.push(place, &e.ranked, &e.board, e.written.as_ref());
        }
    }
    for (i, u) in d.unique.iter().enumerate() {
        let place = Place {
            ranking: UNIQUE,
            convention: Convention::Distinct,
            scope: d.unique_scope,
            pool: REPORTED,
            rank: i + 1,
            candidate: i + 1,
            walked: false,
        };
        let mut counts = [None; Convention::ALL.len()];
        counts[Convention::Expressions.index()] = Some(u.expressions);
        counts[Convention::Distinct.index()] = Some(1);
        let ranked = Ranked {
            board_id: u.board_id,
            target: u.target,
            count: 1,
            min_ops: u8::try_from(u.min_ops).ok(),
            difficulty: u.difficulty,
            features: None,
            counts,
        };
        let written = Listed {
            solutions: vec![u.solution.clone()],
            distinct_total: Some(1),
        };
        rows.push(place, &ranked, &u.board, Some(&written));
    }
    rows.frame()
}

/// The `tallies` rows of `d`: Digits' bands (`distinct`, then `min_ops`, every bucket of
/// every band), then the fewest counts (`fewest`, then `fewest_both`).
pub fn tallies(d: &Digest) -> Result<DataFrame> {
    let mut tally: Vec<&str> = Vec::new();
    let mut band: Vec<Option<i64>> = Vec::new();
    let mut bucket: Vec<Option<&str>> = Vec::new();
    let mut at: Vec<Option<i64>> = Vec::new();
    let mut convention: Vec<Option<&str>> = Vec::new();
    let mut other: Vec<Option<&str>> = Vec::new();
    let mut count: Vec<Option<u64>> = Vec::new();
    let mut puzzles: Vec<u64> = Vec::new();
    let mut row = |t: &'static str,
                   b: Option<(i64, &'static str)>,
                   c: [Option<&'static str>; 2],
                   n: Option<u64>,
                   p: u64| {
        tally.push(t);
        band.push(b.map(|b| b.0));
        bucket.push(b.map(|b| b.1));
        at.push(if b.is_none() { d.at } else { None });
        convention.push(c[0]);
        other.push(c[1]);
        count.push(n);
        puzzles.push(p);
    };
    if let Some(bands) = &d.bands {
        for (&b, tallies) in &bands.distinct {
            for (k, &p) in tallies.iter().enumerate() {
                row(
                    "distinct",
                    Some((b, DISTINCT_BINS[k].2)),
                    [None; 2],
                    None,
                    p,
                );
            }
        }
        for (&b, tallies) in &bands.min_ops {
            for (k, &p) in tallies.iter().enumerate() {
                row("min_ops", Some((b, MIN_OPS_BINS[k])), [None; 2], None, p);
            }
        }
    }
    for &(c, min, p) in &d.min_classes.at_min {
        row("fewest", None, [Some(c.name()), None], Some(min), p);
    }
    for &(a, b, p) in &d.min_classes.both {
        row(
            "fewest_both",
            None,
            [Some(a.name()), Some(b.name())],
            None,
            p,
        );
    }
    let s = |name: &str, values: Series| values.with_name(name.into()).into_column();
    frame(vec![
        s(col::TALLY, Series::new("".into(), tally)),
        s(col::BAND, Series::new("".into(), band)),
        s(col::BUCKET, Series::new("".into(), bucket)),
        s(col::AT, Series::new("".into(), at)),
        s(col::CONVENTION, Series::new("".into(), convention)),
        s(col::OTHER, Series::new("".into(), other)),
        s(col::COUNT, Series::new("".into(), count)),
        s(col::PUZZLES, Series::new("".into(), puzzles)),
    ])
}
