//! The player's surrogate for the large corpora: the exact walk costs too much for 177
//! million Digits puzzles, so their tables take a linear fit of the player's ln moves on
//! exact features ([`super::inputs::SURROGATE`]), fitted on a seeded sample of Digits and
//! Countdown puzzles whose walk is computed, and checked on a second seeded sample.

use rayon::prelude::*;

use crate::engine::Dp;
use crate::error::Result;
use crate::features::{self, Setting};
use crate::game::board::Board;
use crate::game::number::Int;
use crate::game::rule_set::{Game, GameKind};
use crate::player::{Graph, Player};

use super::fitted::Surrogate;
use super::folds::SplitMix64;
use super::inputs::{self, SURROGATE};
use super::ridge::fit;
use super::stats::spearman;

/// Puzzles the published surrogate is fitted on, and checked on
/// (`super::train::Plan::FULL`).
pub const FIT: usize = 300;
pub const CHECK: usize = 300;

/// The seeds of the two samples.
pub const FIT_SEED: u64 = 1;
pub const CHECK_SEED: u64 = 2;

/// One sampled puzzle: the surrogate's inputs and the player's exact ln moves.
struct Point {
    x: Vec<f64>,
    y: f64,
}

/// A seeded random puzzle, alternately Digits and Countdown as their corpora deal them: six
/// numbers drawn without replacement from 1–25 (Digits) or the Countdown cards, a target
/// drawn from the game's range.
fn draw(rng: &mut SplitMix64, k: usize) -> (Game, Vec<i64>, i64) {
    let digits = k.is_multiple_of(2);
    let game = Game::preset(if digits {
        GameKind::Digits
    } else {
        GameKind::Countdown
    });
    let mut pool: Vec<i64> = if digits {
        (1..=25).collect()
    } else {
        game.pool
            .cards()
            .iter()
            .flat_map(|&(v, c)| std::iter::repeat_n(v, c as usize))
            .collect()
    };
    let mut numbers = Vec::with_capacity(game.size);
    for _ in 0..game.size {
        let i = rng.below(pool.len() as u64) as usize;
        numbers.push(pool.swap_remove(i));
    }
    numbers.sort_unstable();
    let (lo, hi) = (*game.targets.start(), *game.targets.end());
    let target = lo + rng.below((hi - lo + 1) as u64) as i64;
    (game, numbers, target)
}

/// The surrogate inputs and exact ln moves of one drawn puzzle, `None` when unreachable.
fn point(game: &Game, numbers: &[i64], target: i64, player: &Player) -> Result<Option<Point>> {
    let words: Vec<String> = numbers.iter().map(i64::to_string).collect();
    let board = Board::parse(game, &words)?;
    let dp = Dp::<Int>::build(&board, &game.rules)?;
    let Some(f) = features::measure(&dp, &board, &game.rules, target)? else {
        return Ok(None);
    };
    let s = Setting::of::<Int>(&board, &game.rules);
    let g = Graph::build::<Int>(numbers, &game.rules, target)
        .map_err(|e| crate::error::Error::input(e.to_string()))?
        .expect("a positive target");
    let Some(y) = player.ln_moves(&g.prepare()) else {
        return Ok(None);
    };
    Ok(Some(Point {
        x: inputs::surrogate_inputs(&f, target, &s).to_vec(),
        y,
    }))
}

/// `n` solvable puzzles drawn with `seed`, evaluated in parallel (the draws are sequential,
/// so the sample is the same at any thread count).
fn sample(n: usize, seed: u64, player: &Player) -> Result<Vec<Point>> {
    let mut rng = SplitMix64::new(seed);
    let mut out: Vec<Point> = Vec::with_capacity(n);
    let mut k = 0;
    // Some drawn targets are unreachable: draw in rounds, keeping reachable ones in order.
    for _ in 0..64 {
        if out.len() >= n {
            break;
        }
        let draws: Vec<_> = (0..n)
            .map(|_| {
                k += 1;
                draw(&mut rng, k - 1)
            })
            .collect();
        let points: Vec<Option<Point>> = draws
            .par_iter()
            .map(|(g, nums, t)| point(g, nums, *t, player))
            .collect::<Result<_>>()?;
        out.extend(points.into_iter().flatten());
    }
    out.truncate(n);
    if out.len() < n {
        return Err(crate::error::Error::input(format!(
            "only {} of {n} drawn puzzles were reachable",
            out.len()
        )));
    }
    Ok(out)
}

/// The surrogate of `player`, fitted on `fit_on` puzzles and checked on `check_on` others.
pub fn fit_surrogate(player: &Player, fit_on: usize, check_on: usize) -> Result<Surrogate> {
    let train = sample(fit_on, FIT_SEED, player)?;
    let check = sample(check_on, CHECK_SEED, player)?;
    let x: Vec<Vec<f64>> = train.iter().map(|p| p.x.clone()).collect();
    let y: Vec<f64> = train.iter().map(|p| p.y).collect();
    let linear = fit(&x, &y, 0, &[]).named(SURROGATE.iter().map(|s| s.to_string()).collect());
    let predicted: Vec<f64> = check.iter().map(|p| linear.predict(&p.x)).collect();
    let exact: Vec<f64> = check.iter().map(|p| p.y).collect();
    let rmse = (predicted
        .iter()
        .zip(&exact)
        .map(|(a, b)| (a - b).powi(2))
        .sum::<f64>()
        / exact.len() as f64)
        .sqrt();
    Ok(Surrogate {
        linear,
        fitted_on: fit_on,
        checked_on: check_on,
        check_rho: spearman(&predicted, &exact),
        check_rmse: rmse,
    })
}
