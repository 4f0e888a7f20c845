//! Everything the charts and the report use, read from the tables once: per corpus its
//! summaries and rankings ([`CorpusFacts`]: the hardest lists and tallies from the digest
//! `analyze` stored beside its tables, the real NYT puzzles and the solvable sets of the 24
//! game from one pass over its `puzzles`), and every corpus under a data folder ([`Facts`]).

use std::collections::HashMap;
use std::path::Path;

use crate::corpus::CorpusId;
use crate::digest::{
    self, AllCounts, By, Digest, MinClasses, REPORTED, Ranked, TargetBands, UniqueRow, UniqueScope,
    WALKED,
};
use crate::engine::Convention;
use crate::store::read::{CorpusStore, ReadError, Result, discover};
use crate::store::rows::{self, BoardRow, TargetRow};
use crate::store::scan::{PuzzleFold, fold_puzzles};

use super::nyt::{NytJoin, NytPuzzle};
use super::validation::{self, Validation};
use super::variants::{self, BoardBoth, Comparison, Solvable};

/// How many hard puzzles each summary keeps.
pub const HARDEST_KEPT: usize = REPORTED;

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
    /// Whether the tables had no digest of theirs (written by an older build, or changed
    /// since), so that it was computed for this report: slower, and said so.
    pub digest_computed: bool,
}

/// The report's lists, read from a corpus's digest.
struct Lists<'a> {
    digest: &'a Digest,
    /// Whether the report compares the corpus's conventions: its lists by count keep each
    /// puzzle's count under every convention (else none, nor do lists by score).
    compared: bool,
}

impl Lists<'_> {
    /// The report's first of the stored list, drawn from the first `pool` candidates.
    fn first(&self, c: Convention, by: By, at: Option<i64>, pool: usize) -> Vec<Ranked> {
        self.digest
            .list(c, by, at)
            .and_then(|l| l.ranked(pool, REPORTED))
            .unwrap_or_default()
    }

    fn count(&self, c: Convention, at: Option<i64>) -> Vec<Ranked> {
        let mut l = self.first(c, By::Count, at, REPORTED);
        if !self.compared {
            l.iter_mut().for_each(|r| r.counts = AllCounts::default());
        }
        l
    }

    /// The hardest by score: by the exact walk among the [`WALKED`] highest by the tables'
    /// score where the list was walked, else the tables' first.
    fn difficulty(&self, c: Convention, at: Option<i64>) -> Vec<Ranked> {
        let walked = self
            .digest
            .list(c, By::Difficulty, at)
            .is_some_and(|l| l.walked);
        let pool = if walked { WALKED } else { REPORTED };
        let mut l = self.first(c, By::Difficulty, at, pool);
        l.iter_mut().for_each(|r| r.counts = AllCounts::default());
        l
    }
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

    /// Reads the small tables whole, the digest `analyze` stored beside them (computed now,
    /// as `analyze` would, when the tables have none: [`CorpusFacts::digest_computed`]), and
    /// `puzzles` in one pass for the figures that read its rows: the real NYT puzzles, the
    /// 24 game's solvable sets.
    pub fn load(store: CorpusStore) -> Result<CorpusFacts> {
        let targets = store.targets()?;
        let boards = store.boards()?;
        let conventions = store.conventions(&targets)?;
        let has_difficulty = store.has_difficulty()?;
        let (digest, digest_computed) = match digest::read(&store)? {
            Some(d) => (d, false),
            None => (digest::compute(&store)?, true),
        };
        let at = digest::at_24(&store.id, &targets);
        let mut nyt = (store.id == CorpusId::Nyt)
            .then(|| NytJoin::new(&store, &boards))
            .transpose()?;
        let repeats = rows::repeated(&store.id, &boards);
        let unique_scope = UniqueScope::of(&store.id, &boards, &repeats, at);
        let mut solvable = matches!(
            store.id,
            CorpusId::TwentyFour | CorpusId::TwentyFourMinus | CorpusId::TwentyFourPow
        )
        .then(Solvable::default);
        let mut folds: Vec<&mut dyn PuzzleFold> = Vec::new();
        if let Some(f) = nyt.as_mut() {
            folds.push(f);
        }
        if let Some(f) = solvable.as_mut() {
            folds.push(f);
        }
        fold_puzzles(&store, &mut folds)?;
        drop(folds);
        let nyt = nyt.map(NytJoin::finish);
        let solvable = solvable.map(|s| s.finish(&boards));

        // The corpora whose conventions are compared show, with each puzzle of their hardest
        // lists, its count under every convention.
        let compared = matches!(
            store.id,
            CorpusId::TwentyFour | CorpusId::Digits | CorpusId::Countdown
        ) && conventions.len() >= 2;
        let lists = Lists {
            digest: &digest,
            compared,
        };
        let by_count = |target| -> Vec<(Convention, Vec<Ranked>)> {
            conventions
                .iter()
                .map(|&c| (c, lists.count(c, target)))
                .collect()
        };
        let hardest = by_count(None);
        let hardest_at_24 = match at {
            Some(_) => by_count(at),
            None => Vec::new(),
        };
        let compared_lists = if at.is_some() {
            &hardest_at_24
        } else {
            &hardest
        };
        // The score is set beside the SPEC's conventions: `distinct` where defined, else
        // `expressions` (not `inequivalent`, which only the 24 game's arithmetic has).
        let difficulty_convention = conventions
            .iter()
            .rev()
            .find(|&&c| c != Convention::Trees && c != Convention::Inequivalent)
            .filter(|_| has_difficulty)
            .copied();
        let by_difficulty = difficulty_convention.map(|c| ByDifficulty {
            convention: c,
            at,
            by_difficulty: lists.difficulty(c, at),
            by_count: compared_lists
                .iter()
                .find(|(x, _)| *x == c)
                .map(|(_, l)| l.clone())
                .unwrap_or_default(),
        });
        let hardest_counts = if compared {
            compared_lists
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
            bands: digest.bands.clone(),
            nyt,
            hardest_unique: digest.unique.clone(),
            unique_scope,
            min_classes: digest.min_classes.clone(),
            hardest,
            hardest_at_24,
            by_difficulty,
            hardest_counts,
            solvable,
            digest_computed,
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
    /// Reads every corpus under `data` (an error if `data` itself does not exist), and
    /// judges the difficulty model the binary carries on its training data.
    pub fn load(data: &Path) -> crate::Result<Facts> {
        if !data.is_dir() {
            return Err(ReadError::no_data(data).into());
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
