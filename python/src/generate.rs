//! Puzzles to order, as `generate --format json` writes them.

use pyo3::prelude::*;

use digits_lab::cli::GenerateArgs;
use digits_lab::generate::{generate as make, output};
use digits_lab::present::output_format::Format;

use crate::args::{parse, pool};
use crate::errors::guard;
use crate::progress;

/// `generate`'s words run as the command runs them: the puzzles as its JSON, the table's
/// title, and how many boards were drawn.
#[pyfunction]
#[pyo3(signature = (words, progress=None))]
pub fn generate(
    py: Python<'_>,
    words: Vec<String>,
    progress: Option<Py<PyAny>>,
) -> PyResult<(String, String, u64)> {
    let (args, req, title) = guard(|| {
        let args: GenerateArgs = parse("generate", &words)?;
        let (req, title) = args.request()?;
        Ok((args, req, title))
    })?;
    let made = progress::run(py, progress, None, |inc| {
        guard(|| Ok(pool(args.threads)?.install(|| make(&req, &|n| inc(n)))?))
    })?;
    Ok((
        output::format(&made.puzzles, Format::Json, &title),
        title,
        made.boards,
    ))
}
