//! Which properties of a puzzle predict that a model fails it: its success on each solvable
//! puzzle (the share of its answers that solve it) fitted on the puzzle's exact properties by
//! ridge regression, the machinery `fit` uses ([`crate::model::fit`]), and judged by repeated
//! k-fold cross-validation that holds out whole boards, so that no puzzle is predicted from
//! a sibling on the same numbers. Beside it, the ρ of the human-fitted difficulty with the
//! model's success, which no fit on these answers touches.

use serde::Serialize;

use crate::model::{Linear, Spread, folds, spearman};

use crate::model::success::{INPUTS, Properties, inputs, unpredictive};

/// Cross-validation: folds and repeats.
const FOLDS: usize = 5;
const REPEATS: u64 = 5;
/// The fewest solvable puzzles, and boards, a fit is tried on.
const LEAST_PUZZLES: usize = 10;
const LEAST_BOARDS: usize = 5;

/// One input's part in the fit on every puzzle.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Driver {
    pub name: &'static str,
    pub why: &'static str,
    /// The change in success for one standard deviation more of the input: what the inputs
    /// are ranked by.
    pub weight: f64,
    /// The change in success for one unit more (a yes rather than a no).
    pub effect: f64,
    pub binary: bool,
}

/// What predicts one model's failures.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Drivers {
    /// Solvable puzzles the model answered, and their boards.
    pub puzzles: u64,
    pub boards: u64,
    /// Why no fit was made, when none was.
    pub skipped: Option<String>,
    /// The pooled out-of-fold ρ of predicted with observed success, over the repeats.
    pub rho_cv: Option<Spread>,
    /// The share of the variance in success the out-of-fold predictions explain,
    /// `1 − SSE / SST`, over the repeats: unlike ρ it reaches 1 when a property explains
    /// failures that are rare, and falls below 0 when the fit is worse than the mean.
    pub r2_cv: Option<Spread>,
    /// ρ of the human difficulty with the model's success (negative: the model fails what
    /// people find hard).
    pub rho_human: Option<f64>,
    /// The inputs with a weight, most predictive first.
    pub inputs: Vec<Driver>,
    /// Each fitted puzzle's out-of-fold predicted success (averaged over repeats), by its
    /// index among the puzzles given.
    #[serde(skip)]
    pub out_of_fold: Vec<(usize, f64)>,
    /// The fit on every puzzle, which a [`crate::model::success::SuccessModel`] carries.
    #[serde(skip)]
    pub fitted: Option<Linear>,
}

impl Drivers {
    /// Why the properties do not predict the failures out of fold, by the one test
    /// ([`unpredictive`]); `None` when they do, or when nothing was fitted.
    pub fn unpredictive(&self) -> Option<String> {
        unpredictive(self.rho_cv.as_ref()?, self.r2_cv.as_ref()?)
    }

    /// Whether a fit was made and its properties predict the failures out of fold.
    pub fn predictive(&self) -> bool {
        self.rho_cv.is_some() && self.r2_cv.is_some() && self.unpredictive().is_none()
    }

    /// The inputs worth naming, most predictive first: a weight of under half a point of
    /// success per standard deviation is no driver.
    pub fn shown(&self) -> impl Iterator<Item = &Driver> {
        self.inputs.iter().filter(|d| d.weight.abs() >= 0.005)
    }
}

/// The drivers of success over `puzzles`: each a puzzle's properties, its board's index and
/// its success in [0, 1]; unsolvable puzzles are left out, since no property of a solution
/// describes them.
pub fn drivers(puzzles: &[(&Properties, usize, f64)]) -> Drivers {
    let kept: Vec<usize> = (0..puzzles.len())
        .filter(|&i| puzzles[i].0.solvable)
        .collect();
    let y: Vec<f64> = kept.iter().map(|&i| puzzles[i].2).collect();
    let mut boards: Vec<usize> = kept.iter().map(|&i| puzzles[i].1).collect();
    boards.sort_unstable();
    boards.dedup();
    let mut d = Drivers {
        puzzles: kept.len() as u64,
        boards: boards.len() as u64,
        ..Drivers::default()
    };
    let human: Vec<(f64, f64)> = kept
        .iter()
        .filter_map(|&i| puzzles[i].0.difficulty.map(|h| (h, puzzles[i].2)))
        .collect();
    let constant = |v: &[f64]| v.windows(2).all(|w| w[0] == w[1]);
    if human.len() >= 3 {
        let (h, s): (Vec<f64>, Vec<f64>) = human.into_iter().unzip();
        if !constant(&h) && !constant(&s) {
            d.rho_human = Some(spearman(&h, &s));
        }
    }
    if kept.len() < LEAST_PUZZLES || boards.len() < LEAST_BOARDS {
        d.skipped = Some(format!(
            "too few solvable puzzles to fit ({} on {} boards; at least {LEAST_PUZZLES} on \
             {LEAST_BOARDS})",
            kept.len(),
            boards.len()
        ));
        return d;
    }
    if constant(&y) {
        d.skipped = Some("every solvable puzzle fared the same: nothing to explain".into());
        return d;
    }
    let x: Vec<Vec<f64>> = kept.iter().map(|&i| inputs(puzzles[i].0)).collect();
    let board_of: Vec<usize> = kept
        .iter()
        .map(|&i| boards.binary_search(&puzzles[i].1).unwrap_or(0))
        .collect();
    let (rho, r2, oof) = cross_validate(&x, &y, &board_of, boards.len());
    d.rho_cv = Some(Spread::of(&rho));
    d.r2_cv = Some(Spread::of(&r2));
    d.out_of_fold = kept.iter().copied().zip(oof).collect();
    let model = crate::model::fit(&x, &y, 0, &[])
        .named(INPUTS.iter().map(|i| i.name.to_string()).collect());
    let mut drivers: Vec<Driver> = INPUTS
        .iter()
        .enumerate()
        .filter(|(i, _)| model.weights[*i].abs() > 1e-9)
        .map(|(i, input)| Driver {
            name: input.name,
            why: input.why,
            weight: model.weights[i],
            effect: model.raw_weight(i),
            binary: input.binary,
        })
        .collect();
    drivers.sort_by(|a, b| b.weight.abs().total_cmp(&a.weight.abs()));
    d.inputs = drivers;
    d.fitted = Some(model);
    d
}

/// Each repeat's pooled out-of-fold ρ and R², and every row's out-of-fold prediction
/// averaged over the repeats; repeat r splits the boards with seed r.
fn cross_validate(
    x: &[Vec<f64>],
    y: &[f64],
    board_of: &[usize],
    boards: usize,
) -> (Vec<f64>, Vec<f64>, Vec<f64>) {
    let n = y.len();
    let mean = y.iter().sum::<f64>() / n as f64;
    let sst: f64 = y.iter().map(|v| (v - mean).powi(2)).sum();
    let mut rhos = Vec::new();
    let mut r2s = Vec::new();
    let mut sum = vec![0.0; n];
    for repeat in 0..REPEATS {
        let mut oof = vec![0.0; n];
        let mut fold_of = vec![0; boards];
        for (f, fold) in folds(boards, FOLDS.min(boards), repeat).iter().enumerate() {
            fold.iter().for_each(|&b| fold_of[b] = f);
        }
        for f in 0..FOLDS.min(boards) {
            let (test, train): (Vec<usize>, Vec<usize>) =
                (0..n).partition(|&r| fold_of[board_of[r]] == f);
            if test.is_empty() || train.is_empty() {
                continue;
            }
            let tx: Vec<Vec<f64>> = train.iter().map(|&r| x[r].clone()).collect();
            let ty: Vec<f64> = train.iter().map(|&r| y[r]).collect();
            let model = crate::model::fit(&tx, &ty, repeat, &[]);
            for &r in &test {
                oof[r] = model.predict(&x[r]);
            }
        }
        let rho = spearman(&oof, y);
        rhos.push(if rho.is_finite() { rho } else { 0.0 });
        let sse: f64 = oof.iter().zip(y).map(|(p, v)| (v - p).powi(2)).sum();
        r2s.push(1.0 - sse / sst);
        sum.iter_mut().zip(&oof).for_each(|(s, p)| *s += p);
    }
    let oof = sum.into_iter().map(|s| s / REPEATS as f64).collect();
    (rhos, r2s, oof)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn puzzle(i: usize) -> Properties {
        Properties {
            size: 4,
            target: 24,
            solvable: true,
            min_ops: Some(3),
            solutions: Some(1 + (i % 7) as u64),
            needs_fraction: Some(i.is_multiple_of(3)),
            needs_division: Some(i.is_multiple_of(2)),
            needs_negative: Some(false),
            difficulty: Some(2.0 + (i % 5) as f64 / 3.0),
            band: None,
        }
    }

    #[test]
    fn a_model_that_fails_fractions_is_driven_by_them() {
        let props: Vec<Properties> = (0..60).map(puzzle).collect();
        let rows: Vec<(&Properties, usize, f64)> = props
            .iter()
            .enumerate()
            .map(|(i, p)| {
                (
                    p,
                    i / 2,
                    if p.needs_fraction == Some(true) {
                        0.0
                    } else {
                        1.0
                    },
                )
            })
            .collect();
        let d = drivers(&rows);
        assert_eq!(d.skipped, None);
        assert_eq!(d.inputs[0].name, "needs_fraction");
        assert!(d.inputs[0].effect < -0.9, "{:?}", d.inputs[0]);
        assert!(d.rho_cv.unwrap().mean > 0.8, "{:?}", d.rho_cv);
        assert!(d.r2_cv.unwrap().mean > 0.9, "{:?}", d.r2_cv);
        assert!(d.predictive());
        assert_eq!(d.out_of_fold.len(), 60);
    }

    #[test]
    fn too_few_or_constant_is_said() {
        let props: Vec<Properties> = (0..60).map(puzzle).collect();
        let few: Vec<(&Properties, usize, f64)> =
            props.iter().take(4).map(|p| (p, 0, 1.0)).collect();
        assert!(drivers(&few).skipped.unwrap().starts_with("too few"));
        let same: Vec<(&Properties, usize, f64)> =
            props.iter().enumerate().map(|(i, p)| (p, i, 1.0)).collect();
        assert!(drivers(&same).skipped.unwrap().contains("fared the same"));
    }
}
