//! A game as data: what a `digits_lab.Game` makes of the rules, as `solve --json` writes it
//! in its `game` field.

use pyo3::prelude::*;

use crate::args::Game;
use crate::errors::{guard, json};

/// The game, checked, as JSON.
#[pyfunction]
pub fn describe(game: Game) -> PyResult<String> {
    Ok(guard(|| {
        let game = game.options().game()?;
        json(&game)
    })?)
}
