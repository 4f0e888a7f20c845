//! `digits-lab analyze`: corpora into tables.

use std::path::PathBuf;

use clap::Args;

use crate::analyze;
use crate::corpus::nyt::Source;
use crate::corpus::{Corpus, CorpusId, Custom, Shard};
use crate::error::Error;
use crate::game::rules::{Game, GameKind};

use super::{one_of, plots};

#[derive(Debug, Args)]
pub struct AnalyzeArgs {
    /// The corpus: digits, countdown, 24, 24-nine, 24-pow, 24-minus, nyt, a comma-separated
    /// list of them, `all` of them, or `custom` (a game's boards changed by --pool, --size,
    /// --distinct, --targets).
    #[arg(long, default_value = "all")]
    pub corpus: String,
    /// The folder that gets one sub-folder of tables per corpus.
    #[arg(long, default_value = "data")]
    pub out: PathBuf,
    /// Where the charts and REPORT.md go once the tables are written.
    #[arg(long, default_value = "reports")]
    pub reports: PathBuf,
    /// Write the tables only: no charts, no REPORT.md (`digits-lab plots` draws them later).
    #[arg(long)]
    pub no_report: bool,
    /// Worker threads, 1 to 1024 (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads: Option<u16>,
    /// Process only shard K of N (1 ≤ K ≤ N), e.g. `--shard 2/8`.
    #[arg(long, default_value = "1/1")]
    pub shard: Shard,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
    /// Memory for sub-board tables shared across boards, in MiB (0 to 1048576).
    #[arg(long, default_value_t = 1536, value_parser = clap::value_parser!(u32).range(0..=1 << 20))]
    pub cache_mb: u32,
    /// A file of NYT puzzles for the `nyt` corpus instead of the archive built in (SPEC §6).
    #[arg(long)]
    pub nyt: Option<PathBuf>,
    /// Custom corpus: the game whose rules and defaults apply.
    #[arg(long, default_value = "digits", value_parser = one_of::<GameKind>(&["digits", "countdown", "24"]))]
    pub game: GameKind,
    /// Custom corpus: the card pool, e.g. `1-10x2,25,50,75,100`.
    #[arg(long)]
    pub pool: Option<String>,
    /// Custom corpus: numbers per board.
    #[arg(long)]
    pub size: Option<usize>,
    /// Custom corpus: whether a board's numbers must be distinct.
    #[arg(long)]
    pub distinct: Option<bool>,
    /// Custom corpus: the target range, e.g. `1-100`.
    #[arg(long)]
    pub targets: Option<String>,
    /// Custom corpus: its folder name under --out (letters, digits, `-`, `_` and `.`).
    #[arg(long, default_value = "custom", value_parser = folder_name)]
    pub name: String,
}

/// What `--corpus` asks for.
enum Request {
    Named(Vec<CorpusId>),
    Custom(Custom),
}

impl AnalyzeArgs {
    fn request(&self) -> Result<Request, Error> {
        let custom = Custom {
            pool: self.pool.clone(),
            size: self.size,
            distinct: self.distinct,
            targets: self.targets.clone(),
        };
        if self.corpus == "custom" {
            return Ok(Request::Custom(custom));
        }
        if custom.pool.is_some()
            || custom.size.is_some()
            || custom.distinct.is_some()
            || custom.targets.is_some()
        {
            return Err(Error::input(
                "--pool, --size, --distinct and --targets make a `--corpus custom`",
            ));
        }
        Ok(Request::Named(match self.corpus.as_str() {
            "all" => CorpusId::DEFAULT.to_vec(),
            list => list
                .split(',')
                .map(|n| n.trim().parse())
                .collect::<Result<_, _>>()?,
        }))
    }
}

pub(super) fn run(args: &AnalyzeArgs) -> anyhow::Result<()> {
    let request = args.request()?;
    let opts = analyze::Options {
        out: args.out.clone(),
        shard: args.shard,
        quiet: args.quiet,
        cache_budget: (args.cache_mb as usize).saturating_mul(1 << 20),
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.map_or(0, usize::from))
        .build()?;
    let runs = match &request {
        Request::Named(ids) => ids.len(),
        Request::Custom(_) => 1,
    };
    let nyt = args.nyt.clone().map_or(Source::Embedded, Source::File);
    pool.install(|| -> anyhow::Result<()> {
        for i in 0..runs {
            // Each corpus is enumerated just before it runs, so that only one is in memory.
            let c = match &request {
                Request::Named(ids) => Corpus::named(ids[i].clone(), &nyt)?,
                Request::Custom(custom) => {
                    Corpus::custom(&args.name, Game::preset(args.game), custom)?
                }
            };
            let s = analyze::analyze(&c, &opts)?;
            if !args.quiet {
                eprintln!(
                    "{}: {} boards, {} puzzles ({} solvable, {} unique) in {:.1} s → {}",
                    s.corpus,
                    s.boards,
                    s.puzzles,
                    s.solvable,
                    s.unique,
                    s.seconds,
                    opts.out.join(&s.corpus).display()
                );
            }
        }
        Ok(())
    })?;
    if !args.no_report {
        plots::report(&args.out, &args.reports, args.quiet)?;
    }
    Ok(())
}

/// A custom corpus's name, which becomes a folder under `--out`: one plain path component.
fn folder_name(s: &str) -> Result<String, String> {
    let plain = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.');
    if s.is_empty() || s.len() > 64 || s.starts_with('.') || !s.chars().all(plain) {
        return Err(
            "a corpus name is 1 to 64 letters, digits, `-`, `_` or `.`, not starting with `.`"
                .into(),
        );
    }
    Ok(s.to_string())
}
