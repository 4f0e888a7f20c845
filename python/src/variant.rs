//! Rule questions on random boards: how far a board covers `1..N` (`cover`), the boards
//! that cover furthest (`cover --size --max`), and the phase transition `P(k, M)` (`phase`).

use std::path::PathBuf;

use pyo3::prelude::*;

use digits_lab::progress::Silent;
use digits_lab::request::cover::{MAX, NUMBER, SIZE};
use digits_lab::request::phase::{BUDGET, EXACT_LIMIT, K, M, SAMPLES};
use digits_lab::request::{CoverReport, CoverRequest, PhaseRequest};

use crate::args::Game;
use crate::errors::{Failure, guard};
use crate::progress;

/// The largest `N` the board makes every number of `1..=N` from (0 when it cannot make 1),
/// under `game`'s rules.
#[pyfunction]
pub fn cover(py: Python<'_>, game: Game, numbers: Vec<String>) -> PyResult<u64> {
    Ok(py.detach(|| {
        guard(|| {
            let request = CoverRequest {
                rules: game.rules(),
                numbers: (numbers.iter())
                    .map(|n| NUMBER.parse(n))
                    .collect::<Result<_, _>>()?,
                ..CoverRequest::default()
            };
            match request.run(&Silent)? {
                CoverReport::Board { covers, .. } => Ok(covers),
                CoverReport::Search { .. } => Err(Failure::input("give a board's numbers")),
            }
        })
    })?)
}

/// The boards of `size` numbers, the i-th at most `max[i]`, that cover furthest: the best
/// `N`, the boards reaching it, and how many boards were searched and measured.
#[pyfunction]
#[pyo3(signature = (game, size, max, threads=None, progress=None))]
pub fn cover_search(
    py: Python<'_>,
    game: Game,
    size: i128,
    max: Vec<i128>,
    threads: Option<i128>,
    progress: Option<Py<PyAny>>,
) -> PyResult<(u64, Vec<Vec<i64>>, u64, u64)> {
    let request = guard(|| {
        Ok(CoverRequest {
            rules: game.rules(),
            size: Some(SIZE.fit(size)?),
            max: MAX.fit_all(&max)?,
            threads: crate::args::threads(threads)?,
            ..CoverRequest::default()
        })
    })?;
    let report = progress::run(py, progress, |p| guard(|| Ok(request.run(p)?)))?;
    match report {
        CoverReport::Search { found, .. } => {
            Ok((found.best, found.boards, found.searched, found.measured))
        }
        CoverReport::Board { .. } => Err(Failure::input("give --size K --max B1,...,BK").into()),
    }
}

/// A sweep of `P(k, M)` (each option `None` for the command's default) written to
/// `out/phase.parquet`, for the Python side to read; the rules in words.
#[pyfunction]
#[pyo3(signature = (game, out, k=None, m=None, samples=None, exact_limit=None, seed=None, threads=None, progress=None, budget=None))]
#[allow(clippy::too_many_arguments)]
pub fn phase(
    py: Python<'_>,
    game: Game,
    out: PathBuf,
    k: Option<Vec<i128>>,
    m: Option<Vec<i128>>,
    samples: Option<i128>,
    exact_limit: Option<i128>,
    seed: Option<u64>,
    threads: Option<i128>,
    progress: Option<Py<PyAny>>,
    budget: Option<i128>,
) -> PyResult<String> {
    let request = guard(|| {
        let d = PhaseRequest::default();
        Ok(PhaseRequest {
            rules: game.rules(),
            out: Some(out),
            k: k.map(|k| K.fit_all(&k)).transpose()?.unwrap_or(d.k),
            m: m.map(|m| M.fit_all(&m)).transpose()?.unwrap_or(d.m),
            samples: SAMPLES.fit_opt(samples)?.unwrap_or(d.samples),
            exact_limit: EXACT_LIMIT.fit_opt(exact_limit)?.unwrap_or(d.exact_limit),
            budget: BUDGET.fit_opt(budget)?.unwrap_or(d.budget),
            seed: seed.unwrap_or(d.seed),
            threads: crate::args::threads(threads)?,
            reports: None,
            no_report: true,
            keep: false,
        })
    })?;
    let report = progress::run(py, progress, |p| guard(|| Ok(request.run(p)?)))?;
    Ok(report.rules)
}
