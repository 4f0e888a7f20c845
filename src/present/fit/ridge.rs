//! The difficulty model's fit report in Markdown: what it was trained on, how, how well it
//! ranks unseen puzzles, and what each input does to the predicted time.
//!
//! The text is a pure function of its arguments with fixed decimals, so a re-run on the same
//! data gives a byte-identical file and a diff of the report shows only real changes.

use std::fmt::Write;

use crate::model::cv::CrossValidation;
use crate::model::rate::RateMap;
use crate::model::ridge::{ALPHAS, INNER_FOLDS, Linear};

/// `x` with `d` decimals, never as "-0.000" (rounding noise would flip signs in diffs).
pub(super) fn fixed(x: f64, d: usize) -> String {
    let s = format!("{x:.d$}");
    match s.strip_prefix('-') {
        Some(rest) if rest.chars().all(|c| c == '0' || c == '.') => rest.to_string(),
        _ => s,
    }
}

/// A penalty with its place on the logarithmic grid: `0.0126 (10^-1.9)`.
fn alpha(a: f64) -> String {
    format!("{} (10^{})", fixed(a, 4), fixed(a.log10(), 1))
}

/// A line of a report.
macro_rules! w {
    ($o:expr, $($t:tt)*) => {
        writeln!($o, $($t)*).unwrap()
    };
}
pub(super) use w;

/// The report. `singles` holds, per candidate feature, its own Spearman ρ with mean solve
/// time and with solve rate over all rows: `(name, rho_time, rho_solve)`.
pub fn markdown(
    model: &Linear,
    rate: &RateMap,
    cv: &CrossValidation,
    singles: &[(String, f64, f64)],
) -> String {
    // Writing to a String cannot fail, hence the `unwrap` in `w!`.
    let mut o = String::new();
    headline(&mut o, model, cv);
    method(&mut o, cv);
    scores(&mut o, cv);
    weights(&mut o, model, cv);
    solve_rate(&mut o, rate);
    single_features(&mut o, singles);
    per_repeat(&mut o, cv);
    o
}

/// The title, and the pooled cross-validated figure first.
fn headline(o: &mut String, model: &Linear, cv: &CrossValidation) {
    let (pt, ps) = (&cv.pooled_time, &cv.pooled_solve);
    w!(o, "# Difficulty model: fit report\n");
    w!(
        o,
        "Predicts ln(mean human solve time in seconds) of a 24-game puzzle from {} inputs, \
         trained on {} puzzles.\n",
        model.weights.len(),
        cv.rows
    );
    w!(
        o,
        "**Cross-validated Spearman ρ with mean solve time: {}** (pooled out-of-fold, mean \
         over {} repeats; min {}, max {}). With solve rate: {} (min {}, max {}).\n",
        fixed(pt.mean, 3),
        cv.repeats,
        fixed(pt.min, 3),
        fixed(pt.max, 3),
        fixed(ps.mean, 3),
        fixed(ps.min, 3),
        fixed(ps.max, 3)
    );
}

/// Ridge on standardised inputs, the choice of α, the repeated cross-validation.
fn method(o: &mut String, cv: &CrossValidation) {
    w!(o, "## Method\n");
    w!(
        o,
        "- Ridge regression on standardised inputs: each input minus its training mean, over \
         its population sd (an input constant in training gets sd 1 and no weight). The \
         intercept is not penalised."
    );
    w!(
        o,
        "- The penalty α is chosen among {} values from {} to {} (ten per decade) by inner \
         {INNER_FOLDS}-fold cross-validation on the training rows: least held-out squared \
         error, ties to the larger α.",
        ALPHAS.len(),
        fixed(ALPHAS[0], 3),
        fixed(ALPHAS[ALPHAS.len() - 1], 0)
    );
    w!(
        o,
        "- Scored by {}×{}-fold repeated cross-validation: each repeat splits the puzzles \
         into {} folds with its own seed, fits on the other folds (choosing α again) and \
         predicts the held-out fold. The pooled ρ ranks all out-of-fold predictions of a \
         repeat together; it is the headline. Per-fold ρ are noisier (small folds).\n",
        cv.repeats,
        cv.k,
        cv.k
    );
}

/// Pooled and per-fold ρ, with time and with solve rate.
fn scores(o: &mut String, cv: &CrossValidation) {
    w!(o, "## Cross-validated scores\n");
    w!(
        o,
        "| Spearman ρ of the prediction with | pooled, mean | pooled, min – max | per fold, mean ± sd |"
    );
    w!(o, "|---|---:|---:|---:|");
    for (what, pooled, fold) in [
        ("mean solve time", &cv.pooled_time, &cv.fold_time),
        ("solve rate", &cv.pooled_solve, &cv.fold_solve),
    ] {
        w!(
            o,
            "| {what} | {} | {} – {} | {} ± {} |",
            fixed(pooled.mean, 3),
            fixed(pooled.min, 3),
            fixed(pooled.max, 3),
            fixed(fold.mean, 3),
            fixed(fold.sd, 3)
        );
    }
    w!(o, "");
}

/// The model fitted on every row: each input's weight, the intercept, and the range of α
/// the folds chose.
fn weights(o: &mut String, model: &Linear, cv: &CrossValidation) {
    w!(o, "## The model\n");
    w!(
        o,
        "Fitted on all {} puzzles with α = {}. One sd more of an input adds its weight per sd \
         to ln time, that is multiplies the predicted time by e^weight.\n",
        cv.rows,
        alpha(model.alpha)
    );
    w!(
        o,
        "| input | mean | sd | weight per sd | × time per sd | weight per unit |"
    );
    w!(o, "|---|---:|---:|---:|---:|---:|");
    for (i, name) in model.inputs.iter().enumerate() {
        w!(
            o,
            "| {name} | {} | {} | {} | ×{} | {} |",
            fixed(model.mean[i], 4),
            fixed(model.sd[i], 4),
            fixed(model.weights[i], 4),
            fixed(model.weights[i].exp(), 3),
            fixed(model.raw_weight(i), 4)
        );
    }
    w!(
        o,
        "\nIntercept (ln time with every input at its mean): {}, that is {} s.\n",
        fixed(model.intercept, 4),
        fixed(model.intercept.exp(), 1)
    );
    if !cv.folds.is_empty() {
        let chosen = cv.folds.iter().map(|f| f.alpha);
        let lo = chosen.clone().fold(f64::INFINITY, f64::min);
        let hi = chosen.fold(f64::NEG_INFINITY, f64::max);
        w!(
            o,
            "Inside the cross-validation folds α ranged from {} to {}.\n",
            alpha(lo),
            alpha(hi)
        );
    }
}

/// The map from predicted time to solve rate, and its values at a few times.
fn solve_rate(o: &mut String, rate: &RateMap) {
    w!(o, "## Solve rate\n");
    w!(
        o,
        "logit(solve rate) = {} {} {} · ln(time), by least squares on logit(rate), rates \
         clamped to [0.001, 0.999].\n",
        fixed(rate.a, 4),
        if rate.b < 0.0 { '−' } else { '+' },
        fixed(rate.b.abs(), 4)
    );
    w!(o, "| mean time | solve rate |");
    w!(o, "|---:|---:|");
    for t in [10.0f64, 30.0, 60.0, 120.0, 300.0] {
        w!(
            o,
            "| {} s | {}% |",
            fixed(t, 0),
            fixed(100.0 * rate.rate(t.ln()), 1)
        );
    }
    w!(o, "");
}

/// Each candidate feature's own ρ, when there are candidates.
fn single_features(o: &mut String, singles: &[(String, f64, f64)]) {
    if singles.is_empty() {
        return;
    }
    w!(o, "## Single features\n");
    w!(
        o,
        "Each candidate feature's own Spearman ρ over all puzzles, before any fitting.\n"
    );
    w!(o, "| feature | ρ with time | ρ with solve rate |");
    w!(o, "|---|---:|---:|");
    for (name, t, s) in singles {
        w!(o, "| {name} | {} | {} |", fixed(*t, 3), fixed(*s, 3));
    }
    w!(o, "");
}

/// The pooled ρ of every repeat, and the per-fold spread.
fn per_repeat(o: &mut String, cv: &CrossValidation) {
    w!(o, "## Per repeat\n");
    w!(
        o,
        "| repeat | pooled ρ with time | pooled ρ with solve rate |"
    );
    w!(o, "|---:|---:|---:|");
    for r in &cv.pooled {
        w!(
            o,
            "| {} | {} | {} |",
            r.repeat,
            fixed(r.rho_time, 3),
            fixed(r.rho_solve, 3)
        );
    }
    w!(
        o,
        "\nOver all {} folds: ρ with time {} ± {}, with solve rate {} ± {} (mean ± sd).",
        cv.folds.len(),
        fixed(cv.fold_time.mean, 3),
        fixed(cv.fold_time.sd, 3),
        fixed(cv.fold_solve.mean, 3),
        fixed(cv.fold_solve.sd, 3)
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::cv::{FoldScore, RepeatScore, Spread};

    fn example() -> (Linear, RateMap, CrossValidation) {
        let model = Linear {
            inputs: vec!["solutions".into(), "depth".into()],
            mean: vec![12.5, 2.0],
            sd: vec![4.0, 0.5],
            weights: vec![-0.3, 0.2],
            intercept: 3.5,
            alpha: ALPHAS[21],
        };
        let spread = |m: f64| Spread {
            mean: m,
            sd: 0.01,
            min: m - 0.02,
            max: m + 0.02,
        };
        let fold = |fold: usize, alpha: f64| FoldScore {
            repeat: 0,
            fold,
            rows: 50,
            rho_time: 0.6,
            rho_solve: -0.5,
            alpha,
        };
        let cv = CrossValidation {
            rows: 100,
            k: 2,
            repeats: 1,
            folds: vec![fold(0, ALPHAS[20]), fold(1, ALPHAS[40])],
            pooled: vec![RepeatScore {
                repeat: 0,
                rho_time: 0.61,
                rho_solve: -0.52,
            }],
            pooled_time: spread(0.61),
            pooled_solve: spread(-0.52),
            fold_time: spread(0.6),
            fold_solve: spread(-0.5),
            out_of_fold: vec![],
        };
        (model, RateMap { a: 6.0, b: -1.5 }, cv)
    }

    #[test]
    fn renders_the_figures() {
        let (model, rate, cv) = example();
        let singles = vec![("solutions".to_string(), -0.45, 0.4)];
        let md = markdown(&model, &rate, &cv, &singles);
        assert!(md.contains("trained on 100 puzzles"));
        assert!(md.contains("**Cross-validated Spearman ρ with mean solve time: 0.610**"));
        assert!(md.contains("min 0.590, max 0.630"));
        assert!(md.contains("| mean solve time | 0.610 | 0.590 – 0.630 | 0.600 ± 0.010 |"));
        // −0.3 per sd of 4 → −0.075 per unit; e^−0.3 = 0.741.
        assert!(md.contains("| solutions | 12.5000 | 4.0000 | -0.3000 | ×0.741 | -0.0750 |"));
        assert!(md.contains("α = 0.1259 (10^-0.9)"));
        assert!(md.contains("from 0.1000 (10^-1.0) to 10.0000 (10^1.0)"));
        // e^3.5 = 33.1 s; logit⁻¹(6 − 1.5·ln 60) = 1/(1 + e^0.1416) = 46.5%.
        assert!(md.contains("3.5000, that is 33.1 s"));
        assert!(md.contains("| 60 s | 46.5% |"));
        assert!(md.contains("logit(solve rate) = 6.0000 − 1.5000 · ln(time)"));
        assert!(md.contains("| solutions | -0.450 | 0.400 |"));
        assert!(md.contains("| 0 | 0.610 | -0.520 |"));
        assert!(md.contains("1×2-fold repeated cross-validation"));
        assert_eq!(md, markdown(&model, &rate, &cv, &singles));
        assert!(!markdown(&model, &rate, &cv, &[]).contains("## Single features"));
    }

    #[test]
    fn fixed_never_writes_negative_zero() {
        assert_eq!(fixed(-0.0001, 3), "0.000");
        assert_eq!(fixed(-0.0, 1), "0.0");
        assert_eq!(fixed(-0.0006, 3), "-0.001");
        assert_eq!(fixed(2.0, 0), "2");
    }
}
