//! The difficulty model: a ridge regression that predicts ln(mean human solve time) of a
//! 24-game puzzle from a handful of exact features, judged by repeated cross-validation, with
//! a map from predicted time to solve rate and a Markdown fit report.
//!
//! - [`inputs`]: the model's inputs, read off a puzzle's features, and why each matters.
//! - [`training`]: the human data and each set's features, measured by the engine.
//! - [`train`]: the fit `digits-lab fit` runs; [`fitted`]: the fitted model the binary
//!   carries (`data/difficulty-model.json`) and its predictions.
//! - [`stats`]: mean, sd, Pearson and Spearman correlation.
//! - [`folds`]: seeded, platform-independent fold splits.
//! - [`fit`]: ridge regression and the choice of its penalty (its normal equations and
//!   their solver in `normal`).
//! - [`cv`]: repeated k-fold cross-validation.
//! - [`rate`]: the map from mean solve time to solve rate.
//! - [`report`]: the fit report in Markdown.

pub mod cv;
pub mod fit;
pub mod fit_report;
pub mod fitted;
pub mod folds;
pub mod inputs;
pub mod nested;
mod normal;
pub mod player_fit;
pub mod rate;
pub mod report;
pub mod stats;
pub mod surrogate;
pub mod train;
pub mod training;

pub use cv::{CrossValidation, FoldScore, RepeatScore, Sample, Spread, cross_validate};
pub use fit::{ALPHAS, INNER_FOLDS, Linear, choose_alpha, fit, ridge};
pub use fitted::Fitted;
pub use folds::{SplitMix64, folds};
pub use rate::{RateMap, fit_rate_map};
pub use report::markdown;
pub use stats::{mean, pearson, ranks, sd, spearman};
