//! The descriptive statistics the difficulty model is fitted and judged with: mean,
//! population standard deviation, Pearson and Spearman correlation, average ranks.
//!
//! Every function here is total: empty or constant input gives 0.0 rather than NaN, so a
//! degenerate fold or feature shows up as "no correlation" in a report instead of
//! poisoning a mean over folds.

/// The arithmetic mean; 0.0 for no values.
pub fn mean(x: &[f64]) -> f64 {
    if x.is_empty() {
        return 0.0;
    }
    x.iter().sum::<f64>() / x.len() as f64
}

/// The population standard deviation (divisor n, as sklearn's `StandardScaler` uses);
/// 0.0 for no values.
pub fn sd(x: &[f64]) -> f64 {
    let m = mean(x);
    mean(&x.iter().map(|v| (v - m) * (v - m)).collect::<Vec<_>>()).sqrt()
}

/// Pearson's correlation of two equally long series; 0.0 when either side is constant
/// (or the series are empty), where the coefficient is undefined.
pub fn pearson(a: &[f64], b: &[f64]) -> f64 {
    assert_eq!(a.len(), b.len(), "pearson: series of different lengths");
    let (ma, mb) = (mean(a), mean(b));
    let (mut sab, mut saa, mut sbb) = (0.0, 0.0, 0.0);
    for (x, y) in a.iter().zip(b) {
        let (dx, dy) = (x - ma, y - mb);
        sab += dx * dy;
        saa += dx * dx;
        sbb += dy * dy;
    }
    if saa == 0.0 || sbb == 0.0 {
        return 0.0;
    }
    // Rounding can push |r| a hair past 1 for perfectly related series.
    (sab / (saa * sbb).sqrt()).clamp(-1.0, 1.0)
}

/// 1-based ranks, tied values sharing the average of the ranks they span
/// (`[10, 20, 20, 30]` → `[1, 2.5, 2.5, 4]`).
pub fn ranks(x: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..x.len()).collect();
    order.sort_by(|&i, &j| x[i].total_cmp(&x[j]));
    let mut out = vec![0.0; x.len()];
    let mut start = 0;
    while start < order.len() {
        let mut end = start + 1;
        while end < order.len() && x[order[end]] == x[order[start]] {
            end += 1;
        }
        // Positions start..end hold ranks start+1..=end; their average:
        let rank = (start + 1 + end) as f64 / 2.0;
        for &i in &order[start..end] {
            out[i] = rank;
        }
        start = end;
    }
    out
}

/// Spearman's rank correlation: Pearson's of the average ranks, so ties are handled the
/// way scipy's `spearmanr` handles them. 0.0 when either side is constant.
pub fn spearman(a: &[f64], b: &[f64]) -> f64 {
    pearson(&ranks(a), &ranks(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    #[test]
    fn mean_and_population_sd() {
        let x = [2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0];
        assert!(close(mean(&x), 5.0));
        // Σ(x−5)² = 32 over n = 8 → variance 4.
        assert!(close(sd(&x), 2.0));
        assert_eq!(mean(&[]), 0.0);
        assert_eq!(sd(&[]), 0.0);
        assert_eq!(sd(&[3.0, 3.0]), 0.0);
    }

    #[test]
    fn ranks_average_ties() {
        assert_eq!(ranks(&[1.0, 2.0, 2.0, 3.0]), vec![1.0, 2.5, 2.5, 4.0]);
        assert_eq!(ranks(&[3.0, 1.0, 3.0, 3.0]), vec![3.0, 1.0, 3.0, 3.0]);
        assert_eq!(ranks(&[0.5, -1.0, 7.0]), vec![2.0, 1.0, 3.0]);
        assert!(ranks(&[]).is_empty());
    }

    #[test]
    fn pearson_by_hand() {
        // a = [1,2,3,4], b = [2,1,4,3]: deviations (−1.5,−0.5,0.5,1.5) and
        // (−0.5,−1.5,1.5,0.5); Σ products = 0.75+0.75+0.75+0.75 = 3, Σ squares 5 and 5 →
        // r = 3/5.
        assert!(close(
            pearson(&[1.0, 2.0, 3.0, 4.0], &[2.0, 1.0, 4.0, 3.0]),
            0.6
        ));
    }

    #[test]
    fn spearman_with_ties_by_hand() {
        // Ranks [1, 2.5, 2.5, 4] against [1, 3, 2, 4]: deviations from 2.5 are
        // (−1.5, 0, 0, 1.5) and (−1.5, 0.5, −0.5, 1.5); Σ products = 4.5, Σ squares 4.5 and
        // 5 → ρ = 4.5 / √22.5 = 3/√10.
        let rho = spearman(&[1.0, 2.0, 2.0, 3.0], &[1.0, 3.0, 2.0, 4.0]);
        assert!(close(rho, 3.0 / 10f64.sqrt()), "{rho}");
        assert!(close(rho, 0.9486832980505138));
        // Ties on both sides: ranks [1.5,1.5,3,4] against [1,2.5,2.5,4]: deviations
        // (−1,−1,0.5,1.5) and (−1.5,0,0,1.5); Σ products 3.75, Σ squares 4.5 and 4.5 →
        // ρ = 3.75/4.5 = 5/6.
        let rho = spearman(&[5.0, 5.0, 6.0, 9.0], &[0.0, 1.0, 1.0, 2.0]);
        assert!(close(rho, 5.0 / 6.0), "{rho}");
    }

    #[test]
    fn spearman_perfect_and_constant() {
        let a = [0.1, 5.0, 2.0, 3.0, 40.0];
        // Any increasing transform gives +1, any decreasing one −1.
        let up: Vec<f64> = a.iter().map(|v: &f64| v.ln() * 3.0 + 1.0).collect();
        let down: Vec<f64> = a.iter().map(|v| -v * v).collect();
        assert_eq!(spearman(&a, &up), 1.0);
        assert_eq!(spearman(&a, &down), -1.0);
        assert_eq!(spearman(&a, &[2.0; 5]), 0.0);
        assert_eq!(spearman(&[2.0; 5], &a), 0.0);
        assert_eq!(spearman(&[], &[]), 0.0);
    }
}
