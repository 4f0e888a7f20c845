//! `hardest`: the hardest puzzles of a corpus, read from its tables.

use std::path::PathBuf;

use crate::corpus::CorpusId;
use crate::digest::By;
use crate::digest::hardest::query::{self as hardest, Query};
use crate::engine::Convention;
use crate::error::Result;
use crate::present::output_format::Format;

pub use crate::digest::hardest::query::HardestReport;

use super::{Bound, places};

/// How many puzzles to list (`--limit`).
pub const LIMIT: Bound = Bound::new("--limit", 1, 100_000);
/// How many of the tables' highest scores to walk exactly (`--candidates`).
pub const CANDIDATES: Bound = Bound::new("--candidates", 1, 100_000);

/// A corpus's hardest puzzles, as a list in a format.
#[derive(Clone, Debug)]
pub struct HardestRequest {
    pub corpus: CorpusId,
    /// The folder holding one folder of tables per corpus.
    pub data: PathBuf,
    /// Only puzzles with this target.
    pub target: Option<i64>,
    /// The convention that ranks puzzles (and whose count is shown).
    pub convention: Convention,
    /// Fewest solutions first, or highest `difficulty`.
    pub by: By,
    /// How many puzzles to list.
    pub limit: u32,
    /// With `by` difficulty where the tables score with the player's surrogate: how many of
    /// their highest scores to walk exactly (20 × `limit`, at most 2000, when not given).
    pub candidates: Option<u32>,
    /// The format the list is written in (`present::hardest::listed`).
    pub format: Format,
}

impl HardestRequest {
    /// The request's defaults for `corpus`.
    pub fn of(corpus: CorpusId) -> HardestRequest {
        HardestRequest {
            corpus,
            data: PathBuf::from(places::DATA),
            target: None,
            convention: Convention::Distinct,
            by: By::Count,
            limit: 20,
            candidates: None,
            format: Format::Table,
        }
    }
}

impl HardestRequest {
    fn query(&self) -> Query<'_> {
        Query {
            data: &self.data,
            corpus: &self.corpus,
            convention: self.convention,
            by: self.by,
            target: self.target,
            limit: self.limit as usize,
            candidates: self.candidates.map(|c| c as usize),
        }
    }

    pub fn run(&self) -> Result<HardestReport> {
        LIMIT.check(u64::from(self.limit))?;
        if let Some(c) = self.candidates {
            CANDIDATES.check(u64::from(c))?;
        }
        Ok(hardest::report(&self.query())?)
    }
}
