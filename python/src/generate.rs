//! Puzzles to order, as `generate --format json` writes them.

use pyo3::prelude::*;

use digits_lab::present::output_format::Format;
use digits_lab::request::generate::{COUNT, DAYS, GenerateFormat, TRIES};
use digits_lab::request::{GenerateRequest, parsed};

use crate::args::Game;
use crate::errors::guard;
use crate::progress;

/// `generate` run as the command runs it, its options the command's flags (`None`: the
/// command's default): the puzzles as its JSON, the table's title, and how many boards were
/// drawn.
#[pyfunction]
#[pyo3(signature = (
    game, count=None, seed=None, solutions=None, convention=None, min_ops=None, uses_all=false,
    no_repeats=false, difficulty=None, all=false, day=false, days=None, tries=None,
    threads=None, progress=None, model_difficulty=None,
))]
#[allow(clippy::too_many_arguments)]
pub fn generate(
    py: Python<'_>,
    game: Game,
    count: Option<i128>,
    seed: Option<u64>,
    solutions: Option<String>,
    convention: Option<String>,
    min_ops: Option<String>,
    uses_all: bool,
    no_repeats: bool,
    difficulty: Option<String>,
    all: bool,
    day: bool,
    days: Option<i128>,
    tries: Option<i128>,
    threads: Option<i128>,
    progress: Option<Py<PyAny>>,
    model_difficulty: Option<std::path::PathBuf>,
) -> PyResult<(String, String, u64)> {
    let request = guard(|| {
        let d = GenerateRequest::default();
        Ok(GenerateRequest {
            game: game.options(),
            count: COUNT.fit_opt(count)?,
            seed: seed.unwrap_or(d.seed),
            solutions: parsed("--solutions", solutions.as_deref())?,
            convention: parsed("--convention", convention.as_deref())?.unwrap_or(d.convention),
            min_ops: parsed("--min-ops", min_ops.as_deref())?,
            uses_all,
            no_repeats,
            difficulty: parsed("--difficulty", difficulty.as_deref())?,
            all,
            day,
            days: DAYS.fit_opt(days)?,
            tries: TRIES.fit_opt(tries)?.unwrap_or(d.tries),
            threads: crate::args::threads(threads)?,
            model_difficulty,
            format: GenerateFormat::List(Format::Json),
            ..d
        })
    })?;
    let made = progress::run(py, progress, |p| guard(|| Ok(request.run(p)?)))?;
    let json = guard(|| {
        let mut bytes = Vec::new();
        request.write(&made, &mut bytes, "")?;
        Ok(String::from_utf8_lossy(&bytes).into_owned())
    })?;
    Ok((json, made.title, made.generated.boards))
}
