//! The statistics of the difficulty model: a ridge regression that predicts ln(mean human
//! solve time) of a 24-game puzzle from a handful of numeric features, judged by repeated
//! cross-validation, with a map from predicted time to solve rate and a Markdown fit report.
//!
//! Feature extraction, the command that runs the fit and the embedded fitted JSON live
//! elsewhere; this module is only the math and the serialisable results.
//!
//! - [`stats`]: mean, sd, Pearson and Spearman correlation.
//! - [`folds`]: seeded, platform-independent fold splits.
//! - [`fit`]: ridge regression and the choice of its penalty (its normal equations and
//!   their solver in `normal`).
//! - [`cv`]: repeated k-fold cross-validation.
//! - [`rate`]: the map from mean solve time to solve rate.
//! - [`report`]: the fit report in Markdown.

pub mod cv;
pub mod fit;
pub mod folds;
mod normal;
pub mod rate;
pub mod report;
pub mod stats;

pub use cv::{CrossValidation, FoldScore, RepeatScore, Sample, Spread, cross_validate};
pub use fit::{ALPHAS, INNER_FOLDS, Linear, choose_alpha, fit, ridge};
pub use folds::{SplitMix64, folds};
pub use rate::{RateMap, fit_rate_map};
pub use report::markdown;
pub use stats::{mean, pearson, ranks, sd, spearman};
