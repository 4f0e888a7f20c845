//! The corpus-wide summary, `targets.parquet`: built from the exact per-target sums of every
//! shard (`sums`) once all of them are present, so that it is the same bytes whether the
//! corpus ran as one job or as many shards.

use std::collections::BTreeMap;
use std::path::Path;

use polars::prelude::{Column, DataFrame};

use crate::corpus::Corpus;
use crate::error::file_error;
use crate::error::{Error, Result};
use crate::game::rule_set::GameKind;
use crate::store::read::read_file;
use crate::store::schema::{Extras, Table, col};
use crate::store::write::{self, frame};

use super::layout;

/// Per-target sums over the boards of one group, as exact integers (`ways` = deals), in the
/// order of [`Sums::COLUMNS`].
#[derive(Clone, Copy, Default)]
pub(super) struct Sums(pub [u64; 10]);

impl Sums {
    /// The `sums` columns after `group` and `target`, in order.
    pub const COLUMNS: [&str; 10] = [
        col::BOARDS,
        col::SOLVING,
        col::WAYS,
        col::WAYS_SOLVING,
        col::WAYS_TREES,
        col::WAYS_EXPRESSIONS,
        col::WAYS_DISTINCT,
        col::WAYS_MIN_OPS,
        col::UNIQUE,
        col::WAYS_UNIQUE,
    ];

    pub fn add(&mut self, o: [u64; 10]) -> Result<()> {
        for (a, b) in self.0.iter_mut().zip(o) {
            *a = a.checked_add(b).ok_or_else(|| Error::CountOverflow)?;
        }
        Ok(())
    }

    /// Adds one board's puzzle at this sum's target: `ways` deals of a board that reaches it
    /// (`solved`) with `[trees, expressions, distinct]` solutions (`distinct` 0 where
    /// undefined) in `min_ops` operations.
    pub fn add_puzzle(
        &mut self,
        ways: u64,
        solved: bool,
        counts: [u64; 3],
        min_ops: u8,
    ) -> Result<()> {
        let [trees, expressions, d] = counts;
        let unique = u64::from(d == 1);
        let m = |x: u64| ways.checked_mul(x).ok_or_else(|| Error::CountOverflow);
        self.add([
            1,
            u64::from(solved),
            ways,
            if solved { ways } else { 0 },
            m(trees)?,
            m(expressions)?,
            m(d)?,
            if solved { m(u64::from(min_ops))? } else { 0 },
            unique,
            ways * unique,
        ])
    }

    /// [`Sums::add_puzzle`] for a reach-only run, which has no counts: the sums it has, at
    /// a fifth of the work (its rows are folded one by one).
    pub fn add_reached(&mut self, ways: u64, solved: bool, min_ops: u8) -> Result<()> {
        let s = &mut self.0;
        let add = |a: &mut u64, b: u64| -> Result<()> {
            *a = a.checked_add(b).ok_or_else(|| Error::CountOverflow)?;
            Ok(())
        };
        add(&mut s[0], 1)?;
        add(&mut s[2], ways)?;
        if solved {
            add(&mut s[1], 1)?;
            add(&mut s[3], ways)?;
            let ops = ways
                .checked_mul(u64::from(min_ops))
                .ok_or_else(|| Error::CountOverflow)?;
            add(&mut s[7], ops)?;
        }
        Ok(())
    }

    /// `sum[a] / sum[b]`, `None` when nothing is summed.
    fn ratio(&self, a: usize, b: usize) -> Option<f64> {
        (self.0[b] > 0).then(|| self.0[a] as f64 / self.0[b] as f64)
    }
}

/// When the sums of every piece of all `n` shards are present, builds `targets.parquet`
/// from them; whether it did.
pub(super) fn write(dir: &Path, corpus: &Corpus, n: usize) -> Result<bool> {
    match gather(dir, corpus, n) {
        Ok(()) => Ok(true),
        Err(Error::Missing(_)) => Ok(false),
        Err(e) => Err(e),
    }
}

/// Builds `targets.parquet` from the sums of every piece of all `n` shards, computing
/// nothing; refuses, naming the shards to rerun, when some piece is missing. The sums of a
/// reach-only run (no solution counts) give a reach-only summary; shards of both kinds are
/// refused.
pub fn gather(dir: &Path, corpus: &Corpus, n: usize) -> Result<()> {
    let shards = layout::all_sums(dir, corpus, n)?;
    let missing: Vec<String> = shards
        .iter()
        .enumerate()
        .filter(|(_, files)| !files.iter().all(|f| f.is_file()))
        .map(|(k, _)| (k + 1).to_string())
        .collect();
    if !missing.is_empty() {
        return Err(Error::Missing(format!(
            "{}: shards {} (of {n}) are missing or unfinished: rerun them with --shard K/{n}",
            dir.display(),
            missing.join(", ")
        )));
    }
    // Asked once: it reads every board of the corpus.
    let grouped = corpus.grouped();
    let mut total: BTreeMap<(String, i64), Sums> = BTreeMap::new();
    let mut reach_only = None;
    for p in shards.iter().flatten() {
        let df = read_file(p)?;
        // A reach-only run's sums have no solution counts.
        let counted = df.column(col::WAYS_EXPRESSIONS).is_ok();
        if *reach_only.get_or_insert(!counted) == counted {
            return Err(Error::input(format!(
                "{}: some shards were written by `analyze --reach-only` and some without it: \
                 rerun them all the same way",
                dir.display()
            )));
        }
        let col_u64 = |name: &str| -> Result<Vec<u64>> {
            if !counted && !Table::Sums.in_reach_only(name) {
                return Ok(vec![0; df.height()]);
            }
            let c = df.column(name).map_err(|e| file_error(p, e))?;
            let c = c.u64().map_err(|e| file_error(p, e))?;
            Ok(c.into_no_null_iter().collect())
        };
        let groups: Vec<String> = df
            .column(col::GROUP)
            .and_then(|c| {
                c.str().map(|s| {
                    s.iter()
                        .map(|x| x.unwrap_or_default().to_string())
                        .collect()
                })
            })
            .map_err(|e| file_error(p, e))?;
        let targets: Vec<i64> = df
            .column(col::TARGET)
            .and_then(|c| c.i64().map(|s| s.into_no_null_iter().collect()))
            .map_err(|e| file_error(p, e))?;
        let cols = Sums::COLUMNS
            .iter()
            .map(|c| col_u64(c))
            .collect::<Result<Vec<_>>>()?;
        for (r, (g, t)) in groups.into_iter().zip(targets).enumerate() {
            let row: [u64; 10] = std::array::from_fn(|j| cols[j][r]);
            if grouped {
                total.entry((g, t)).or_default().add(row)?;
            }
            total.entry(("all".to_string(), t)).or_default().add(row)?;
        }
    }
    let reach_only = reach_only.unwrap_or(false);
    let extras = Extras {
        reach_only,
        ..Extras::default()
    };
    let mut df = summary(corpus, &total)?;
    if reach_only {
        df = Table::Targets.select(&df, extras)?;
    }
    write::write_frame(
        &dir.join(format!("{}.parquet", Table::Targets.name())),
        Table::Targets,
        extras,
        &df,
        &super::metadata(corpus, None, reach_only)?,
    )
}

/// The `targets` rows from the summed `(group, target)` totals: `all` first, then the groups
/// in order.
fn summary(corpus: &Corpus, total: &BTreeMap<(String, i64), Sums>) -> Result<DataFrame> {
    let mut rows: Vec<(&(String, i64), &Sums)> = total.iter().collect();
    rows.sort_by_key(|((g, t), _)| (g != "all", g.clone(), *t));
    let with_trees = corpus.game.kind == GameKind::TwentyFour;
    let defined = !corpus.game.rules.unary_minus;
    let count = |j: usize| rows.iter().map(|(_, s)| s.0[j] as u32).collect::<Vec<_>>();
    let ratio = |a: usize, b: usize, keep: bool| {
        rows.iter()
            .map(|(_, s)| s.ratio(a, b).filter(|_| keep))
            .collect::<Vec<_>>()
    };
    // Positions in `Sums::COLUMNS`.
    let (boards, solving, ways, ways_solving, trees, expressions, distinct, min_ops) =
        (0, 1, 2, 3, 4, 5, 6, 7);
    let (unique, ways_unique) = (8, 9);
    frame(vec![
        Column::new(
            col::GROUP.into(),
            rows.iter()
                .map(|((g, _), _)| g.as_str())
                .collect::<Vec<_>>(),
        ),
        Column::new(
            col::TARGET.into(),
            rows.iter().map(|((_, t), _)| *t).collect::<Vec<_>>(),
        ),
        Column::new(col::BOARDS.into(), count(boards)),
        Column::new(col::SOLVING.into(), count(solving)),
        Column::new(col::SOLVABLE_SHARE.into(), ratio(solving, boards, true)),
        Column::new(col::PROBABILITY.into(), ratio(ways_solving, ways, true)),
        Column::new(
            col::EXPECTED_TREES.into(),
            ratio(trees, ways_solving, with_trees),
        ),
        Column::new(
            col::EXPECTED_EXPRESSIONS.into(),
            ratio(expressions, ways_solving, true),
        ),
        Column::new(
            col::EXPECTED_DISTINCT.into(),
            ratio(distinct, ways_solving, defined),
        ),
        Column::new(col::MEAN_MIN_OPS.into(), ratio(min_ops, ways_solving, true)),
        Column::new(col::UNIQUE.into(), count(unique)),
        Column::new(
            col::UNIQUE_SHARE.into(),
            ratio(ways_unique, ways_solving, defined),
        ),
    ])
}
