//! `digits-lab fit`: fits the difficulty model to the human solve times and writes the model
//! file and its report, or checks that the model the binary carries is what a refit gives.

use std::path::PathBuf;

use anyhow::{Result, bail};
use clap::{Args, ValueEnum};

use crate::model::train::Plan;
use crate::model::{Fitted, fit_report, human, train};
use crate::store::write::write_text;

/// How much the fit cross-validates and samples (`--plan`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PlanName {
    /// The published fit: 3 × 10-fold nested cross-validation with 5-fold inner folds,
    /// 10 × 10-fold plain cross-validation, the surrogate fitted on 300 puzzles and checked
    /// on 300 (minutes).
    Full,
    /// The same code on a small plan (1 × 3-fold outer, 2-fold inner, 1 × 3-fold plain, the
    /// surrogate on 10 and 10 puzzles), in seconds on a small training file: for tests; its
    /// figures are not the published ones.
    Quick,
}

impl PlanName {
    /// The plan.
    pub fn plan(self) -> Plan {
        match self {
            PlanName::Full => Plan::FULL,
            PlanName::Quick => Plan::QUICK,
        }
    }
}

#[derive(Debug, Args)]
pub struct FitArgs {
    /// The training file (cards,mean_time_s,solve_rate,…); the copy of
    /// data/human-24-4nums-train.csv built into the binary when omitted.
    #[arg(long, value_name = "FILE")]
    pub training: Option<PathBuf>,
    /// Where to write difficulty-model.json and difficulty-fit.md.
    #[arg(long, value_name = "DIR", default_value = "data")]
    pub out: PathBuf,
    /// Write nothing; fail unless the model built into the binary equals the refit and
    /// the fit report in --out is the refit's.
    #[arg(long)]
    pub check: bool,
    /// How much to cross-validate and sample: `full`, the published fit (the default), or
    /// `quick`, the same code on a small plan for tests, whose model and report are not the
    /// published ones (so not with --check).
    #[arg(
        long,
        value_enum,
        value_name = "PLAN",
        default_value = "full",
        conflicts_with = "check"
    )]
    pub plan: PlanName,
}

pub fn run(args: &FitArgs) -> Result<()> {
    let sets = human::read(args.training.as_deref())?;
    let plan = args.plan.plan();
    let t = train::train(sets, &plan)?;
    let m = &t.model;
    println!(
        "{} training sets; nested cross-validated Spearman ρ ({} × {}-fold outer, pooled \
         out-of-fold; the player's strategy and weights, inputs and penalty chosen inside): {:.3} with mean \
         solve time, {:.3} with solve rate",
        m.rows, plan.repeats, plan.folds, m.rho_time, m.rho_solve,
    );
    println!(
        "chosen: {}, the player by {}; player's surrogate for Digits and Countdown: ρ {:.3} \
         with its exact moves on {} held-out puzzles",
        crate::model::nested::CANDIDATES[t.choice.candidate].name,
        t.choice.strategy.name(),
        m.surrogate.check_rho,
        m.surrogate.checked_on,
    );
    let model_path = args.out.join("difficulty-model.json");
    let report_path = args.out.join("difficulty-fit.md");
    if args.check {
        if !m.matches(Fitted::embedded()) {
            bail!(
                "the model built into the binary differs from a refit: run `digits-lab fit` \
                 and rebuild"
            );
        }
        let written = std::fs::read_to_string(&report_path)
            .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", report_path.display()))?;
        if written != fit_report::report(&t) {
            bail!(
                "{} differs from the refit's report: run `digits-lab fit`",
                report_path.display()
            );
        }
        println!(
            "the model built into the binary is the refit, and {} its report",
            report_path.display()
        );
        return Ok(());
    }
    std::fs::create_dir_all(&args.out)
        .map_err(|e| anyhow::anyhow!("cannot create {}: {e}", args.out.display()))?;
    write_text(&model_path, &m.to_json())?;
    write_text(&report_path, &fit_report::report(&t))?;
    println!(
        "wrote {} and {}",
        model_path.display(),
        report_path.display()
    );
    Ok(())
}
