//! The native half of the Python package `digits_lab` (`digits_lab._native`): thin pyo3
//! wrappers over the digits-lab library, which stays the one source of truth.
//!
//! The Python half (python/digits_lab/) passes its keyword arguments here as they are, named
//! as the command's flags; each wrapper builds the library's request from them (numbers
//! through the request layer's bounds, text through the library's parsers, so a refused
//! value gets the command's one-line message), runs it, and returns plain data (JSON text,
//! numbers, or tables written as Parquet for polars to read). Nothing here parses a command
//! line. Long work runs with the GIL released; a panic never reaches Python
//! (`errors::guard` turns it into an exception).

mod analyze;
mod args;
mod check;
mod errors;
mod evaluate;
mod game;
mod generate;
mod progress;
mod solve;
mod variant;

use pyo3::prelude::*;

/// The module `digits_lab._native`.
#[pymodule]
#[pyo3(name = "_native")]
fn native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("DigitsLabError", py.get_type::<errors::DigitsLabError>())?;
    m.add("InternalError", py.get_type::<errors::InternalError>())?;
    m.add("VERSION", digits_lab_version())?;
    m.add_function(wrap_pyfunction!(solve::solve, m)?)?;
    m.add_function(wrap_pyfunction!(check::check, m)?)?;
    m.add_function(wrap_pyfunction!(check::check_many, m)?)?;
    m.add_function(wrap_pyfunction!(check::usual_columns, m)?)?;
    m.add_function(wrap_pyfunction!(check::audit, m)?)?;
    m.add_function(wrap_pyfunction!(evaluate::evaluate, m)?)?;
    m.add_function(wrap_pyfunction!(solve::solve_tables, m)?)?;
    m.add_function(wrap_pyfunction!(generate::generate, m)?)?;
    m.add_function(wrap_pyfunction!(variant::cover, m)?)?;
    m.add_function(wrap_pyfunction!(variant::cover_search, m)?)?;
    m.add_function(wrap_pyfunction!(variant::phase, m)?)?;
    m.add_function(wrap_pyfunction!(analyze::analyze, m)?)?;
    m.add_function(wrap_pyfunction!(analyze::plots, m)?)?;
    m.add_function(wrap_pyfunction!(game::describe, m)?)?;
    Ok(())
}

/// The library's version, which the tables' metadata and `--version` carry.
fn digits_lab_version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}
