//! `fit`: fits the difficulty model to the human solve times and writes the model file and
//! its report, or checks that the model the binary carries is what a refit gives; with
//! `human`, fits and judges the model on any game's people and writes nothing.

use std::path::{Path, PathBuf};

use crate::error::{Error, Result};
use crate::evaluate::success_fit::fit_success;
use crate::model::train::Plan;
use crate::model::{Fitted, fitted, human, spearman, train};
use crate::present::fit::report;
use crate::store::write::write_text;

use super::places;

pub use crate::evaluate::fit_report::{Files, FitReport, Nested, Rho};

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
            if fitted::EMBEDDED_REPORT != report(&t) {
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
        write_text(&report_path, &report(&t))?;
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
