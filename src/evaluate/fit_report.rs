//! What `fit` found, by what was asked: the difficulty model fitted to people (its nested
//! figures, the files written or checked), judged on other people, or a language model's
//! success fitted on an evaluation ([`SuccessFit`]). The report sits here, in the lowest
//! layer that holds both kinds of fit; `crate::request::fit` returns it and
//! `crate::present::fit` writes it out.

use std::path::PathBuf;

use crate::game::rule_set::GameKind;

use super::success_fit::SuccessFit;

/// What `fit` found, by what was asked; its `Display` (in `crate::present::fit`) is the
/// lines the command prints.
#[derive(Clone, Debug)]
pub enum FitReport {
    /// The training file fitted: the nested figures, the model chosen, and the files
    /// written (or, with `check`, the report checked).
    Trained {
        nested: Nested,
        /// The candidate inputs chosen, and the player's strategy.
        candidate: &'static str,
        strategy: &'static str,
        /// The surrogate of the player (Digits and Countdown): its ρ with the exact walk,
        /// on this many held-out puzzles.
        surrogate_rho: f64,
        surrogate_on: usize,
        files: Files,
    },
    /// `human` judged: the procedure fitted on the file's people, and the model the binary
    /// carries as it stands.
    Judged {
        path: PathBuf,
        puzzles: usize,
        game: GameKind,
        nested: Nested,
        carried: Rho,
    },
    /// `human` with `holdout`: the procedure fitted on the rest, judged on those held out.
    HeldOut {
        nested: Nested,
        held: usize,
        folds: usize,
        fitted_on: usize,
        rho: Rho,
    },
    /// `evaluation`: a language model's success fitted and written.
    Success(Box<SuccessFit>),
}

/// A nested cross-validation's figure: `rows` puzzles, `repeats` × `folds`-fold outer.
#[derive(Clone, Copy, Debug)]
pub struct Nested {
    pub rows: usize,
    pub repeats: u64,
    pub folds: usize,
    pub rho: Rho,
}

/// Spearman ρ of predicted difficulty with people's mean solve time and with their solve
/// rate.
#[derive(Clone, Copy, Debug)]
pub struct Rho {
    pub time: f64,
    pub solve: f64,
}

/// The files a training fit wrote, or the report it checked.
#[derive(Clone, Debug)]
pub enum Files {
    Written { model: PathBuf, report: PathBuf },
    Checked { report: PathBuf },
}
