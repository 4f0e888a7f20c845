//! The flags that name a puzzle file's columns (`--numbers-column`, `--target-column`), the
//! same for every command that reads one (`audit`, `evaluate`), parsed into `Columns`.

use clap::Args;

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
