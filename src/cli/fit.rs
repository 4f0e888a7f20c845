//! `digits-lab fit`: fits the difficulty model to the human solve times and writes the model
//! file and its report, or checks that the model the binary carries is what a refit gives;
//! with `--human FILE`, fits and judges the model on any game's data (what `digits-lab study
//! export` writes) and writes nothing.

use std::path::PathBuf;

use anyhow::{Result, bail};
use clap::{Args, ValueEnum};

use crate::model::train::Plan;
use crate::model::{Fitted, fit_report, human, spearman, train};
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

/// The nested figure, the same line for the training file and for `--human`.
fn print_nested(m: &Fitted, plan: &train::Plan) {
    println!(
        "{} training sets; nested cross-validated Spearman ρ ({} × {}-fold outer, pooled \
         out-of-fold; the player's strategy and weights, inputs and penalty chosen inside): {:.3} with mean \
         solve time, {:.3} with solve rate",
        m.rows, plan.repeats, plan.folds, m.rho_time, m.rho_solve,
    );
}

/// `fit --human FILE`: the procedure fitted and judged on FILE's people, and the model the
/// binary carries judged on them as it stands.
fn run_human(path: &std::path::Path, plan: &train::Plan, holdout: Option<f64>) -> Result<()> {
    let sets = human::read(Some(path))?;
    if let Some(share) = holdout {
        return run_holdout(sets, plan, share);
    }
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
    println!(
        "{}: {} puzzles of {game} with a solve time",
        path.display(),
        t.sets.len()
    );
    print_nested(&t.model, plan);
    println!(
        "the model digits-lab carries (fitted on the 24 game's people), as it stands: Spearman ρ \
         {:.3} with mean solve time, {:.3} with solve rate",
        spearman(&predicted, &time),
        spearman(&predicted, &rate),
    );
    Ok(())
}

/// The seed of `--holdout`'s split.
const HOLDOUT_SEED: u64 = 38;

/// `fit --human FILE --holdout SHARE`: the procedure fitted on the puzzles not held out, its
/// model judged on those held out.
fn run_holdout(sets: Vec<human::TrainingSet>, plan: &train::Plan, share: f64) -> Result<()> {
    if !(share > 0.0 && share < 1.0) {
        bail!("--holdout takes a share between 0 and 1, not {share}");
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
    print_nested(&t.model, plan);
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
    println!(
        "held out {} puzzles (1 of {k} seeded folds), the model fitted on the other {}: \
         Spearman ρ {:.3} with mean solve time, {:.3} with solve rate",
        test.len(),
        t.sets.len(),
        spearman(&predicted, &time),
        spearman(&predicted, &rate),
    );
    Ok(())
}

pub fn run(args: &FitArgs) -> Result<()> {
    let plan = args.plan.plan();
    if let Some(path) = &args.human {
        return run_human(path, &plan, args.holdout);
    }
    let sets = human::read(args.training.as_deref())?;
    let t = train::train(sets, &plan)?;
    let m = &t.model;
    print_nested(m, &plan);
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
