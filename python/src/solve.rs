//! One puzzle as `solve --json` reports it, and many puzzles at once as the `puzzles` table
//! holds them (the corpus run's own code, on the caller's boards).

use std::path::PathBuf;

use pyo3::prelude::*;

use digits_lab::request::{SolveRequest, SolveTablesRequest};

use crate::args::Game;
use crate::errors::{guard, json};
use crate::progress;

/// One puzzle solved as `solve` solves it (the target as typed, `None` for the game's own);
/// the report as `solve --json` writes it.
#[pyfunction]
#[pyo3(signature = (game, target, numbers, all=false, count=false, no_moves=false))]
pub fn solve(
    py: Python<'_>,
    game: Game,
    target: Option<String>,
    numbers: Vec<String>,
    all: bool,
    count: bool,
    no_moves: bool,
) -> PyResult<String> {
    let request = SolveRequest {
        game: game.options(),
        target,
        numbers,
        all,
        count,
        no_moves,
    };
    Ok(py.detach(|| {
        guard(|| {
            let report = request.run()?;
            json(&report)
        })
    })?)
}

/// Every board of `boards` (each a list of words) against the targets `lo..=hi` of `game`
/// (the game's own range when not given), as a corpus run computes them, written as tables
/// under `out/solve_many/`; `analyze`'s summary as JSON, and the targets as parsed. The
/// Python side reads the `puzzles` table back and keeps the puzzles asked for.
#[pyfunction]
#[pyo3(signature = (game, boards, targets, out, threads=None, progress=None))]
pub fn solve_tables(
    py: Python<'_>,
    game: Game,
    boards: Vec<Vec<String>>,
    targets: Option<Vec<String>>,
    out: PathBuf,
    threads: Option<i128>,
    progress: Option<Py<PyAny>>,
) -> PyResult<(String, Option<Vec<i64>>)> {
    let request = guard(|| {
        Ok(SolveTablesRequest {
            game: game.options(),
            boards,
            targets,
            out,
            threads: crate::args::threads(threads)?,
        })
    })?;
    let made = progress::run(py, progress, |p| guard(|| Ok(request.run(p)?)))?;
    Ok((guard(|| json(&made.summary))?, made.targets))
}
