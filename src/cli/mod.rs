//! The command line: argument definitions and the `run` entry point that `main` calls.

use std::io::Write;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::analyze::{self, Shard};
use crate::corpus::{self, Corpus, Custom};
use crate::error::Error;
use crate::game::board::Board;
use crate::game::rules::{Game, GameKind, Pool, parse_targets};
use crate::present::charts::ChartError;
use crate::present::report;
use crate::puzzle::solve::{self, Options};
use crate::research::hardest::{self, Format};
use crate::store::read::{By, Convention};

/// Exact solver and research pipeline for target-number puzzles (NYT Digits, the Countdown
/// numbers round, the 24 game).
#[derive(Debug, Parser)]
#[command(name = "digits-lab", version, about, propagate_version = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve one puzzle exactly: counts under every convention, a shortest solution, or the
    /// closest value when the target cannot be reached.
    Solve(SolveArgs),
    /// Solve every board of a corpus against every target and write the Parquet tables.
    Analyze(AnalyzeArgs),
    /// Draw the charts (PNG and SVG) and write REPORT.md from the Parquet tables.
    Plots(PlotsArgs),
    /// List the puzzles with the fewest solutions under a convention, solutions written out.
    Hardest(HardestArgs),
}

#[derive(Debug, Args)]
pub struct PlotsArgs {
    /// The folder holding one folder of tables per corpus.
    #[arg(long, default_value = "data")]
    pub data: PathBuf,
    /// Where REPORT.md and charts/ go.
    #[arg(long, default_value = "reports")]
    pub out: PathBuf,
}

#[derive(Debug, Args)]
pub struct HardestArgs {
    /// The corpus: digits, nyt, countdown, 24, 24-nine, 24-pow or 24-minus.
    #[arg(long)]
    pub corpus: String,
    /// The folder holding one folder of tables per corpus.
    #[arg(long, default_value = "data")]
    pub data: PathBuf,
    /// Only puzzles with this target.
    #[arg(long, allow_negative_numbers = true)]
    pub target: Option<i64>,
    /// The counting convention that ranks puzzles (and whose count is shown).
    #[arg(long, value_enum, default_value = "distinct")]
    pub convention: Convention,
    /// Rank by fewest solutions, or by the `difficulty` score.
    #[arg(long, value_enum, default_value = "count")]
    pub by: By,
    /// How many puzzles to list.
    #[arg(long, default_value_t = 20)]
    pub limit: usize,
    /// Output format.
    #[arg(long, value_enum, default_value = "table")]
    pub format: Format,
}

/// Options that change the game's rules.
#[derive(Debug, Args, Clone)]
pub struct GameArgs {
    /// The game whose rules apply.
    #[arg(long, value_enum, default_value = "digits")]
    pub game: GameKind,
    /// Allow exponentiation `a ^ b` (integer exponent; results bounded by 10^12).
    #[arg(long)]
    pub pow: bool,
    /// Allow a unary minus on any number or intermediate (24 game only).
    #[arg(long)]
    pub unary_minus: bool,
    /// Card pool instead of the game's, e.g. `1-10x2,25,50,75,100` (value or range, `xN` copies).
    #[arg(long)]
    pub pool: Option<String>,
    /// Target range instead of the game's, e.g. `100-999`.
    #[arg(long)]
    pub targets: Option<String>,
}

impl GameArgs {
    /// The game these options describe.
    pub fn game(&self) -> Result<Game, Error> {
        let mut game = Game::preset(self.game);
        if self.pow {
            game = game.with_pow();
        }
        if self.unary_minus {
            game = game.with_unary_minus()?;
        }
        if let Some(p) = &self.pool {
            game.pool = p.parse::<Pool>()?;
        }
        if let Some(t) = &self.targets {
            game.targets = parse_targets(t)?;
        }
        Ok(game)
    }
}

#[derive(Debug, Args)]
pub struct SolveArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// List every `distinct` solution, fewest numbers first.
    #[arg(long)]
    pub all: bool,
    /// Print only the counts, no solutions.
    #[arg(long, conflicts_with = "all")]
    pub count: bool,
    /// Skip counting the player's move sequences.
    #[arg(long)]
    pub no_moves: bool,
    /// Machine-readable output.
    #[arg(long)]
    pub json: bool,
    /// The number to reach.
    #[arg(allow_negative_numbers = true)]
    pub target: String,
    /// The board's numbers.
    #[arg(required = true, allow_negative_numbers = true)]
    pub numbers: Vec<String>,
}

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
    /// Worker threads (default: one per core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Process only shard K of N (1 ≤ K ≤ N), e.g. `--shard 2/8`.
    #[arg(long, default_value = "1/1")]
    pub shard: String,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
    /// Memory for sub-board tables shared across boards, in MiB.
    #[arg(long, default_value_t = 1536)]
    pub cache_mb: usize,
    /// The NYT puzzles file for the `nyt` corpus.
    #[arg(long, default_value = corpus::NYT_CSV)]
    pub nyt: PathBuf,
    /// Custom corpus: the game whose rules and defaults apply.
    #[arg(long, value_enum, default_value = "digits")]
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
    /// Custom corpus: its folder name under --out.
    #[arg(long, default_value = "custom")]
    pub name: String,
}

/// Runs a parsed command, writing its output to stdout.
pub fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Solve(args) => run_solve(&args),
        Command::Analyze(args) => run_analyze(&args),
        Command::Plots(args) => run_plots(&args),
        Command::Hardest(args) => run_hardest(&args),
    }
}

fn run_plots(args: &PlotsArgs) -> anyhow::Result<()> {
    let g = report::generate(&args.data, &args.out).map_err(|e| match e {
        ChartError::Read(r) if r.is_input() => anyhow::Error::from(Error::input(r.to_string())),
        e => e.into(),
    })?;
    for s in &g.skipped {
        eprintln!(
            "skipped corpus `{s}`: no folder {}",
            args.data.join(s).display()
        );
    }
    println!(
        "wrote {} and {} charts (PNG and SVG) under {}",
        g.report.display(),
        g.charts.len(),
        args.out.join("charts").display()
    );
    Ok(())
}

fn run_hardest(args: &HardestArgs) -> anyhow::Result<()> {
    let q = hardest::Query {
        data: &args.data,
        corpus: &args.corpus,
        convention: args.convention,
        by: args.by,
        target: args.target,
        limit: args.limit,
    };
    let list = hardest::hardest(&q).map_err(|e| {
        if e.is_input() {
            anyhow::Error::from(Error::input(e.to_string()))
        } else {
            e.into()
        }
    })?;
    std::io::stdout()
        .lock()
        .write_all(hardest::format(&list, &q, args.format).as_bytes())?;
    Ok(())
}

fn run_analyze(args: &AnalyzeArgs) -> anyhow::Result<()> {
    let shard: Shard = args.shard.parse()?;
    let custom = Custom {
        pool: args.pool.clone(),
        size: args.size,
        distinct: args.distinct,
        targets: args.targets.clone(),
    };
    let is_custom = args.corpus == "custom";
    if !is_custom
        && (custom.pool.is_some()
            || custom.size.is_some()
            || custom.distinct.is_some()
            || custom.targets.is_some())
    {
        return Err(Error::input(
            "--pool, --size, --distinct and --targets make a `--corpus custom`",
        )
        .into());
    }
    let names: Vec<&str> = match args.corpus.as_str() {
        "all" => corpus::DEFAULT.to_vec(),
        list => list.split(',').map(str::trim).collect(),
    };
    let opts = analyze::Options {
        out: args.out.clone(),
        shard,
        quiet: args.quiet,
        cache_budget: args.cache_mb.saturating_mul(1 << 20),
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()?;
    pool.install(|| -> anyhow::Result<()> {
        for name in names {
            let c = if is_custom {
                Corpus::custom(&args.name, Game::preset(args.game), &custom)?
            } else {
                Corpus::named(name, &args.nyt)?
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
    })
}

fn run_solve(args: &SolveArgs) -> anyhow::Result<()> {
    let game = args.game.game()?;
    let target: i64 = args
        .target
        .trim()
        .parse()
        .map_err(|_| Error::input(format!("target `{}` is not a whole number", args.target)))?;
    let board = Board::parse(&game, &args.numbers)?;
    // One puzzle in a short-lived process: the engine's parallel build would save about a
    // millisecond and cost more in starting threads and faulting in their memory, so it runs
    // on this thread alone.
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .use_current_thread()
        .build()?;
    let opts = Options {
        all: args.all,
        no_moves: args.no_moves,
    };
    let mut report = pool.install(|| solve::solve(&game, &board, target, opts))?;
    if args.count {
        report.shortest = None;
        if let Some(c) = report.closest.as_mut() {
            c.solution = None;
        }
    }
    let mut out = std::io::stdout().lock();
    if args.json {
        serde_json::to_writer_pretty(&mut out, &report)?;
        writeln!(out)?;
    } else {
        out.write_all(report.to_text().as_bytes())?;
    }
    Ok(())
}
