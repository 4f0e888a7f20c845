//! Ridge regression on standardised inputs, with its penalty chosen by cross-validation:
//! the linear model that predicts ln(mean solve time) from a puzzle's features.
//!
//! Ridge rather than plain least squares because puzzle features tend to be correlated (most
//! of them grow with how many ways a puzzle can be solved), and unpenalised weights of
//! correlated inputs swing wildly between folds. Standardising first makes one penalty fair
//! to every input whatever its unit, and makes the weights comparable: each is the move in
//! ln time for one standard deviation of its input.

use super::folds::folds as split;
use super::inputs::Direction;
use super::normal::Normal;

pub use super::linear::Linear;

/// The 61 candidate penalties, 10^(−3 + 6·i/60) for i in 0..=60 (numpy's
/// `logspace(-3, 3, 61)`): ten per decade, from almost no shrinkage to almost all. Written
/// out because `powf` is not a `const fn`; a test checks them against the formula.
#[rustfmt::skip]
pub const ALPHAS: [f64; 61] = [
    0.001, 0.0012589254117941675, 0.001584893192461114, 0.001995262314968879,
    0.0025118864315095794, 0.0031622776601683794, 0.003981071705534973, 0.005011872336272725,
    0.00630957344480193, 0.007943282347242814, 0.01, 0.012589254117941675,
    0.015848931924611134, 0.0199526231496888, 0.025118864315095794, 0.03162277660168379,
    0.039810717055349734, 0.05011872336272722, 0.06309573444801933, 0.07943282347242814,
    0.1, 0.12589254117941676, 0.15848931924611143, 0.1995262314968879,
    0.25118864315095796, 0.31622776601683794, 0.3981071705534973, 0.5011872336272725,
    0.630957344480193, 0.7943282347242814, 1.0, 1.2589254117941675,
    1.584893192461114, 1.9952623149688788, 2.5118864315095797, 3.1622776601683795,
    3.981071705534973, 5.011872336272725, 6.30957344480193, 7.943282347242813,
    10.0, 12.589254117941662, 15.848931924611142, 19.952623149688787,
    25.11886431509582, 31.622776601683793, 39.81071705534969, 50.11872336272725,
    63.0957344480193, 79.43282347242821, 100.0, 125.89254117941663,
    158.48931924611142, 199.52623149688787, 251.18864315095823, 316.22776601683796,
    398.1071705534969, 501.18723362727246, 630.957344480193, 794.3282347242822,
    1000.0,
];

/// The number of inner folds [`fit`] chooses its penalty with.
pub const INNER_FOLDS: usize = 5;

/// Ridge regression of `y` on the rows of `x`: inputs standardised with their mean and
/// population sd, `y` centred, then `(ZᵀZ + αI) w = Zᵀ(y − ȳ)`; the intercept ȳ is not
/// penalised.
pub fn ridge(x: &[Vec<f64>], y: &[f64], alpha: f64) -> Linear {
    assert_eq!(x.len(), y.len(), "ridge: rows and targets differ in number");
    Normal::new(x, y, &(0..y.len()).collect::<Vec<_>>()).solve(alpha, &[])
}

/// The penalty among [`ALPHAS`] with the least squared error summed over the held-out rows of
/// a seeded `folds`-fold split; on a tie the larger penalty, the simpler model. With too few
/// rows to hold any out, every penalty ties and the largest is chosen. The inputs in
/// every fold are held to their [`Direction`]s (see [`fit`]).
pub fn choose_alpha(
    x: &[Vec<f64>],
    y: &[f64],
    folds: usize,
    seed: u64,
    directions: &[Direction],
) -> f64 {
    assert_eq!(
        x.len(),
        y.len(),
        "choose_alpha: rows and targets differ in number"
    );
    let mut sse = [0.0; ALPHAS.len()];
    let mut held = vec![false; y.len()];
    for test in split(y.len(), folds, seed) {
        test.iter().for_each(|&r| held[r] = true);
        let train: Vec<usize> = (0..y.len()).filter(|&r| !held[r]).collect();
        test.iter().for_each(|&r| held[r] = false);
        if test.is_empty() || train.is_empty() {
            continue;
        }
        let normal = Normal::new(x, y, &train);
        for (s, &alpha) in sse.iter_mut().zip(&ALPHAS) {
            let model = normal.solve(alpha, directions);
            *s += test
                .iter()
                .map(|&r| (y[r] - model.predict(&x[r])).powi(2))
                .sum::<f64>();
        }
    }
    let mut best = 0;
    for a in 1..ALPHAS.len() {
        if sse[a] <= sse[best] {
            best = a;
        }
    }
    ALPHAS[best]
}

/// The model as deployed: the penalty chosen by [`INNER_FOLDS`]-fold CV seeded by `seed`,
/// then ridge on every row, each weight held to its input's direction (`directions` empty:
/// all free): an input that may only add time, such as the player's moves, gets no weight
/// rather than a negative one where the free fit would give it that.
pub fn fit(x: &[Vec<f64>], y: &[f64], seed: u64, directions: &[Direction]) -> Linear {
    let alpha = choose_alpha(x, y, INNER_FOLDS, seed, directions);
    Normal::new(x, y, &(0..y.len()).collect::<Vec<_>>()).solve(alpha, directions)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Non-collinear rows and y = 3 + 2·x1 − x2 exactly.
    fn exact() -> (Vec<Vec<f64>>, Vec<f64>) {
        let x: Vec<Vec<f64>> = [
            [0.0, 1.0],
            [1.0, 3.0],
            [2.0, 0.5],
            [3.0, 4.0],
            [4.0, 2.0],
            [5.0, 7.0],
        ]
        .iter()
        .map(|r| r.to_vec())
        .collect();
        let y = x.iter().map(|r| 3.0 + 2.0 * r[0] - r[1]).collect();
        (x, y)
    }

    #[test]
    fn alphas_follow_the_formula() {
        for (i, &a) in ALPHAS.iter().enumerate() {
            let want = 10f64.powf(-3.0 + 6.0 * i as f64 / 60.0);
            assert!(
                (a - want).abs() <= want * 1e-14,
                "ALPHAS[{i}] = {a}, want {want}"
            );
        }
        assert!(ALPHAS.is_sorted());
    }

    #[test]
    fn tiny_alpha_reproduces_an_exact_relation() {
        let (x, y) = exact();
        let m = ridge(&x, &y, 1e-12);
        for (r, t) in x.iter().zip(&y) {
            assert!((m.predict(r) - t).abs() < 1e-6);
        }
        // Off the training rows too, and the raw weights are the true coefficients.
        assert!((m.predict(&[10.0, -3.0]) - 26.0).abs() < 1e-6);
        assert!((m.raw_weight(0) - 2.0).abs() < 1e-6);
        assert!((m.raw_weight(1) + 1.0).abs() < 1e-6);
        assert!((m.intercept - y.iter().sum::<f64>() / 6.0).abs() < 1e-12);
    }

    #[test]
    fn large_alpha_shrinks_weights_to_zero() {
        let (x, y) = exact();
        let norm = |a: f64| {
            ridge(&x, &y, a)
                .weights
                .iter()
                .map(|w| w.abs())
                .sum::<f64>()
        };
        let sizes: Vec<f64> = [0.01, 1.0, 100.0, 1e4, 1e8].map(norm).to_vec();
        assert!(sizes.windows(2).all(|w| w[1] < w[0]), "{sizes:?}");
        assert!(sizes[4] < 1e-6);
        // The intercept is never penalised.
        assert!((ridge(&x, &y, 1e8).intercept - ridge(&x, &y, 0.01).intercept).abs() < 1e-12);
    }

    #[test]
    fn ridge_matches_numpy_reference() {
        // x1 = [1,2,3,4,5], x2 = [2,1,5,3,6], y = [1,3,2,5,4], α = 0.5. By hand: means 3, 3.4
        // and 3; Σdx1² = 10, Σdx2² = 17.2, Σdx1·dx2 = 10, so the sds are √2 and √3.44 and
        // ZᵀZ = [[5, 5r], [5r, 5]] with r = 10/√172; Σdx1·dy = 8 and Σdx2·dy = 3, so
        // Zᵀ(y−ȳ) = [8/√2, 3/√3.44]. numpy's `linalg.solve(ZᵀZ + 0.5·I, Zᵀ(y−ȳ))` gives
        // w = [1.5873932475915544, −0.806252440414906], and at x = (2.5, 4) the prediction
        // 3 + w·((2.5−3)/√2, (4−3.4)/√3.44) = 2.1779504254532.
        let x = vec![
            vec![1.0, 2.0],
            vec![2.0, 1.0],
            vec![3.0, 5.0],
            vec![4.0, 3.0],
            vec![5.0, 6.0],
        ];
        let m = ridge(&x, &[1.0, 3.0, 2.0, 5.0, 4.0], 0.5);
        assert!((m.weights[0] - 1.5873932475915544).abs() < 1e-12);
        assert!((m.weights[1] + 0.806252440414906).abs() < 1e-12);
        assert!((m.sd[1] - 3.44f64.sqrt()).abs() < 1e-12);
        assert_eq!(m.intercept, 3.0);
        assert!((m.predict(&[2.5, 4.0]) - 2.1779504254532).abs() < 1e-12);
        assert_eq!(m.inputs, ["x1", "x2"]);
        let named = m.named(vec!["solutions".into(), "depth".into()]);
        // To a tolerance: serde_json may read a float back one ulp off.
        let back: Linear = serde_json::from_str(&serde_json::to_string(&named).unwrap()).unwrap();
        assert_eq!(back.inputs, named.inputs);
        assert!((back.predict(&[2.5, 4.0]) - named.predict(&[2.5, 4.0])).abs() < 1e-12);
    }

    #[test]
    fn constant_and_collinear_inputs_get_no_weight() {
        let (mut x, y) = exact();
        x.iter_mut().for_each(|r| r.push(7.0));
        let m = ridge(&x, &y, 0.0);
        assert_eq!((m.sd[2], m.weights[2]), (1.0, 0.0));
        assert!((m.predict(&[10.0, -3.0, 7.0]) - 26.0).abs() < 1e-9);
        // A duplicated column with no penalty: singular, still a finite exact fit.
        let (mut x, y) = exact();
        x.iter_mut().for_each(|r| r.push(r[0]));
        let m = ridge(&x, &y, 0.0);
        assert!(m.weights.iter().all(|w| w.is_finite()));
        assert!((m.predict(&[10.0, -3.0, 10.0]) - 26.0).abs() < 1e-9);
    }

    #[test]
    fn choose_alpha_follows_the_noise() {
        let mut rng = super::super::folds::SplitMix64::new(9);
        let x: Vec<Vec<f64>> = (0..60)
            .map(|_| vec![rng.next_f64(), rng.next_f64()])
            .collect();
        // No noise: the least penalty predicts best.
        let y: Vec<f64> = x.iter().map(|r| 1.0 + 4.0 * r[0] - 2.0 * r[1]).collect();
        assert_eq!(choose_alpha(&x, &y, 5, 0, &[]), ALPHAS[0]);
        // Pure noise: heavy shrinkage.
        let y: Vec<f64> = (0..60).map(|_| rng.next_f64()).collect();
        assert!(choose_alpha(&x, &y, 5, 0, &[]) >= 10.0);
        assert_eq!(
            choose_alpha(&x, &y, 5, 3, &[]),
            choose_alpha(&x, &y, 5, 3, &[])
        );
        // Nothing to hold out: every penalty ties and the largest wins.
        assert_eq!(choose_alpha(&x[..1], &y[..1], 5, 0, &[]), 1000.0);
        let m = fit(&x, &y, 0, &[]);
        assert_eq!(m.alpha, choose_alpha(&x, &y, INNER_FOLDS, 0, &[]));
    }
}
