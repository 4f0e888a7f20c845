//! Answers checked exactly: one (`check`, the verdict as `check --json` writes it) or many
//! at once (`check_many`, in parallel with the GIL released, as columns); and a dataset
//! audited (`audit`).

use std::path::PathBuf;

use pyo3::prelude::*;

use digits_lab::dataset::check::VerdictColumns;
use digits_lab::dataset::input::{ANSWER_COLUMNS, Columns, NUMBER_COLUMNS, Row, TARGET_COLUMNS};
use digits_lab::request::{AuditRequest, CheckManyRequest, CheckRequest, SolveRequest};

use crate::args::Game;
use crate::errors::{guard, json};
use crate::progress;

/// One answer against one puzzle (the target as typed, `None` for the game's own); the
/// verdict as `check --json` writes it.
#[pyfunction]
pub fn check(
    py: Python<'_>,
    game: Game,
    answer: String,
    target: Option<String>,
    numbers: Vec<String>,
) -> PyResult<String> {
    let request = CheckRequest {
        puzzle: SolveRequest {
            game: game.options(),
            target,
            numbers,
            ..SolveRequest::default()
        },
        answer,
    };
    Ok(py.detach(|| guard(|| json(&request.run()?)))?)
}

/// The verdicts' columns: valid, solved, fault, message, value, distance, score, ops.
type VerdictLists = (
    Vec<bool>,
    Vec<bool>,
    Vec<Option<&'static str>>,
    Vec<Option<String>>,
    Vec<Option<String>>,
    Vec<Option<String>>,
    Vec<Option<u32>>,
    Vec<Option<u32>>,
);

/// Many answers, each with its board and target (`targets` `None`: the game's own); one
/// verdict a row, as columns. A row whose puzzle the game refuses gets the fault `puzzle`.
#[pyfunction]
#[pyo3(signature = (game, answers, numbers, targets=None, threads=None))]
pub fn check_many(
    py: Python<'_>,
    game: Game,
    answers: Vec<Option<String>>,
    numbers: Vec<Vec<i64>>,
    targets: Option<Vec<i64>>,
    threads: Option<i128>,
) -> PyResult<VerdictLists> {
    let threads = guard(|| crate::args::threads(threads))?;
    let rows: Vec<Row> = answers
        .into_iter()
        .zip(numbers)
        .enumerate()
        .map(|(i, (answer, numbers))| Row {
            row: i as u64,
            numbers: Ok(numbers),
            target: targets.as_ref().map(|t| Ok(t[i])),
            answer: Some(Ok(answer.unwrap_or_default())),
            model: None,
        })
        .collect();
    let request = CheckManyRequest {
        game: game.options(),
        rows,
        threads,
    };
    let c = py.detach(|| guard(|| Ok(VerdictColumns::of(&request.run()?))))?;
    Ok((
        c.valid, c.solved, c.fault, c.message, c.value, c.distance, c.score, c.ops,
    ))
}

/// The usual names of the numbers, target and answer columns, tried in order.
#[pyfunction]
pub fn usual_columns() -> (Vec<&'static str>, Vec<&'static str>, Vec<&'static str>) {
    (
        NUMBER_COLUMNS.to_vec(),
        TARGET_COLUMNS.to_vec(),
        ANSWER_COLUMNS.to_vec(),
    )
}

/// A dataset audited as `digits-lab audit` audits it, its rows written to `out` (Parquet) for
/// the Python side to read; the summary as JSON.
#[pyfunction]
#[pyo3(signature = (game, input, out, numbers_column=None, target_column=None, threads=None, progress=None))]
#[allow(clippy::too_many_arguments)]
pub fn audit(
    py: Python<'_>,
    game: Game,
    input: PathBuf,
    out: PathBuf,
    numbers_column: Option<String>,
    target_column: Option<String>,
    threads: Option<i128>,
    progress: Option<Py<PyAny>>,
) -> PyResult<String> {
    let request = guard(|| {
        Ok(AuditRequest {
            game: game.options(),
            input,
            columns: Columns {
                numbers: numbers_column,
                target: target_column,
                answer: None,
                model: None,
            },
            out: Some(out),
            threads: crate::args::threads(threads)?,
        })
    })?;
    let report = progress::run(py, progress, |p| guard(|| Ok(request.run(p)?)))?;
    Ok(guard(|| json(&report.summary))?)
}
