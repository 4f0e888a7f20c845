//! The difficulty model: ln(mean human solve time) of a puzzle predicted from the simulated
//! player's expected moves (`crate::player`, which carries most of the weight) and a handful
//! of exact features, fitted to 24-game players' times, judged by nested cross-validation,
//! with a map from predicted time to solve rate; its Markdown fit report is drawn by
//! `crate::present::fit`.
//!
//! - [`human`]: the human data and each set's features, measured by the engine.
//! - [`inputs`]: the model's inputs, read off a puzzle's features, and why each matters.
//! - [`train`]: the fit `digits-lab fit` runs, on a [`train::Plan`]; [`fitted`]: the fitted
//!   model the binary carries (`assets/difficulty-model.json`) and its predictions.
//! - [`player_fit`]: the player's weights fitted to people's times; [`move_fit`]: the same
//!   weights fitted to the moves people made (the study page's log); [`surrogate`]: the
//!   player's stand-in for the large corpora, whose exact walk costs too much.
//! - [`nested`]: nested cross-validation of the whole procedure; [`cv`]: repeated k-fold
//!   cross-validation of one choice of inputs.
//! - [`ridge`]: ridge regression and the choice of its penalty (its normal equations and
//!   their solver in `normal`), giving a [`linear::Linear`] model.
//! - [`stats`]: mean, sd, Pearson and Spearman correlation; [`folds`]: seeded,
//!   platform-independent fold splits; [`rate`]: the map from mean solve time to solve rate.
//! - [`success`]: a language model's success on a puzzle predicted from the puzzle's exact
//!   properties, fitted on its answers by `evaluate` and `fit --evaluation`.

pub mod cv;
pub mod fitted;
pub mod folds;
pub mod human;
pub mod inputs;
pub mod linear;
pub mod move_fit;
pub mod nested;
mod normal;
pub mod player_fit;
pub mod rate;
pub mod ridge;
pub mod stats;
pub mod success;
pub mod surrogate;
pub mod train;

pub use cv::{CrossValidation, FoldScore, RepeatScore, Sample, Spread, cross_validate};
pub use fitted::Fitted;
pub use folds::{SplitMix64, folds};
pub use rate::{RateMap, fit_rate_map};
pub use ridge::{ALPHAS, INNER_FOLDS, Linear, choose_alpha, fit, ridge};
pub use stats::{mean, pearson, ranks, sd, spearman};
