//! A model's success on a puzzle predicted from the puzzle's exact properties: the
//! properties ([`Properties`]), the inputs read off them ([`INPUTS`]), and the fitted model
//! `evaluate` cross-validates and `fit --evaluation` writes ([`SuccessModel`]), which
//! `generate --model-difficulty` makes sets with — hard for a given model rather than for
//! people.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};

use super::cv::Spread;
use super::ridge::Linear;

/// What the engine says of one puzzle: the facts a success model reads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Properties {
    pub size: u32,
    pub target: i64,
    pub solvable: bool,
    pub min_ops: Option<u32>,
    /// Essentially different solutions (the `distinct` convention); `None` where it is
    /// undefined (unary minus).
    pub solutions: Option<u64>,
    pub needs_fraction: Option<bool>,
    pub needs_division: Option<bool>,
    pub needs_negative: Option<bool>,
    /// The predicted ln mean time people take, as the game's table scores it.
    pub difficulty: Option<f64>,
    /// The difficulty band of the game's own puzzles, when the game's bands are known.
    pub band: Option<&'static str>,
}

impl Properties {
    pub fn unique(&self) -> Option<bool> {
        self.solutions.map(|n| n == 1)
    }

    pub fn predicted_time_s(&self) -> Option<f64> {
        self.difficulty.map(f64::exp)
    }
}

/// One input of a success model.
pub struct Input {
    pub name: &'static str,
    /// Why it could matter, as `solve` explains a puzzle.
    pub why: &'static str,
    /// A yes or a no (1 or 0) rather than a quantity.
    pub binary: bool,
    pub of: fn(&Properties) -> f64,
}

/// The inputs, in the order a success model takes them.
pub const INPUTS: [Input; 9] = [
    Input {
        name: "min_ops",
        why: "operations the shortest solution takes",
        binary: false,
        of: |p| f64::from(p.min_ops.unwrap_or(0)),
    },
    Input {
        name: "ln(1 + solutions)",
        why: "essentially different solutions, on a log scale",
        binary: false,
        of: |p| (p.solutions.unwrap_or(0) as f64).ln_1p(),
    },
    Input {
        name: "unique",
        why: "exactly one solution",
        binary: true,
        of: |p| f64::from(u8::from(p.unique() == Some(true))),
    },
    Input {
        name: "needs_fraction",
        why: "every solution passes through a fraction",
        binary: true,
        of: |p| f64::from(u8::from(p.needs_fraction == Some(true))),
    },
    Input {
        name: "needs_division",
        why: "every solution divides",
        binary: true,
        of: |p| f64::from(u8::from(p.needs_division == Some(true))),
    },
    Input {
        name: "needs_negative",
        why: "every solution passes through a negative number",
        binary: true,
        of: |p| f64::from(u8::from(p.needs_negative == Some(true))),
    },
    Input {
        name: "size",
        why: "numbers on the board",
        binary: false,
        of: |p| f64::from(p.size),
    },
    Input {
        name: "ln(target)",
        why: "the target's size, on a log scale",
        binary: false,
        of: |p| (p.target.unsigned_abs().max(1) as f64).ln(),
    },
    Input {
        name: "human difficulty",
        why: "the ln time people are predicted to take, by the model `solve` uses",
        binary: false,
        of: |p| p.difficulty.unwrap_or(0.0),
    },
];

/// The inputs of a puzzle with properties `p`, in [`INPUTS`]' order.
pub fn inputs(p: &Properties) -> Vec<f64> {
    INPUTS.iter().map(|input| (input.of)(p)).collect()
}

/// What a success model file says it is, so that no other JSON is taken for one.
const KIND: &str = "digits-lab success model";

/// The mean cross-validated R² below which a model's failures are not predictable from the
/// puzzles' properties.
pub const PREDICTIVE_R2: f64 = 0.05;

/// Why cross-validated figures say that a model's failures are not predictable from the
/// puzzles' properties, `None` when they are predictable: the mean out-of-fold R² over the
/// repeats below [`PREDICTIVE_R2`], or ρ's interval holding 0. ρ's interval is what a
/// [`Spread`] keeps of it: the lowest to the highest of the repeats' pooled out-of-fold ρ
/// (each repeat splits the boards into other folds), so it holds 0 (or lies below it) when
/// one split of the boards ranks the puzzles no better than chance. The one test `fit
/// --evaluation`, `evaluate`'s report and `generate --model-difficulty` apply.
pub fn unpredictive(rho: &Spread, r2: &Spread) -> Option<String> {
    let mut why = Vec::new();
    // A NaN (a hand-edited file) fails both.
    let (r2_ok, rho_ok) = (r2.mean >= PREDICTIVE_R2, rho.min > 0.0);
    if !r2_ok {
        why.push(format!(
            "cross-validated R² {:.3}, below {PREDICTIVE_R2}",
            r2.mean
        ));
    }
    if !rho_ok {
        let place = if rho.max < 0.0 { "lies below" } else { "holds" };
        why.push(format!(
            "ρ's interval over the repeats, {:.3} to {:.3}, {place} 0",
            rho.min, rho.max
        ));
    }
    (!why.is_empty()).then(|| why.join("; "))
}

/// A model's success fitted on its answers (`fit --evaluation`): ridge regression of the
/// share of its answers that solve each puzzle on the puzzle's [`INPUTS`], with the
/// cross-validated figures it was judged by.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SuccessModel {
    pub kind: String,
    /// The model whose answers it was fitted on.
    pub model: String,
    /// The game the puzzles were of.
    pub game: String,
    /// Solvable puzzles fitted on, and their boards.
    pub puzzles: u64,
    pub boards: u64,
    /// Out-of-fold ρ and R² of predicted with observed success, holding out boards.
    pub rho_cv: Spread,
    pub r2_cv: Spread,
    pub linear: Linear,
}

impl SuccessModel {
    pub fn new(
        model: &str,
        game: &str,
        puzzles: u64,
        boards: u64,
        cv: (Spread, Spread),
        linear: Linear,
    ) -> SuccessModel {
        SuccessModel {
            kind: KIND.to_string(),
            model: model.to_string(),
            game: game.to_string(),
            puzzles,
            boards,
            rho_cv: cv.0,
            r2_cv: cv.1,
            linear,
        }
    }

    /// Why the model's failures are not predictable from the puzzles' properties (see
    /// [`unpredictive`]), `None` when they are.
    pub fn unpredictive(&self) -> Option<String> {
        unpredictive(&self.rho_cv, &self.r2_cv)
    }

    /// The predicted share of the model's answers that solve a solvable puzzle, in [0, 1].
    pub fn success(&self, p: &Properties) -> f64 {
        self.linear.predict(&inputs(p)).clamp(0.0, 1.0)
    }

    /// Reads a model file, refusing one that is not a success model of these inputs.
    pub fn read(path: &Path) -> Result<SuccessModel> {
        let text = std::fs::read_to_string(path).map_err(|e| crate::error::file_error(path, e))?;
        let m: SuccessModel = serde_json::from_str(&text).map_err(|e| {
            Error::input(format!(
                "{}: not a success model (`fit --evaluation` writes one): {e}",
                path.display()
            ))
        })?;
        let names: Vec<&str> = INPUTS.iter().map(|i| i.name).collect();
        let l = &m.linear;
        let sizes = [l.mean.len(), l.sd.len(), l.weights.len()];
        // A file edited by hand must not reach `predict`'s length assertion.
        if m.kind != KIND || l.inputs != names || sizes.iter().any(|&n| n != names.len()) {
            return Err(Error::input(format!(
                "{}: not a success model of this version's inputs ({})",
                path.display(),
                names.join(", ")
            )));
        }
        Ok(m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_model_file_of_the_wrong_shape_is_refused_not_used() {
        let names: Vec<String> = INPUTS.iter().map(|i| i.name.to_string()).collect();
        let n = names.len();
        let linear = Linear {
            inputs: names,
            mean: vec![0.0; n],
            sd: vec![1.0; n],
            weights: vec![0.0; n],
            intercept: 0.5,
            alpha: 1.0,
        };
        let spread = Spread::of(&[0.5]);
        let good = SuccessModel::new("m", "24", 10, 10, (spread, spread), linear);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("m.json");
        std::fs::write(&path, serde_json::to_string(&good).unwrap()).unwrap();
        let read = SuccessModel::read(&path).unwrap();
        assert_eq!(read, good);
        assert_eq!(read.success(&Properties::default()), 0.5);
        let mut short = good.clone();
        short.linear.weights.pop();
        std::fs::write(&path, serde_json::to_string(&short).unwrap()).unwrap();
        let e = SuccessModel::read(&path).unwrap_err().to_string();
        assert!(
            e.contains("not a success model of this version's inputs"),
            "{e}"
        );
        std::fs::write(&path, "{}").unwrap();
        assert!(SuccessModel::read(&path).is_err());
    }

    fn spread(mean: f64, min: f64, max: f64) -> Spread {
        Spread {
            mean,
            sd: (max - min) / 2.0,
            min,
            max,
        }
    }

    #[test]
    fn a_model_predicts_only_with_r2_from_five_hundredths_and_rho_above_zero() {
        let rho = spread(0.3, 0.25, 0.35);
        assert_eq!(unpredictive(&rho, &spread(0.05, 0.04, 0.06)), None);
        assert_eq!(
            unpredictive(&rho, &spread(0.006, 0.0, 0.01)).as_deref(),
            Some("cross-validated R² 0.006, below 0.05")
        );
        assert_eq!(
            unpredictive(&spread(0.1, -0.02, 0.2), &spread(0.2, 0.1, 0.3)).as_deref(),
            Some("ρ's interval over the repeats, -0.020 to 0.200, holds 0")
        );
        assert_eq!(
            unpredictive(&spread(0.1, 0.0, 0.2), &spread(0.2, 0.1, 0.3)).as_deref(),
            Some("ρ's interval over the repeats, 0.000 to 0.200, holds 0")
        );
        let both = unpredictive(&spread(-0.2, -0.3, -0.1), &spread(-0.01, -0.02, 0.0));
        assert_eq!(
            both.as_deref(),
            Some(
                "cross-validated R² -0.010, below 0.05; ρ's interval over the repeats, \
                 -0.300 to -0.100, lies below 0"
            )
        );
        let nan = spread(f64::NAN, f64::NAN, f64::NAN);
        assert!(unpredictive(&nan, &nan).is_some());
    }
}
