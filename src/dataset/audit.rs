//! A puzzle dataset audited (`digits-lab audit FILE`): every row's puzzle checked against the
//! game, repeats found, and every puzzle solved exactly — solvable, the counts under every
//! convention, `min_ops`, a unique solution or not, the difficulty score with its predicted
//! time and solve rate — into one Parquet row per input row, beside a short summary (its
//! text is `present::audit`'s).
//!
//! Rows are grouped by board, so each distinct board is built once by the engine for the
//! range of its rows' targets, as a corpus run builds it ([`BoardRun`]: the counts are
//! `solve`'s, the difficulty the game's table's), and each distinct puzzle read off it once; boards are solved in
//! parallel and the rows written in file order, the same bytes at any thread count.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use polars::prelude::*;
use rayon::prelude::*;
use serde::Serialize;

use std::ops::Not;

use crate::engine::inequivalent;
use crate::error::Result;
use crate::game::board::Board;
use crate::game::rule_set::Game;
use crate::progress::Progress;
use crate::puzzle::board_run::BoardRun;
use crate::store::write::{column_of, frame, portable_parquet_file};

use super::check::puzzle;
use super::input::{Columns, Reader, Unusable};

/// What the engine says of one puzzle.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Solved {
    pub solvable: bool,
    pub min_ops: Option<u32>,
    pub trees: u64,
    pub expressions: u64,
    /// `None` where the convention is undefined (unary minus).
    pub distinct: Option<u64>,
    /// 4shu.net's count, under the 24 game's arithmetic only.
    pub inequivalent: Option<u64>,
    pub difficulty: Option<f64>,
    pub predicted_time_s: Option<f64>,
    pub predicted_solve_rate: Option<f64>,
    pub needs_fraction: Option<bool>,
    pub needs_division: Option<bool>,
    pub needs_negative: Option<bool>,
}

/// One audited row.
#[derive(Clone, Debug, PartialEq)]
pub struct Audited {
    pub row: u64,
    /// The numbers, ascending, separated by spaces; `None` when unreadable.
    pub board: Option<String>,
    pub target: Option<i64>,
    /// `ok`, `unsolvable`, `invalid` (the game does not allow the puzzle) or `duplicate`
    /// (the same numbers and target as an earlier row).
    pub status: &'static str,
    /// Why an invalid row is.
    pub reason: Option<String>,
    pub duplicate_of: Option<u64>,
    pub solved: Option<Solved>,
    /// The difficulty band (easy … fiendish) of the game's own puzzles, when known.
    pub band: Option<&'static str>,
}

/// How the rows fared, for the summary.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct AuditSummary {
    pub rows: u64,
    pub ok: u64,
    pub unsolvable: u64,
    pub invalid: u64,
    pub duplicate: u64,
    /// Solvable rows (duplicates excluded) with exactly one `distinct` solution.
    pub unique: u64,
    /// Solvable rows whose `distinct` count is undefined (unary minus), so neither unique
    /// nor not.
    pub unique_undefined: u64,
    /// Solvable rows by `min_ops`.
    pub min_ops: BTreeMap<u32, u64>,
    /// Solvable rows by difficulty band, when the game's bands are known.
    pub bands: BTreeMap<String, u64>,
}

/// Audits every row of `input` under `game`; `band_of` names a difficulty score's band.
pub fn audit(
    game: &Game,
    input: &Path,
    columns: &Columns,
    band_of: Option<&(dyn Fn(f64) -> &'static str + Sync)>,
    progress: &dyn Progress,
) -> Result<Vec<Audited>> {
    let rows = Reader::open(input, columns, game.target.is_none(), false)?.rest()?;
    let mut out: Vec<Audited> = Vec::with_capacity(rows.len());
    // Each distinct board's rows (index in `out`, target), in first-seen order.
    let mut boards: Vec<(Board, Vec<(usize, i64)>)> = Vec::new();
    let mut board_at: HashMap<Vec<i64>, usize> = HashMap::new();
    // The first row of each (numbers, target), by its number in the file and its index here;
    // a repeat copies what the engine said of it.
    let mut first: HashMap<(Vec<i64>, i64), (u64, usize)> = HashMap::new();
    let mut copies: Vec<(usize, usize)> = Vec::new();
    for row in &rows {
        let mut a = Audited {
            row: row.row,
            board: None,
            target: None,
            status: "invalid",
            reason: None,
            duplicate_of: None,
            solved: None,
            band: None,
        };
        match puzzle(game, row) {
            Err(why) => {
                if let Ok(n) = &row.numbers {
                    a.board = Some(spaced(n));
                }
                if let Some(Ok(t)) = row.target {
                    a.target = Some(t);
                }
                a.reason = Some(why.0);
            }
            Ok((board, target)) => {
                a.board = Some(board.to_string());
                a.target = Some(target);
                let key = (board.numbers().to_vec(), target);
                match first.get(&key) {
                    Some(&(earlier, at)) => {
                        a.status = "duplicate";
                        a.duplicate_of = Some(earlier);
                        copies.push((out.len(), at));
                    }
                    None => {
                        first.insert(key, (row.row, out.len()));
                        a.status = "ok";
                        let at = *board_at.entry(board.numbers().to_vec()).or_insert_with(|| {
                            boards.push((board, Vec::new()));
                            boards.len() - 1
                        });
                        boards[at].1.push((out.len(), target));
                    }
                }
            }
        }
        out.push(a);
    }
    progress.start("audit", "boards", Some(boards.len() as u64));
    let solved: Vec<Vec<(usize, std::result::Result<Solved, Unusable>)>> = boards
        .par_iter()
        .map(|(board, wanted)| {
            let r = solve_board(game, board, wanted);
            progress.advance(1);
            r
        })
        .collect();
    progress.finish();
    for (i, s) in solved.into_iter().flatten() {
        let a = &mut out[i];
        match s {
            Ok(s) => {
                if a.status == "ok" && !s.solvable {
                    a.status = "unsolvable";
                }
                a.band = band_of.zip(s.difficulty).map(|(f, d)| f(d));
                a.solved = Some(s);
            }
            Err(why) => {
                a.status = "invalid";
                a.reason = Some(why.0);
            }
        }
    }
    for (i, from) in copies {
        let (solved, band) = (out[from].solved, out[from].band);
        out[i].solved = solved;
        out[i].band = band;
        if out[from].status == "invalid" {
            out[i].status = "invalid";
            out[i].reason = out[from].reason.clone();
        }
    }
    Ok(out)
}

/// One board built once for the range of its rows' targets, as a corpus run builds it, and
/// read at each (`wanted`: distinct targets, each with the index it is reported under).
pub fn solve_board(
    game: &Game,
    board: &Board,
    wanted: &[(usize, i64)],
) -> Vec<(usize, std::result::Result<Solved, Unusable>)> {
    let lo = wanted.iter().map(|w| w.1).min().unwrap_or(0);
    let hi = wanted.iter().map(|w| w.1).max().unwrap_or(0);
    let run = match BoardRun::build(game, board, lo, hi) {
        Ok(run) => run,
        Err(e) => {
            return wanted
                .iter()
                .map(|&(i, _)| (i, Err(Unusable(e.to_string()))))
                .collect();
        }
    };
    let ineq = inequivalent::defined(&game.rules, board.numbers());
    wanted
        .iter()
        .map(|&(i, target)| {
            let inequivalent =
                ineq.then(|| inequivalent::counts(board.numbers(), target..=target)[0]);
            let solved = match run.counts(target) {
                None => Solved {
                    distinct: game.rules.unary_minus.not().then_some(0),
                    inequivalent,
                    ..Solved::default()
                },
                Some(c) => {
                    let a = run.assess(target);
                    Solved {
                        solvable: true,
                        min_ops: Some(c.min_ops),
                        trees: c.trees,
                        expressions: c.expressions,
                        distinct: c.distinct,
                        inequivalent,
                        difficulty: a.map(|a| a.difficulty),
                        predicted_time_s: a.map(|a| a.predicted_time_s()),
                        predicted_solve_rate: a.map(|a| a.predicted_solve_rate()),
                        needs_fraction: a.map(|a| a.features.needs_fraction),
                        needs_division: a.map(|a| a.features.needs_division),
                        needs_negative: a.map(|a| a.features.needs_negative),
                    }
                }
            };
            (i, Ok(solved))
        })
        .collect()
}

/// Numbers the game refused, ascending and spaced as a board is written.
fn spaced(numbers: &[i64]) -> String {
    let mut sorted = numbers.to_vec();
    sorted.sort_unstable();
    sorted
        .iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

impl AuditSummary {
    pub fn of(rows: &[Audited]) -> AuditSummary {
        let mut s = AuditSummary {
            rows: rows.len() as u64,
            ..AuditSummary::default()
        };
        for a in rows {
            match a.status {
                "ok" => s.ok += 1,
                "unsolvable" => s.unsolvable += 1,
                "duplicate" => s.duplicate += 1,
                _ => s.invalid += 1,
            }
            let Some(solved) = a.solved.filter(|x| x.solvable && a.status == "ok") else {
                continue;
            };
            match solved.distinct {
                Some(1) => s.unique += 1,
                None => s.unique_undefined += 1,
                Some(_) => {}
            }
            if let Some(m) = solved.min_ops {
                *s.min_ops.entry(m).or_default() += 1;
            }
            if let Some(b) = a.band {
                *s.bands.entry(b.to_string()).or_default() += 1;
            }
        }
        s
    }
}

/// What `audit` reports: where the rows went and how they fared.
#[derive(Clone, Debug, PartialEq)]
pub struct AuditReport {
    pub out: std::path::PathBuf,
    pub summary: AuditSummary,
    /// The game's share of puzzles in each difficulty band, where its bands are constants
    /// (empty otherwise), shown beside the set's.
    pub shares: Vec<(&'static str, f64)>,
}

/// Writes the audited rows to `dest` (Parquet) atomically.
pub fn write(dest: &Path, rows: &[Audited]) -> Result<()> {
    let s = |f: fn(&Solved) -> Option<f64>| {
        rows.iter()
            .map(|a| a.solved.as_ref().and_then(f))
            .collect::<Vec<_>>()
    };
    let solved = |f: fn(&Solved) -> Option<u64>| {
        rows.iter()
            .map(|a| a.solved.as_ref().and_then(f))
            .collect::<Vec<_>>()
    };
    let mut df = frame(vec![
        column_of("row", rows, |a| a.row),
        column_of("board", rows, |a| a.board.clone()),
        column_of("target", rows, |a| a.target),
        column_of("status", rows, |a| a.status),
        column_of("reason", rows, |a| a.reason.clone()),
        column_of("duplicate_of", rows, |a| a.duplicate_of),
        column_of("solvable", rows, |a| a.solved.map(|s| s.solvable)),
        column_of("min_ops", rows, |a| a.solved.and_then(|s| s.min_ops)),
        Column::new("trees".into(), solved(|s| Some(s.trees))),
        Column::new("expressions".into(), solved(|s| Some(s.expressions))),
        Column::new("distinct".into(), solved(|s| s.distinct)),
        Column::new("inequivalent".into(), solved(|s| s.inequivalent)),
        column_of("unique", rows, |a| {
            a.solved.and_then(|s| s.distinct.map(|d| d == 1))
        }),
        Column::new("difficulty".into(), s(|x| x.difficulty)),
        Column::new("predicted_time_s".into(), s(|x| x.predicted_time_s)),
        Column::new("predicted_solve_rate".into(), s(|x| x.predicted_solve_rate)),
        column_of("band", rows, |a| a.band),
        column_of("needs_fraction", rows, |a| {
            a.solved.and_then(|s| s.needs_fraction)
        }),
    ])?;
    portable_parquet_file(dest, &mut df)
}
