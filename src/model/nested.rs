//! Nested cross-validation of the whole fitting procedure: the player's strategy and
//! weights, the choice of inputs and the ridge penalty are all chosen on the outer training
//! rows only, so the outer score is what the procedure earns on puzzles none of its choices
//! saw.
//!
//! Per outer fold: a player of each strategy (`crate::player::Strategy`) is fitted on the
//! fold's training rows ([`super::player_fit`]); each candidate input set, with each player,
//! is scored by an inner cross-validation on those rows (pooled Spearman ρ of its inner
//! out-of-fold predictions with mean time) and the best pair is fitted on them (penalty
//! chosen inside, as always); the held-out rows are then predicted. The inner scores see the
//! rows the players' weights were fitted on, so they flatter the player a little; the outer
//! score cannot, which is why it is the figure quoted.

use crate::player::{Player, Prepared, Strategy};

use super::folds::folds;
use super::inputs::{self, Direction};
use super::player_fit::fit_player;
use super::ridge::{Linear, fit};
use super::stats::spearman;

/// One candidate input set: columns of the full input row (the five exact inputs, then the
/// player's ln moves).
#[derive(Clone, Copy, Debug)]
pub struct Candidate {
    pub name: &'static str,
    pub columns: &'static [usize],
}

/// The column of the player's input in the full row.
pub const PLAYER: usize = 5;

impl Candidate {
    /// The direction each of this candidate's inputs may move the time
    /// ([`super::inputs::Direction`]).
    pub fn directions(&self) -> Vec<Direction> {
        let all = inputs::all();
        self.columns.iter().map(|&c| all[c].direction).collect()
    }
}

/// The candidates the nested cross-validation chooses among.
pub const CANDIDATES: [Candidate; 4] = [
    Candidate {
        name: "the five exact inputs",
        columns: &[0, 1, 2, 3, 4],
    },
    Candidate {
        name: "the player alone",
        columns: &[PLAYER],
    },
    Candidate {
        name: "the player, whole-number solutions and fractions",
        columns: &[0, 3, PLAYER],
    },
    Candidate {
        name: "the player and the five exact inputs",
        columns: &[0, 1, 2, 3, 4, PLAYER],
    },
];

/// Folds of the inner cross-validation in the published fit (`super::train::Plan::FULL`).
pub const INNER: usize = 5;

/// The rows the model sees: the five exact inputs of every set, its ln mean time, and the
/// player's prepared graph.
pub struct Rows<'a> {
    pub base: &'a [Vec<f64>],
    pub y: &'a [f64],
    pub graphs: &'a [Prepared<'a>],
}

/// What the procedure chooses on some rows: the player's strategy, the candidate, the model.
#[derive(Clone, Debug)]
pub struct Choice {
    pub strategy: Strategy,
    /// The player fitted with each strategy, in the order of [`Strategy::ALL`].
    pub players: Vec<Player>,
    pub candidate: usize,
    pub linear: Linear,
}

fn pick<T: Clone>(v: &[T], rows: &[usize]) -> Vec<T> {
    rows.iter().map(|&r| v[r].clone()).collect()
}

/// The full input rows (five exact inputs and `player`'s ln moves) of `rows`.
pub fn full_rows(r: &Rows, player: &Player, rows: &[usize]) -> Vec<Vec<f64>> {
    rows.iter()
        .map(|&i| {
            let mut x = r.base[i].clone();
            x.push(player.ln_moves(&r.graphs[i]).unwrap_or(f64::MAX));
            x
        })
        .collect()
}

/// The columns `c` of each row.
pub fn columns(x: &[Vec<f64>], c: &[usize]) -> Vec<Vec<f64>> {
    x.iter()
        .map(|r| c.iter().map(|&j| r[j]).collect())
        .collect()
}

/// Chooses and fits on `train` (indices into `r`), seeded by `seed`: the best score of an
/// `inner`-fold cross-validation over every strategy and candidate, ties to the first.
pub fn choose(r: &Rows, train: &[usize], seed: u64, inner: usize) -> Choice {
    let graphs: Vec<&Prepared> = train.iter().map(|&i| &r.graphs[i]).collect();
    let y = pick(r.y, train);
    let players: Vec<Player> = Strategy::ALL
        .iter()
        .map(|&s| fit_player(&graphs, &y, s))
        .collect();
    let rows: Vec<Vec<Vec<f64>>> = players.iter().map(|p| full_rows(r, p, train)).collect();
    let inner: Vec<Vec<f64>> = rows
        .iter()
        .map(|x| {
            CANDIDATES
                .iter()
                .map(|c| {
                    let x = columns(x, c.columns);
                    inner_score(&x, &y, seed, inner, &c.directions())
                })
                .collect()
        })
        .collect();
    let (mut strategy, mut candidate) = (0, 0);
    for (s, scores) in inner.iter().enumerate() {
        for (k, score) in scores.iter().enumerate() {
            if *score > inner[strategy][candidate] {
                (strategy, candidate) = (s, k);
            }
        }
    }
    let c = &CANDIDATES[candidate];
    let linear = fit(
        &columns(&rows[strategy], c.columns),
        &y,
        seed,
        &c.directions(),
    );
    Choice {
        strategy: Strategy::ALL[strategy],
        players,
        candidate,
        linear,
    }
}

impl Choice {
    /// The chosen player.
    pub fn player(&self) -> &Player {
        &self.players[self.strategy.index()]
    }
}

/// Pooled Spearman ρ of the `inner`-fold out-of-fold predictions of `x` with `y`.
fn inner_score(
    x: &[Vec<f64>],
    y: &[f64],
    seed: u64,
    inner: usize,
    directions: &[Direction],
) -> f64 {
    let n = y.len();
    let mut oof = vec![0.0; n];
    let mut held = vec![false; n];
    for test in folds(n, inner, seed) {
        test.iter().for_each(|&i| held[i] = true);
        let train: Vec<usize> = (0..n).filter(|&i| !held[i]).collect();
        test.iter().for_each(|&i| held[i] = false);
        let m = fit(&pick(x, &train), &pick(y, &train), seed, directions);
        for &i in &test {
            oof[i] = m.predict(&x[i]);
        }
    }
    spearman(&oof, y)
}

/// The predictions of `choice` for `rows`.
pub fn predict(r: &Rows, choice: &Choice, rows: &[usize]) -> Vec<f64> {
    let x = full_rows(r, choice.player(), rows);
    columns(&x, CANDIDATES[choice.candidate].columns)
        .iter()
        .map(|row| choice.linear.predict(row))
        .collect()
}

/// The result of [`nested`]: per repeat, every row's outer out-of-fold prediction; and which
/// strategy and candidate each outer fold chose.
#[derive(Clone, Debug)]
pub struct Nested {
    pub out_of_fold: Vec<Vec<f64>>,
    pub chosen: Vec<(Strategy, usize)>,
}

/// `repeats` runs of `k`-fold nested cross-validation (repeat `r` splits with seed `r`), each
/// outer fold choosing by an `inner`-fold cross-validation.
pub fn nested(r: &Rows, k: usize, repeats: u64, inner: usize) -> Nested {
    let n = r.y.len();
    let mut out_of_fold = Vec::new();
    let mut chosen = Vec::new();
    let mut held = vec![false; n];
    for repeat in 0..repeats {
        let mut oof = vec![0.0; n];
        for test in folds(n, k, repeat) {
            if test.is_empty() {
                continue;
            }
            test.iter().for_each(|&i| held[i] = true);
            let train: Vec<usize> = (0..n).filter(|&i| !held[i]).collect();
            test.iter().for_each(|&i| held[i] = false);
            let c = choose(r, &train, repeat, inner);
            for (&i, p) in test.iter().zip(predict(r, &c, &test)) {
                oof[i] = p;
            }
            chosen.push((c.strategy, c.candidate));
        }
        out_of_fold.push(oof);
    }
    Nested {
        out_of_fold,
        chosen,
    }
}
