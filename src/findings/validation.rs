//! How the difficulty score compares with people. On the 24-game players it was fitted to:
//! the model's nested cross-validated ρ beside every single feature's, each set's nested
//! out-of-fold prediction against its observed time, and the largest misses (the predictions
//! are the ones `digits-lab fit` stored in the model file: refitting takes minutes). On the
//! real NYT puzzles: how the score spreads over the daily slots, which follow the target's
//! size and are no measure of difficulty.

use crate::error::Result;
use crate::model::Fitted;
use crate::model::human::{self, TrainingSet};
use crate::model::stats::spearman;
use crate::model::train::{embedded_player, singles};

use super::nyt::NytPuzzle;

/// How many of the largest misses the report lists.
pub const MISSES: usize = 8;

/// The model judged on its training sets, by cross-validation.
#[derive(Clone, Debug)]
pub struct Validation {
    pub model: Fitted,
    pub sets: Vec<TrainingSet>,
    /// Per single feature, its own Spearman ρ with mean time and with solve rate.
    pub singles: Vec<(String, f64, f64)>,
    /// Per training set, `(observed mean time, out-of-fold predicted time)` in seconds.
    pub points: Vec<(f64, f64)>,
    /// The sets whose out-of-fold prediction is furthest from the observed time (by ratio),
    /// worst first, with that prediction in seconds.
    pub misses: Vec<(TrainingSet, f64)>,
}

/// The model the binary carries, judged on the training file it carries.
pub fn validation() -> Result<Validation> {
    let model = Fitted::embedded().clone();
    let sets = human::read(None)?;
    let samples: Vec<_> = sets.iter().map(TrainingSet::sample).collect();
    let singles = singles(&sets, &samples, &embedded_player(&sets));
    let oof = &model.out_of_fold;
    let points: Vec<(f64, f64)> = sets
        .iter()
        .zip(oof)
        .map(|(s, p)| (s.mean_time_s, p.exp()))
        .collect();
    let mut order: Vec<usize> = (0..points.len()).collect();
    let miss = |i: usize| (oof[i] - sets[i].mean_time_s.ln()).abs();
    order.sort_by(|&a, &b| miss(b).total_cmp(&miss(a)).then(a.cmp(&b)));
    let misses = order
        .into_iter()
        .take(MISSES)
        .map(|i| (sets[i].clone(), oof[i].exp()))
        .collect();
    Ok(Validation {
        model,
        sets,
        singles,
        points,
        misses,
    })
}

/// The score on the real NYT puzzles against their daily slot.
#[derive(Clone, Debug, PartialEq)]
pub struct NytCheck {
    /// Solvable puzzles with a score.
    pub puzzles: usize,
    /// Spearman ρ of the score with the slot, and of minus the `distinct` count with it.
    pub rho_slot: f64,
    /// Spearman ρ of the target with the slot: the confound that makes any score growing
    /// with the target rank the slots.
    pub rho_target: f64,
    /// The lowest and highest target of each slot, 1 to 5.
    pub targets_by_slot: Vec<(u8, i64, i64)>,
    pub rho_distinct: f64,
    /// The mean score of each slot, 1 to 5.
    pub mean_by_slot: Vec<(u8, f64)>,
    /// Days with all five slots, and those whose scores rise strictly from slot 1 to 5.
    pub days: usize,
    pub days_in_order: usize,
    /// Pairs of consecutive slots on one day, and those whose later slot scores higher.
    pub pairs: usize,
    pub pairs_in_order: usize,
}

/// The NYT check of `puzzles` (sorted by date and slot); `None` without scores.
pub fn nyt_check(puzzles: &[NytPuzzle]) -> Option<NytCheck> {
    let scored: Vec<(&NytPuzzle, f64)> = puzzles
        .iter()
        .filter_map(|p| Some((p, p.difficulty?)))
        .collect();
    if scored.len() < 2 {
        return None;
    }
    let slot: Vec<f64> = scored.iter().map(|(p, _)| f64::from(p.slot)).collect();
    let score: Vec<f64> = scored.iter().map(|&(_, d)| d).collect();
    let distinct: Vec<f64> = scored
        .iter()
        .map(|(p, _)| -(p.distinct.or(p.expressions).unwrap_or(0) as f64))
        .collect();
    let target: Vec<f64> = scored.iter().map(|(p, _)| p.target as f64).collect();
    let targets_by_slot = (1..=5u8)
        .filter_map(|s| {
            let t = scored
                .iter()
                .filter(|(p, _)| p.slot == s)
                .map(|(p, _)| p.target);
            Some((s, t.clone().min()?, t.max()?))
        })
        .collect();
    let mean_by_slot = (1..=5u8)
        .filter_map(|s| {
            let v: Vec<f64> = scored
                .iter()
                .filter(|(p, _)| p.slot == s)
                .map(|&(_, d)| d)
                .collect();
            (!v.is_empty()).then(|| (s, v.iter().sum::<f64>() / v.len() as f64))
        })
        .collect();
    let (mut days, mut days_in_order, mut pairs, mut pairs_in_order) = (0, 0, 0, 0);
    for day in scored.chunk_by(|a, b| a.0.date == b.0.date) {
        let ordered = |w: &[(&NytPuzzle, f64)]| w[1].1 > w[0].1;
        for w in day.windows(2).filter(|w| w[1].0.slot == w[0].0.slot + 1) {
            pairs += 1;
            pairs_in_order += usize::from(ordered(w));
        }
        let slots: Vec<u8> = day.iter().map(|(p, _)| p.slot).collect();
        if slots == [1, 2, 3, 4, 5] {
            days += 1;
            days_in_order += usize::from(day.windows(2).all(ordered));
        }
    }
    Some(NytCheck {
        puzzles: scored.len(),
        rho_slot: spearman(&score, &slot),
        rho_target: spearman(&target, &slot),
        targets_by_slot,
        rho_distinct: spearman(&distinct, &slot),
        mean_by_slot,
        days,
        days_in_order,
        pairs,
        pairs_in_order,
    })
}
