//! Many puzzles at once, as the `puzzles` table holds them: the caller's boards against the
//! targets asked for, computed by the corpus run's own code into a scratch folder (Python's
//! `solve_many`, which reads the tables back).

use std::path::PathBuf;

use crate::analyze::{self, Options, Summary};
use crate::corpus::{Boards, Corpus, CorpusId, Shard};
use crate::error::{Error, Result};
use crate::game::board::Board;
use crate::progress::Progress;

use super::analyze::DEFAULT_CACHE_MB;
use super::{GameOptions, pool};

/// The corpus name, and so the folder under [`SolveTablesRequest::out`], of the tables.
pub const CORPUS: &str = "solve_many";

/// Boards, each against every target of a range, into a corpus's tables.
#[derive(Clone, Debug, Default)]
pub struct SolveTablesRequest {
    pub game: GameOptions,
    /// The boards, each as its numbers are typed.
    pub boards: Vec<Vec<String>>,
    /// The targets wanted, as typed; the tables cover the range from the least to the
    /// greatest (the game's own range when not given).
    pub targets: Option<Vec<String>>,
    /// A new scratch folder: the tables go under `OUT/solve_many/`.
    pub out: PathBuf,
    /// Worker threads (one per core when not given).
    pub threads: Option<u16>,
}

/// The run's summary, and the targets as parsed (in the order given).
#[derive(Clone, Debug)]
pub struct SolveTablesReport {
    pub summary: Summary,
    pub targets: Option<Vec<i64>>,
}

impl SolveTablesRequest {
    pub fn run(&self, progress: &dyn Progress) -> Result<SolveTablesReport> {
        let mut game = self.game.game()?;
        let boards = self
            .boards
            .iter()
            .map(|words| Board::parse(&game, words))
            .collect::<Result<Vec<_>>>()?;
        if boards.is_empty() {
            return Err(Error::input("give at least one board"));
        }
        let targets = match &self.targets {
            Some(typed) => {
                // The command's own parser, which refuses a target outside the game's range.
                let parsed = typed
                    .iter()
                    .map(|t| game.parse_target(t))
                    .collect::<Result<Vec<i64>>>()?;
                if let (Some(&lo), Some(&hi)) = (parsed.iter().min(), parsed.iter().max()) {
                    game.targets = lo..=hi;
                }
                Some(parsed)
            }
            None => None,
        };
        let corpus = Corpus {
            id: CorpusId::Custom(CORPUS.to_string()),
            boards: Boards::of(game.kind, &boards)?,
            game,
        };
        let opts = Options {
            out: self.out.clone(),
            shard: Shard::default(),
            cache_budget: (DEFAULT_CACHE_MB as usize) << 20,
            resume: false,
            reach_only: false,
            // The caller's scratch folder is new: nothing to keep.
            force: true,
        };
        let summary = pool(self.threads)?.install(|| analyze::analyze(&corpus, &opts, progress))?;
        Ok(SolveTablesReport { summary, targets })
    }
}
