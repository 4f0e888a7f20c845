//! `digits-lab audit FILE`: a puzzle dataset run through the engine, one audited row per
//! input row into Parquet, and a summary.

use std::path::PathBuf;

use clap::Args;

use crate::terminal::Terminal;
use digits_lab::dataset::input::Columns;
use digits_lab::request::AuditRequest;

use super::GameArgs;

#[derive(Debug, Args)]
pub struct AuditArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// A CSV, JSONL or Parquet file of puzzles: the numbers and the target of each row.
    pub input: PathBuf,
    /// The numbers column (default: the first of numbers, nums, cards, board, puzzles, puzzle).
    #[arg(long)]
    pub numbers_column: Option<String>,
    /// The target column (default: target or goal; none for a game that fixes its target).
    #[arg(long)]
    pub target_column: Option<String>,
    /// The audited rows (Parquet; default INPUT.audit.parquet beside the input).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Worker threads, 1 to 1024 (default: one per core); the rows do not depend on it.
    #[arg(long)]
    pub threads: Option<i128>,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

impl AuditArgs {
    pub fn request(&self) -> digits_lab::Result<AuditRequest> {
        Ok(AuditRequest {
            game: self.game.options(),
            input: self.input.clone(),
            columns: Columns {
                numbers: self.numbers_column.clone(),
                target: self.target_column.clone(),
                answer: None,
                model: None,
            },
            out: self.out.clone(),
            threads: super::threads(self.threads)?,
        })
    }
}

pub(super) fn run(args: &AuditArgs) -> anyhow::Result<()> {
    let report = args.request()?.run(&Terminal::new(args.quiet))?;
    print!("{report}");
    Ok(())
}
