//! `evaluate`: a file of model answers judged against each puzzle's exact properties.

use std::path::PathBuf;

use crate::dataset::input::Columns;
use crate::error::{Error, Result};
use crate::evaluate::{self, Evaluation};
use crate::progress::Progress;

use super::{Bound, GameOptions, pool};

/// pass@k's k (`--k`).
pub const K: Bound = Bound::new("--k", 1, 1_000_000);

/// A file of answers to evaluate.
#[derive(Clone, Debug)]
pub struct EvaluateRequest {
    pub game: GameOptions,
    /// A CSV, JSONL or Parquet file: the numbers, the target (unless the game fixes it) and
    /// the answer of each row, and optionally the model that gave it.
    pub input: PathBuf,
    pub columns: Columns,
    /// The k of each pass@k reported.
    pub k: Vec<u64>,
    /// The folder the tables and the report go into; `INPUT.evaluation` beside the input
    /// when not given.
    pub out: Option<PathBuf>,
    /// Worker threads (one per core when not given); the results do not depend on it.
    pub threads: Option<u16>,
}

impl Default for EvaluateRequest {
    fn default() -> Self {
        EvaluateRequest {
            game: GameOptions::default(),
            input: PathBuf::new(),
            columns: Columns::default(),
            k: vec![1, 5, 10],
            out: None,
            threads: None,
        }
    }
}

impl EvaluateRequest {
    /// Where the files go.
    pub fn out(&self) -> PathBuf {
        (self.out.clone()).unwrap_or_else(|| super::places::beside(&self.input, "evaluation"))
    }

    /// Judges the answers, writes the tables and figures, then the charts and the report;
    /// the [`Evaluation`]'s `Display` is the lines the command prints.
    pub fn run(&self, progress: &dyn Progress) -> Result<Evaluation> {
        let game = self.game.game()?;
        if self.k.is_empty() {
            return Err(Error::input("--k: give at least one k"));
        }
        let mut ks = Vec::with_capacity(self.k.len());
        for &k in &self.k {
            let k = K.check(k)?;
            if !ks.contains(&k) {
                ks.push(k);
            }
        }
        ks.sort_unstable();
        let out = self.out();
        let name =
            (self.input.file_name()).map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        pool(self.threads)?.install(|| {
            let e = evaluate::evaluate(&game, &self.input, &self.columns, &ks, &out, progress)?;
            crate::present::evaluate::write_report(&e, &name)?;
            Ok(e)
        })
    }
}
