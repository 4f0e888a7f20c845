//! How the player plays its preferences out ([`Strategy`]), and the player as the model
//! carries it: a strategy and the weights of its move preferences ([`Player`]).

use serde::{Deserialize, Serialize};

use super::{Prepared, Weights};

/// How the player turns its move preferences into a search for the target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Strategy {
    /// Random attempts: each move drawn from the softmax, a fresh attempt after each failure,
    /// nothing remembered ([`super::graph`]).
    Restarts,
    /// A depth-first search in preference order that never tries a move twice
    /// ([`super::search`]).
    Search,
}

impl Strategy {
    pub const ALL: [Strategy; 2] = [Strategy::Restarts, Strategy::Search];

    /// Its place in [`Strategy::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// Its name in the model file and the fit report.
    pub fn name(self) -> &'static str {
        match self {
            Strategy::Restarts => "restarts",
            Strategy::Search => "search",
        }
    }

    /// What it does, in words.
    pub fn what(self) -> &'static str {
        match self {
            Strategy::Restarts => {
                "draws each move from its preferences and, when an attempt fails, starts \
                 afresh, remembering nothing"
            }
            Strategy::Search => {
                "searches depth first, trying the moves of each board in an order drawn from \
                 its preferences, never the same move twice, backing up out of dead ends, and \
                 makes a move that solves the puzzle as soon as it sees one"
            }
        }
    }
}

/// A simulated player: how it searches, and the weights of its move preferences.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Player {
    pub strategy: Strategy,
    pub weights: Weights,
}

impl Player {
    /// The expected moves to its first solution on `p`; infinite where it can never succeed.
    pub fn moves(&self, p: &Prepared) -> f64 {
        match self.strategy {
            Strategy::Restarts => p.evaluate(&self.weights).moves(),
            Strategy::Search => p.search(&self.weights),
        }
    }

    /// ln of [`Player::moves`], the model's input ([`ln_moves`]).
    pub fn ln_moves(&self, p: &Prepared) -> Option<f64> {
        ln_moves(self.moves(p))
    }
}

/// The model's input from a player's expected moves: their ln, `None` where it can never
/// succeed or has nothing to do (the board holds the target).
pub fn ln_moves(moves: f64) -> Option<f64> {
    (moves.is_finite() && moves > 0.0).then(|| moves.ln())
}
