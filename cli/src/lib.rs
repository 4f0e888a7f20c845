//! The `digits-lab` command line: one file per command, each parsing its flags (clap) into
//! the library's request ([`digits_lab::request`]), running it and printing its report, and
//! [`terminal`], the progress bar. Nothing here checks a value or does the work: a request
//! does, for every front end alike. This crate is the only one that links clap and the
//! terminal bar, so the library, the Python package and the study build without them.
//! [`run`] is what `main` calls.

mod analyze;
mod audit;
mod check;
mod columns;
mod corpus;
mod cover;
mod evaluate;
mod fit;
mod game;
mod gather;
mod generate;
mod hardest;
mod phase;
mod plots;
mod serve;
mod solve;
mod study;
pub mod terminal;

use std::str::FromStr;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Parser, Subcommand};

pub use analyze::AnalyzeArgs;
pub use audit::AuditArgs;
pub use check::CheckArgs;
pub use corpus::CorpusArgs;
pub use cover::CoverArgs;
pub use evaluate::EvaluateArgs;
pub use fit::FitArgs;
pub use game::{GameArgs, RulesArgs};
pub use gather::GatherArgs;
pub use generate::GenerateArgs;
pub use hardest::HardestArgs;
pub use phase::PhaseArgs;
pub use plots::PlotsArgs;
pub use serve::ServeArgs;
pub use solve::SolveArgs;
pub use study::StudyArgs;

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
    /// Check an answer against a puzzle exactly (an expression or a list of moves, never
    /// evaluated as code), or every answer of a CSV, JSONL or Parquet file.
    Check(CheckArgs),
    /// Audit a puzzle dataset (CSV, JSONL or Parquet): every row solved exactly under the
    /// game's rules (solvable, counts, min_ops, unique, difficulty), bad rows and repeats
    /// flagged, into Parquet with a summary.
    Audit(AuditArgs),
    /// Evaluate a model's answers (CSV, JSONL or Parquet; any number of models and answers
    /// per puzzle): every answer checked, every puzzle solved, the solved share and pass@k,
    /// the share by each property of the puzzles, and what predicts a failure.
    Evaluate(EvaluateArgs),
    /// Solve every board of a corpus against every target and write the Parquet tables,
    /// then the charts and REPORT.md.
    Analyze(AnalyzeArgs),
    /// Write a corpus's summary (targets.parquet) from the shards' tables, computing nothing.
    Gather(GatherArgs),
    /// Draw the charts (PNG and SVG) and write REPORT.md from the Parquet tables.
    Plots(PlotsArgs),
    /// List the puzzles with the fewest solutions under a convention, solutions written out.
    Hardest(HardestArgs),
    /// Fit the difficulty model to the human solve times and print its cross-validated ρ;
    /// write the model and its report (or, with --check, compare with the built-in model).
    Fit(FitArgs),
    /// Make puzzles to order: boards drawn with a seed, kept when they meet the constraints
    /// (solutions, min_ops, difficulty band), each with a verified solution; or NYT-style days.
    Generate(GenerateArgs),
    /// The solvability phase transition: the probability that a random target is reachable
    /// from k random numbers of 1..M, into phase.parquet, then the charts and REPORT.md.
    Phase(PhaseArgs),
    /// How far a board makes every target from 1 (`cover 2 3 5 33`), or search the boards
    /// that go furthest (`cover --size 4 --max 2,4,6,50`).
    Cover(CoverArgs),
    /// Serve the checker over HTTP: rewards for RL trainers (OpenRLHF's remote reward at
    /// POST /get_reward) and batches of answers checked (POST /check), on 127.0.0.1 unless
    /// --host says otherwise.
    Serve(ServeArgs),
    /// Measure people on any game's puzzles: a study page, every move checked and kept in
    /// SQLite (runs `digits-lab-study`, built with `cargo build --release -p digits-lab-study`).
    Study(StudyArgs),
}

/// Runs a parsed command, writing its output to stdout.
pub fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Solve(args) => solve::run(&args),
        Command::Check(args) => check::run(&args),
        Command::Audit(args) => audit::run(&args),
        Command::Evaluate(args) => evaluate::run(&args),
        Command::Analyze(args) => analyze::run(&args),
        Command::Gather(args) => gather::run(&args),
        Command::Plots(args) => plots::run(&args),
        Command::Hardest(args) => hardest::run(&args),
        Command::Fit(args) => fit::run(&args),
        Command::Generate(args) => generate::run(&args),
        Command::Phase(args) => phase::run(&args),
        Command::Cover(args) => cover::run(&args),
        Command::Serve(args) => serve::run(&args),
        Command::Study(args) => study::run(&args),
    }
}

/// A flag that takes one of `names`, parsed into the library's type (whose `FromStr`
/// accepts exactly those names); `--help` lists them.
fn one_of<T>(names: &'static [&'static str]) -> impl TypedValueParser<Value = T>
where
    T: FromStr + Clone + Send + Sync + 'static,
    T::Err: std::fmt::Display,
{
    PossibleValuesParser::new(names).try_map(|s| s.parse::<T>().map_err(|e| e.to_string()))
}

/// `--threads` as typed, checked into the request's type.
fn threads(typed: Option<i128>) -> digits_lab::Result<Option<u16>> {
    digits_lab::request::THREADS.fit_opt(typed)
}

/// A command-line parsing error as one line: what was wrong, without the usage block that
/// follows it (`--help` shows that).
pub fn usage_error(e: &clap::Error) -> String {
    let text = e.render().to_string();
    let what: Vec<&str> = text
        .lines()
        .take_while(|l| !l.trim().is_empty())
        .map(str::trim)
        .collect();
    what.join(" ")
}
