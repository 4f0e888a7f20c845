//! Why the model predicts what it does for one puzzle: the simulated player's exact walk on
//! it, and the two or three inputs that move its prediction most away from a typical 24-game
//! puzzle, in words with their factor on the time.

use serde::Serialize;

use crate::game::number::Number;
use crate::game::rule_set::{Game, GameKind};
use crate::model::Fitted;
use crate::model::inputs::INPUTS;
use crate::player::{Graph, Strategy};

use super::difficulty::Assessment;
use crate::features::{Features, Setting};

/// How many inputs an explanation names.
pub const DRIVERS: usize = 3;

/// What the simulated player does with the puzzle.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayerReport {
    /// How the model's player plays (`crate::player::Strategy`).
    pub strategy: Strategy,
    /// Its expected moves to the first solution.
    pub moves: f64,
    /// The player's most likely first move and its probability.
    pub first_move: String,
    pub first_move_p: f64,
}

/// One input that moves the prediction: in words, and its factor on the predicted time
/// against a puzzle at the training means.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Driver {
    pub input: String,
    pub text: String,
    pub time_factor: f64,
}

/// The prediction explained.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Explanation {
    /// Whether the prediction reaches outside the game the model was fitted on (the 24 game
    /// with four cards and its own rules).
    pub extrapolated: bool,
    /// The player's exact walk; `None` where the board's state graph is too large or only
    /// unary minus (no move) reaches the target, and the score takes the player's surrogate
    /// instead.
    pub player: Option<PlayerReport>,
    pub drivers: Vec<Driver>,
}

/// The player's walk on `numbers` at `target`; `None` where its state graph is too large, or
/// where only unary minus, which is no move, reaches the target.
pub fn walk<V: Number>(game: &Game, numbers: &[i64], target: i64) -> Option<PlayerReport> {
    let g = Graph::build::<V>(numbers, &game.rules, target).ok()??;
    let player = Fitted::embedded().player();
    let moves = player.moves(&g.prepare());
    if !moves.is_finite() {
        return None;
    }
    let first = g.first_moves(&player);
    let (first_move, first_move_p) = first.first().cloned().unwrap_or_default();
    Some(PlayerReport {
        strategy: player.strategy,
        moves,
        first_move,
        first_move_p,
    })
}

impl PlayerReport {
    /// The model's input from these moves ([`crate::player::strategy::ln_moves`]).
    pub fn ln_moves(&self) -> Option<f64> {
        crate::player::strategy::ln_moves(self.moves)
    }
}

/// Whether the model's predictions for `game` are an extrapolation.
pub fn extrapolated(game: &Game, numbers: usize) -> bool {
    let base = Game::preset(GameKind::TwentyFour);
    game.kind != GameKind::TwentyFour || game.rules != base.rules || numbers != base.size
}

/// The assessment of a puzzle with the player's exact input, and its explanation.
pub fn explain(
    game: &Game,
    a: &Assessment,
    target: i64,
    setting: Setting,
    player: Option<PlayerReport>,
) -> (Assessment, Explanation) {
    let m = Fitted::embedded();
    let ln = player.as_ref().and_then(PlayerReport::ln_moves);
    let difficulty = a.features.score_with(target, setting, ln);
    let x = m.inputs(&a.features, target, &setting, ln);
    let l = &m.linear;
    let mut drivers: Vec<Driver> = m
        .columns
        .iter()
        .enumerate()
        .map(|(k, &c)| {
            let effect = l.weights[k] * (x[k] - l.mean[k]) / l.sd[k];
            Driver {
                input: l.inputs[k].clone(),
                text: words(c, &a.features, &setting, target, x[k], player.as_ref()),
                time_factor: effect.exp(),
            }
        })
        .collect();
    drivers.sort_by(|p, q| {
        q.time_factor
            .ln()
            .abs()
            .total_cmp(&p.time_factor.ln().abs())
            .then(p.input.cmp(&q.input))
    });
    drivers.truncate(DRIVERS);
    (
        Assessment {
            features: a.features,
            difficulty,
        },
        Explanation {
            extrapolated: extrapolated(game, setting.numbers),
            player,
            drivers,
        },
    )
}

/// Input `c` (of `model::inputs::all_names`) of this puzzle, in words.
fn words(
    c: usize,
    f: &Features,
    s: &Setting,
    target: i64,
    x: f64,
    player: Option<&PlayerReport>,
) -> String {
    let plural = |n: u64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    match c {
        0 => plural(
            f.whole_expressions,
            "solution in whole numbers",
            "solutions in whole numbers",
        ),
        1 => plural(
            s.first_moves.into(),
            "different first move",
            "different first moves",
        ),
        2 => match s.ones {
            0 => "no 1 on the board".to_string(),
            1 => "a 1 on the board".to_string(),
            n => format!("{n} 1s on the board"),
        },
        3 if f.fractions > 0 => "needs a fraction".to_string(),
        3 => "no fraction needed".to_string(),
        4 if x > 0.0 => format!("must climb to {} (past {})", f.peak, target.max(s.largest)),
        4 => "never climbs past the target or the largest number".to_string(),
        _ if c < INPUTS.len() => INPUTS[c].name.to_string(),
        _ => match player {
            Some(p) if p.strategy == Strategy::Search => format!(
                "the simulated player, searching move by move, needs ~{} moves to find a \
                 solution, trying {} first ({:.0}% of the time)",
                crate::game::words::grouped(p.moves.round() as u64),
                p.first_move,
                100.0 * p.first_move_p
            ),
            Some(p) => format!(
                "the simulated player needs ~{} moves to its first success, drifting toward \
                 {} first ({:.0}% of its first moves)",
                crate::game::words::grouped(p.moves.round() as u64),
                p.first_move,
                100.0 * p.first_move_p
            ),
            None => format!(
                "the simulated player (surrogate estimate) needs ~{} moves to find a solution",
                crate::game::words::grouped(x.exp().round() as u64)
            ),
        },
    }
}
