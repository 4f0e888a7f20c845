//! A game as data: what `--game` and its flags make of the rules, as `solve --json` writes
//! it in its `game` field.

use pyo3::prelude::*;

use crate::args::{GameOnly, parse};
use crate::errors::guard;

/// The game the words choose (`--game`, `--rules`, `--pool`, `--targets`, `--pow`, …),
/// checked, as JSON.
#[pyfunction]
pub fn describe(words: Vec<String>) -> PyResult<String> {
    Ok(guard(|| {
        let args: GameOnly = parse("game", &words)?;
        let game = args.game.game()?;
        serde_json::to_string(&game).map_err(|e| crate::errors::Failure::input(e.to_string()))
    })?)
}
