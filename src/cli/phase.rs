//! `digits-lab phase`: the solvability phase transition `P(k, M)` into `phase.parquet`, then
//! the charts and the report (as `analyze` does).

use std::path::{Path, PathBuf};

use clap::{Args, FromArgMatches};

use crate::format::grouped;
use crate::game::rule_set::{Game, GameKind};
use crate::store;
use crate::variant::phase::{self, Method, Plan};

use super::{RulesArgs, places, plots};

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
    #[arg(long, value_delimiter = ',', default_value = "2,3,4,5,6,7",
          value_parser = clap::value_parser!(u32).range(1..=7))]
    pub k: Vec<u32>,
    /// Ranges 1..M the numbers and targets are drawn from, comma-separated, each 1 to 10000.
    #[arg(long, value_delimiter = ',', default_value = "10,100,1000,10000",
          value_parser = clap::value_parser!(u64).range(1..=phase::MAX_M))]
    pub m: Vec<u64>,
    /// Boards per sampled cell, 2 to 10000000.
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(2..=10_000_000))]
    pub samples: u64,
    /// A cell is exact (every multiset) when it has at most this many multisets, 0 to 20000000.
    #[arg(long, default_value_t = 5_000_000, value_parser = clap::value_parser!(u64).range(0..=20_000_000))]
    pub exact_limit: u64,
    /// The seed of the sampled cells' boards.
    #[arg(long, default_value_t = 2012)]
    pub seed: u64,
    /// Worker threads, 1 to 1024 (default: one per core). The output is the same for any.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads: Option<u16>,
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
    /// The sweep these options ask for, checked.
    pub fn plan(&self) -> Result<Plan, crate::error::Error> {
        let plan = Plan {
            rules: self.rules.game()?.rules,
            ks: self.k.clone(),
            ms: self.m.clone(),
            exact_limit: self.exact_limit,
            samples: self.samples,
            seed: self.seed,
        };
        plan.check()?;
        Ok(plan)
    }
}

pub(super) fn run(args: &PhaseArgs) -> anyhow::Result<()> {
    let plan = args.plan()?;
    let rules = plan.rules;
    let countdown = rules == Game::preset(GameKind::Countdown).rules;
    let total = plan.boards();
    let bar = crate::progress::boards(total, args.quiet, "phase");
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.map_or(0, usize::from))
        .build()?;
    let cells = pool.install(|| phase::sweep(&plan, &|n| bar.inc(n)))?;
    bar.finish_and_clear();
    let data = places::data(args.out.as_deref());
    let described = rules.describe();
    let path = store::phase::write(&data, &cells, (!countdown).then_some(&described[..]))?;
    if !args.quiet {
        let under = if countdown {
            "Countdown's rules".to_string()
        } else {
            described
        };
        print!("{}", table(&cells, &under));
        println!("wrote {}", path.display());
    }
    if !args.no_report {
        let reports = places::reports(args.out.as_deref(), args.reports.as_deref());
        plots::report(&data, &reports, args.quiet)?;
    }
    Ok(())
}

/// The default sweep (every option at its default) into `out`'s `phase.parquet`, without
/// drawing the report: the main job (`analyze` of every corpus) runs it before its report.
pub(super) fn sweep_into(out: &Path, threads: Option<u16>, quiet: bool) -> anyhow::Result<()> {
    let matches = PhaseArgs::augment_args(clap::Command::new("phase")).try_get_matches_from([
        "phase".as_ref(),
        "--no-report".as_ref(),
        "--quiet".as_ref(),
        "--out".as_ref(),
        out.as_os_str(),
    ])?;
    let mut args = PhaseArgs::from_arg_matches(&matches)?;
    args.threads = threads;
    if !quiet {
        eprintln!("phase: the default sweep of P(k, M) for the report's phase-transition section");
    }
    run(&args)
}

/// The sweep under rules `under` as a text table, then the critical `k` per `M`.
fn table(cells: &[phase::Cell], under: &str) -> String {
    let mut o = format!(
        "P(k, M): k numbers and a target drawn from 1..M, {under}\n     k        M        P   95% interval        boards  method        q\n",
    );
    for c in cells {
        let interval = match c.method {
            Method::Exact => "exact".to_string(),
            Method::Sampled => format!("{:.4}–{:.4}", c.lo, c.hi),
        };
        o.push_str(&format!(
            "{:>6} {:>8} {:>8.4} {:>14} {:>13}  {:<8} {:>7.3}\n",
            c.k,
            grouped(c.m),
            c.p,
            interval,
            grouped(c.boards),
            c.method.name(),
            c.q
        ));
    }
    let mut ms: Vec<u64> = cells.iter().map(|c| c.m).collect();
    ms.sort_unstable();
    ms.dedup();
    let crit: Vec<String> = ms
        .iter()
        .map(|&m| {
            let k = phase::critical_k(cells, m).map_or("not crossed".into(), |k| format!("{k:.2}"));
            format!("M = {}: {k}", grouped(m))
        })
        .collect();
    o.push_str(&format!("critical k (P = 1/2): {}\n", crit.join(" · ")));
    o
}
