//! `digits-lab phase`: the solvability phase transition `P(k, M)` into `phase.parquet`, then
//! the charts and the report (as `analyze` does).

use std::path::PathBuf;

use clap::Args;

use crate::terminal::Terminal;
use digits_lab::request::PhaseRequest;
use digits_lab::request::phase::{BUDGET, EXACT_LIMIT, K, M, SAMPLES};

use super::RulesArgs;

/// The request's defaults, which the flags' are.
fn defaults() -> PhaseRequest {
    PhaseRequest::default()
}

#[derive(Debug, Args)]
pub struct PhaseArgs {
    /// The rules the boards are played under (Digits' and Countdown's are the same: positive
    /// integers, any subset); the game's pool and targets do not apply.
    #[command(flatten)]
    pub rules: RulesArgs,
    /// The data folder `phase.parquet` is written to, beside the corpora's folders
    /// [default: data].
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Board sizes, comma-separated, each 1 to 7.
    #[arg(long, value_delimiter = ',', default_values_t = defaults().k.into_iter().map(i128::from).collect::<Vec<_>>())]
    pub k: Vec<i128>,
    /// Ranges 1..M the numbers and targets are drawn from, comma-separated, each 1 to 10000.
    #[arg(long, value_delimiter = ',', default_values_t = defaults().m.into_iter().map(i128::from).collect::<Vec<_>>())]
    pub m: Vec<i128>,
    /// Boards per sampled cell, 2 to 10000000 (fewer where the budget asks, down to 20; a
    /// cell that cannot have 20 is skipped).
    #[arg(long, default_value_t = i128::from(defaults().samples))]
    pub samples: i128,
    /// A cell may be exact (every multiset) only when it has at most this many multisets,
    /// 0 to 20000000; the budget decides within it.
    #[arg(long, default_value_t = i128::from(defaults().exact_limit))]
    pub exact_limit: i128,
    /// The sweep's budget in CPU seconds, 1 to 604800, by a cost model measured once (the
    /// same plan on any machine): cells are exact or sampled with as many boards as fit; two
    /// free cores take about half as long in wall time.
    #[arg(long, default_value_t = i128::from(defaults().budget))]
    pub budget: i128,
    /// The seed of the sampled cells' boards.
    #[arg(long, default_value_t = defaults().seed)]
    pub seed: u64,
    /// Worker threads, 1 to 1024 (default: one per core). The output is the same for any.
    #[arg(long)]
    pub threads: Option<i128>,
    /// Where the charts and REPORT.md go [default: OUT/reports with --out, else reports].
    #[arg(long, value_name = "DIR")]
    pub reports: Option<PathBuf>,
    /// Write phase.parquet only: no charts, no REPORT.md.
    #[arg(long)]
    pub no_report: bool,
    /// No progress bar, no table on stdout.
    #[arg(long)]
    pub quiet: bool,
}

impl PhaseArgs {
    pub fn request(&self) -> digits_lab::Result<PhaseRequest> {
        Ok(PhaseRequest {
            rules: self.rules.options(),
            out: self.out.clone(),
            k: K.fit_all(&self.k)?,
            m: M.fit_all(&self.m)?,
            samples: SAMPLES.fit(self.samples)?,
            exact_limit: EXACT_LIMIT.fit(self.exact_limit)?,
            budget: BUDGET.fit(self.budget)?,
            seed: self.seed,
            threads: super::threads(self.threads)?,
            reports: self.reports.clone(),
            no_report: self.no_report,
            keep: false,
        })
    }
}

pub(super) fn run(args: &PhaseArgs) -> anyhow::Result<()> {
    let report = args.request()?.run(&Terminal::new(args.quiet))?;
    if !args.quiet {
        print!("{report}");
        if let Some(drawn) = &report.drawn {
            super::plots::print(drawn, false);
        }
    }
    Ok(())
}
