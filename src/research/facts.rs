//! Everything the charts and the report use, read from the tables once: per corpus its
//! summaries and rankings ([`CorpusFacts`], every one folded from a single pass over its
//! `puzzles` table), and every corpus under a data folder ([`Facts`]).

use std::collections::HashMap;
use std::path::Path;

use crate::corpus::CorpusId;
use crate::engine::Convention;
use crate::store::read::{CorpusStore, ReadError, Result, discover};
use crate::store::rows::{self, BoardRow, TargetRow};
use crate::store::schema::{Table, col};

use super::nyt::{NytJoin, NytPuzzle};
use super::rank::{self, AllCounts, By, Hardest, MinClasses, MinCounts, Ranked};
use super::scan::{PuzzleFold, fold_puzzles};
use super::target_bands::TargetBands;
use super::unique::{self, UniqueDifficulty, UniqueRow, UniqueScope};
use super::validation::{self, Validation};
use super::variants::{self, BoardBoth, Comparison, Solvable};

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
    /// Whether each (board text, target) is solvable, for the corpora that rule variants
    /// are compared between (`24`, `24-minus`, `24-pow`).
    pub solvable: Option<HashMap<(String, i64), bool>>,
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

    /// Reads the small tables whole and `puzzles` in one pass that feeds every summary,
    /// then ranks the `unique` rows.
    pub fn load(store: CorpusStore) -> Result<CorpusFacts> {
        let targets = store.targets()?;
        let boards = store.boards()?;
        let conventions = store.conventions(&targets)?;
        let has_difficulty = store.has_difficulty()?;
        let puzzles = store.table(Table::Puzzles)?;
        let is_24 = store.id.is_24_game() && targets.iter().any(|r| r.target == 24);
        let at = is_24.then_some(24);
        let mut bands = (store.id == CorpusId::Digits
            && conventions.contains(&Convention::Distinct))
        .then(TargetBands::new);
        let mut nyt = (store.id == CorpusId::Nyt)
            .then(|| NytJoin::new(&store, &boards))
            .transpose()?;
        // A board dealt on several days is listed once, under its smallest id.
        let repeats = rows::repeated(&store.id, &boards);
        let unique_scope = match &nyt {
            Some(_) => UniqueScope::Pairs(
                boards
                    .iter()
                    .filter_map(|b| {
                        let id = repeats.get(&b.board_id).copied();
                        Some((id.unwrap_or(b.board_id), b.target?))
                    })
                    .collect(),
            ),
            None if is_24 => UniqueScope::Target(24),
            None => UniqueScope::All,
        };
        let mut unique_difficulty = has_difficulty
            .then(|| UniqueDifficulty::new(&unique_scope, puzzles.has(col::DISTINCT)));
        // The corpora whose conventions are compared record, with each puzzle of their
        // hardest lists, its count under every convention.
        let compared = matches!(
            store.id,
            CorpusId::TwentyFour | CorpusId::Digits | CorpusId::Countdown
        ) && conventions.len() >= 2;
        let every: Vec<Convention> = Convention::ALL
            .into_iter()
            .filter(|c| compared && puzzles.has(c.name()))
            .collect();
        let ranking = |c, target| {
            Hardest::new(c, By::Count, target, HARDEST_KEPT)
                .with_counts(&every)
                .skipping(repeats.clone())
        };
        let mut hardest: Vec<Hardest> = conventions.iter().map(|&c| ranking(c, None)).collect();
        let mut hardest_at_24: Vec<Hardest> = match at {
            Some(_) => conventions.iter().map(|&c| ranking(c, at)).collect(),
            None => Vec::new(),
        };
        // The score is set beside the SPEC's conventions: `distinct` where defined, else
        // `expressions` (not `inequivalent`, which only the 24 game's arithmetic has).
        let difficulty_convention = conventions
            .iter()
            .rev()
            .find(|&&c| c != Convention::Trees && c != Convention::Inequivalent)
            .filter(|_| has_difficulty)
            .copied();
        let mut by_difficulty = difficulty_convention.map(|c| {
            Hardest::new(c, By::Difficulty, at, HARDEST_KEPT * rank::EXACT_POOL)
                .skipping(repeats.clone())
        });
        let mut min_counts = (conventions.len() >= 2).then(|| MinCounts::new(&conventions, at));
        let mut solvable = matches!(
            store.id,
            CorpusId::TwentyFour | CorpusId::TwentyFourMinus | CorpusId::TwentyFourPow
        )
        .then(Solvable::default);

        let mut folds: Vec<&mut dyn PuzzleFold> = Vec::new();
        if let Some(f) = bands.as_mut() {
            folds.push(f);
        }
        if let Some(f) = nyt.as_mut() {
            folds.push(f);
        }
        if let Some(f) = unique_difficulty.as_mut() {
            folds.push(f);
        }
        for f in hardest.iter_mut().chain(hardest_at_24.iter_mut()) {
            folds.push(f);
        }
        if let Some(f) = by_difficulty.as_mut() {
            folds.push(f);
        }
        if let Some(f) = min_counts.as_mut() {
            folds.push(f);
        }
        if let Some(f) = solvable.as_mut() {
            folds.push(f);
        }
        fold_puzzles(&store, &mut folds)?;
        drop(folds);

        let nyt = nyt.map(NytJoin::finish);
        let solvable = solvable.map(|s| s.finish(&boards));
        let unique_difficulty = unique_difficulty.map(UniqueDifficulty::finish);
        let hardest_unique = unique::hardest_unique(
            &store,
            HARDEST_KEPT,
            &unique_scope,
            unique_difficulty.as_ref(),
        )?;
        let finish = |lists: Vec<Hardest>| -> Vec<(Convention, Vec<Ranked>)> {
            conventions
                .iter()
                .copied()
                .zip(lists.into_iter().map(Hardest::finish))
                .collect()
        };
        let (hardest, hardest_at_24) = (finish(hardest), finish(hardest_at_24));
        let lists = if is_24 { &hardest_at_24 } else { &hardest };
        let by_difficulty = match by_difficulty.map(Hardest::finish) {
            // A custom corpus's game is not known here: its list keeps the table's scores.
            Some(mut ranked) => Some(match store.id.game() {
                Ok(game) => {
                    let ids: Vec<u32> = ranked.iter().map(|r| r.board_id).collect();
                    rank::exact(ranked, &game, &store.board_texts(&ids)?, HARDEST_KEPT)
                }
                Err(_) => {
                    ranked.truncate(HARDEST_KEPT);
                    ranked
                }
            }),
            None => None,
        };
        let by_difficulty =
            by_difficulty
                .zip(difficulty_convention)
                .map(|(ranked, c)| ByDifficulty {
                    convention: c,
                    at,
                    by_difficulty: ranked,
                    by_count: lists
                        .iter()
                        .find(|(x, _)| *x == c)
                        .map(|(_, l)| l.clone())
                        .unwrap_or_default(),
                });
        let hardest_counts = if compared {
            lists
                .iter()
                .flat_map(|(_, l)| l.iter().map(|r| ((r.board_id, r.target), r.counts)))
                .collect()
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
            min_classes: min_counts.map(MinCounts::finish).unwrap_or_default(),
            hardest,
            hardest_at_24,
            by_difficulty,
            hardest_counts,
            solvable,
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

/// A corpus whose tables were written by `analyze --reach-only`: its name and its `targets`
/// rows (which hold solvable shares and `min_ops`, but no solution counts).
#[derive(Clone, Debug)]
pub struct ReachOnly {
    pub name: String,
    pub targets: Vec<TargetRow>,
}

/// The facts of every corpus under a data folder.
#[derive(Clone, Debug)]
pub struct Facts {
    pub corpora: Vec<CorpusFacts>,
    /// Default corpora whose folder is missing.
    pub missing: Vec<String>,
    /// Corpora whose tables were written by `analyze --reach-only`: only their headline
    /// figures are read (the other figures and the charts need solution counts).
    pub reach_only: Vec<ReachOnly>,
    /// What unary minus and `^` change against the plain 24 game, for the variant corpora
    /// present (`None` without the `24` corpus).
    pub variants: Option<Vec<Comparison>>,
    /// Make-10's boards without and with joined digits (`None` unless both corpora are
    /// present with their counts).
    pub joining: Option<Vec<BoardBoth>>,
    /// The difficulty model judged on the human data (refitted from the training file the
    /// binary carries, not read from the tables).
    pub validation: Validation,
    /// The phase-transition sweep of `digits-lab phase` (`data/phase.parquet`), when run.
    pub phase: Option<Vec<crate::variant::phase::Cell>>,
    /// The rules of that sweep in words, when not Countdown's (`phase --game`, `--rules`).
    pub phase_rules: Option<String>,
}

impl Facts {
    /// Reads every corpus under `data` (an error if `data` itself does not exist).
    pub fn load(data: &Path) -> Result<Facts> {
        if !data.is_dir() {
            return Err(ReadError::no_data(data));
        }
        let (found, missing) = discover(data);
        let (reach_only, found): (Vec<_>, Vec<_>) = found.into_iter().partition(|c| c.reach_only());
        let reach_only = reach_only
            .iter()
            .map(|c| {
                Ok(ReachOnly {
                    name: c.name().to_string(),
                    targets: c.targets()?,
                })
            })
            .collect::<Result<Vec<_>>>()?;
        let corpora = found
            .into_iter()
            .map(CorpusFacts::load)
            .collect::<Result<Vec<_>>>()?;
        let solvable = |id: &CorpusId| {
            let c = corpora.iter().find(|c| c.id() == id)?;
            Some((c.id(), c.solvable.as_ref()?))
        };
        let variants = solvable(&CorpusId::TwentyFour).map(|(_, base)| {
            [CorpusId::TwentyFourMinus, CorpusId::TwentyFourPow]
                .iter()
                .filter_map(solvable)
                .map(|(id, var)| variants::compare(base, id, var))
                .collect()
        });
        let board_rows = |id: &CorpusId| Some(&corpora.iter().find(|c| c.id() == id)?.boards);
        let joining = board_rows(&CorpusId::Make10)
            .zip(board_rows(&CorpusId::Make10Concat))
            .map(|(plain, joined)| variants::one_target(plain, joined));
        Ok(Facts {
            corpora,
            missing,
            reach_only,
            variants,
            joining,
            validation: validation::validation()?,
            phase: crate::store::phase::read(data)?,
            phase_rules: crate::store::phase::rules(data)?,
        })
    }

    /// The `all` rows of `targets` of corpus `id`, whether its run counted solutions or
    /// only reachability.
    pub fn all_targets_of(&self, id: &CorpusId) -> Option<Vec<&TargetRow>> {
        if let Some(c) = self.corpus(id) {
            return Some(c.all_targets());
        }
        let r = self.reach_only.iter().find(|r| r.name == id.name())?;
        Some(r.targets.iter().filter(|t| t.group == "all").collect())
    }

    pub fn corpus(&self, id: &CorpusId) -> Option<&CorpusFacts> {
        self.corpora.iter().find(|c| c.id() == id)
    }
}
