//! The fitted model the binary carries, `assets/difficulty-model.json` (written by
//! `digits-lab fit`, with its report `assets/difficulty-fit.md` beside it), and the predictions
//! every puzzle gets from it: the difficulty (predicted ln mean solve time), the time in
//! seconds and the share of players who solve it.
//!
//! The model takes the simulated player's ln expected moves where its exact walk is computed
//! (every puzzle of the 24 game, and one puzzle at a time in `solve`, `hardest` and the NYT
//! report) and the player's surrogate, a linear fit of it on exact features, elsewhere.

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::features::{Features, Setting};
use crate::player::{Player, Strategy, Weights};

use super::inputs::{self, INPUTS, SURROGATE};
use super::rate::RateMap;
use super::ridge::Linear;

/// Where the model file lives in the repository.
pub const MODEL_JSON: &str = "assets/difficulty-model.json";

/// The model file as the binary carries it.
const EMBEDDED: &str = include_str!("../../assets/difficulty-model.json");

/// Where the fit report of the carried model lives in the repository.
pub const REPORT_MD: &str = "assets/difficulty-fit.md";

/// That report as the binary carries it: what `fit --check` compares a refit's report with,
/// from any folder.
pub const EMBEDDED_REPORT: &str = include_str!("../../assets/difficulty-fit.md");

/// The simulated player as the model file holds it: how it searches and its fitted
/// weights, by move feature.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerWeights {
    pub strategy: Strategy,
    pub features: Vec<String>,
    pub weights: Vec<f64>,
}

impl PlayerWeights {
    pub fn of(p: &Player) -> PlayerWeights {
        PlayerWeights {
            strategy: p.strategy,
            features: crate::player::FEATURES
                .iter()
                .map(|f| f.name.to_string())
                .collect(),
            weights: p.weights.0.to_vec(),
        }
    }

    /// The player (its weights checked against its feature names on load).
    pub fn player(&self) -> Player {
        let mut w = Weights::UNIFORM;
        w.0.copy_from_slice(&self.weights);
        Player {
            strategy: self.strategy,
            weights: w,
        }
    }
}

/// The player's surrogate: ln(player moves) from [`SURROGATE`]'s exact inputs, fitted on a
/// seeded sample of Digits and Countdown puzzles whose walk was computed, with its error on
/// another sample.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Surrogate {
    pub linear: Linear,
    /// Puzzles it was fitted on and checked on.
    pub fitted_on: usize,
    pub checked_on: usize,
    /// On the check sample: Spearman ρ with the player's exact ln moves, and the root mean
    /// squared error in ln moves.
    pub check_rho: f64,
    pub check_rmse: f64,
}

/// A fitted difficulty model.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Fitted {
    /// What the model predicts and what it was fitted on, in words.
    pub about: String,
    /// Training sets.
    pub rows: usize,
    /// Nested cross-validated Spearman ρ of the prediction with mean solve time and with
    /// solve rate (pooled outer out-of-fold, mean over repeats).
    pub rho_time: f64,
    pub rho_solve: f64,
    /// The simulated player's weights.
    pub player: PlayerWeights,
    /// ln(mean solve time in seconds) from the inputs it names, which are
    /// [`inputs::all_names`] at `columns`.
    pub linear: Linear,
    pub columns: Vec<usize>,
    pub surrogate: Surrogate,
    /// The share of players who solve a puzzle of a given ln mean time.
    pub rate: RateMap,
    /// Each candidate input set: how often the outer folds chose it, and its own
    /// cross-validated ρ (not nested) with time and with solve rate.
    pub candidates: Vec<CandidateScore>,
    /// Each training set's nested out-of-fold predicted ln time (repeat 0), in the order of
    /// the training file, for the report's comparisons.
    pub out_of_fold: Vec<f64>,
}

/// One candidate input set's figures (see [`Fitted::candidates`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CandidateScore {
    pub inputs: String,
    /// The strategy of the player it takes; `None` for a candidate without the player.
    pub strategy: Option<Strategy>,
    pub chosen: usize,
    pub rho_time: f64,
    pub rho_solve: f64,
}

impl Fitted {
    /// The model the binary carries.
    pub fn embedded() -> &'static Fitted {
        static MODEL: OnceLock<Fitted> = OnceLock::new();
        MODEL.get_or_init(|| {
            Fitted::parse(EMBEDDED, MODEL_JSON)
                .expect("assets/difficulty-model.json is a model of model::inputs (a test checks)")
        })
    }

    /// The model of a model file's text (`origin` names it in errors), checked: its inputs
    /// are those of [`inputs::all_names`] at `columns`, the surrogate's those of
    /// [`SURROGATE`] and the player's its move features, every list has one number per
    /// input, every number is finite and every sd positive, so that predicting can neither
    /// index out of range nor divide by zero.
    pub fn parse(text: &str, origin: &str) -> Result<Fitted> {
        let bad = |what: String| Error::input(format!("{origin}: {what}"));
        let m: Fitted =
            serde_json::from_str(text).map_err(|e| bad(format!("not a model file: {e}")))?;
        let names = inputs::all_names();
        let l = &m.linear;
        if l.inputs.len() != m.columns.len()
            || !l
                .inputs
                .iter()
                .zip(&m.columns)
                .all(|(i, &c)| names.get(c) == Some(&i.as_str()))
        {
            return Err(bad(format!(
                "its inputs {:?} at columns {:?} are not those of this build ({names:?})",
                l.inputs, m.columns
            )));
        }
        let s = &m.surrogate.linear;
        if !s.inputs.iter().map(String::as_str).eq(SURROGATE) {
            return Err(bad(format!(
                "its surrogate's inputs are {:?}, not {SURROGATE:?}",
                s.inputs
            )));
        }
        let features = crate::player::FEATURES.iter().map(|f| f.name);
        if !m
            .player
            .features
            .iter()
            .map(String::as_str)
            .eq(features.clone())
            || m.player.weights.len() != m.player.features.len()
        {
            return Err(bad(format!(
                "its player's features are not {:?}, one weight each",
                features.collect::<Vec<_>>()
            )));
        }
        for (what, lin) in [("model", l), ("surrogate", s)] {
            let n = lin.inputs.len();
            if [lin.mean.len(), lin.sd.len(), lin.weights.len()] != [n; 3] {
                return Err(bad(format!(
                    "the {what}'s mean, sd and weights must have {n} numbers, one per input"
                )));
            }
        }
        let numbers = [
            m.rho_time,
            m.rho_solve,
            l.intercept,
            l.alpha,
            s.intercept,
            s.alpha,
            m.surrogate.check_rho,
            m.surrogate.check_rmse,
            m.rate.a,
            m.rate.b,
        ];
        let finite = numbers
            .iter()
            .chain(
                [l, s]
                    .into_iter()
                    .flat_map(|x| x.mean.iter().chain(&x.sd).chain(&x.weights)),
            )
            .chain(&m.player.weights)
            .all(|x| x.is_finite());
        if !finite || !l.sd.iter().chain(&s.sd).all(|&x| x > 0.0) {
            return Err(bad(
                "its numbers must be finite and every sd positive".into()
            ));
        }
        Ok(m)
    }

    /// The simulated player.
    pub fn player(&self) -> Player {
        self.player.player()
    }

    /// Whether the model takes the player's input at all.
    pub fn uses_player(&self) -> bool {
        self.columns.contains(&INPUTS.len())
    }

    /// The surrogate's estimate of the player's ln moves.
    pub fn surrogate_ln_moves(&self, f: &Features, target: i64, s: &Setting) -> f64 {
        self.surrogate
            .linear
            .predict(&inputs::surrogate_inputs(f, target, s))
    }

    /// The model's inputs, in the order it takes them: the exact ones from the features, the
    /// player's from `ln_moves` (the surrogate's estimate when `None`).
    pub fn inputs(
        &self,
        f: &Features,
        target: i64,
        s: &Setting,
        ln_moves: Option<f64>,
    ) -> Vec<f64> {
        let exact = inputs::of(f, target, s);
        let player = if self.uses_player() {
            ln_moves.unwrap_or_else(|| self.surrogate_ln_moves(f, target, s))
        } else {
            0.0
        };
        self.columns
            .iter()
            .map(|&c| exact.get(c).copied().unwrap_or(player))
            .collect()
    }

    /// The predicted ln mean solve time in seconds: the difficulty score. (Without the
    /// `Vec` of [`Fitted::inputs`]: it runs for every one of 177 million Digits puzzles.)
    pub fn ln_time(&self, f: &Features, target: i64, s: &Setting, ln_moves: Option<f64>) -> f64 {
        let exact = inputs::of(f, target, s);
        let player = if self.uses_player() {
            ln_moves.unwrap_or_else(|| self.surrogate_ln_moves(f, target, s))
        } else {
            0.0
        };
        let l = &self.linear;
        l.intercept
            + self
                .columns
                .iter()
                .enumerate()
                .map(|(k, &c)| {
                    let x = exact.get(c).copied().unwrap_or(player);
                    l.weights[k] * (x - l.mean[k]) / l.sd[k]
                })
                .sum::<f64>()
    }

    /// The predicted share of players who solve a puzzle of difficulty `ln_time`.
    pub fn solve_rate(&self, ln_time: f64) -> f64 {
        self.rate.rate(ln_time)
    }

    /// Whether `o` is the same model but for the last digits of its numbers (a refit with
    /// another platform's `ln` and `exp` may differ there).
    pub fn matches(&self, o: &Fitted) -> bool {
        let close = |a: f64, b: f64| (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0);
        let all_close = |a: &[f64], b: &[f64]| {
            a.len() == b.len() && a.iter().zip(b).all(|(&x, &y)| close(x, y))
        };
        let same_linear = |l: &Linear, m: &Linear| {
            l.inputs == m.inputs
                && all_close(&[l.intercept, l.alpha], &[m.intercept, m.alpha])
                && all_close(&l.mean, &m.mean)
                && all_close(&l.sd, &m.sd)
                && all_close(&l.weights, &m.weights)
        };
        let (s, t) = (&self.surrogate, &o.surrogate);
        self.about == o.about
            && self.rows == o.rows
            && self.player.strategy == o.player.strategy
            && self.player.features == o.player.features
            && all_close(&self.player.weights, &o.player.weights)
            && same_linear(&self.linear, &o.linear)
            && self.columns == o.columns
            && same_linear(&s.linear, &t.linear)
            && (s.fitted_on, s.checked_on) == (t.fitted_on, t.checked_on)
            && all_close(&self.out_of_fold, &o.out_of_fold)
            && self.candidates.len() == o.candidates.len()
            && self.candidates.iter().zip(&o.candidates).all(|(a, b)| {
                (&a.inputs, a.strategy, a.chosen) == (&b.inputs, b.strategy, b.chosen)
                    && all_close(&[a.rho_time, a.rho_solve], &[b.rho_time, b.rho_solve])
            })
            && all_close(
                &[
                    self.rho_time,
                    self.rho_solve,
                    self.rate.a,
                    self.rate.b,
                    s.check_rho,
                    s.check_rmse,
                ],
                &[
                    o.rho_time,
                    o.rho_solve,
                    o.rate.a,
                    o.rate.b,
                    t.check_rho,
                    t.check_rmse,
                ],
            )
    }

    /// The model file's text: pretty JSON ending in a newline.
    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).expect("a model serializes");
        s.push('\n');
        s
    }
}
