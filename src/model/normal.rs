//! The normal equations of ridge regression on standardised inputs, and the small dense
//! solver for them.
//!
//! Kept apart from [`super::fit`] because the penalty search leans on one trick: the normal
//! equations of a set of rows are built once and then solved for every candidate penalty,
//! so choosing among 61 penalties costs 61 tiny solves rather than 61 passes over the rows.

use super::inputs::Direction;
use super::linear::Linear;
use super::stats;

/// ZᵀZ and Zᵀ(y − ȳ) of the standardised inputs Z of some rows, with the statistics that
/// standardised them.
pub(super) struct Normal {
    mean: Vec<f64>,
    sd: Vec<f64>,
    gram: Vec<Vec<f64>>,
    zty: Vec<f64>,
    y_mean: f64,
}

impl Normal {
    /// The normal equations of `rows` of `x` and `y`.
    pub(super) fn new(x: &[Vec<f64>], y: &[f64], rows: &[usize]) -> Self {
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

    /// The ridge model of these rows under penalty `alpha`, inputs named `x1`, `x2`, …, each
    /// weight held to its input's [`Direction`] (`directions` empty: all free).
    ///
    /// The penalised squared error is convex and the limits are bounds at 0, so the optimum
    /// is the unconstrained fit of some set of the limited inputs held at 0: every such set
    /// is solved, and of those whose weights keep their limits the one of least penalised
    /// error is taken. Exact, and cheap for the model's few limited inputs (at most 2^6
    /// sets).
    pub(super) fn solve(&self, alpha: f64, directions: &[Direction]) -> Linear {
        let p = self.zty.len();
        let limited: Vec<usize> = (0..p)
            .filter(|&j| directions.get(j).is_some_and(|&d| d != Direction::Free))
            .collect();
        let keeps = |w: &[f64]| {
            limited.iter().all(|&j| match directions[j] {
                Direction::Slower => w[j] >= 0.0,
                Direction::Faster => w[j] <= 0.0,
                Direction::Free => true,
            })
        };
        let mut best: Option<(f64, Vec<f64>)> = None;
        for held in 0u32..1 << limited.len() {
            let zero: Vec<usize> = (0..limited.len())
                .filter(|&k| held & (1 << k) != 0)
                .map(|k| limited[k])
                .collect();
            let w = self.solve_with_zeros(alpha, &zero);
            if !keeps(&w) {
                continue;
            }
            let loss = self.penalised_error(alpha, &w);
            if best.as_ref().is_none_or(|(l, _)| loss < *l) {
                best = Some((loss, w));
            }
        }
        // Holding every limited input at 0 always keeps the limits.
        let (_, weights) = best.expect("the all-held fit keeps every limit");
        Linear {
            inputs: (1..=p).map(|j| format!("x{j}")).collect(),
            mean: self.mean.clone(),
            sd: self.sd.clone(),
            weights,
            intercept: self.y_mean,
            alpha,
        }
    }

    /// The unconstrained ridge weights with the inputs `zero` held at 0.
    fn solve_with_zeros(&self, alpha: f64, zero: &[usize]) -> Vec<f64> {
        let mut a = self.gram.clone();
        let mut b = self.zty.clone();
        for (j, row) in a.iter_mut().enumerate() {
            row[j] += alpha;
        }
        for &j in zero {
            b[j] = 0.0;
            a[j].iter_mut().for_each(|v| *v = 0.0);
            a.iter_mut().for_each(|row| row[j] = 0.0);
        }
        solve_psd(a, b)
    }

    /// wᵀ(ZᵀZ + αI)w − 2 wᵀZᵀ(y − ȳ): the penalised squared error of `w` up to a constant.
    fn penalised_error(&self, alpha: f64, w: &[f64]) -> f64 {
        let mut e = 0.0;
        for (j, row) in self.gram.iter().enumerate() {
            let gw: f64 = row.iter().zip(w).map(|(g, v)| g * v).sum();
            e += w[j] * (gw + alpha * w[j]) - 2.0 * w[j] * self.zty[j];
        }
        e
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
    fn a_limited_weight_is_the_fit_without_its_input() {
        // y = x1 − x2 + noise: free, x2's weight is negative; held to slow (≥ 0), it is 0 and
        // x1's is the fit on x1 alone.
        let x: Vec<Vec<f64>> = [[0.0, 1.0], [1.0, 0.0], [2.0, 3.0], [3.0, 1.0], [4.0, 4.0]]
            .iter()
            .map(|r| r.to_vec())
            .collect();
        let y = [0.1, 1.0, -0.9, 2.1, 0.0];
        let rows = [0, 1, 2, 3, 4];
        let n = Normal::new(&x, &y, &rows);
        assert!(n.solve(0.5, &[]).weights[1] < 0.0);
        let slower = [Direction::Free, Direction::Slower];
        let held = n.solve(0.5, &slower);
        let x1: Vec<Vec<f64>> = x.iter().map(|r| vec![r[0]]).collect();
        let alone = Normal::new(&x1, &y, &rows).solve(0.5, &[]);
        assert_eq!(held.weights[1], 0.0);
        assert!(
            (held.weights[0] - alone.weights[0]).abs() < 1e-12,
            "{held:?}"
        );
        // A weight the free fit gives the allowed sign is left as it is.
        let faster = [Direction::Free, Direction::Faster];
        assert_eq!(n.solve(0.5, &faster), n.solve(0.5, &[]));
        // Both held to slow: of the four sets held at 0, the best keeping both limits is x2's
        // (as above). x1 to speed and x2 to slow: every set but both at 0 breaks a limit.
        let both = n.solve(0.5, &[Direction::Slower, Direction::Slower]);
        assert_eq!(both, held);
        let none = n.solve(0.5, &[Direction::Faster, Direction::Slower]);
        assert_eq!(none.weights, vec![0.0, 0.0]);
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
