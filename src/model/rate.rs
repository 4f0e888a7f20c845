//! The map from a puzzle's (predicted) mean solve time to its solve rate, so the model's one
//! prediction also answers "what share of people will solve this?".

use serde::{Deserialize, Serialize};

use super::cv::Sample;
use super::stats;

/// The solve rate as a function of ln(mean time): `logit(rate) = a + b · ln(time)`. A
/// logistic link keeps predicted rates inside (0, 1) however extreme the predicted time.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct RateMap {
    pub a: f64,
    pub b: f64,
}

impl RateMap {
    /// The solve rate this map gives a puzzle of (predicted) ln mean time `ln_time`.
    pub fn rate(&self, ln_time: f64) -> f64 {
        1.0 / (1.0 + (-(self.a + self.b * ln_time)).exp())
    }
}

/// Least squares of logit(solve rate) on ln(mean time). Rates are clamped to
/// [0.001, 0.999] first: a puzzle everyone solved would otherwise have an infinite logit.
/// With every time equal the slope is 0 and `a` is the mean logit.
pub fn fit_rate_map(samples: &[Sample]) -> RateMap {
    let x: Vec<f64> = samples.iter().map(|s| s.mean_time_s.ln()).collect();
    let y: Vec<f64> = samples
        .iter()
        .map(|s| {
            let p = s.solve_rate.clamp(0.001, 0.999);
            (p / (1.0 - p)).ln()
        })
        .collect();
    let (mx, my) = (stats::mean(&x), stats::mean(&y));
    let sxx: f64 = x.iter().map(|v| (v - mx) * (v - mx)).sum();
    let sxy: f64 = x.iter().zip(&y).map(|(u, v)| (u - mx) * (v - my)).sum();
    let b = if sxx > 0.0 { sxy / sxx } else { 0.0 };
    RateMap { a: my - b * mx, b }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recovers_exact_logistic_data() {
        let truth = RateMap { a: 4.0, b: -1.5 };
        let samples: Vec<Sample> = [2.0, 5.0, 10.0, 20.0, 45.0, 90.0, 300.0]
            .iter()
            .map(|&t: &f64| Sample {
                inputs: vec![],
                mean_time_s: t,
                solve_rate: truth.rate(t.ln()),
            })
            .collect();
        let fitted = fit_rate_map(&samples);
        assert!((fitted.a - 4.0).abs() < 1e-9, "{fitted:?}");
        assert!((fitted.b + 1.5).abs() < 1e-9, "{fitted:?}");
        // logit⁻¹(4 − 1.5·ln 20) = 1/(1 + e^0.4936…) ≈ 0.3790.
        assert!(
            (fitted.rate(20f64.ln()) - 1.0 / (1.0 + (1.5 * 20f64.ln() - 4.0).exp())).abs() < 1e-9
        );
        assert_eq!(RateMap { a: 0.0, b: 1.0 }.rate(0.0), 0.5);
    }

    #[test]
    fn clamps_certain_rates_and_constant_times() {
        let s = |t: f64, r: f64| Sample {
            inputs: vec![],
            mean_time_s: t,
            solve_rate: r,
        };
        // Rates 1 and 0 clamp to logits ±ln 999 instead of ±∞.
        let m = fit_rate_map(&[s(1.0, 1.0), s(std::f64::consts::E, 0.0)]);
        let l = 999f64.ln();
        assert!(
            (m.a - l).abs() < 1e-12 && (m.b + 2.0 * l).abs() < 1e-12,
            "{m:?}"
        );
        // Every time equal: no slope, the mean logit.
        let m = fit_rate_map(&[s(5.0, 0.5), s(5.0, 0.8)]);
        assert_eq!(m.b, 0.0);
        assert!((m.a - 4f64.ln() / 2.0).abs() < 1e-12);
    }
}
