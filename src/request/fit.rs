//! `fit`: fits the difficulty model to the human solve times and writes the model file and
//! its report, or checks that the model the binary carries is what a refit gives; with
//! `human`, fits and judges the model on any game's people and writes nothing.

use std::fmt;
use std::path::{Path, PathBuf};

use crate::error::{Error, Result};
use crate::evaluate::success_fit::{SuccessFit, fit_success};
use crate::game::rule_set::GameKind;
use crate::model::train::Plan;
use crate::model::{Fitted, fit_report, fitted, human, spearman, train};
use crate::store::write::write_text;

use super::places;

/// How much the fit cross-validates and samples.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PlanName {
    /// The published fit: 3 × 10-fold nested cross-validation with 5-fold inner folds,
    /// 10 × 10-fold plain cross-validation, the surrogate fitted on 300 puzzles and checked
    /// on 300 (minutes).
    #[default]
    Full,
    /// The same code on a small plan (1 × 3-fold outer, 2-fold inner, 1 × 3-fold plain, the
    /// surrogate on 10 and 10 puzzles), in seconds on a small training file: for tests; its
    /// figures are not the published ones.
    Quick,
}

impl PlanName {
    pub fn plan(self) -> Plan {
        match self {
            PlanName::Full => Plan::FULL,
            PlanName::Quick => Plan::QUICK,
        }
    }
}

/// A fit, a check of the carried model, or a judgement on other people's data.
#[derive(Clone, Debug)]
pub struct FitRequest {
    /// The training file; the copy of assets/human-24-4nums-train.csv built into the binary
    /// when not given.
    pub training: Option<PathBuf>,
    /// Fit and judge the model on any game's people instead (what `digits-lab study
    /// export` writes), writing nothing.
    pub human: Option<PathBuf>,
    /// With `human`: hold out about this share of the puzzles and judge the model fitted on
    /// the rest on them.
    pub holdout: Option<f64>,
    /// Fit a language model's success on an `evaluate` folder instead, and write it there
    /// (`success-<model>.json`), for `generate --model-difficulty`.
    pub evaluation: Option<PathBuf>,
    /// With `evaluation`: the model to fit (needed when the evaluation has several).
    pub model: Option<String>,
    /// Where difficulty-model.json and difficulty-fit.md go: never among the inputs the
    /// binary was built from ([`places::bundled`]), which is refused before the fit.
    pub out: PathBuf,
    /// Write nothing; fail unless the carried model equals the refit and the report the
    /// binary carries is the refit's (no file is read: the same from any folder).
    pub check: bool,
    pub plan: PlanName,
}

impl Default for FitRequest {
    fn default() -> Self {
        FitRequest {
            training: None,
            human: None,
            holdout: None,
            evaluation: None,
            model: None,
            out: PathBuf::from(places::DATA),
            check: false,
            plan: PlanName::Full,
        }
    }
}

/// What `fit` found, by what was asked; `Display` prints the lines the command prints.
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

/// The seed of `holdout`'s split.
const HOLDOUT_SEED: u64 = 38;

impl FitRequest {
    pub fn run(&self) -> Result<FitReport> {
        if self.training.is_some() && self.human.is_some() {
            return Err(Error::input("give --training or --human, not both"));
        }
        if self.holdout.is_some() && self.human.is_none() {
            return Err(Error::input(
                "--holdout judges a fit on --human data: give --human",
            ));
        }
        if self.check && (self.human.is_some() || self.plan != PlanName::Full) {
            return Err(Error::input(
                "--check compares the published fit: not with --human or --plan quick",
            ));
        }
        if self.model.is_some() && self.evaluation.is_none() {
            return Err(Error::input(
                "--model names a model of --evaluation: give --evaluation",
            ));
        }
        if let Some(dir) = &self.evaluation {
            if self.training.is_some() || self.human.is_some() || self.check {
                return Err(Error::input(
                    "--evaluation fits a language model's success: not with --training, --human \
                     or --check",
                ));
            }
            let fit = fit_success(dir, self.model.as_deref())?;
            return Ok(FitReport::Success(Box::new(fit)));
        }
        let plan = self.plan.plan();
        if let Some(path) = &self.human {
            return match self.holdout {
                Some(share) => holdout(human::read(Some(path))?, &plan, share),
                None => judge(path, &plan),
            };
        }
        let model_path = self.out.join("difficulty-model.json");
        let report_path = self.out.join("difficulty-fit.md");
        // Refused before the minutes of the fit, as an unreadable training file is.
        if !self.check && (places::bundled(&model_path) || places::bundled(&report_path)) {
            return Err(Error::input(format!(
                "--out {} would overwrite the model built into the binary: fit writes \
                 elsewhere (data/ when not told), and a new model is copied into assets/ by hand",
                self.out.display()
            )));
        }
        let sets = human::read(self.training.as_deref())?;
        let t = train::train(sets, &plan)?;
        let m = &t.model;
        let trained = |files| FitReport::Trained {
            nested: nested(m, &plan),
            candidate: crate::model::nested::CANDIDATES[t.choice.candidate].name,
            strategy: t.choice.strategy.name(),
            surrogate_rho: m.surrogate.check_rho,
            surrogate_on: m.surrogate.checked_on,
            files,
        };
        if self.check {
            if !m.matches(Fitted::embedded()) {
                return Err(Error::Mismatch(
                    "the model built into the binary differs from a refit: run `digits-lab fit` \
                     and rebuild"
                        .into(),
                ));
            }
            // The report the binary carries, not a file: the check reads nothing from the
            // folder it runs in.
            if fitted::EMBEDDED_REPORT != fit_report::report(&t) {
                return Err(Error::Mismatch(format!(
                    "{} differs from the refit's report: run `digits-lab fit`, copy what it \
                     wrote into assets/ and rebuild",
                    fitted::REPORT_MD
                )));
            }
            return Ok(trained(Files::Checked {
                report: PathBuf::from(fitted::REPORT_MD),
            }));
        }
        std::fs::create_dir_all(&self.out)
            .map_err(|e| Error::failed(format!("cannot create {}", self.out.display()), e))?;
        write_text(&model_path, &m.to_json())?;
        write_text(&report_path, &fit_report::report(&t))?;
        Ok(trained(Files::Written {
            model: model_path,
            report: report_path,
        }))
    }
}

/// The nested figure of the model `m` fitted under `plan`.
fn nested(m: &Fitted, plan: &Plan) -> Nested {
    Nested {
        rows: m.rows,
        repeats: plan.repeats,
        folds: plan.folds,
        rho: Rho {
            time: m.rho_time,
            solve: m.rho_solve,
        },
    }
}

/// The procedure fitted and judged on `path`'s people, and the model the binary carries
/// judged on them as it stands.
fn judge(path: &Path, plan: &Plan) -> Result<FitReport> {
    let sets = human::read(Some(path))?;
    let game = sets[0].game.kind;
    let carried = Fitted::embedded();
    let walked = train::embedded_player(&sets);
    let predicted: Vec<f64> = sets
        .iter()
        .zip(&walked)
        .map(|(s, &l)| {
            carried.ln_time(
                &s.features,
                s.target,
                &s.setting,
                l.is_finite().then_some(l),
            )
        })
        .collect();
    let time: Vec<f64> = sets.iter().map(|s| s.mean_time_s).collect();
    let rate: Vec<f64> = sets.iter().map(|s| s.solve_rate).collect();
    let t = train::train(sets, plan)?;
    Ok(FitReport::Judged {
        path: path.to_path_buf(),
        puzzles: t.sets.len(),
        game,
        nested: nested(&t.model, plan),
        carried: Rho {
            time: spearman(&predicted, &time),
            solve: spearman(&predicted, &rate),
        },
    })
}

/// The procedure fitted on the puzzles not held out, its model judged on those held out.
fn holdout(sets: Vec<human::TrainingSet>, plan: &Plan, share: f64) -> Result<FitReport> {
    if !(share > 0.0 && share < 1.0) {
        return Err(Error::input(format!(
            "--holdout takes a share between 0 and 1, not {share}"
        )));
    }
    let k = ((1.0 / share).round() as usize).clamp(2, 10);
    let held = crate::model::folds(sets.len(), k, HOLDOUT_SEED).swap_remove(0);
    let (test, rest): (Vec<_>, Vec<_>) = sets
        .into_iter()
        .enumerate()
        .partition(|(i, _)| held.contains(i));
    let test: Vec<human::TrainingSet> = test.into_iter().map(|(_, s)| s).collect();
    let rest: Vec<human::TrainingSet> = rest.into_iter().map(|(_, s)| s).collect();
    let t = train::train(rest, plan)?;
    let player = t.model.player();
    let predicted: Vec<f64> = test
        .iter()
        .map(|s| {
            let walked = train::graphs(std::slice::from_ref(s))
                .ok()
                .and_then(|g| player.ln_moves(&g[0].prepare()));
            t.model.ln_time(&s.features, s.target, &s.setting, walked)
        })
        .collect();
    let time: Vec<f64> = test.iter().map(|s| s.mean_time_s).collect();
    let rate: Vec<f64> = test.iter().map(|s| s.solve_rate).collect();
    Ok(FitReport::HeldOut {
        nested: nested(&t.model, plan),
        held: test.len(),
        folds: k,
        fitted_on: t.sets.len(),
        rho: Rho {
            time: spearman(&predicted, &time),
            solve: spearman(&predicted, &rate),
        },
    })
}

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
            writeln!(f, "  {}", d.text())?;
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
