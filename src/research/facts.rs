//! Everything the charts and the report use, read from the tables once: per corpus its
//! summaries and rankings ([`CorpusFacts`]), and every corpus under a data folder ([`Facts`]).

use std::collections::{BTreeSet, HashMap};
use std::path::Path;

use crate::corpus::CorpusId;
use crate::engine::Convention;
use crate::store::read::{CorpusStore, ReadError, Result, discover};
use crate::store::rows::{BoardRow, TargetRow};

use super::bands::{self, TargetBands};
use super::nyt::{self, NytPuzzle};
use super::rank::{self, AllCounts, By, MinClasses, Ranked, UniqueRow, UniqueScope};
use super::validation::{self, Validation};
use super::variants::{self, Comparison};

/// How many hard puzzles each summary keeps.
pub const HARDEST_KEPT: usize = 10;

/// Everything the charts and the report use from one corpus, read once.
#[derive(Clone, Debug)]
pub struct CorpusFacts {
    pub store: CorpusStore,
    pub targets: Vec<TargetRow>,
    pub boards: Vec<BoardRow>,
    pub conventions: Vec<Convention>,
    pub has_difficulty: bool,
    /// Per-band distributions (Digits only).
    pub bands: Option<TargetBands>,
    /// The real puzzles joined with their counts (`nyt` only).
    pub nyt: Option<Vec<NytPuzzle>>,
    /// The hardest puzzles with one `distinct` solution, within `unique_scope`.
    pub hardest_unique: Vec<UniqueRow>,
    pub unique_scope: UniqueScope,
    /// How many puzzles sit at the smallest count of each convention (in the scope of
    /// `hardest_at_24` when that is filled, else over every target).
    pub min_classes: MinClasses,
    /// For each convention the corpus has: the hardest puzzles over every target, and at
    /// target 24 for the 24-game corpora.
    pub hardest: Vec<(Convention, Vec<Ranked>)>,
    pub hardest_at_24: Vec<(Convention, Vec<Ranked>)>,
    /// The hardest puzzles by `difficulty` beside the hardest by count, when the tables have
    /// the score.
    pub by_difficulty: Option<ByDifficulty>,
    /// For the corpora whose conventions are compared (`24`, `digits`, `countdown`, with two
    /// conventions or more): every convention's count of each puzzle of the hardest lists.
    pub hardest_counts: HashMap<(u32, i64), AllCounts>,
}

/// The hardest puzzles of a corpus ranked both ways.
#[derive(Clone, Debug)]
pub struct ByDifficulty {
    /// The convention that counts solutions (`distinct`, else `expressions`).
    pub convention: Convention,
    /// The one target looked at (24 for the 24-game corpora), else every target.
    pub at: Option<i64>,
    pub by_difficulty: Vec<Ranked>,
    pub by_count: Vec<Ranked>,
}

impl CorpusFacts {
    pub fn name(&self) -> &str {
        self.store.name()
    }

    pub fn id(&self) -> &CorpusId {
        &self.store.id
    }

    /// The corpus-wide `targets` rows (`group` = `all`), by target.
    pub fn all_targets(&self) -> Vec<&TargetRow> {
        self.group("all")
    }

    /// The `targets` rows of one group, by target.
    pub fn group(&self, group: &str) -> Vec<&TargetRow> {
        let mut rows: Vec<&TargetRow> = self.targets.iter().filter(|r| r.group == group).collect();
        rows.sort_by_key(|r| r.target);
        rows
    }

    /// The board text of an id.
    pub fn board(&self, id: u32) -> Option<&str> {
        self.boards
            .iter()
            .find(|b| b.board_id == id)
            .map(|b| b.board.as_str())
    }

    pub fn load(store: CorpusStore) -> Result<CorpusFacts> {
        let targets = store.targets()?;
        let boards = store.boards()?;
        let conventions = store.conventions(&targets)?;
        let has_difficulty = store.has_difficulty()?;
        let bands = if store.id == CorpusId::Digits && conventions.contains(&Convention::Distinct) {
            Some(bands::target_bands(&store)?)
        } else {
            None
        };
        let nyt = if store.id == CorpusId::Nyt {
            Some(nyt::nyt_puzzles(&store)?)
        } else {
            None
        };
        let is_24 = store.id.is_24_game() && targets.iter().any(|r| r.target == 24);
        let unique_scope = match &nyt {
            Some(_) => UniqueScope::Pairs(
                boards
                    .iter()
                    .filter_map(|b| Some((b.board_id, b.target?)))
                    .collect(),
            ),
            None if is_24 => UniqueScope::Target(24),
            None => UniqueScope::All,
        };
        let hardest_unique = rank::hardest_unique(&store, HARDEST_KEPT, &unique_scope)?;
        let mut hardest = Vec::new();
        let mut hardest_at_24 = Vec::new();
        for &c in &conventions {
            hardest.push((c, rank::hardest(&store, c, By::Count, None, HARDEST_KEPT)?));
            if is_24 {
                hardest_at_24.push((
                    c,
                    rank::hardest(&store, c, By::Count, Some(24), HARDEST_KEPT)?,
                ));
            }
        }
        let by_difficulty = match conventions.iter().rev().find(|&&c| c != Convention::Trees) {
            Some(&c) if has_difficulty => {
                let at = is_24.then_some(24);
                let by = |b| rank::hardest(&store, c, b, at, HARDEST_KEPT);
                Some(ByDifficulty {
                    convention: c,
                    at,
                    by_difficulty: by(By::Difficulty)?,
                    by_count: by(By::Count)?,
                })
            }
            _ => None,
        };
        let lists = if is_24 { &hardest_at_24 } else { &hardest };
        let mins: Vec<(Convention, u64)> = lists
            .iter()
            .filter_map(|(c, l)| Some((*c, l.first()?.count)))
            .collect();
        let min_classes = if mins.len() >= 2 {
            rank::min_classes(&store, &mins, is_24.then_some(24))?
        } else {
            MinClasses::default()
        };
        let compared = matches!(
            store.id,
            CorpusId::TwentyFour | CorpusId::Digits | CorpusId::Countdown
        );
        let hardest_counts = if compared && lists.len() >= 2 {
            let keys: BTreeSet<(u32, i64)> = lists
                .iter()
                .flat_map(|(_, l)| l.iter().map(|r| (r.board_id, r.target)))
                .collect();
            rank::counts_of(&store, &keys.into_iter().collect::<Vec<_>>())?
        } else {
            HashMap::new()
        };
        Ok(CorpusFacts {
            store,
            targets,
            boards,
            conventions,
            has_difficulty,
            bands,
            nyt,
            hardest_unique,
            unique_scope,
            min_classes,
            hardest,
            hardest_at_24,
            by_difficulty,
            hardest_counts,
        })
    }

    /// The hardest lists the conventions are compared on: at target 24 for the 24-game
    /// corpora, else over every target.
    pub fn compared_lists(&self) -> &[(Convention, Vec<Ranked>)] {
        if self.hardest_at_24.is_empty() {
            &self.hardest
        } else {
            &self.hardest_at_24
        }
    }
}

/// The facts of every corpus under a data folder.
#[derive(Clone, Debug)]
pub struct Facts {
    pub corpora: Vec<CorpusFacts>,
    /// Default corpora whose folder is missing.
    pub missing: Vec<String>,
    /// What unary minus and `^` change against the plain 24 game, for the variant corpora
    /// present (`None` without the `24` corpus).
    pub variants: Option<Vec<Comparison>>,
    /// The difficulty model judged on the human data (refitted from the training file the
    /// binary carries, not read from the tables).
    pub validation: Validation,
}

impl Facts {
    /// Reads every corpus under `data` (an error if `data` itself does not exist).
    pub fn load(data: &Path) -> Result<Facts> {
        if !data.is_dir() {
            return Err(ReadError::NoData {
                path: data.to_path_buf(),
            });
        }
        let (found, missing) = discover(data);
        let corpora = found
            .into_iter()
            .map(CorpusFacts::load)
            .collect::<Result<Vec<_>>>()?;
        let store = |id: &CorpusId| corpora.iter().find(|c| c.id() == id).map(|c| &c.store);
        let variants = match store(&CorpusId::TwentyFour) {
            Some(base) => {
                let base = variants::solvable_by_board(base)?;
                [CorpusId::TwentyFourMinus, CorpusId::TwentyFourPow]
                    .iter()
                    .filter_map(store)
                    .map(|v| variants::compare(&base, v))
                    .collect::<Result<Vec<_>>>()
                    .map(Some)?
            }
            None => None,
        };
        Ok(Facts {
            corpora,
            missing,
            variants,
            validation: validation::validation()?,
        })
    }

    pub fn corpus(&self, id: &CorpusId) -> Option<&CorpusFacts> {
        self.corpora.iter().find(|c| c.id() == id)
    }
}
