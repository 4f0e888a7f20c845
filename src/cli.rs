//! The command line: argument definitions and the `run` entry point that `main` calls.

use std::io::Write;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::board::Board;
use crate::charts::ChartError;
use crate::error::Error;
use crate::hardest::{self, Format};
use crate::read::Convention;
use crate::report;
use crate::rules::{Game, GameKind, Pool, parse_targets};
use crate::solve::{self, Options};

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
    /// The counting convention that ranks puzzles.
    #[arg(long, value_enum, default_value = "distinct")]
    pub convention: Convention,
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

/// Runs a parsed command, writing its output to stdout.
pub fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Solve(args) => run_solve(&args),
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

fn run_solve(args: &SolveArgs) -> anyhow::Result<()> {
    let game = args.game.game()?;
    let target: i64 = args
        .target
        .trim()
        .parse()
        .map_err(|_| Error::input(format!("target `{}` is not a whole number", args.target)))?;
    let board = Board::parse(&game, &args.numbers)?;
    let mut report = solve::solve(
        &game,
        &board,
        target,
        Options {
            all: args.all,
            no_moves: args.no_moves,
        },
    )?;
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
