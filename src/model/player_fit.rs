//! Fitting the simulated player's weights (`crate::player`) to people's times.
//!
//! The objective is a likelihood: ln(mean time) is taken to be a linear function of the
//! model's other inputs and of ln(expected moves to the first success) of the player, plus
//! Gaussian noise, so the weights that maximise the likelihood are those whose player leaves
//! the least squared error in that least-squares fit. A rank objective (Spearman) was the
//! alternative; it is flat in steps (ranks change only when two puzzles swap), which a
//! search over weights cannot climb, while the squared error moves smoothly.
//!
//! The search is a deterministic coordinate search: from the uniform player, each weight in
//! turn is moved up or down by a step while that lowers the error, the step halving from 1 to
//! 1/8 once no move helps. Every evaluation is exact (the player's walk), so the fitted
//! weights are a pure function of the rows.

use rayon::prelude::*;

use crate::player::{Outcome, Prepared, Weights};

use super::fit::{ALPHAS, ridge};

/// The steps of the coordinate search, largest first.
pub const STEPS: [f64; 4] = [1.0, 0.5, 0.25, 0.125];

/// The largest magnitude a weight may take: e⁶ ≈ 400 times more (or less) likely per unit
/// of a feature is already a player who never (or always) makes the move.
pub const BOUND: f64 = 6.0;

/// The signs the player's weights are held to: it seeks the target, so it may not avoid
/// reaching it (`hits` not negative), nor prefer a result further from it (`distance`) or
/// one that climbs past everything in sight (`climbs`), both not positive — the forward,
/// target-seeking habit of van der Maas & Nyamsuren (2017). Unconstrained, the fit drifts to
/// a player that wanders away from the target, whose moves still rank puzzles but no longer
/// describe a person.
pub const NOT_NEGATIVE: [&str; 1] = ["hits"];
pub const NOT_POSITIVE: [&str; 2] = ["distance", "climbs"];

/// The range weight `i` may take.
pub fn range(i: usize) -> (f64, f64) {
    let name = crate::player::FEATURES[i].name;
    if NOT_POSITIVE.contains(&name) {
        (-BOUND, 0.0)
    } else if NOT_NEGATIVE.contains(&name) {
        (0.0, BOUND)
    } else {
        (-BOUND, BOUND)
    }
}

/// Passes over the weights at one step before the step is halved regardless.
const PASSES: usize = 8;

/// The player's input to the model: ln(expected moves to the first success), `None` when no
/// attempt can succeed.
pub fn ln_moves(o: &Outcome) -> Option<f64> {
    let m = o.moves();
    (m.is_finite() && m > 0.0).then(|| m.ln())
}

/// The squared error of the least-squares fit of `y` on `base` and the player's ln moves
/// under `w`; infinite when some row's player can never succeed.
pub fn error(graphs: &[&Prepared], base: &[Vec<f64>], y: &[f64], w: &Weights) -> f64 {
    let moves: Vec<Option<f64>> = graphs
        .par_iter()
        .map(|g| ln_moves(&g.evaluate(w)))
        .collect();
    let mut x = Vec::with_capacity(y.len());
    for (b, m) in base.iter().zip(&moves) {
        let Some(m) = m else {
            return f64::INFINITY;
        };
        let mut row = b.clone();
        row.push(*m);
        x.push(row);
    }
    let model = ridge(&x, y, ALPHAS[0]);
    x.iter()
        .zip(y)
        .map(|(r, t)| (t - model.predict(r)).powi(2))
        .sum()
}

/// The weights of least [`error`], by coordinate search from the uniform player.
pub fn fit_weights(graphs: &[&Prepared], base: &[Vec<f64>], y: &[f64]) -> Weights {
    let mut w = Weights::UNIFORM;
    let mut best = error(graphs, base, y, &w);
    for step in STEPS {
        for _ in 0..PASSES {
            let mut moved = false;
            for i in 0..w.0.len() {
                for dir in [1.0, -1.0] {
                    let mut t = w;
                    let (lo, hi) = range(i);
                    t.0[i] = (t.0[i] + dir * step).clamp(lo, hi);
                    if t == w {
                        continue;
                    }
                    let e = error(graphs, base, y, &t);
                    if e < best {
                        (best, w, moved) = (e, t, true);
                    }
                }
            }
            if !moved {
                break;
            }
        }
    }
    w
}
