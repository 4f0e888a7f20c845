//! A file of answers checked row by row (`digits-lab check --batch`): each row's puzzle is
//! checked against the game, then its answer ([`crate::check::check`]); chunks of rows are
//! checked in parallel and written in file order, as JSONL (to standard output or a file) or
//! Parquet, so that the output is the same bytes at any thread count and a file of any
//! length streams.

use std::collections::{BTreeMap, HashMap};
use std::io::{BufWriter, Write};
use std::path::Path;

use polars::prelude::*;
use rayon::prelude::*;
use serde::Serialize;

use crate::check::{self, Fault, Reason, Verdict, no_solution};
use crate::error::file_error;
use crate::error::{Error, Result};
use crate::game::board::Board;
use crate::game::rule_set::Game;
use crate::progress::Progress;
use crate::store::write::{atomically, frame};

use super::input::{Columns, Reader, Row, Unusable};

/// Rows checked at a time: large enough to keep both cores busy, small enough to stream.
const CHUNK: usize = 16_384;

/// How the answers of a file fared.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    pub rows: u64,
    pub solved: u64,
    /// Valid answers that miss the target.
    pub missed: u64,
    pub invalid: u64,
    /// Invalid rows by fault, `puzzle` for a row whose puzzle the game does not allow.
    pub faults: BTreeMap<String, u64>,
    /// Per fault, the first row that has it and why, to show when every row is invalid.
    #[serde(skip)]
    pub first: BTreeMap<String, (u64, String)>,
}

impl Tally {
    /// Counts one verdict.
    pub fn add(&mut self, v: &RowVerdict) {
        self.rows += 1;
        match &v.verdict.reason {
            None if v.verdict.solved => self.solved += 1,
            None => self.missed += 1,
            Some(r) => {
                self.invalid += 1;
                *self.faults.entry(r.fault.name().to_string()).or_default() += 1;
                self.first
                    .entry(r.fault.name().to_string())
                    .or_insert_with(|| (v.row, r.message.clone()));
            }
        }
    }
}

/// One row's verdict (the fault `puzzle` when the row's puzzle is not one of the game's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowVerdict {
    pub row: u64,
    pub verdict: Verdict,
}

impl RowVerdict {
    fn fault(&self) -> Option<Fault> {
        self.verdict.reason.as_ref().map(|r| r.fault)
    }

    fn message(&self) -> Option<&str> {
        self.verdict.reason.as_ref().map(|r| r.message.as_str())
    }
}

/// Checks one row: its puzzle under `game`, then its answer.
pub fn check_row(game: &Game, row: &Row) -> RowVerdict {
    let verdict = match puzzle(game, row) {
        Err(why) => Verdict::invalid(Reason::new(Fault::Puzzle, why.0)),
        Ok((board, target)) => judge(game, &board, target, &row.answer),
    };
    RowVerdict {
        row: row.row,
        verdict,
    }
}

/// The verdict on a row's answer field (`None`: the file has no answer column) to a puzzle
/// the game allows.
pub fn judge(
    game: &Game,
    board: &Board,
    target: i64,
    answer: &Option<std::result::Result<String, Unusable>>,
) -> Verdict {
    match answer {
        None => Verdict::invalid(Reason::new(Fault::Syntax, "no answer column")),
        Some(Err(why)) => Verdict::invalid(Reason::new(Fault::Syntax, why.0.clone())),
        Some(Ok(answer)) => check::check(game, board, target, answer),
    }
}

/// Checks rows in parallel (on the current rayon pool), in their order. An answer that says
/// there is no solution is judged by solving its puzzle, once per distinct puzzle of the
/// batch: a model's answers often say "none" to the same puzzle many times, and solving is
/// a thousand times the cost of reading an expression.
pub fn check_rows(game: &Game, rows: &[Row]) -> Vec<RowVerdict> {
    let looked: Vec<Look> = rows.par_iter().map(|r| look(game, r)).collect();
    let mut puzzles: HashMap<(Board, i64), usize> = HashMap::new();
    let mut distinct = Vec::new();
    for l in &looked {
        if let Look::SaysNone(board, target) = l {
            puzzles.entry((board.clone(), *target)).or_insert_with(|| {
                distinct.push((board, *target));
                distinct.len() - 1
            });
        }
    }
    let solved: Vec<Verdict> = distinct
        .par_iter()
        .map(|(board, target)| no_solution::verdict(game, board, *target))
        .collect();
    looked
        .into_iter()
        .zip(rows)
        .map(|(l, r)| RowVerdict {
            row: r.row,
            verdict: match l {
                Look::Judged(v) => v,
                Look::SaysNone(board, target) => solved[puzzles[&(board, target)]].clone(),
            },
        })
        .collect()
}

/// A row after its first look: judged, or an answer saying there is no solution, whose
/// puzzle is yet to be solved.
enum Look {
    Judged(Verdict),
    SaysNone(Board, i64),
}

fn look(game: &Game, row: &Row) -> Look {
    match puzzle(game, row) {
        Err(why) => Look::Judged(Verdict::invalid(Reason::new(Fault::Puzzle, why.0))),
        Ok((board, target)) => match &row.answer {
            Some(Ok(answer)) if no_solution::says_so(answer) => Look::SaysNone(board, target),
            Some(Ok(answer)) => Look::Judged(check::check_read(game, &board, target, answer)),
            answer => Look::Judged(judge(game, &board, target, answer)),
        },
    }
}

/// Why `count` numbers are no board of `game`, if they are not: a game with a fixed target
/// dealt from its own deck (the 24 game's four cards, make-10's four digits) takes boards of
/// its size only. Three cards are not a 24-game puzzle, which `solve` would call unsolvable
/// and `check` would fault for a number left unused.
pub fn dealt_size(game: &Game, count: usize) -> std::result::Result<(), Unusable> {
    // The preset's deck is built only for a board of another size: this runs on every row.
    if count != game.size && game.target.is_some() && game.pool == Game::preset(game.kind).pool {
        return Err(format!(
            "{} deals {} numbers; this board has {} (a custom --pool plays other sizes)",
            game.kind, game.size, count
        )
        .into());
    }
    Ok(())
}

/// The row's board and target, checked as `solve` checks them and of the size the game deals
/// ([`dealt_size`]), or why they are not a puzzle.
pub fn puzzle(game: &Game, row: &Row) -> std::result::Result<(Board, i64), Unusable> {
    let numbers = row.numbers.clone()?;
    dealt_size(game, numbers.len())?;
    let board = Board::new(game, numbers).map_err(|e| Unusable(e.to_string()))?;
    let target = match (&row.target, game.target) {
        (Some(t), _) => t.clone()?,
        (None, Some(t)) => t,
        (None, None) => return Err("no target".into()),
    };
    if !game.targets.contains(&target) {
        return Err(format!(
            "target {target} is out of range for {} ({}..{}); --targets changes the range",
            game.kind,
            game.targets.start(),
            game.targets.end()
        )
        .into());
    }
    Ok((board, target))
}

/// Where the verdicts go.
pub enum Output<'a> {
    /// JSONL to this writer (standard output).
    Lines(&'a mut (dyn Write + Send)),
    /// A file, JSONL or Parquet by its extension, written atomically.
    File(&'a Path),
}

/// Checks every row of `input` and writes a verdict for each; returns the tally.
pub fn check_file(
    game: &Game,
    input: &Path,
    columns: &Columns,
    output: Output,
    progress: &dyn Progress,
) -> Result<Tally> {
    let mut reader = Reader::open(input, columns, game.target.is_none(), true)?;
    let mut tally = Tally::default();
    progress.start("check", "answers", None);
    let written = match output {
        Output::Lines(w) => each_chunk(game, &mut reader, &mut tally, progress, |vs| {
            write_lines(w, vs).map_err(|e| Error::failed("writing the verdicts", e))
        }),
        Output::File(dest) => to_file(game, &mut reader, &mut tally, progress, dest),
    };
    progress.finish();
    written.map(|()| tally)
}

fn each_chunk(
    game: &Game,
    reader: &mut Reader,
    tally: &mut Tally,
    progress: &dyn Progress,
    mut put: impl FnMut(&[RowVerdict]) -> Result<()>,
) -> Result<()> {
    loop {
        let rows = reader.chunk(CHUNK)?;
        if rows.is_empty() {
            return Ok(());
        }
        let verdicts = check_rows(game, &rows);
        verdicts.iter().for_each(|v| tally.add(v));
        put(&verdicts)?;
        progress.advance(verdicts.len() as u64);
    }
}

fn to_file(
    game: &Game,
    reader: &mut Reader,
    tally: &mut Tally,
    progress: &dyn Progress,
    dest: &Path,
) -> Result<()> {
    let parquet = match dest.extension().and_then(|e| e.to_str()) {
        Some("parquet") => true,
        Some("jsonl") => false,
        _ => {
            return Err(Error::input(format!(
                "{}: verdicts are written as .jsonl or .parquet",
                dest.display()
            )));
        }
    };
    atomically(dest, |file| {
        if parquet {
            let schema = verdict_frame(&[])?.schema().as_ref().clone();
            let mut w = crate::store::write::portable(ParquetWriter::new(file), &schema)
                .batched(&schema)
                .map_err(|e| file_error(dest, e))?;
            each_chunk(game, reader, tally, progress, |vs| {
                w.write_batch(&verdict_frame(vs)?)
                    .map_err(|e| file_error(dest, e))
            })?;
            w.finish().map(|_| ()).map_err(|e| file_error(dest, e))
        } else {
            let mut w = BufWriter::new(file);
            each_chunk(game, reader, tally, progress, |vs| {
                write_lines(&mut w, vs).map_err(|e| file_error(dest, e))
            })?;
            w.flush().map_err(|e| file_error(dest, e))
        }
    })
}

/// One verdict as a JSON line (and an item of the reward server's `/check` reply). A value
/// and a distance are exact text (`765`, `49/2`), as in the Parquet output: a column of JSON
/// lines holds one type, as `datasets` and other readers of them require.
#[derive(Serialize)]
pub struct Line<'a> {
    row: u64,
    valid: bool,
    solved: bool,
    fault: Option<&'static str>,
    message: Option<&'a str>,
    value: Option<String>,
    distance: Option<String>,
    score: Option<u32>,
    ops: Option<usize>,
}

/// The verdict as its JSON line's fields: the row, then the verdict's fields flat.
pub fn line(v: &RowVerdict) -> Line<'_> {
    let d = &v.verdict;
    Line {
        row: v.row,
        valid: d.valid,
        solved: d.solved,
        fault: v.fault().map(Fault::name),
        message: v.message(),
        value: d.value.as_ref().map(ToString::to_string),
        distance: d.distance.as_ref().map(ToString::to_string),
        score: d.score,
        ops: d.ops,
    }
}

fn write_lines(w: &mut dyn Write, verdicts: &[RowVerdict]) -> std::io::Result<()> {
    for v in verdicts {
        serde_json::to_writer(&mut *w, &line(v))?;
        w.write_all(b"\n")?;
    }
    Ok(())
}

/// Verdicts as columns, one value a row: the JSON lines' fields. The Parquet output and Python's `check_many` are these.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VerdictColumns {
    pub row: Vec<u64>,
    pub valid: Vec<bool>,
    pub solved: Vec<bool>,
    pub fault: Vec<Option<&'static str>>,
    pub message: Vec<Option<String>>,
    pub value: Vec<Option<String>>,
    pub distance: Vec<Option<String>>,
    pub score: Vec<Option<u32>>,
    pub ops: Vec<Option<u32>>,
}

impl VerdictColumns {
    pub fn of(verdicts: &[RowVerdict]) -> VerdictColumns {
        let mut c = VerdictColumns::default();
        for v in verdicts {
            let l = line(v);
            c.row.push(l.row);
            c.valid.push(l.valid);
            c.solved.push(l.solved);
            c.fault.push(l.fault);
            c.message.push(l.message.map(str::to_string));
            c.value.push(l.value);
            c.distance.push(l.distance);
            c.score.push(l.score);
            c.ops.push(l.ops.map(|o| o as u32));
        }
        c
    }
}

/// The verdicts as a table of [`VerdictColumns`].
pub fn verdict_frame(verdicts: &[RowVerdict]) -> Result<DataFrame> {
    let c = VerdictColumns::of(verdicts);
    frame(vec![
        Column::new("row".into(), c.row),
        Column::new("valid".into(), c.valid),
        Column::new("solved".into(), c.solved),
        Column::new("fault".into(), c.fault),
        Column::new("message".into(), c.message),
        Column::new("value".into(), c.value),
        Column::new("distance".into(), c.distance),
        Column::new("score".into(), c.score),
        Column::new("ops".into(), c.ops),
    ])
}
