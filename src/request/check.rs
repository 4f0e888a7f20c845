//! `check`: an answer against one puzzle, or every row of a file of answers.

use std::path::PathBuf;

use crate::check::{self, Verdict};
use crate::dataset::check::{self as batch, Output, RowVerdict, Tally};
use crate::dataset::input::{Columns, Row};
use crate::error::Result;
use crate::progress::Progress;

use super::{GameOptions, SolveRequest, pool};

/// One answer to check.
#[derive(Clone, Debug, Default)]
pub struct CheckRequest {
    /// The puzzle, as `solve` takes it.
    pub puzzle: SolveRequest,
    /// The answer: an expression or a list of moves.
    pub answer: String,
}

impl CheckRequest {
    /// The verdict; the puzzle itself must be one of the game's (else an input error).
    pub fn run(&self) -> Result<Verdict> {
        let (game, board, target) = self.puzzle.puzzle()?;
        batch::dealt_size(&game, board.len()).map_err(|why| crate::Error::Input(why.0))?;
        Ok(check::check(&game, &board, target, &self.answer))
    }
}

/// A file of answers to check, one verdict a row.
#[derive(Clone, Debug, Default)]
pub struct CheckFileRequest {
    pub game: GameOptions,
    /// A CSV, JSONL or Parquet file with the numbers, the target (unless the game fixes it)
    /// and the answer of each row.
    pub input: PathBuf,
    pub columns: Columns,
    /// Worker threads (one per core when not given); the verdicts do not depend on it.
    pub threads: Option<u16>,
}

impl CheckFileRequest {
    /// Checks every row, writing the verdicts to `output`.
    pub fn run(&self, output: Output, progress: &dyn Progress) -> Result<Tally> {
        let game = self.game.game()?;
        pool(self.threads)?
            .install(|| batch::check_file(&game, &self.input, &self.columns, output, progress))
    }
}

/// Many answers held in memory (Python's `check_many`), checked in parallel.
#[derive(Clone, Debug, Default)]
pub struct CheckManyRequest {
    pub game: GameOptions,
    /// One row a puzzle and its answer; a row's target is the game's when `None`.
    pub rows: Vec<Row>,
    /// Worker threads (one per core when not given); the verdicts do not depend on it.
    pub threads: Option<u16>,
}

impl CheckManyRequest {
    /// A row's verdict, in order: a row whose puzzle the game refuses gets the fault
    /// `puzzle` rather than stopping the rest.
    pub fn run(&self) -> Result<Vec<RowVerdict>> {
        let game = self.game.game()?;
        Ok(pool(self.threads)?.install(|| batch::check_rows(&game, &self.rows)))
    }
}
