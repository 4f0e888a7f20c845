//! The normal equations of ridge regression on standardised inputs, and the small dense
//! solver for them.
//!
//! Kept apart from [`super::fit`] because the penalty search leans on one trick: the normal
//! equations of a set of rows are built once and then solved for every candidate penalty,
//! so choosing among 61 penalties costs 61 tiny solves rather than 61 passes over the rows.

use super::fit::Linear;
use super::stats;

/// ZᵀZ and Zᵀ(y − ȳ) of the standardised inputs Z of some rows, with the statistics that
/// standardised them.
pub(crate) struct Normal {
    mean: Vec<f64>,
    sd: Vec<f64>,
    gram: Vec<Vec<f64>>,
    zty: Vec<f64>,
    y_mean: f64,
}

impl Normal {
    /// The normal equations of `rows` of `x` and `y`.
    pub(crate) fn new(x: &[Vec<f64>], y: &[f64], rows: &[usize]) -> Self {
        let p = x.first().map_or(0, Vec::len);
        let column = |j: usize| rows.iter().map(|&r| x[r][j]).collect::<Vec<_>>();
        let mean: Vec<f64> = (0..p).map(|j| stats::mean(&column(j))).collect();
        let sd: Vec<f64> = (0..p)
            .map(|j| match stats::sd(&column(j)) {
                s if s > 0.0 => s,
                _ => 1.0,
            })
            .collect();
        let y_mean = stats::mean(&rows.iter().map(|&r| y[r]).collect::<Vec<_>>());
        let mut gram = vec![vec![0.0; p]; p];
        let mut zty = vec![0.0; p];
        for &r in rows {
            let z: Vec<f64> = (0..p).map(|j| (x[r][j] - mean[j]) / sd[j]).collect();
            let dy = y[r] - y_mean;
            for ((row, t), &zj) in gram.iter_mut().zip(&mut zty).zip(&z) {
                *t += zj * dy;
                row.iter_mut().zip(&z).for_each(|(g, &zl)| *g += zj * zl);
            }
        }
        Normal {
            mean,
            sd,
            gram,
            zty,
            y_mean,
        }
    }

    /// The ridge model of these rows under penalty `alpha`, inputs named `x1`, `x2`, …, with
    /// the weight of every input in `positive` held at 0 or above.
    ///
    /// The penalised squared error is convex, so where the free fit gives such an input a
    /// negative weight the constrained optimum puts it on the boundary, 0: the fit without
    /// that input. The most negative is dropped first and the rest refitted until none is
    /// negative; with one held input (the model's only use) that is the exact optimum.
    pub(crate) fn solve(&self, alpha: f64, positive: &[usize]) -> Linear {
        let mut dropped = vec![false; self.zty.len()];
        loop {
            let mut a = self.gram.clone();
            let mut b = self.zty.clone();
            for (j, row) in a.iter_mut().enumerate() {
                row[j] += alpha;
            }
            for j in (0..b.len()).filter(|&j| dropped[j]) {
                b[j] = 0.0;
                a[j].iter_mut().for_each(|v| *v = 0.0);
                a.iter_mut().for_each(|row| row[j] = 0.0);
            }
            let weights = solve_psd(a, b);
            let worst = positive
                .iter()
                .copied()
                .filter(|&j| weights[j] < 0.0)
                .min_by(|&i, &j| weights[i].total_cmp(&weights[j]));
            match worst {
                Some(j) => dropped[j] = true,
                None => {
                    return Linear {
                        inputs: (1..=self.zty.len()).map(|j| format!("x{j}")).collect(),
                        mean: self.mean.clone(),
                        sd: self.sd.clone(),
                        weights,
                        intercept: self.y_mean,
                        alpha,
                    };
                }
            }
        }
    }
}

/// Solves `a · w = b` for a symmetric positive semi-definite `a` by Gaussian elimination on
/// the diagonal. For such matrices diagonal pivots are as stable as partial pivoting (it is
/// Cholesky in another guise), and every remaining block stays symmetric PSD, so a pivot of
/// zero means its whole row and column are zero: that unknown (a constant input with no
/// penalty, or an exact copy of another input) is left at weight 0 and the others carry the
/// fit, where a general solver would divide by zero.
pub(super) fn solve_psd(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Vec<f64> {
    let p = b.len();
    let tiny = (0..p).map(|j| a[j][j].abs()).fold(0.0, f64::max) * 1e-13;
    let mut usable = vec![false; p];
    for c in 0..p {
        if a[c][c] <= tiny {
            continue;
        }
        usable[c] = true;
        let (done, rest) = a.split_at_mut(c + 1);
        let pivot_row = &done[c];
        for (off, row) in rest.iter_mut().enumerate() {
            let f = row[c] / pivot_row[c];
            if f != 0.0 {
                row.iter_mut()
                    .zip(pivot_row)
                    .skip(c)
                    .for_each(|(v, &pv)| *v -= f * pv);
                b[c + 1 + off] -= f * b[c];
            }
        }
    }
    let mut w = vec![0.0; p];
    for c in (0..p).rev() {
        if usable[c] {
            let known: f64 = (c + 1..p).map(|k| a[c][k] * w[k]).sum();
            w[c] = (b[c] - known) / a[c][c];
        }
    }
    w
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solves_a_small_spd_system() {
        // [[4,2,0],[2,5,1],[0,1,3]] · (1, −1, 2) = (2, −1, 5).
        let a = vec![
            vec![4.0, 2.0, 0.0],
            vec![2.0, 5.0, 1.0],
            vec![0.0, 1.0, 3.0],
        ];
        let w = solve_psd(a, vec![2.0, -1.0, 5.0]);
        for (got, want) in w.iter().zip([1.0, -1.0, 2.0]) {
            assert!((got - want).abs() < 1e-14, "{w:?}");
        }
        assert!(solve_psd(vec![], vec![]).is_empty());
    }

    #[test]
    fn zero_pivots_get_zero_weight() {
        // The second unknown duplicates the first: the solver keeps the first and drops
        // the copy; a zero row and column is left at 0.
        let a = vec![
            vec![2.0, 2.0, 0.0],
            vec![2.0, 2.0, 0.0],
            vec![0.0, 0.0, 0.0],
        ];
        assert_eq!(solve_psd(a, vec![6.0, 6.0, 0.0]), vec![3.0, 0.0, 0.0]);
    }

    #[test]
    fn gram_of_standardised_rows() {
        // Two rows: each input standardises to ∓1, so ZᵀZ is all 2s; y − ȳ = ∓1.
        let x = vec![vec![0.0, 10.0], vec![2.0, 30.0]];
        let n = Normal::new(&x, &[1.0, 3.0], &[0, 1]);
        assert_eq!(
            (n.mean.clone(), n.sd.clone()),
            (vec![1.0, 20.0], vec![1.0, 10.0])
        );
        assert_eq!(n.gram, vec![vec![2.0, 2.0], vec![2.0, 2.0]]);
        assert_eq!((n.zty.clone(), n.y_mean), (vec![2.0, 2.0], 2.0));
    }
}
