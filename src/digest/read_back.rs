//! The digest read back from its two tables, value for value: the stored lists and the
//! unique-solution list from `hardest`, Digits' bands and the fewest counts from `tallies`
//! (built by [`super::stored`]).

use std::collections::BTreeMap;

use polars::prelude::*;

use crate::engine::Convention;
use crate::features::Features;
use crate::puzzle::solution::Listed;
use crate::store::read::{bools, f64s, i64s, strs, u32s, u64s};
use crate::store::schema::col;

use super::hardest::lists::{Entry, StoredList};
use super::hardest::rank::{By, Ranked};
use super::hardest::unique::UniqueRow;
use super::min_counts::MinClasses;
use super::stored::UNIQUE;
use super::target_bands::{DISTINCT_BINS, MIN_OPS_BINS, TargetBands};
use super::{Digest, Scope};

/// A table's rows that no digest writes.
fn malformed(what: impl std::fmt::Display) -> PolarsError {
    PolarsError::ComputeError(format!("not a digest's rows: {what}").into())
}

/// The digest `hardest` and `tallies` hold, Digits' bands over targets `lo..=hi` (the
/// corpus's `targets`).
pub fn digest(
    hardest: &DataFrame,
    tallies: &DataFrame,
    (lo, hi): (i64, i64),
) -> PolarsResult<Digest> {
    let (lists, unique, unique_scope) = lists(hardest)?;
    let (bands, min_classes) = tally_rows(tallies, lo, hi)?;
    Ok(Digest {
        at: lists.iter().find_map(|l| l.target),
        lists,
        unique,
        unique_scope,
        bands,
        min_classes,
    })
}

type Lists = (Vec<StoredList>, Vec<UniqueRow>, Scope);

/// The stored lists and the unique-solution list of `df`, rows of `hardest`.
fn lists(df: &DataFrame) -> PolarsResult<Lists> {
    let rows = HardestTable::of(df)?;
    let mut lists: Vec<StoredList> = Vec::new();
    let mut unique = Vec::new();
    let mut unique_scope = Scope::All;
    for i in 0..df.height() {
        let ranked = rows.ranked(i)?;
        let this_scope = Scope::named(&rows.scope[i], rows.at[i])
            .ok_or_else(|| malformed(format!("scope `{}`", rows.scope[i])))?;
        if rows.ranking[i] == UNIQUE {
            unique_scope = this_scope;
            unique.push(rows.unique_row(i, &ranked));
            continue;
        }
        let by: By = rows.ranking[i].parse().map_err(malformed)?;
        let conv: Convention = rows.convention[i].parse().map_err(malformed)?;
        let list_target = match this_scope {
            Scope::Target(t) => Some(t),
            Scope::All => None,
            Scope::Published => return Err(malformed("a ranked list of the real puzzles")),
        };
        let same = lists
            .last()
            .is_some_and(|l| l.by == by && l.convention == conv && l.target == list_target);
        if !same {
            lists.push(StoredList {
                convention: conv,
                by,
                target: list_target,
                pool: rows.pool[i].unwrap_or(0) as usize,
                walked: rows.walked[i].unwrap_or(false),
                entries: Vec::new(),
            });
        }
        let written = rows.solutions[i].clone().map(|solutions| Listed {
            solutions,
            distinct_total: rows.distinct_total[i].map(|n| n as usize),
        });
        lists.last_mut().expect("pushed").entries.push(Entry {
            ranked,
            board: rows.board[i].clone(),
            candidate: rows.candidate[i].unwrap_or(0) as usize,
            written,
        });
    }
    Ok((lists, unique, unique_scope))
}

/// The `hardest` table's columns, read once.
struct HardestTable {
    ranking: Vec<String>,
    convention: Vec<String>,
    scope: Vec<String>,
    at: Vec<Option<i64>>,
    pool: Vec<Option<u32>>,
    candidate: Vec<Option<u32>>,
    walked: Vec<Option<bool>>,
    board_id: Vec<Option<u32>>,
    board: Vec<String>,
    target: Vec<Option<i64>>,
    count: Vec<Option<u64>>,
    min_ops: Vec<Option<u64>>,
    difficulty: Vec<Option<f64>>,
    /// Per convention, in [`Convention::ALL`]'s order.
    counts: [Vec<Option<u64>>; 4],
    division: Vec<Option<bool>>,
    fraction: Vec<Option<bool>>,
    negative: Vec<Option<bool>>,
    peak: Vec<Option<u64>>,
    greedy: Vec<Option<bool>>,
    near_misses: Vec<Option<u32>>,
    uses_all: Vec<Option<bool>>,
    whole: Vec<Option<u64>>,
    fractions: Vec<Option<u32>>,
    solutions: Vec<Option<Vec<String>>>,
    distinct_total: Vec<Option<u64>>,
}

impl HardestTable {
    fn of(df: &DataFrame) -> PolarsResult<HardestTable> {
        let [trees, expressions, distinct, inequivalent] =
            Convention::ALL.map(|c| u64s(df, c.name()));
        Ok(HardestTable {
            ranking: strs(df, col::RANKING)?,
            convention: strs(df, col::CONVENTION)?,
            scope: strs(df, col::SCOPE)?,
            at: i64s(df, col::AT)?,
            pool: u32s(df, col::POOL)?,
            candidate: u32s(df, col::CANDIDATE)?,
            walked: bools(df, col::WALKED)?,
            board_id: u32s(df, col::BOARD_ID)?,
            board: strs(df, col::BOARD)?,
            target: i64s(df, col::TARGET)?,
            count: u64s(df, col::COUNT)?,
            min_ops: u64s(df, col::MIN_OPS)?,
            difficulty: f64s(df, col::DIFFICULTY)?,
            counts: [trees?, expressions?, distinct?, inequivalent?],
            division: bools(df, col::NEEDS_DIVISION)?,
            fraction: bools(df, col::NEEDS_FRACTION)?,
            negative: bools(df, col::NEEDS_NEGATIVE)?,
            peak: u64s(df, col::PEAK)?,
            greedy: bools(df, col::GREEDY)?,
            near_misses: u32s(df, col::NEAR_MISSES)?,
            uses_all: bools(df, col::USES_ALL)?,
            whole: u64s(df, col::WHOLE_EXPRESSIONS)?,
            fractions: u32s(df, col::FRACTIONS)?,
            solutions: written(df)?,
            distinct_total: u64s(df, col::DISTINCT_TOTAL)?,
        })
    }

    /// Row `i` as ranked: its puzzle, counts, score and features (`None` when any is null).
    fn ranked(&self, i: usize) -> PolarsResult<Ranked> {
        let counts = self.counts.clone().map(|c| c[i]);
        let features = (|| {
            Some(Features {
                min_ops: u32::try_from(self.min_ops[i]?).ok()?,
                solutions: counts[Convention::Distinct.index()]
                    .or(counts[Convention::Expressions.index()])?,
                needs_division: self.division[i]?,
                needs_fraction: self.fraction[i]?,
                needs_negative: self.negative[i]?,
                peak: self.peak[i]?,
                greedy: self.greedy[i]?,
                near_misses: self.near_misses[i]?,
                uses_all: self.uses_all[i]?,
                whole_expressions: self.whole[i]?,
                fractions: self.fractions[i]?,
            })
        })();
        Ok(Ranked {
            board_id: self.board_id[i].ok_or_else(|| malformed("a null board_id"))?,
            target: self.target[i].ok_or_else(|| malformed("a null target"))?,
            count: self.count[i].unwrap_or(0),
            min_ops: self.min_ops[i].and_then(|m| u8::try_from(m).ok()),
            difficulty: self.difficulty[i],
            features,
            counts,
        })
    }

    /// Row `i`, `ranked`, as a puzzle of the unique-solution list.
    fn unique_row(&self, i: usize, ranked: &Ranked) -> UniqueRow {
        UniqueRow {
            board_id: ranked.board_id,
            board: self.board[i].clone(),
            target: ranked.target,
            min_ops: self.min_ops[i].unwrap_or(0),
            expressions: ranked.counts[Convention::Expressions.index()].unwrap_or(0),
            difficulty: ranked.difficulty,
            solution: self.solutions[i]
                .as_ref()
                .and_then(|s| s.first().cloned())
                .unwrap_or_default(),
        }
    }
}

/// The `solutions` column: each row's solutions written out, or null.
fn written(df: &DataFrame) -> PolarsResult<Vec<Option<Vec<String>>>> {
    let list = df.column(col::SOLUTIONS)?.list()?.clone();
    list.series_iter()
        .map(|s| {
            s.map(|s| -> PolarsResult<Vec<String>> {
                Ok(s.str()?
                    .iter()
                    .map(|x| x.unwrap_or_default().to_string())
                    .collect())
            })
            .transpose()
        })
        .collect()
}

/// Digits' bands over targets `lo..=hi` and the fewest counts, from `df`, rows of `tallies`.
fn tally_rows(df: &DataFrame, lo: i64, hi: i64) -> PolarsResult<(Option<TargetBands>, MinClasses)> {
    let tally = strs(df, col::TALLY)?;
    let band = i64s(df, col::BAND)?;
    let bucket = strs(df, col::BUCKET)?;
    let convention = strs(df, col::CONVENTION)?;
    let other = strs(df, col::OTHER)?;
    let count = u64s(df, col::COUNT)?;
    let puzzles = u64s(df, col::PUZZLES)?;
    let mut distinct: BTreeMap<i64, [u64; DISTINCT_BINS.len()]> = BTreeMap::new();
    let mut min_ops: BTreeMap<i64, [u64; MIN_OPS_BINS.len()]> = BTreeMap::new();
    let mut classes = MinClasses::default();
    let conv = |s: &str| s.parse::<Convention>().map_err(malformed);
    for i in 0..df.height() {
        let p = puzzles[i].unwrap_or(0);
        let b = || band[i].ok_or_else(|| malformed("a band tally without its band"));
        let k = |labels: &[&str]| {
            labels
                .iter()
                .position(|l| *l == bucket[i])
                .ok_or_else(|| malformed(format!("bucket `{}`", bucket[i])))
        };
        match tally[i].as_str() {
            "distinct" => {
                let k = k(&DISTINCT_BINS.map(|x| x.2))?;
                distinct.entry(b()?).or_default()[k] = p;
            }
            "min_ops" => {
                let k = k(&MIN_OPS_BINS)?;
                min_ops.entry(b()?).or_default()[k] = p;
            }
            "fewest" => classes.at_min.push((
                conv(&convention[i])?,
                count[i].ok_or_else(|| malformed("a fewest tally without its count"))?,
                p,
            )),
            "fewest_both" => {
                classes
                    .both
                    .push((conv(&convention[i])?, conv(&other[i])?, p));
            }
            t => return Err(malformed(format!("tally `{t}`"))),
        }
    }
    let bands = (!distinct.is_empty() || !min_ops.is_empty()).then_some(TargetBands {
        distinct,
        min_ops,
        lo,
        hi,
    });
    Ok((bands, classes))
}
