//! Fitting the simulated player's weights (`crate::player`) to people's times.
//!
//! The player is fitted on its own: ln(mean time) is taken to be `a + b · ln(expected moves
//! to the first success)` plus Gaussian noise, with `b` at 0 or above, and the weights that
//! maximise that likelihood are those whose player leaves the least squared error. Alone,
//! because the player is what carries difficulty to Digits and Countdown, where the other
//! inputs are 24-game numbers carried outside their range: fitted beside them, the player
//! learns to correct them (more moves, *less* time) and stops being a model of a person. And
//! `b ≥ 0` because a player that needs more moves must not predict a faster person.
//!
//! A rank objective (Spearman) was the alternative; it is flat in steps (ranks change only
//! when two puzzles swap), which a search over weights cannot climb, while the squared error
//! moves smoothly.
//!
//! The search is a deterministic coordinate search: from the uniform player, each weight in
//! turn is moved up or down by a step while that lowers the error, the step halving from 1 to
//! 1/8 once no move helps. Every evaluation is exact (the player's walk or search), so the
//! fitted weights are a pure function of the rows. A player of each strategy
//! (`crate::player::Strategy`) is fitted so; which one the model takes is the nested
//! cross-validation's choice.

use rayon::prelude::*;

use crate::player::{Player, Prepared, Strategy, Weights};

/// The steps of the coordinate search, largest first.
pub const STEPS: [f64; 4] = [1.0, 0.5, 0.25, 0.125];

/// The largest magnitude a weight may take: e⁶ ≈ 400 times more (or less) likely per unit
/// of a feature is already a player who never (or always) makes the move.
pub const BOUND: f64 = 6.0;

/// Passes over the weights at one step before the step is halved regardless.
const PASSES: usize = 8;

/// The squared error of the least-squares fit of `y` on `player`'s ln moves, with the slope
/// held at 0 or above (a negative slope counts as none: the error of `y`'s mean); infinite
/// when some row's player can never succeed.
pub fn error(graphs: &[&Prepared], y: &[f64], player: &Player) -> f64 {
    let moves: Option<Vec<f64>> = graphs.par_iter().map(|g| player.ln_moves(g)).collect();
    match moves {
        Some(x) => sse_rising(&x, y),
        None => f64::INFINITY,
    }
}

/// The squared error of the least-squares line of `y` on `x` whose slope is held at 0 or
/// above: where the free slope would fall, the best such line is flat (`y`'s mean).
pub fn sse_rising(x: &[f64], y: &[f64]) -> f64 {
    let n = y.len() as f64;
    let (mx, my) = (x.iter().sum::<f64>() / n, y.iter().sum::<f64>() / n);
    let sxy: f64 = x.iter().zip(y).map(|(a, b)| (a - mx) * (b - my)).sum();
    let sxx: f64 = x.iter().map(|a| (a - mx).powi(2)).sum();
    let syy: f64 = y.iter().map(|b| (b - my).powi(2)).sum();
    if sxy <= 0.0 || sxx <= 0.0 {
        syy
    } else {
        syy - sxy * sxy / sxx
    }
}

/// The player with `strategy` whose weights have the least [`error`], by coordinate search
/// from the uniform player.
pub fn fit_player(graphs: &[&Prepared], y: &[f64], strategy: Strategy) -> Player {
    let error = |weights: &Weights| {
        error(
            graphs,
            y,
            &Player {
                strategy,
                weights: *weights,
            },
        )
    };
    let mut w = Weights::UNIFORM;
    let mut best = error(&w);
    for step in STEPS {
        for _ in 0..PASSES {
            let mut moved = false;
            for i in 0..w.0.len() {
                for dir in [1.0, -1.0] {
                    let mut t = w;
                    t.0[i] = (t.0[i] + dir * step).clamp(-BOUND, BOUND);
                    if t == w {
                        continue;
                    }
                    let e = error(&t);
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
    Player {
        strategy,
        weights: w,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_falling_line_counts_as_flat() {
        // y = 1 + 2x exactly: no error left.
        let x = [0.0, 1.0, 2.0, 3.0];
        assert!(sse_rising(&x, &[1.0, 3.0, 5.0, 7.0]).abs() < 1e-12);
        // y = 7 − 2x: the free line fits exactly, the rising one only as well as the mean
        // (Σ(y − 4)² = 9 + 1 + 1 + 9).
        assert_eq!(sse_rising(&x, &[7.0, 5.0, 3.0, 1.0]), 20.0);
        // By hand: x̄ = 1.5, ȳ = 2.5, Sxy = 4, Sxx = 5, Syy = 5 → 5 − 4²/5 = 1.8.
        assert!((sse_rising(&x, &[1.0, 3.0, 2.0, 4.0]) - 1.8).abs() < 1e-12);
        // A constant x explains nothing.
        assert_eq!(sse_rising(&[2.0; 4], &[1.0, 3.0, 2.0, 4.0]), 5.0);
    }
}
