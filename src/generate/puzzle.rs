//! A generated puzzle as it is handed to the setter: `solve`'s report of it (counts,
//! `min_ops`, a shortest solution, every `distinct` solution with `--all`), flattened into
//! one record with the difficulty the search chose it by: the score the game's table holds
//! (in Digits and Countdown the player's surrogate, where `solve` walks the player exactly).

use serde::Serialize;

use crate::error::Result;
use crate::game::rule_set::Game;
use crate::model::Fitted;
use crate::puzzle::solve::{self, Options};

use super::bands::{Band, Bands};
use super::draws::Found;

/// One generated puzzle.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Puzzle {
    /// The day (1-based) of `--day`/`--days`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub day: Option<u64>,
    /// The daily slot (1–5) of `--day`/`--days`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub slot: Option<u8>,
    pub board: Vec<i64>,
    pub target: i64,
    pub trees: u64,
    pub expressions: u64,
    /// `null` where `distinct` is not defined (unary minus).
    pub distinct: Option<u64>,
    pub min_ops: u32,
    /// The difficulty score: predicted ln mean solve time in seconds.
    pub difficulty: f64,
    pub predicted_time_s: f64,
    pub predicted_solve_rate: f64,
    /// The game's band the score falls in (absent when the game's bands were not worked out).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub band: Option<Band>,
    /// The predicted share of a language model's answers that solve it
    /// (`--model-difficulty`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model_success: Option<f64>,
    /// One shortest solution.
    pub solution: String,
    /// Every `distinct` solution, fewest numbers first (with `--all`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solutions: Option<Vec<String>>,
}

/// A puzzle with no solution, mixed into a set for models (`--unsolvable`), so that a model
/// can learn to say so: its reference answer is "no solution".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoSolution {
    pub board: Vec<i64>,
    pub target: i64,
    /// 0, or `None` where the convention is undefined (unary minus).
    pub distinct: Option<u64>,
}

/// Where a puzzle belongs in a set of days.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    pub day: u64,
    pub slot: u8,
}

impl Puzzle {
    /// Solves the found puzzle as `solve` does and writes it out.
    pub fn of(
        game: &Game,
        found: &Found,
        all: bool,
        bands: Option<&Bands>,
        place: Option<Place>,
    ) -> Result<Puzzle> {
        // The difficulty is the one the search chose the puzzle by, the table's.
        let opts = Options {
            all,
            no_moves: true,
            no_difficulty: true,
        };
        let r = solve::solve(game, &found.board, found.target, opts)?;
        let (Some(min_ops), Some(shortest)) = (r.counts.min_ops, r.shortest) else {
            return Err(crate::Error::input(format!(
                "{} from {} was generated but is not solvable",
                found.target, found.board
            )));
        };
        let solution = plainer(game, found, min_ops)?.unwrap_or(shortest.expression);
        Ok(Puzzle {
            day: place.map(|p| p.day),
            slot: place.map(|p| p.slot),
            board: r.board,
            target: r.target,
            trees: r.counts.trees,
            expressions: r.counts.expressions,
            distinct: r.counts.distinct,
            min_ops,
            difficulty: found.difficulty,
            predicted_time_s: found.difficulty.exp(),
            predicted_solve_rate: Fitted::embedded().solve_rate(found.difficulty),
            band: bands.map(|b| b.band_of(found.difficulty)),
            model_success: found.model_success,
            solution,
            solutions: r.solutions.filter(|_| all),
        })
    }
}

/// Under unary minus, a reference with no minus sign where one takes as few operations: the
/// engine's first tree may negate numbers (`(−1) + (−3) × (−4) − (−13)`) where `13 + 3 × 4 − 1`
/// exists, and a reference is read by people and learned by models. `None` where every
/// shortest solution needs a minus sign, or the rules have none.
fn plainer(game: &Game, found: &Found, min_ops: u32) -> Result<Option<String>> {
    if !game.rules.unary_minus {
        return Ok(None);
    }
    let mut plain = game.clone();
    plain.rules.unary_minus = false;
    let opts = Options {
        all: false,
        no_moves: true,
        no_difficulty: true,
    };
    let r = solve::solve(&plain, &found.board, found.target, opts)?;
    Ok(r.shortest
        .filter(|_| r.counts.min_ops == Some(min_ops))
        .map(|s| s.expression))
}
