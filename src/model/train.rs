//! The fit `digits-lab fit` runs: every training set measured by the engine and played by the
//! simulated player, the whole procedure (player's weights, choice of inputs, ridge penalty)
//! judged by nested cross-validation, then run on every set; the player's surrogate for the
//! large corpora, the solve-rate map and each single feature's own ρ for comparison.

use crate::error::{Error, Result};
use crate::features::Features;
use crate::player::{Graph, Prepared, Strategy};

use super::cv::{CrossValidation, Sample, cross_validate};
use super::fitted::{CandidateScore, Fitted, PlayerWeights};
use super::human::{TRAINING_CSV, TrainingSet};
use super::inputs::{self, INPUTS};
use super::nested::{self, CANDIDATES, Choice, Nested, Rows};
use super::rate::fit_rate_map;
use super::stats::{mean, spearman};
use super::surrogate::{self, fit_surrogate};

/// How much a fit cross-validates and samples: nearly all of its cost. [`Plan::FULL`] is the
/// published fit (`assets/difficulty-model.json` and `assets/difficulty-fit.md`);
/// [`Plan::QUICK`] runs the same code on far fewer folds and puzzles, in seconds, for the
/// tests. Nothing else about a fit depends on the plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Folds and repeats of the outer (nested) cross-validation.
    pub folds: usize,
    pub repeats: u64,
    /// Folds of the inner cross-validation that scores each candidate inside an outer fold.
    pub inner: usize,
    /// Repeats of the plain (not nested) cross-validation of the chosen model and of each
    /// candidate, with [`Plan::folds`] folds.
    pub cv_repeats: u64,
    /// Puzzles the player's surrogate is fitted on, and checked on.
    pub surrogate_fit: usize,
    pub surrogate_check: usize,
}

impl Plan {
    /// The published fit: 3 × 10-fold outer, 5-fold inner, 10 × 10-fold plain
    /// cross-validation, the surrogate on 300 puzzles and checked on 300.
    pub const FULL: Plan = Plan {
        folds: 10,
        repeats: 3,
        inner: nested::INNER,
        cv_repeats: 10,
        surrogate_fit: surrogate::FIT,
        surrogate_check: surrogate::CHECK,
    };

    /// The same code in seconds: 1 × 3-fold outer, 2-fold inner, 1 × 3-fold plain
    /// cross-validation, the surrogate on 10 puzzles and checked on 10 (each a walk of a
    /// six-number board, the dearest part of a small fit). Its figures are not the published
    /// ones.
    pub const QUICK: Plan = Plan {
        folds: 3,
        repeats: 1,
        inner: 2,
        cv_repeats: 1,
        surrogate_fit: 10,
        surrogate_check: 10,
    };
}

/// Folds and repeats of the published fit's outer cross-validation ([`Plan::FULL`]).
pub const FOLDS: usize = Plan::FULL.folds;
pub const REPEATS: u64 = Plan::FULL.repeats;

/// A fit and how well it ranks sets it was not fitted on.
#[derive(Clone, Debug)]
pub struct Training {
    /// The plan the fit ran.
    pub plan: Plan,
    pub sets: Vec<TrainingSet>,
    /// The nested cross-validation of the whole procedure.
    pub nested: Nested,
    /// Its pooled ρ with time and with solve rate, per repeat.
    pub nested_time: Vec<f64>,
    pub nested_solve: Vec<f64>,
    /// What the procedure chose on every set.
    pub choice: Choice,
    /// The chosen inputs, cross-validated (not nested) with the player's weights fitted on
    /// every set: the figure the old report gave, for comparison.
    pub cv: CrossValidation,
    pub model: Fitted,
    /// Per single feature, its own Spearman ρ with mean time and with solve rate.
    pub singles: Vec<(String, f64, f64)>,
    /// Every set's predicted ln time from the final model, and its player's ln moves.
    pub predicted: Vec<f64>,
    pub player: Vec<f64>,
}

/// The player's graphs of the training sets, each at its target in its game's domain.
pub fn graphs(sets: &[TrainingSet]) -> Result<Vec<Graph>> {
    sets.iter()
        .map(|s| {
            let rules = &s.game.rules;
            let built = crate::with_number_type!(rules.arithmetic, V => {
                Graph::build::<V>(&s.cards, rules, s.target)
            });
            built
                .map_err(|e| Error::input(format!("{} for {}: {e}", s.target, join(&s.cards))))?
                .ok_or_else(|| Error::input(format!("{} is not a number of the game", s.target)))
        })
        .collect()
}

fn join(cards: &[i64]) -> String {
    cards
        .iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Fits the model to `sets`, cross-validating and sampling as `plan` says.
pub fn train(sets: Vec<TrainingSet>, plan: &Plan) -> Result<Training> {
    let samples: Vec<Sample> = sets.iter().map(TrainingSet::sample).collect();
    let base: Vec<Vec<f64>> = samples.iter().map(|s| s.inputs.clone()).collect();
    let y: Vec<f64> = samples.iter().map(|s| s.mean_time_s.ln()).collect();
    let time: Vec<f64> = sets.iter().map(|s| s.mean_time_s).collect();
    let rate: Vec<f64> = sets.iter().map(|s| s.solve_rate).collect();
    let graphs = graphs(&sets)?;
    let prepared: Vec<Prepared> = graphs.iter().map(Graph::prepare).collect();
    let rows = Rows {
        base: &base,
        y: &y,
        graphs: &prepared,
    };
    let nested = nested::nested(&rows, plan.folds, plan.repeats, plan.inner);
    let nested_time: Vec<f64> = nested
        .out_of_fold
        .iter()
        .map(|p| spearman(p, &time))
        .collect();
    let nested_solve: Vec<f64> = nested
        .out_of_fold
        .iter()
        .map(|p| spearman(p, &rate))
        .collect();
    let all: Vec<usize> = (0..y.len()).collect();
    let choice = nested::choose(&rows, &all, 0, plan.inner);
    let names = inputs::all_names();
    let columns = CANDIDATES[choice.candidate].columns;
    let linear = choice
        .linear
        .clone()
        .named(columns.iter().map(|&j| names[j].to_string()).collect());
    // Every strategy's player, fitted on every set, and its full input rows.
    let full: Vec<Vec<Vec<f64>>> = choice
        .players
        .iter()
        .map(|p| nested::full_rows(&rows, p, &all))
        .collect();
    let chosen_rows = &full[choice.strategy.index()];
    let player: Vec<f64> = chosen_rows.iter().map(|r| r[nested::PLAYER]).collect();
    let predicted: Vec<f64> = nested::predict(&rows, &choice, &all);
    let cv = cross_validate(
        &with_inputs(chosen_rows, columns, &samples),
        plan.folds,
        plan.cv_repeats,
        &CANDIDATES[choice.candidate].directions(),
    );
    let candidates = candidate_scores(&full, &samples, &nested, plan);
    let model = Fitted {
        about: format!(
            "ln(mean solve time in seconds) of a 24-game puzzle, fitted by `digits-lab fit` \
             on {TRAINING_CSV}"
        ),
        rows: sets.len(),
        rho_time: mean(&nested_time),
        rho_solve: mean(&nested_solve),
        player: PlayerWeights::of(choice.player()),
        linear,
        columns: columns.to_vec(),
        surrogate: fit_surrogate(choice.player(), plan.surrogate_fit, plan.surrogate_check)?,
        rate: fit_rate_map(&samples),
        candidates,
        out_of_fold: nested.out_of_fold[0].clone(),
    };
    let singles = singles(&sets, &samples, &player);
    Ok(Training {
        plan: *plan,
        sets,
        nested,
        nested_time,
        nested_solve,
        choice,
        cv,
        model,
        singles,
        predicted,
        player,
    })
}

/// `samples` with the columns `c` of `full` (every set's input row) as their inputs.
fn with_inputs(full: &[Vec<f64>], c: &[usize], samples: &[Sample]) -> Vec<Sample> {
    nested::columns(full, c)
        .into_iter()
        .zip(samples)
        .map(|(inputs, s)| Sample {
            inputs,
            ..s.clone()
        })
        .collect()
}

/// Each candidate's cross-validated figures: once without the player, and once with each
/// strategy's player (its input rows in `full`, by strategy); how often the nested
/// cross-validation chose it.
fn candidate_scores(
    full: &[Vec<Vec<f64>>],
    samples: &[Sample],
    nested: &Nested,
    plan: &Plan,
) -> Vec<CandidateScore> {
    let mut candidates: Vec<CandidateScore> = Vec::new();
    for (k, c) in CANDIDATES.iter().enumerate() {
        let with_player = c.columns.contains(&nested::PLAYER);
        for (s, &strategy) in Strategy::ALL.iter().enumerate() {
            if !with_player && s > 0 {
                break;
            }
            let v = cross_validate(
                &with_inputs(&full[s], c.columns, samples),
                plan.folds,
                plan.cv_repeats,
                &c.directions(),
            );
            candidates.push(CandidateScore {
                inputs: c.name.to_string(),
                strategy: with_player.then_some(strategy),
                chosen: nested
                    .chosen
                    .iter()
                    .filter(|&&(cs, ck)| ck == k && (!with_player || cs == strategy))
                    .count(),
                rho_time: v.pooled_time.mean,
                rho_solve: v.pooled_solve.mean,
            });
        }
    }
    candidates
}

/// Each feature's own Spearman ρ with mean time and with solve rate: the plain counts, then
/// the model's inputs one at a time (the player's with the weights fitted on every set).
pub fn singles(
    sets: &[TrainingSet],
    samples: &[Sample],
    player: &[f64],
) -> Vec<(String, f64, f64)> {
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
    columns.push((inputs::PLAYER.name.to_string(), player.to_vec()));
    columns
        .into_iter()
        .map(|(name, x)| (name, spearman(&x, &time), spearman(&x, &rate)))
        .collect()
}

/// The embedded model's player's ln moves for `sets` (infinite where it cannot walk one).
pub fn embedded_player(sets: &[TrainingSet]) -> Vec<f64> {
    let player = Fitted::embedded().player();
    sets.iter()
        .map(|s| {
            graphs(std::slice::from_ref(s))
                .ok()
                .and_then(|g| player.ln_moves(&g[0].prepare()))
                .unwrap_or(f64::INFINITY)
        })
        .collect()
}
