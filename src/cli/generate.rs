//! `digits-lab generate`: puzzles to order, each with a verified solution.

use std::io::Write;

use clap::Args;

use crate::engine::Convention;
use crate::present::output_format::Format;
use crate::progress::Terminal;
use crate::request::GenerateRequest;
use crate::request::generate::{COUNT, DAYS, TRIES};

use super::{GameArgs, one_of};

#[derive(Debug, Args)]
pub struct GenerateArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// How many puzzles, 1 to 100000 (each on a board of its own) [default: 10].
    #[arg(long)]
    pub count: Option<i128>,
    /// The seed: the same request and seed give the same puzzles.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Solutions under --convention: a count or a range (`1` for unique puzzles, `2-5`, `10-`).
    #[arg(long)]
    pub solutions: Option<String>,
    /// The convention --solutions counts under.
    #[arg(long, default_value = "distinct", value_parser = one_of::<Convention>(&["trees", "expressions", "distinct"]))]
    pub convention: Convention,
    /// Operations of the shortest solution: a count or a range (default `1-`, the target
    /// never on the board; `2-4` for days).
    #[arg(long)]
    pub min_ops: Option<String>,
    /// Every solution uses every number.
    #[arg(long)]
    pub uses_all: bool,
    /// No number twice on the board.
    #[arg(long)]
    pub no_repeats: bool,
    /// A named band (easy, medium, hard, fiendish: quantiles of the game's own puzzles) or
    /// predicted seconds (`20-60`, `30-`).
    #[arg(long)]
    pub difficulty: Option<String>,
    /// Output format.
    #[arg(long, default_value = "table", value_parser = one_of::<Format>(&["table", "csv", "json"]))]
    pub format: Format,
    /// Write out every `distinct` solution of each puzzle.
    #[arg(long)]
    pub all: bool,
    /// A NYT-style day of Digits: five puzzles, one per daily slot, rising in difficulty.
    #[arg(long)]
    pub day: bool,
    /// This many NYT-style days (1 to 3660), no board used twice.
    #[arg(long)]
    pub days: Option<i128>,
    /// Give up after this many boards in a row give no new puzzle (for a day, this many
    /// boards in all, shared by its five slots), 1 to 100000000.
    #[arg(long, default_value_t = 5_000)]
    pub tries: i128,
    /// Worker threads, 1 to 1024 (default: one per core); the puzzles do not depend on it.
    #[arg(long)]
    pub threads: Option<i128>,
    /// No progress bar, no summary line.
    #[arg(long)]
    pub quiet: bool,
}

impl GenerateArgs {
    pub fn request(&self) -> crate::Result<GenerateRequest> {
        Ok(GenerateRequest {
            game: self.game.options(),
            count: COUNT.fit_opt(self.count)?,
            seed: self.seed,
            solutions: crate::request::parsed("--solutions", self.solutions.as_deref())?,
            convention: self.convention,
            min_ops: crate::request::parsed("--min-ops", self.min_ops.as_deref())?,
            uses_all: self.uses_all,
            no_repeats: self.no_repeats,
            difficulty: crate::request::parsed("--difficulty", self.difficulty.as_deref())?,
            all: self.all,
            day: self.day,
            days: DAYS.fit_opt(self.days)?,
            tries: TRIES.fit(self.tries)?,
            threads: super::threads(self.threads)?,
        })
    }
}

pub(super) fn run(args: &GenerateArgs) -> anyhow::Result<()> {
    let started = std::time::Instant::now();
    let report = args.request()?.run(&Terminal::new(args.quiet))?;
    std::io::stdout()
        .lock()
        .write_all(report.format(args.format).as_bytes())?;
    if !args.quiet {
        eprintln!(
            "{} puzzles from {} boards in {:.2} s",
            report.generated.puzzles.len(),
            report.generated.boards,
            started.elapsed().as_secs_f64()
        );
    }
    Ok(())
}
