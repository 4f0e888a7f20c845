//! The figures of an evaluation, per model: the solved share with its interval, pass@k, the
//! puzzles never solved, the outcomes and faults, the solved share by each property of the
//! puzzles, what predicts the failures ([`super::drivers`]), and each pair of models compared
//! on the puzzles both answered.

use std::collections::BTreeMap;

use serde::Serialize;

use super::drivers::{Drivers, drivers};
use super::judged::{Answer, Judged, Puzzle};
use super::outcome::Outcome;
use super::properties::{Properties, Property};
use super::stats::{Share, pass_at_k, sign_test};

/// One model's answers to one puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct PuzzleResult {
    /// Indices into [`Judged::models`] and [`Judged::puzzles`].
    pub model: usize,
    pub puzzle: usize,
    pub samples: u64,
    pub solved: u64,
    /// The out-of-fold success the fit of [`Drivers`] predicts, where it was fitted.
    pub predicted: Option<f64>,
}

impl PuzzleResult {
    pub fn success(&self) -> f64 {
        self.solved as f64 / self.samples as f64
    }
}

/// pass@k over the puzzles with at least `k` samples.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct PassAt {
    pub k: u64,
    pub puzzles: u64,
    /// The mean over those puzzles; `None` when there are none.
    pub value: Option<f64>,
}

/// How many answers had one outcome.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OutcomeCount {
    pub outcome: &'static str,
    pub answers: u64,
}

/// The solved share of a model's answers at one level of a property.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LevelShare {
    pub level: String,
    pub share: Share,
}

/// The solved share at each level of a property.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PropertyShares {
    pub property: &'static str,
    pub levels: Vec<LevelShare>,
}

/// One model's figures.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ModelSummary {
    pub model: String,
    /// Rows whose puzzle the game refused: they judge no model.
    pub skipped: u64,
    /// Answers that succeed (solved, or "no solution" rightly) among those judged.
    pub solved: Share,
    pub puzzles: u64,
    /// Puzzles none of whose answers succeed.
    pub never_solved: Share,
    pub pass_at: Vec<PassAt>,
    pub outcomes: Vec<OutcomeCount>,
    /// Invalid answers by `check`'s fault.
    pub faults: BTreeMap<String, u64>,
    pub by_property: Vec<PropertyShares>,
    pub drivers: Drivers,
}

/// Two models on the puzzles both answered: on how many each did better (a higher share of
/// its answers succeeding), and the exact sign test of those counts.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Comparison {
    pub a: String,
    pub b: String,
    pub shared: u64,
    pub a_better: u64,
    pub b_better: u64,
    pub ties: u64,
    /// Mean success over the shared puzzles.
    pub a_success: f64,
    pub b_success: f64,
    /// Two-sided.
    pub p_value: f64,
}

/// Every figure of an evaluation.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    pub game: String,
    pub rows: u64,
    pub puzzles: u64,
    pub models: Vec<ModelSummary>,
    pub comparisons: Vec<Comparison>,
    /// Per model and puzzle, in model then first-appearance order.
    #[serde(skip)]
    pub results: Vec<PuzzleResult>,
}

/// The figures of `judged`, pass@k at each of `ks`.
pub fn summarise(game: &str, judged: &Judged, ks: &[u64]) -> Summary {
    let models = judged.models.len();
    let mut results: Vec<Vec<Option<(u64, u64)>>> = vec![vec![None; judged.puzzles.len()]; models];
    // Each model's answers, gathered in one pass over the file's.
    let mut answers: Vec<Vec<&Answer>> = vec![Vec::new(); models];
    for a in &judged.answers {
        answers[a.model].push(a);
        if let (Some(p), Some(o)) = (a.puzzle, a.outcome) {
            let slot = results[a.model][p].get_or_insert((0, 0));
            slot.0 += 1;
            slot.1 += u64::from(o.success());
        }
    }
    let mut flat: Vec<PuzzleResult> = Vec::new();
    let mut summaries = Vec::with_capacity(models);
    for (m, name) in judged.models.iter().enumerate() {
        let mut mine: Vec<PuzzleResult> = (results[m].iter().enumerate())
            .filter_map(|(p, r)| {
                r.map(|(samples, solved)| PuzzleResult {
                    model: m,
                    puzzle: p,
                    samples,
                    solved,
                    predicted: None,
                })
            })
            .collect();
        let s = model_summary(name, &answers[m], judged, &mut mine, ks);
        summaries.push(s);
        flat.extend(mine);
    }
    let comparisons = compare(judged, &results);
    Summary {
        game: game.to_string(),
        rows: judged.answers.len() as u64,
        puzzles: judged.puzzles.len() as u64,
        models: summaries,
        comparisons,
        results: flat,
    }
}

fn model_summary(
    name: &str,
    answers: &[&Answer],
    judged: &Judged,
    mine: &mut [PuzzleResult],
    ks: &[u64],
) -> ModelSummary {
    let mut outcomes: BTreeMap<Outcome, u64> = BTreeMap::new();
    let mut faults: BTreeMap<String, u64> = BTreeMap::new();
    let mut skipped = 0;
    let mut levels: Vec<BTreeMap<String, (u64, u64)>> = vec![BTreeMap::new(); Property::ALL.len()];
    for a in answers {
        let (Some(p), Some(o)) = (a.puzzle, a.outcome) else {
            skipped += 1;
            continue;
        };
        *outcomes.entry(o).or_default() += 1;
        if let Some(r) = &a.verdict.reason {
            *faults.entry(r.fault.name().to_string()).or_default() += 1;
        }
        let props = &judged.puzzles[p].properties;
        for (i, property) in Property::ALL.iter().enumerate() {
            if let Some(level) = property.level(props) {
                let slot = levels[i].entry(level).or_default();
                slot.0 += 1;
                slot.1 += u64::from(o.success());
            }
        }
    }
    let judged_answers: u64 = outcomes.values().sum();
    let succeeded: u64 = (outcomes.iter())
        .filter(|(o, _)| o.success())
        .map(|(_, n)| n)
        .sum();
    let by_property = Property::ALL
        .iter()
        .zip(levels)
        .map(|(property, counts)| PropertyShares {
            property: property.name(),
            levels: property
                .levels()
                .into_iter()
                .filter_map(|l| {
                    counts.get(&l).map(|&(n, s)| LevelShare {
                        level: l,
                        share: Share::of(s, n),
                    })
                })
                .collect(),
        })
        .filter(|p| !p.levels.is_empty())
        .collect();
    let pass_at = ks
        .iter()
        .map(|&k| {
            let v: Vec<f64> = mine
                .iter()
                .filter_map(|r| pass_at_k(r.samples, r.solved, k))
                .collect();
            PassAt {
                k,
                puzzles: v.len() as u64,
                value: (!v.is_empty()).then(|| v.iter().sum::<f64>() / v.len() as f64),
            }
        })
        .collect();
    let never = mine.iter().filter(|r| r.solved == 0).count() as u64;
    let rows: Vec<(&Properties, usize, f64)> = mine
        .iter()
        .map(|r| {
            let p: &Puzzle = &judged.puzzles[r.puzzle];
            (&p.properties, p.board, r.success())
        })
        .collect();
    let drivers = drivers(&rows);
    for &(i, predicted) in &drivers.out_of_fold {
        mine[i].predicted = Some(predicted);
    }
    ModelSummary {
        model: name.to_string(),
        skipped,
        solved: Share::of(succeeded, judged_answers),
        puzzles: mine.len() as u64,
        never_solved: Share::of(never, mine.len() as u64),
        pass_at,
        outcomes: Outcome::ALL
            .iter()
            .map(|o| OutcomeCount {
                outcome: o.name(),
                answers: outcomes.get(o).copied().unwrap_or(0),
            })
            .collect(),
        faults,
        by_property,
        drivers,
    }
}

/// Every pair of models, in the order they first appear.
fn compare(judged: &Judged, results: &[Vec<Option<(u64, u64)>>]) -> Vec<Comparison> {
    let mut out = Vec::new();
    for a in 0..results.len() {
        for b in a + 1..results.len() {
            let (mut better, mut worse, mut ties) = (0, 0, 0);
            let (mut sa, mut sb) = (0.0, 0.0);
            for (ra, rb) in results[a].iter().zip(&results[b]) {
                let (Some((na, ca)), Some((nb, cb))) = (ra, rb) else {
                    continue;
                };
                let (x, y) = (*ca as f64 / *na as f64, *cb as f64 / *nb as f64);
                sa += x;
                sb += y;
                match x.total_cmp(&y) {
                    std::cmp::Ordering::Greater => better += 1,
                    std::cmp::Ordering::Less => worse += 1,
                    std::cmp::Ordering::Equal => ties += 1,
                }
            }
            let shared = better + worse + ties;
            let mean = |s: f64| if shared == 0 { 0.0 } else { s / shared as f64 };
            out.push(Comparison {
                a: judged.models[a].clone(),
                b: judged.models[b].clone(),
                shared,
                a_better: better,
                b_better: worse,
                ties,
                a_success: mean(sa),
                b_success: mean(sb),
                p_value: sign_test(better, worse),
            });
        }
    }
    out
}
