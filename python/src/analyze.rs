//! Commands that write tables and reports (`analyze`, `plots`), run as the command line runs
//! them: their words parsed by its `Cli`, their files where it puts them.

use clap::Parser;
use pyo3::prelude::*;

use digits_lab::cli::{self, Cli};

use crate::errors::{Failure, guard};
use crate::progress;

/// Runs the command `words` (`analyze …` or `plots …`) with the GIL released, calling
/// `progress(0, None)` every tenth of a second while it runs (the Python side measures
/// progress from the pieces written: a corpus run counts boards only on a terminal).
#[pyfunction]
#[pyo3(signature = (words, progress=None))]
pub fn run_command(
    py: Python<'_>,
    words: Vec<String>,
    progress: Option<Py<PyAny>>,
) -> PyResult<()> {
    let cli = guard(|| {
        let first = words.first().map(String::as_str);
        if !matches!(first, Some("analyze" | "plots")) {
            return Err(Failure::input("only `analyze` and `plots` run this way"));
        }
        let argv = std::iter::once("digits-lab".to_string()).chain(words.iter().cloned());
        Cli::try_parse_from(argv).map_err(|e| Failure::usage(&e))
    })?;
    progress::run(py, progress, None, |_| guard(|| Ok(cli::run(cli)?)))?;
    Ok(())
}
