//! `digits-lab analyze`: corpora into tables, then the charts and the report.

use std::path::PathBuf;

use clap::Args;

use crate::terminal::Terminal;
use digits_lab::corpus::Shard;
use digits_lab::present;
use digits_lab::request::AnalyzeRequest;
use digits_lab::request::analyze::CACHE_MB;

use super::CorpusArgs;

#[derive(Debug, Args)]
pub struct AnalyzeArgs {
    #[command(flatten)]
    pub which: CorpusArgs,
    /// The folder that gets one sub-folder of tables per corpus [default: data].
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Where the charts and REPORT.md go once every corpus's tables are complete [default:
    /// OUT/reports with --out, else reports].
    #[arg(long, value_name = "DIR")]
    pub reports: Option<PathBuf>,
    /// Write the tables only: no charts, no REPORT.md (`digits-lab plots` draws them later).
    #[arg(long)]
    pub no_report: bool,
    /// Keep the pieces a stopped run of the same request finished and compute only the rest.
    #[arg(long)]
    pub resume: bool,
    /// Worker threads, 1 to 1024 (default: one per core).
    #[arg(long)]
    pub threads: Option<i128>,
    /// Process only shard K of N (1 ≤ K ≤ N), e.g. `--shard 2/8`.
    #[arg(long, default_value_t = AnalyzeRequest::default().shard)]
    pub shard: Shard,
    /// No progress bar, no summary lines.
    #[arg(long)]
    pub quiet: bool,
    /// Memory for sub-board tables shared across boards, in MiB (0 to 1048576): the run's
    /// peak grows by up to twice this much (the run's tables, and those carried from one
    /// chunk of boards to the next); tables beyond it are built per chunk of boards.
    #[arg(long, default_value_t = i128::from(AnalyzeRequest::default().cache_mb))]
    pub cache_mb: i128,
    /// Compute only what reachability gives (solvable, min_ops, the closest value): the
    /// tables keep those columns only, `unique` is not written, and no report is drawn (the
    /// report needs solution counts).
    #[arg(long)]
    pub reach_only: bool,
    /// Recompute everything, even tables, the phase sweep and the report that this build
    /// already wrote for the same request (`up to date, kept` otherwise).
    #[arg(long)]
    pub force: bool,
}

impl AnalyzeArgs {
    pub fn request(&self) -> digits_lab::Result<AnalyzeRequest> {
        Ok(AnalyzeRequest {
            corpora: self.which.options(),
            out: self.out.clone(),
            reports: self.reports.clone(),
            no_report: self.no_report,
            resume: self.resume,
            threads: super::threads(self.threads)?,
            shard: self.shard,
            cache_mb: CACHE_MB.fit(self.cache_mb)?,
            reach_only: self.reach_only,
            force: self.force,
        })
    }
}

pub(super) fn run(args: &AnalyzeArgs) -> anyhow::Result<()> {
    let request = args.request()?;
    let report = request.run(&Terminal::new(args.quiet))?;
    if args.quiet {
        return Ok(());
    }
    for line in present::analyze::notes(&report) {
        eprintln!("{line}");
    }
    if let Some(drawn) = &report.drawn {
        super::plots::print(drawn, false);
    }
    Ok(())
}
