//! The flags that name a puzzle file's columns (`--numbers-column`, `--target-column`), the
//! same for every command that reads one (`audit`, `evaluate`), parsed into `Columns`; and
//! the worker flags of the commands that work through many puzzles with a progress bar
//! (`--threads`, `--quiet`: `audit`, `evaluate`, `cover`).

use clap::Args;

use crate::terminal::Terminal;
use digits_lab::dataset::input::Columns;

#[derive(Debug, Args)]
pub struct PuzzleColumnArgs {
    /// The numbers column (default: the first of numbers, nums, cards, board, puzzles, puzzle).
    #[arg(long)]
    pub numbers_column: Option<String>,
    /// The target column (default: target or goal; none for a game that fixes its target).
    #[arg(long)]
    pub target_column: Option<String>,
}

impl PuzzleColumnArgs {
    /// The columns named, with no answer or model column.
    pub fn columns(&self) -> Columns {
        Columns {
            numbers: self.numbers_column.clone(),
            target: self.target_column.clone(),
            answer: None,
            model: None,
        }
    }
}

/// How many workers a long command runs, and whether it shows its progress.
#[derive(Debug, Args)]
pub struct WorkerArgs {
    /// Worker threads, 1 to 1024 (default: one per core); the output does not depend on it.
    #[arg(long)]
    pub threads: Option<i128>,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

impl WorkerArgs {
    /// The threads asked for, refused outside 1 to 1024.
    pub fn threads(&self) -> digits_lab::Result<Option<u16>> {
        super::threads(self.threads)
    }

    /// Where the command's progress goes.
    pub fn terminal(&self) -> Terminal {
        Terminal::new(self.quiet)
    }
}
