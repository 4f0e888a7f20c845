//! The player's move preferences fitted on the moves people logged, not on their times:
//! every `op` action of a study is a choice among the moves open on the board at that
//! moment (as the simulated player sees them: a pair of values and an operation, moves giving
//! the same board by the same step one option, with copies), and the player's softmax over
//! the move features (`digits_lab::player::moves`) is fitted to those choices by maximum
//! likelihood. Reported beside the uniform player and the player the model carries (fitted on
//! 24-game times), per move: `digits-lab study prefs`.

use std::path::Path;

use digits_lab::model::Fitted;
use digits_lab::player::moves::N;
use digits_lab::player::{FEATURES, MoveFeatures, Weights, features};
use rusqlite::Connection;

use crate::db::{self, DbError};
use crate::plan::Plan;
use crate::play::{Action, Play, op_of};

/// One logged choice: each option's features and copies, and the option taken.
pub struct Choice {
    pub options: Vec<(MoveFeatures, f64)>,
    pub chosen: usize,
}

/// A logged action: kind, tile `a`, operation, tile `b`.
type Logged = (String, Option<i64>, Option<String>, Option<i64>);

/// What the fit found.
pub struct Prefs {
    pub choices: usize,
    /// Mean log-likelihood per choice of the uniform player, the carried player, the fitted.
    pub uniform: f64,
    pub carried: f64,
    pub fitted: f64,
    pub weights: Weights,
}

/// Every `op` action of the study in `db_path`, as a choice.
pub fn choices(db_path: &Path) -> Result<Vec<Choice>, DbError> {
    let c = db::open_read(db_path)?;
    let err = |e: rusqlite::Error| DbError {
        path: db_path.display().to_string(),
        what: e.to_string(),
    };
    read(&c).map_err(err)
}

fn read(c: &Connection) -> rusqlite::Result<Vec<Choice>> {
    let text: String = c.query_row("SELECT value FROM study WHERE key = 'plan'", [], |r| {
        r.get(0)
    })?;
    let plan = Plan::parse(&text).map_err(|_| rusqlite::Error::InvalidQuery)?;
    let puzzles = db::read_puzzles(c)?;
    let mut trials = c.prepare("SELECT id, puzzle FROM trials ORDER BY id")?;
    let mut moves = c.prepare("SELECT kind, a, op, b FROM moves WHERE trial = ?1 ORDER BY seq")?;
    let mut out = Vec::new();
    let ids: Vec<(i64, i64)> = trials
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<rusqlite::Result<_>>()?;
    for (trial, puzzle) in ids {
        let q = &puzzles[puzzle as usize];
        let largest = q.board.iter().copied().max().unwrap_or(0);
        let Some(mut play) = Play::new(plan.game.rules, &q.board, q.target) else {
            continue;
        };
        let actions: Vec<Logged> = moves
            .query_map([trial], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
            })?
            .collect::<rusqlite::Result<_>>()?;
        for (kind, a, op, b) in actions {
            let action = match (kind.as_str(), a, op.as_deref().and_then(op_of), b) {
                ("undo", ..) => Action::Undo,
                ("reset", ..) => Action::Reset,
                (_, Some(a), Some(op), Some(b)) => {
                    let (a, b) = (a as usize, b as usize);
                    if let Some((options, chosen)) = play.options(a, op, b) {
                        out.push(Choice {
                            options: options
                                .into_iter()
                                .map(|(s, n)| (features(s, q.target, largest), f64::from(n)))
                                .collect(),
                            chosen,
                        });
                    }
                    Action::Combine { a, op, b }
                }
                _ => return Err(rusqlite::Error::InvalidQuery),
            };
            play.act(action)
                .map_err(|_| rusqlite::Error::InvalidQuery)?;
        }
    }
    Ok(out)
}

/// The mean log-likelihood per choice of `w`, and its gradient.
fn likelihood(w: &[f64; N], choices: &[Choice]) -> (f64, [f64; N]) {
    let mut ll = 0.0;
    let mut grad = [0.0; N];
    for c in choices {
        let prefs: Vec<f64> = c
            .options
            .iter()
            .map(|(f, n)| n.ln() + f.iter().zip(w).map(|(x, w)| x * w).sum::<f64>())
            .collect();
        let top = prefs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let z: f64 = prefs.iter().map(|p| (p - top).exp()).sum();
        ll += prefs[c.chosen] - top - z.ln();
        for (k, g) in grad.iter_mut().enumerate() {
            let expected: f64 = c
                .options
                .iter()
                .zip(&prefs)
                .map(|((f, _), p)| (p - top).exp() / z * f[k])
                .sum();
            *g += c.options[c.chosen].0[k] - expected;
        }
    }
    let n = choices.len().max(1) as f64;
    (ll / n, grad.map(|g| g / n))
}

/// Fits the weights to `choices` by gradient ascent with a small ridge penalty (the
/// log-likelihood is concave), from the uniform player; weights kept within ±6 as the
/// time fit keeps them.
pub fn fit(choices: &[Choice]) -> Prefs {
    const RIDGE: f64 = 1e-3;
    let objective = |w: &[f64; N]| {
        let (ll, g) = likelihood(w, choices);
        let pen: f64 = w.iter().map(|x| x * x).sum::<f64>() * RIDGE;
        let mut grad = g;
        for (gk, wk) in grad.iter_mut().zip(w) {
            *gk -= 2.0 * RIDGE * wk;
        }
        (ll - pen, grad)
    };
    let mut w = [0.0; N];
    let (mut value, mut grad) = objective(&w);
    let mut step = 1.0;
    for _ in 0..500 {
        let trial: [f64; N] = std::array::from_fn(|k| (w[k] + step * grad[k]).clamp(-6.0, 6.0));
        let (v, g) = objective(&trial);
        if v > value {
            let gain = v - value;
            (w, value, grad) = (trial, v, g);
            step *= 1.5;
            if gain < 1e-10 {
                break;
            }
        } else {
            step /= 2.0;
            if step < 1e-9 {
                break;
            }
        }
    }
    let carried = Fitted::embedded().player().weights;
    Prefs {
        choices: choices.len(),
        uniform: likelihood(&[0.0; N], choices).0,
        carried: likelihood(&carried.0, choices).0,
        fitted: likelihood(&w, choices).0,
        weights: Weights(w),
    }
}

/// The fit as text: the likelihoods, then each feature's weight beside the carried one.
pub fn describe(p: &Prefs) -> String {
    let carried = Fitted::embedded().player().weights;
    let mut s = format!(
        "{} logged moves; mean log-likelihood per move: uniform player {:.3}, the carried player \
         (fitted on 24-game times) {:.3}, fitted on these moves {:.3}\n",
        p.choices, p.uniform, p.carried, p.fitted
    );
    s.push_str("feature        fitted  carried\n");
    for (k, f) in FEATURES.iter().enumerate() {
        s.push_str(&format!(
            "{:<13} {:>7.3}  {:>7.3}\n",
            f.name, p.weights.0[k], carried.0[k]
        ));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Choices made by a known player are fitted back to it (its weight on `hits` found).
    #[test]
    fn the_fit_finds_a_players_preference() {
        // Two options each time: one hits the target, one does not; the hit is chosen 80% of
        // the time, so the fitted `hits` weight is ln 4.
        let hit: MoveFeatures = std::array::from_fn(|k| if k == 0 { 1.0 } else { 0.0 });
        let miss: MoveFeatures = [0.0; N];
        let choices: Vec<Choice> = (0..100)
            .map(|i| Choice {
                options: vec![(hit, 1.0), (miss, 1.0)],
                chosen: usize::from(i % 5 == 0),
            })
            .collect();
        let p = fit(&choices);
        assert!((p.weights.0[0] - 4f64.ln()).abs() < 0.05, "{:?}", p.weights);
        assert!(p.fitted > p.uniform);
        assert!((p.uniform - 0.5f64.ln()).abs() < 1e-12);
    }
}
