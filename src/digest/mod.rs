//! What the report and `hardest` need from a corpus beyond its tables' rows, computed once
//! when its tables are complete and stored beside them: the digest. The hardest lists —
//! each convention by count and by `difficulty`, the `difficulty` lists of Digits, Countdown
//! and `nyt` walked exactly by the player, every puzzle a list may show with its solutions
//! written out — and the hardest unique-solution puzzles go to `hardest.parquet`; the tallies
//! the report draws from every row of `puzzles` (the puzzles at the fewest counts, Digits'
//! distributions per target band) to `tallies.parquet`. `analyze` (and `gather`) computes
//! and writes them ([`update`]); `findings` reads them back ([`read`]) and never walks the
//! player or solves a board for the report, and `hardest` reads its list from them when it
//! is stored.
//!
//! The rankings themselves are folds of one pass over `puzzles` ([`hardest`]'s rankings,
//! [`min_counts`], [`target_bands`], kept by [`topk`]); [`compute`] runs them, [`stored`]
//! writes their rows, [`record`] what made a digest, so that a rerun keeps it and a reader
//! knows it belongs to the tables beside it. Everything of the `hardest` lists — ranking,
//! the lists as stored, the query `hardest` answers, its output — is in [`hardest`].

pub mod compute;
pub mod hardest;
pub mod min_counts;
pub mod read_back;
pub mod record;
pub mod stored;
pub mod target_bands;
pub mod topk;

use crate::corpus::CorpusId;
use crate::engine::Convention;
use crate::game::rule_set::Game;
use crate::puzzle::solution::{self, Listed};
use crate::store::rows::TargetRow;

pub use compute::{compute, write_solutions};
pub use hardest::lists::{Entry, StoredList};
pub use hardest::rank::{AllCounts, By, EXACT_POOL, Ranked};
pub use hardest::unique::{UniqueRow, UniqueScope};
pub use min_counts::MinClasses;
pub use record::{Status, read, update};
pub use target_bands::TargetBands;

/// How many puzzles the report lists per ranking.
pub const REPORTED: usize = 10;

/// How many puzzles a stored list keeps when it is not walked: `hardest`'s default
/// `--limit`, so that the command's default request is read, not computed.
pub const LISTED: usize = 20;

/// How many of the tables' highest scores a walked `difficulty` list walks: the report's
/// pool ([`EXACT_POOL`] per place it lists). `hardest --by difficulty` reads it for up to
/// [`REPORTED`] puzzles from at most this many candidates.
pub const WALKED: usize = REPORTED * EXACT_POOL;

/// At most this many solutions are written out per puzzle (the hardest have few).
pub const MAX_LISTED: usize = 10;

/// What the report and `hardest` read of one corpus, computed once from its tables.
#[derive(Clone, Debug, PartialEq)]
pub struct Digest {
    /// Every stored ranking ([`compute::compute`] says which).
    pub lists: Vec<StoredList>,
    /// The [`REPORTED`] hardest puzzles with one `distinct` solution, in the scope
    /// [`UniqueScope::of`] gives the corpus (named by `unique_scope`).
    pub unique: Vec<UniqueRow>,
    pub unique_scope: Scope,
    /// Digits' distributions per band of targets.
    pub bands: Option<TargetBands>,
    /// The puzzles at the fewest count of each convention (at `at` when set).
    pub min_classes: MinClasses,
    /// The game's target a 24-game corpus's lists and tallies are also taken at ([`at_24`]).
    pub at: Option<i64>,
}

impl Digest {
    /// The stored ranking by `by` under `convention` over `target` (`None`: every target).
    pub fn list(&self, convention: Convention, by: By, target: Option<i64>) -> Option<&StoredList> {
        self.lists
            .iter()
            .find(|l| l.convention == convention && l.by == by && l.target == target)
    }
}

/// Which puzzles a list ranks, as its table names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Every target.
    All,
    /// One target.
    Target(i64),
    /// The real NYT puzzles, each board at its published target.
    Published,
}

impl Scope {
    /// Its name in the `scope` column, and the target of the `at` column.
    pub fn name(self) -> (&'static str, Option<i64>) {
        match self {
            Scope::All => ("all", None),
            Scope::Target(t) => ("target", Some(t)),
            Scope::Published => ("published", None),
        }
    }

    /// The scope named `name` (with `at`), `None` for a name no table writes.
    pub fn named(name: &str, at: Option<i64>) -> Option<Scope> {
        match (name, at) {
            ("all", _) => Some(Scope::All),
            ("target", Some(t)) => Some(Scope::Target(t)),
            ("published", _) => Some(Scope::Published),
            _ => None,
        }
    }

    /// A list's scope: the one target, or every target.
    pub fn of_target(target: Option<i64>) -> Scope {
        target.map_or(Scope::All, Scope::Target)
    }
}

impl From<&UniqueScope> for Scope {
    fn from(s: &UniqueScope) -> Scope {
        match s {
            UniqueScope::All => Scope::All,
            UniqueScope::Target(t) => Scope::Target(*t),
            UniqueScope::Pairs(_) => Scope::Published,
        }
    }
}

/// The one target a 24-game corpus's lists and tallies are also taken at: its game's, 24
/// (when its targets hold it).
pub fn at_24(id: &CorpusId, targets: &[TargetRow]) -> Option<i64> {
    (id.is_24_game() && targets.iter().any(|r| r.target == 24)).then_some(24)
}

pub use crate::error::phase::{DigestError, Unsolved};

/// The first [`MAX_LISTED`] solutions of `board` (as the tables write it) at `target`.
pub fn listed(game: &Game, board: &str, target: i64) -> Result<Listed, Unsolved> {
    solution::listed(game, board, target, MAX_LISTED).map_err(|source| Unsolved {
        board: board.to_string(),
        source,
    })
}
