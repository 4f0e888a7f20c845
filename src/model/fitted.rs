//! The fitted model the binary carries, `data/difficulty-model.json` (written by
//! `digits-lab fit`, with its report `data/difficulty-fit.md` beside it), and the predictions
//! every puzzle gets from it: the difficulty (predicted ln mean solve time), the time in
//! seconds and the share of players who solve it.

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::puzzle::difficulty::{Features, Setting};

use super::fit::Linear;
use super::inputs::{self, INPUTS};
use super::rate::RateMap;

/// Where the model file lives in the repository.
pub const MODEL_JSON: &str = "data/difficulty-model.json";

/// The model file as the binary carries it.
const EMBEDDED: &str = include_str!("../../data/difficulty-model.json");

/// A fitted difficulty model.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Fitted {
    /// What the model predicts and what it was fitted on, in words.
    pub about: String,
    /// Training sets.
    pub rows: usize,
    /// Cross-validated Spearman ρ of the prediction with mean solve time and with solve rate
    /// (pooled out-of-fold, mean over repeats).
    pub rho_time: f64,
    pub rho_solve: f64,
    /// ln(mean solve time in seconds) from the inputs of [`INPUTS`].
    pub linear: Linear,
    /// The share of players who solve a puzzle of a given ln mean time.
    pub rate: RateMap,
}

impl Fitted {
    /// The model the binary carries.
    pub fn embedded() -> &'static Fitted {
        static MODEL: OnceLock<Fitted> = OnceLock::new();
        MODEL.get_or_init(|| {
            Fitted::parse(EMBEDDED, MODEL_JSON)
                .expect("data/difficulty-model.json is a model of model::inputs (a test checks)")
        })
    }

    /// The model of a model file's text (`origin` names it in errors), checked: the inputs
    /// are those of [`INPUTS`] in their order, every input has a mean, a positive sd and a
    /// weight, and every number is finite, so that predicting can neither index out of range
    /// nor divide by zero.
    pub fn parse(text: &str, origin: &str) -> Result<Fitted> {
        let bad = |what: String| Error::input(format!("{origin}: {what}"));
        let m: Fitted =
            serde_json::from_str(text).map_err(|e| bad(format!("not a model file: {e}")))?;
        let l = &m.linear;
        if !l
            .inputs
            .iter()
            .map(String::as_str)
            .eq(INPUTS.map(|i| i.name))
        {
            return Err(bad(format!(
                "its inputs are {:?}, not those of this build ({:?})",
                l.inputs,
                INPUTS.map(|i| i.name)
            )));
        }
        let n = INPUTS.len();
        if [l.mean.len(), l.sd.len(), l.weights.len()] != [n; 3] {
            return Err(bad(format!(
                "each of mean, sd and weights must have {n} numbers, one per input"
            )));
        }
        let numbers = [
            m.rho_time,
            m.rho_solve,
            l.intercept,
            l.alpha,
            m.rate.a,
            m.rate.b,
        ];
        let mut all = numbers.iter().chain(&l.mean).chain(&l.sd).chain(&l.weights);
        if !all.all(|x| x.is_finite()) || !l.sd.iter().all(|&x| x > 0.0) {
            return Err(bad(
                "its numbers must be finite and every sd positive".into()
            ));
        }
        Ok(m)
    }

    /// The predicted ln mean solve time in seconds: the difficulty score.
    pub fn ln_time(&self, f: &Features, target: i64, s: &Setting) -> f64 {
        self.linear.predict(&inputs::of(f, target, s))
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
        let (l, m) = (&self.linear, &o.linear);
        self.about == o.about
            && self.rows == o.rows
            && l.inputs == m.inputs
            && all_close(
                &[
                    self.rho_time,
                    self.rho_solve,
                    l.intercept,
                    l.alpha,
                    self.rate.a,
                    self.rate.b,
                ],
                &[
                    o.rho_time,
                    o.rho_solve,
                    m.intercept,
                    m.alpha,
                    o.rate.a,
                    o.rate.b,
                ],
            )
            && all_close(&l.mean, &m.mean)
            && all_close(&l.sd, &m.sd)
            && all_close(&l.weights, &m.weights)
    }

    /// The model file's text: pretty JSON ending in a newline.
    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).expect("a model serializes");
        s.push('\n');
        s
    }
}
