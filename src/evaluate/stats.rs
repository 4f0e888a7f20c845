//! The statistics an evaluation reports: a share with its Wilson interval, pass@k from n
//! samples by the unbiased estimator, and the exact two-sided sign test of two models on the
//! puzzles they share.

use serde::Serialize;

/// z for a two-sided 95% interval.
const Z95: f64 = 1.959_963_984_540_054;

/// A share of successes with its 95% Wilson score interval.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Share {
    pub successes: u64,
    pub trials: u64,
    /// `successes / trials`, 0 with no trials.
    pub share: f64,
    pub lo: f64,
    pub hi: f64,
}

impl Share {
    /// The share and its interval; Wilson's rather than the normal one because it stays
    /// inside [0, 1] and keeps its coverage at shares near 0 or 1 and on small counts, where a
    /// model's failures on one kind of puzzle often sit.
    pub fn of(successes: u64, trials: u64) -> Share {
        assert!(successes <= trials, "Share::of: more successes than trials");
        if trials == 0 {
            return Share {
                lo: 0.0,
                hi: 1.0,
                ..Share::default()
            };
        }
        let n = trials as f64;
        let p = successes as f64 / n;
        let z2 = Z95 * Z95;
        let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = Z95 / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
        Share {
            successes,
            trials,
            share: p,
            lo: (centre - half).max(0.0),
            hi: (centre + half).min(1.0),
        }
    }
}

/// The chance that at least one of `k` samples drawn without replacement from `n`, of which
/// `c` are correct, is correct: `1 − C(n−c, k) / C(n, k)` (Chen et al. 2021), computed as a
/// product so that it neither overflows nor loses precision. `None` when `k` is 0 or more
/// than `n`.
pub fn pass_at_k(n: u64, c: u64, k: u64) -> Option<f64> {
    assert!(c <= n, "pass_at_k: more correct than samples");
    if k == 0 || k > n {
        return None;
    }
    if n - c < k {
        return Some(1.0);
    }
    if k == 1 {
        // The share itself, without the product's rounding.
        return Some(c as f64 / n as f64);
    }
    let miss: f64 = (n - c + 1..=n).map(|i| 1.0 - k as f64 / i as f64).product();
    Some(1.0 - miss)
}

/// The two-sided p-value of the exact sign test: `a` puzzles one model does better on, `b`
/// the other, ties left out; under the null each is a fair coin. 1 when there are none.
pub fn sign_test(a: u64, b: u64) -> f64 {
    let n = a + b;
    if n == 0 {
        return 1.0;
    }
    let low = a.min(b);
    // P(X ≤ low) for X ~ Binomial(n, 1/2), summed in logs so that large n stays finite.
    let ln_half_n = -(n as f64) * std::f64::consts::LN_2;
    let mut ln_choose = 0.0; // ln C(n, 0)
    let mut tail = 0.0;
    for i in 0..=low {
        if i > 0 {
            ln_choose += ((n - i + 1) as f64).ln() - (i as f64).ln();
        }
        tail += (ln_choose + ln_half_n).exp();
    }
    (2.0 * tail).min(1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_published_values() {
        // Newcombe (1998), table I: 81/263 gives [0.2553, 0.3662]; 15/148 [0.0624, 0.1605];
        // 0/10 [0, 0.2775]; 1/29 [0.0061, 0.1718].
        for (s, n, lo, hi) in [
            (81, 263, 0.2553, 0.3662),
            (15, 148, 0.0624, 0.1605),
            (0, 10, 0.0, 0.2775),
            (1, 29, 0.0061, 0.1718),
        ] {
            let w = Share::of(s, n);
            assert!((w.lo - lo).abs() < 5e-5, "{s}/{n}: lo {}", w.lo);
            assert!((w.hi - hi).abs() < 5e-5, "{s}/{n}: hi {}", w.hi);
        }
        let none = Share::of(0, 0);
        assert_eq!((none.share, none.lo, none.hi), (0.0, 0.0, 1.0));
    }

    #[test]
    fn pass_at_k_is_the_unbiased_estimator() {
        fn choose(n: u64, k: u64) -> f64 {
            (0..k).map(|i| (n - i) as f64 / (i + 1) as f64).product()
        }
        for n in 1..=12 {
            for c in 0..=n {
                for k in 1..=n {
                    let by_hand = 1.0 - choose(n - c, k) / choose(n, k);
                    let got = pass_at_k(n, c, k).unwrap();
                    assert!((got - by_hand).abs() < 1e-12, "n={n} c={c} k={k}");
                }
            }
        }
        assert_eq!(pass_at_k(10, 3, 1), Some(0.3));
        assert_eq!(pass_at_k(5, 0, 5), Some(0.0));
        assert_eq!(pass_at_k(5, 1, 5), Some(1.0));
        assert_eq!(pass_at_k(4, 2, 5), None);
        assert_eq!(pass_at_k(4, 2, 0), None);
    }

    #[test]
    fn sign_test_is_exact() {
        // 9 against 1: P(X ≤ 1) = 11/1024, two-sided 22/1024.
        assert!((sign_test(9, 1) - 22.0 / 1024.0).abs() < 1e-12);
        assert!((sign_test(1, 9) - 22.0 / 1024.0).abs() < 1e-12);
        assert_eq!(sign_test(5, 5), 1.0);
        assert_eq!(sign_test(0, 0), 1.0);
        // 0 against 20: 2 / 2^20.
        assert!((sign_test(0, 20) - 2.0 / 1_048_576.0).abs() < 1e-15);
        assert!(sign_test(4_000, 6_000) < 1e-80);
    }
}
