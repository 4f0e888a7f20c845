//! A fitted linear model on standardised inputs ([`Linear`]): what ridge regression gives
//! (`super::ridge`) and its normal equations solve for (`super::normal`), kept apart from
//! both so that neither imports the other for it.

use serde::{Deserialize, Serialize};

/// A fitted linear model on standardised inputs:
/// `prediction = intercept + Σ weights[i] · (x[i] − mean[i]) / sd[i]`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Linear {
    /// The inputs' names, in the order `predict` takes them. [`super::ridge::ridge`] cannot know them and
    /// writes `x1`, `x2`, …; the caller names them with [`Linear::named`].
    pub inputs: Vec<String>,
    /// Each input's training mean.
    pub mean: Vec<f64>,
    /// Each input's training population sd (1 where the input was constant, so that it
    /// standardises to 0 and gets no weight rather than dividing by zero).
    pub sd: Vec<f64>,
    /// The change in prediction for one sd more of each input.
    pub weights: Vec<f64>,
    /// The prediction for an input at its training mean: the mean of the training targets.
    pub intercept: f64,
    /// The ridge penalty the weights were fitted with.
    pub alpha: f64,
}

impl Linear {
    /// The prediction for one row of raw inputs.
    pub fn predict(&self, x: &[f64]) -> f64 {
        assert_eq!(
            x.len(),
            self.weights.len(),
            "predict: wrong number of inputs"
        );
        self.intercept
            + (0..x.len())
                .map(|i| self.weights[i] * (x[i] - self.mean[i]) / self.sd[i])
                .sum::<f64>()
    }

    /// The weight of input `i` per unit of the raw input (rather than per sd).
    pub fn raw_weight(&self, i: usize) -> f64 {
        self.weights[i] / self.sd[i]
    }

    /// The same model with its inputs named.
    pub fn named(mut self, inputs: Vec<String>) -> Self {
        assert_eq!(
            inputs.len(),
            self.weights.len(),
            "named: wrong number of names"
        );
        self.inputs = inputs;
        self
    }
}
