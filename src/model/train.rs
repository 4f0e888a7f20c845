//! The fit `digits-lab fit` runs: every training set measured by the engine, the model
//! cross-validated (10 repeats of 10-fold, the penalty chosen inside each training split),
//! then fitted on every set, with the solve-rate map and each single feature's own ρ for
//! comparison.

use crate::puzzle::difficulty::Features;

use super::cv::{CrossValidation, Sample, cross_validate};
use super::fit::fit;
use super::fitted::Fitted;
use super::inputs::INPUTS;
use super::rate::fit_rate_map;
use super::report::markdown;
use super::stats::spearman;
use super::training::{TRAINING_CSV, TrainingSet};

/// Folds and repeats of the cross-validation.
pub const FOLDS: usize = 10;
pub const REPEATS: u64 = 10;

/// A fit and how well it ranks sets it was not fitted on.
#[derive(Clone, Debug)]
pub struct Training {
    pub sets: Vec<TrainingSet>,
    pub cv: CrossValidation,
    pub model: Fitted,
    /// Per single feature, its own Spearman ρ with mean time and with solve rate.
    pub singles: Vec<(String, f64, f64)>,
}

/// Fits the model to `sets`.
pub fn train(sets: Vec<TrainingSet>) -> Training {
    let samples: Vec<_> = sets.iter().map(TrainingSet::sample).collect();
    let cv = cross_validate(&samples, FOLDS, REPEATS);
    let x: Vec<Vec<f64>> = samples.iter().map(|s| s.inputs.clone()).collect();
    let y: Vec<f64> = samples.iter().map(|s| s.mean_time_s.ln()).collect();
    let linear = fit(&x, &y, 0).named(INPUTS.iter().map(|i| i.name.to_string()).collect());
    let model = Fitted {
        about: format!(
            "ln(mean solve time in seconds) of a 24-game puzzle, fitted by `digits-lab fit` \
             on {TRAINING_CSV}"
        ),
        rows: sets.len(),
        rho_time: cv.pooled_time.mean,
        rho_solve: cv.pooled_solve.mean,
        linear,
        rate: fit_rate_map(&samples),
    };
    let singles = singles(&sets, &samples);
    Training {
        sets,
        cv,
        model,
        singles,
    }
}

/// Each feature's own Spearman ρ with mean time and with solve rate: the plain counts, then
/// the model's inputs one at a time.
fn singles(sets: &[TrainingSet], samples: &[Sample]) -> Vec<(String, f64, f64)> {
    let time: Vec<f64> = sets.iter().map(|s| s.mean_time_s).collect();
    let rate: Vec<f64> = sets.iter().map(|s| s.solve_rate).collect();
    let feature =
        |f: fn(&Features) -> f64| -> Vec<f64> { sets.iter().map(|s| f(&s.features)).collect() };
    let mut columns: Vec<(String, Vec<f64>)> = vec![
        (
            "trees".into(),
            sets.iter().map(|s| s.trees as f64).collect(),
        ),
        (
            "expressions".into(),
            sets.iter().map(|s| s.expressions as f64).collect(),
        ),
        ("distinct".into(), feature(|f| f.solutions as f64)),
        ("near misses".into(), feature(|f| f64::from(f.near_misses))),
        ("peak".into(), feature(|f| f.peak as f64)),
    ];
    for (i, input) in INPUTS.iter().enumerate() {
        columns.push((
            input.name.to_string(),
            samples.iter().map(|s| s.inputs[i]).collect(),
        ));
    }
    columns
        .into_iter()
        .map(|(name, x)| (name, spearman(&x, &time), spearman(&x, &rate)))
        .collect()
}

/// The fit report: the model's inputs and why each should matter, then the fit itself.
pub fn report(t: &Training) -> String {
    let mut o = markdown(&t.model.linear, &t.model.rate, &t.cv, &t.singles);
    o.push_str("\n## Why each input\n\n");
    for i in INPUTS {
        o.push_str(&format!("- `{}`: {}.\n", i.name, i.why));
    }
    o
}
