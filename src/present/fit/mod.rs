//! `fit`'s renderings: the lines the command prints (`Display` for [`FitReport`] and its
//! nested figure), and the fit report ([`markdown`]: `difficulty-fit.md`, the binary
//! carrying `assets/difficulty-fit.md`; the chosen model's ridge report in [`ridge`]).

pub mod markdown;
pub mod ridge;

use std::fmt;

use crate::evaluate::fit_report::{Files, FitReport, Nested};
use crate::evaluate::success_fit::SuccessFit;

pub use markdown::report;

impl fmt::Display for Nested {
    /// The nested figure, the same line for the training file and for `human`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} training sets; nested cross-validated Spearman ρ ({} × {}-fold outer, pooled \
             out-of-fold; the player's strategy and weights, inputs and penalty chosen inside): \
             {:.3} with mean solve time, {:.3} with solve rate",
            self.rows, self.repeats, self.folds, self.rho.time, self.rho.solve,
        )
    }
}

impl fmt::Display for FitReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FitReport::Trained {
                nested,
                candidate,
                strategy,
                surrogate_rho,
                surrogate_on,
                files,
            } => {
                write!(f, "{nested}")?;
                writeln!(
                    f,
                    "chosen: {candidate}, the player by {strategy}; player's surrogate for \
                     Digits and Countdown: ρ {surrogate_rho:.3} with its exact moves on \
                     {surrogate_on} held-out puzzles",
                )?;
                match files {
                    Files::Checked { report } => writeln!(
                        f,
                        "the model built into the binary is the refit, and {} its report",
                        report.display()
                    ),
                    Files::Written { model, report } => {
                        writeln!(f, "wrote {} and {}", model.display(), report.display())
                    }
                }
            }
            FitReport::Judged {
                path,
                puzzles,
                game,
                nested,
                carried,
            } => {
                writeln!(
                    f,
                    "{}: {puzzles} puzzles of {game} with a solve time",
                    path.display()
                )?;
                write!(f, "{nested}")?;
                writeln!(
                    f,
                    "the model digits-lab carries (fitted on the 24 game's people), as it \
                     stands: Spearman ρ {:.3} with mean solve time, {:.3} with solve rate",
                    carried.time, carried.solve,
                )
            }
            FitReport::HeldOut {
                nested,
                held,
                folds,
                fitted_on,
                rho,
            } => {
                write!(f, "{nested}")?;
                writeln!(
                    f,
                    "held out {held} puzzles (1 of {folds} seeded folds), the model fitted on \
                     the other {fitted_on}: Spearman ρ {:.3} with mean solve time, {:.3} with \
                     solve rate",
                    rho.time, rho.solve,
                )
            }
            FitReport::Success(fit) => success(f, fit),
        }
    }
}

/// The lines of a language model's success fit: its cross-validated figures, what drives
/// it (or that nothing does), where it went, and the set to make with it only where it
/// predicts.
fn success(f: &mut fmt::Formatter<'_>, fit: &SuccessFit) -> fmt::Result {
    let m = &fit.model;
    writeln!(
        f,
        "{}'s success on {} {} puzzles ({} boards): cross-validated ρ {:.3} ± {:.3}, R² {:.3} ± \
         {:.3} (5 × 5-fold, holding out boards)",
        m.model, m.puzzles, m.game, m.boards, m.rho_cv.mean, m.rho_cv.sd, m.r2_cv.mean, m.r2_cv.sd
    )?;
    if let Some(r) = fit.drivers.rho_human {
        writeln!(f, "the human difficulty against its success: ρ {r:.3}")?;
    }
    let Some(why) = m.unpredictive() else {
        for d in fit.drivers.shown().take(3) {
            writeln!(f, "  {d}")?;
        }
        let path = fit.written.display();
        return writeln!(
            f,
            "wrote {path} (generate --model-difficulty {path} --difficulty hard)"
        );
    };
    writeln!(
        f,
        "{}'s failures are not predictable from the puzzles' properties ({why}): a set chosen \
         by its predicted success would be chosen by noise",
        m.model
    )?;
    writeln!(
        f,
        "wrote {} (generate --model-difficulty refuses it without --allow-unpredictive)",
        fit.written.display()
    )
}
