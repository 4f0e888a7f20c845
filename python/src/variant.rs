//! Rule questions on random boards: how far a board covers `1..N` (`cover`), the boards
//! that cover furthest (`cover --size --max`), and the phase transition `P(k, M)` (`phase`).

use std::path::PathBuf;

use pyo3::prelude::*;

use digits_lab::cli::{CoverArgs, PhaseArgs};
use digits_lab::engine::reach::bounded::covers_to;
use digits_lab::game::rule_set::{Game, GameKind};
use digits_lab::store;
use digits_lab::variant::{cover as covering, phase as sweep};

use crate::args::{parse, pool};
use crate::errors::{Failure, guard};
use crate::progress;

/// `cover`'s words with a board's numbers: the largest `N` the board makes every number of
/// `1..=N` from (0 when it cannot make 1).
#[pyfunction]
pub fn cover(py: Python<'_>, words: Vec<String>) -> PyResult<u64> {
    Ok(py.detach(|| {
        guard(|| {
            let args: CoverArgs = parse("cover", &words)?;
            if args.size.is_some() || args.numbers.is_empty() {
                return Err(Failure::input("give a board's numbers"));
            }
            let rules = args.rules.game()?.rules;
            let numbers: Vec<i64> = args.numbers.iter().map(|&n| n as i64).collect();
            Ok(covers_to(&rules, &numbers)?)
        })
    })?)
}

/// `cover --size K --max B1,…,BK`'s words: the best `N`, the boards reaching it, and how
/// many boards were searched and measured.
#[pyfunction]
#[pyo3(signature = (words, progress=None))]
pub fn cover_search(
    py: Python<'_>,
    words: Vec<String>,
    progress: Option<Py<PyAny>>,
) -> PyResult<(u64, Vec<Vec<i64>>, u64, u64)> {
    let (args, rules, total) = guard(|| {
        let args: CoverArgs = parse("cover", &words)?;
        let Some(size) = args.size else {
            return Err(Failure::input("give --size K --max B1,...,BK"));
        };
        // The command's own check (cli/cover.rs), word for word.
        if args.max.len() as u64 != size {
            return Err(Failure::input(format!(
                "--max gives {} bounds for boards of --size {size}",
                args.max.len()
            )));
        }
        let rules = args.rules.game()?.rules;
        let total = covering::check(&args.max)?;
        Ok((args, rules, total))
    })?;
    let found = progress::run(py, progress, Some(total), |inc| {
        guard(|| Ok(pool(args.threads)?.install(|| covering::search(&rules, &args.max, inc))?))
    })?;
    Ok((found.best, found.boards, found.searched, found.measured))
}

/// `phase`'s words: the sweep written to `out/phase.parquet` (the table `phase` writes,
/// for the Python side to read); the rules in words.
#[pyfunction]
#[pyo3(signature = (words, out, progress=None))]
pub fn phase(
    py: Python<'_>,
    words: Vec<String>,
    out: PathBuf,
    progress: Option<Py<PyAny>>,
) -> PyResult<String> {
    let (args, plan, total) = guard(|| {
        let args: PhaseArgs = parse("phase", &words)?;
        let plan = args.plan()?;
        let total = plan.boards();
        Ok((args, plan, total))
    })?;
    let cells = progress::run(py, progress, Some(total), |inc| {
        guard(|| Ok(pool(args.threads)?.install(|| sweep::sweep(&plan, inc))?))
    })?;
    let described = plan.rules.describe();
    let countdown = plan.rules == Game::preset(GameKind::Countdown).rules;
    guard(|| {
        Ok(store::phase::write(
            &out,
            &cells,
            (!countdown).then_some(&described[..]),
        )?)
    })?;
    Ok(described)
}
