//! Model answers evaluated (`evaluate`), as `digits-lab evaluate` evaluates them: the
//! tables, figures, charts and report written into a folder for the Python side to read,
//! the figures returned as JSON.

use std::path::PathBuf;

use pyo3::prelude::*;

use digits_lab::dataset::input::Columns;
use digits_lab::request::EvaluateRequest;
use digits_lab::request::evaluate::K;

use crate::args::Game;
use crate::errors::{guard, json};
use crate::progress;

/// Evaluates the answers in `input` into the folder `out`; the figures as JSON.
#[pyfunction]
#[pyo3(signature = (game, input, out, k, numbers_column=None, target_column=None, answer_column=None, model_column=None, threads=None, progress=None))]
#[allow(clippy::too_many_arguments)]
pub fn evaluate(
    py: Python<'_>,
    game: Game,
    input: PathBuf,
    out: PathBuf,
    k: Vec<i128>,
    numbers_column: Option<String>,
    target_column: Option<String>,
    answer_column: Option<String>,
    model_column: Option<String>,
    threads: Option<i128>,
    progress: Option<Py<PyAny>>,
) -> PyResult<String> {
    let request = guard(|| {
        Ok(EvaluateRequest {
            game: game.options(),
            input,
            columns: Columns {
                numbers: numbers_column,
                target: target_column,
                answer: answer_column,
                model: model_column,
            },
            k: K.fit_all(&k)?,
            out: Some(out),
            threads: crate::args::threads(threads)?,
        })
    })?;
    let e = progress::run(py, progress, |p| guard(|| Ok(request.run(p)?)))?;
    Ok(guard(|| json(&e.summary))?)
}
