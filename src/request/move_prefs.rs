//! `study prefs`: the simulated player's move preferences fitted on the moves people made
//! (each a choice among the moves open on the board at that moment, [`Choice::of`]), reported
//! beside the uniform player and the player the model carries (fitted on 24-game times).

use crate::error::{Error, Result};
use crate::model::move_fit;

pub use crate::model::move_fit::Choice;

/// What the fit found: the mean log-likelihood per move of each player, and the weights.
pub type MovePrefsReport = move_fit::MoveFit;

/// The moves to fit the preferences on.
#[derive(Clone, Debug, Default)]
pub struct MovePrefsRequest {
    /// Every move a person made, as a choice among the moves open.
    pub choices: Vec<Choice>,
}

impl MovePrefsRequest {
    /// Fits the player's move preferences to the choices; refuses none (there is nothing
    /// to fit).
    pub fn run(&self) -> Result<MovePrefsReport> {
        if self.choices.is_empty() {
            return Err(Error::input("no moves to fit the preferences on"));
        }
        Ok(move_fit::fit(&self.choices))
    }
}
