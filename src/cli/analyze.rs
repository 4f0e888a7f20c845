//! `digits-lab analyze`: corpora into tables, then the charts and the report.

use std::path::PathBuf;

use clap::Args;

use crate::analyze;
use crate::corpus::Shard;

use super::{CorpusArgs, phase, places, plots};

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
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads: Option<u16>,
    /// Process only shard K of N (1 ≤ K ≤ N), e.g. `--shard 2/8`.
    #[arg(long, default_value = "1/1")]
    pub shard: Shard,
    /// No progress bar, no summary lines.
    #[arg(long)]
    pub quiet: bool,
    /// Memory for sub-board tables shared across boards, in MiB (0 to 1048576): the run's
    /// peak grows by about this much; tables beyond it are built per chunk of boards.
    #[arg(long, default_value_t = 192, value_parser = clap::value_parser!(u32).range(0..=1 << 20))]
    pub cache_mb: u32,
    /// Compute only what reachability gives (solvable, min_ops, the closest value): the
    /// tables keep those columns only, `unique` is not written, and no report is drawn (the
    /// report needs solution counts).
    #[arg(long)]
    pub reach_only: bool,
}

pub(super) fn run(args: &AnalyzeArgs) -> anyhow::Result<()> {
    let corpora = args.which.corpora()?;
    let opts = analyze::Options {
        out: places::data(args.out.as_deref()),
        shard: args.shard,
        quiet: args.quiet,
        cache_budget: (args.cache_mb as usize).saturating_mul(1 << 20),
        resume: args.resume,
        reach_only: args.reach_only,
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.map_or(0, usize::from))
        .build()?;
    let complete = pool.install(|| -> anyhow::Result<bool> {
        let mut complete = true;
        for i in 0..corpora.len() {
            // Each corpus is enumerated just before it runs, so that only one is in memory.
            let s = analyze::analyze(&corpora.build(i)?, &opts)?;
            complete &= s.targets_written;
            if !args.quiet {
                let resumed = match s.pieces_resumed {
                    0 => String::new(),
                    r => format!(", {r} of {} pieces kept from before", s.pieces),
                };
                let unique = match args.reach_only {
                    true => String::new(),
                    false => format!(", {} unique", s.unique),
                };
                eprintln!(
                    "{}: {} boards, {} puzzles ({} solvable{unique}) in {:.1} s{resumed} → {}",
                    s.corpus,
                    s.boards,
                    s.puzzles,
                    s.solvable,
                    s.seconds,
                    opts.out.join(&s.corpus).display()
                );
            }
        }
        Ok(complete)
    })?;
    // The report is about whole corpora: a shard that leaves some to other shards draws none.
    // Nor does a reach-only run: the report needs solution counts, and would replace one
    // drawn from full tables.
    if args.no_report || args.reach_only {
        return Ok(());
    }
    if complete {
        if args.which.corpus == "all" {
            // The main job's report has the phase-transition section too: its default sweep
            // (about 75 s of CPU) beside the corpora's tables.
            phase::sweep_into(&opts.out, args.threads, args.quiet)?;
        }
        let reports = places::reports(args.out.as_deref(), args.reports.as_deref());
        plots::report(&opts.out, &reports, args.quiet)?;
    } else if !args.quiet {
        eprintln!(
            "no report yet: other shards are still to come (`digits-lab plots` draws it once \
             every shard is in)"
        );
    }
    Ok(())
}
