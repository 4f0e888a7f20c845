//! `digits-lab audit FILE`: a puzzle dataset run through the engine, one audited row per
//! input row into Parquet, and a summary.

use std::path::PathBuf;

use clap::Args;

use digits_lab::request::AuditRequest;

use super::GameArgs;
use super::columns::{PuzzleColumnArgs, WorkerArgs};

#[derive(Debug, Args)]
pub struct AuditArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// A CSV, JSONL or Parquet file of puzzles: the numbers and the target of each row.
    pub input: PathBuf,
    #[command(flatten)]
    pub columns: PuzzleColumnArgs,
    /// The audited rows (Parquet; default INPUT.audit.parquet beside the input).
    #[arg(long)]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub workers: WorkerArgs,
}

impl AuditArgs {
    pub fn request(&self) -> digits_lab::Result<AuditRequest> {
        Ok(AuditRequest {
            game: self.game.options(),
            input: self.input.clone(),
            columns: self.columns.columns(),
            out: self.out.clone(),
            threads: self.workers.threads()?,
        })
    }
}

pub(super) fn run(args: &AuditArgs) -> anyhow::Result<()> {
    let report = args.request()?.run(&args.workers.terminal())?;
    print!("{report}");
    Ok(())
}
