//! `digits-lab fit`: fits the difficulty model to the human solve times and writes the model
//! file and its report, or checks that the model the binary carries is what a refit gives;
//! with `--human FILE`, fits and judges the model on any game's data (what `digits-lab study
//! export` writes) and writes nothing.

use std::path::PathBuf;

use clap::{Args, ValueEnum};

use digits_lab::request::FitRequest;
use digits_lab::request::fit::PlanName;
use digits_lab::request::places;

/// How much the fit cross-validates and samples (`--plan`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PlanFlag {
    /// The published fit: 3 × 10-fold nested cross-validation with 5-fold inner folds,
    /// 10 × 10-fold plain cross-validation, the surrogate fitted on 300 puzzles and checked
    /// on 300 (minutes).
    Full,
    /// The same code on a small plan (1 × 3-fold outer, 2-fold inner, 1 × 3-fold plain, the
    /// surrogate on 10 and 10 puzzles), in seconds on a small training file: for tests; its
    /// figures are not the published ones.
    Quick,
}

#[derive(Debug, Args)]
pub struct FitArgs {
    /// The training file (cards,mean_time_s,solve_rate,…); the copy of
    /// assets/human-24-4nums-train.csv built into the binary when omitted.
    #[arg(long, value_name = "FILE", conflicts_with = "human")]
    pub training: Option<PathBuf>,
    /// Fit and judge the model on any game's people (cards,mean_time_s,solve_rate,… with
    /// optional `game` and `target` columns, as `digits-lab study export` writes): nested
    /// cross-validation as for the training file, and the carried model's own ρ on these
    /// puzzles. Writes nothing.
    #[arg(long, value_name = "FILE", conflicts_with = "check")]
    pub human: Option<PathBuf>,
    /// With --human: hold out about this share of the puzzles (one of round(1 / SHARE)
    /// seeded folds, 2 to 10), fit the procedure on the rest, and judge its model on them.
    #[arg(long, value_name = "SHARE", requires = "human")]
    pub holdout: Option<f64>,
    /// Fit a language model's success on an `evaluate` folder instead (its puzzles table):
    /// cross-validated holding out boards, written there as success-<model>.json for
    /// `generate --model-difficulty`.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["training", "human", "check"])]
    pub evaluation: Option<PathBuf>,
    /// With --evaluation: the model to fit, when it has several.
    #[arg(long, requires = "evaluation")]
    pub model: Option<String>,
    /// Where to write difficulty-model.json and difficulty-fit.md (never assets/, the
    /// inputs built into the binary).
    #[arg(long, value_name = "DIR", default_value = places::DATA)]
    pub out: PathBuf,
    /// Write nothing; fail unless the model and the fit report built into the binary are
    /// the refit's.
    #[arg(long)]
    pub check: bool,
    /// How much to cross-validate and sample: `full`, the published fit (the default), or
    /// `quick`, the same code on a small plan for tests, whose model and report are not the
    /// published ones (so not with --check).
    #[arg(
        long,
        value_enum,
        value_name = "PLAN",
        default_value = PlanFlag::of(FitRequest::default().plan).name(),
        conflicts_with = "check"
    )]
    pub plan: PlanFlag,
}

impl PlanFlag {
    fn of(plan: PlanName) -> PlanFlag {
        match plan {
            PlanName::Full => PlanFlag::Full,
            PlanName::Quick => PlanFlag::Quick,
        }
    }

    fn name(self) -> &'static str {
        match self {
            PlanFlag::Full => "full",
            PlanFlag::Quick => "quick",
        }
    }
}

impl FitArgs {
    pub fn request(&self) -> FitRequest {
        FitRequest {
            training: self.training.clone(),
            human: self.human.clone(),
            holdout: self.holdout,
            evaluation: self.evaluation.clone(),
            model: self.model.clone(),
            out: self.out.clone(),
            check: self.check,
            plan: match self.plan {
                PlanFlag::Full => PlanName::Full,
                PlanFlag::Quick => PlanName::Quick,
            },
        }
    }
}

pub fn run(args: &FitArgs) -> anyhow::Result<()> {
    print!("{}", args.request().run()?);
    Ok(())
}
