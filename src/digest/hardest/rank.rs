//! Rankings of the hardest puzzles of a corpus, folded from its `puzzles` table: fewest
//! solutions under a convention or highest `difficulty` ([`Hardest`]; one ranking alone in
//! [`hardest`]), and a `difficulty` ranking re-scored with the player's exact walk
//! ([`exact`], [`walk`]).

use std::cmp::Ordering;
use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::ops::Range;
use std::str::FromStr;

use rayon::prelude::*;

use crate::engine::Convention;
use crate::features::Features;
use crate::game::rule_set::Game;
use crate::puzzle::difficulty::exact_difficulties;
use crate::store::read::{CorpusStore, Result};
use crate::store::rows::board_numbers;
use crate::store::schema::col;
use crate::store::slice::PuzzleSlice;

use crate::store::scan::{PuzzleFold, fold_puzzles};

use crate::digest::topk::TopK;

/// One puzzle as the ranking of hard puzzles sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct Ranked {
    pub board_id: u32,
    pub target: i64,
    /// Its count under the ranking convention.
    pub count: u64,
    pub min_ops: Option<u8>,
    pub difficulty: Option<f64>,
    /// Its difficulty features, when the tables have them.
    pub features: Option<Features>,
    /// Its counts under the conventions the ranking was asked to record
    /// ([`Hardest::with_counts`]; null for the others, and where the corpus lacks one).
    pub counts: AllCounts,
}

/// What ranks puzzles as hardest.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum By {
    /// Fewest solutions under the convention.
    #[default]
    Count,
    /// Highest `difficulty` score.
    Difficulty,
}

impl By {
    pub const ALL: [By; 2] = [By::Count, By::Difficulty];

    pub fn name(self) -> &'static str {
        match self {
            By::Count => "count",
            By::Difficulty => col::DIFFICULTY,
        }
    }
}

impl fmt::Display for By {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for By {
    type Err = crate::Error;

    fn from_str(s: &str) -> crate::Result<By> {
        By::ALL.into_iter().find(|b| b.name() == s).ok_or_else(|| {
            crate::Error::Input(format!("unknown ranking `{s}` (known: count, difficulty)"))
        })
    }
}

impl Ranked {
    /// `by` count: fewest solutions first, and among equal counts the highest score (the
    /// counts decide, so that the report can set the list beside the score's own). `by`
    /// difficulty: the highest score first, then fewest solutions. Then more operations,
    /// then table order, so the order never depends on how the tables were sharded.
    pub fn order(by: By) -> impl Fn(&Ranked, &Ranked) -> Ordering {
        move |a, b| {
            let d = |r: &Ranked| r.difficulty.unwrap_or(f64::NEG_INFINITY);
            let count = a.count.cmp(&b.count);
            match by {
                By::Count => count.then_with(|| d(b).total_cmp(&d(a))),
                By::Difficulty => d(b).total_cmp(&d(a)).then(count),
            }
            .then_with(|| b.min_ops.cmp(&a.min_ops))
            .then_with(|| a.board_id.cmp(&b.board_id))
            .then_with(|| a.target.cmp(&b.target))
        }
    }
}

/// Candidates a `difficulty` ranking keeps per place it lists where the tables score with
/// the player's surrogate (Digits, Countdown): [`exact`] walks each of them exactly and keeps
/// the hardest. The surrogate ranks the walk's scores with ρ 0.92 only (`assets/difficulty-fit.md`),
/// so the list is the hardest by the walk *among these candidates*: a wider pool can find
/// harder puzzles still.
pub const EXACT_POOL: usize = 20;

/// The player's exact walk of puzzles by (board id, target): a score, or `None` where the
/// walk is not taken (and the table's score stands).
pub type Walks = HashMap<(u32, i64), Option<f64>>;

/// Walks exactly, in parallel, every puzzle of `ranked` that `walks` does not hold yet (as
/// `solve` scores it), and adds it. `boards` holds each board's numbers as the tables write
/// them. Lists that share puzzles (one ranking under several conventions) share walks, and
/// the puzzles of one board share its state graph.
pub fn walk(ranked: &[Ranked], game: &Game, boards: &HashMap<u32, String>, walks: &mut Walks) {
    let mut by_board: BTreeMap<u32, Vec<(i64, Features)>> = BTreeMap::new();
    for r in ranked {
        let key = (r.board_id, r.target);
        if walks.contains_key(&key) {
            continue;
        }
        match r.features {
            // Not walked: the table's score stands.
            None => _ = walks.insert(key, None),
            Some(f) => {
                let puzzles = by_board.entry(r.board_id).or_default();
                if puzzles.iter().all(|&(t, _)| t != r.target) {
                    puzzles.push((r.target, f));
                }
            }
        }
    }
    let todo: Vec<_> = by_board.into_iter().collect();
    let done: Vec<Walks> = todo
        .par_iter()
        .map(|(board_id, puzzles)| {
            let numbers = boards
                .get(board_id)
                .map_or_else(Vec::new, |b| board_numbers(b));
            let scores = exact_difficulties(game, &numbers, puzzles);
            puzzles
                .iter()
                .zip(scores)
                .map(|(&(t, _), d)| ((*board_id, t), d))
                .collect()
        })
        .collect();
    walks.extend(done.into_iter().flatten());
}

/// `ranked` with the score of each walked puzzle of `walks` in place of the table's, ranked
/// again by `difficulty`.
pub fn rescored(mut ranked: Vec<Ranked>, walks: &Walks) -> Vec<Ranked> {
    for r in &mut ranked {
        if let Some(&Some(d)) = walks.get(&(r.board_id, r.target)) {
            r.difficulty = Some(d);
        }
    }
    ranked.sort_by(Ranked::order(By::Difficulty));
    ranked
}

/// Whether `game`'s `difficulty` rankings are walked exactly: its tables score with the
/// player's surrogate (not every number used), so the walk can change the order.
pub fn walks_exactly(game: &Game) -> bool {
    !game.rules.use_all
}

/// `ranked`, a `difficulty` ranking of `game`'s puzzles kept longer than wanted, re-scored
/// with the player's exact walk (as `solve` scores), re-ranked and cut to `limit`. Where the
/// tables walked exactly already (every number used), or a puzzle's walk is not taken, its
/// table score stands. `boards` holds each board's numbers as the tables write them.
pub fn exact(
    mut ranked: Vec<Ranked>,
    game: &Game,
    boards: &HashMap<u32, String>,
    limit: usize,
) -> Vec<Ranked> {
    if walks_exactly(game) {
        let mut walks = Walks::new();
        walk(&ranked, game, boards, &mut walks);
        ranked = rescored(ranked, &walks);
    }
    ranked.truncate(limit);
    ranked
}

/// The `limit` puzzles with the fewest solutions (> 0) under `convention`, optionally
/// at one target, in [`Ranked`] order, each board once. An error when the corpus lacks the
/// convention.
pub fn hardest(
    store: &CorpusStore,
    convention: Convention,
    by: By,
    target: Option<i64>,
    limit: usize,
) -> Result<Vec<Ranked>> {
    let targets = store.targets()?;
    if by == By::Difficulty && !store.has_difficulty()? {
        return Err(store.absent(
            "no `difficulty` column (tables from before it existed: rerun `analyze`)".into(),
        ));
    }
    let conventions = store.conventions(&targets)?;
    if !conventions.contains(&convention) {
        return Err(store.absent(format!(
            "no `{convention}` counts in this corpus (it has: {})",
            conventions
                .iter()
                .map(|c| c.name())
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    let mut ranking =
        Hardest::new(convention, by, target, limit).skipping(store.repeated_boards()?);
    fold_puzzles(store, &mut [&mut ranking])?;
    Ok(ranking.finish())
}

/// The hardest puzzles under one ranking, folded from the rows of `puzzles`: those with a
/// count (> 0) under the convention, optionally at one target, with their features.
pub struct Hardest {
    convention: Convention,
    by: By,
    target: Option<i64>,
    /// The conventions whose counts each kept puzzle records (see [`Ranked::counts`]).
    counted: Vec<Convention>,
    /// Boards left out: repeats of a board of smaller id, whose puzzles are its puzzles.
    skipped: HashMap<u32, u32>,
    top: TopK<Ranked>,
}

impl Hardest {
    pub fn new(convention: Convention, by: By, target: Option<i64>, limit: usize) -> Hardest {
        Hardest {
            convention,
            by,
            target,
            counted: Vec::new(),
            skipped: HashMap::new(),
            top: TopK::new(limit),
        }
    }

    /// Leaves out the boards `repeats` names (as [`crate::store::rows::repeated`] gives
    /// them), so that no puzzle is listed twice.
    pub fn skipping(mut self, repeats: HashMap<u32, u32>) -> Hardest {
        self.skipped = repeats;
        self
    }

    /// Also reads, and records with each kept puzzle, its counts under `conventions`.
    pub fn with_counts(mut self, conventions: &[Convention]) -> Hardest {
        self.counted = conventions.to_vec();
        self
    }

    /// The kept puzzles, hardest first.
    pub fn finish(self) -> Vec<Ranked> {
        self.top.finish(Ranked::order(self.by))
    }
}

impl PuzzleFold for Hardest {
    fn conventions(&self) -> Vec<Convention> {
        let mut c = self.counted.clone();
        c.push(self.convention);
        c
    }

    fn features(&self) -> bool {
        true
    }

    fn fold(&mut self, s: &PuzzleSlice, rows: Range<usize>) {
        let order = Ranked::order(self.by);
        for i in rows {
            let (Some(count), Some(t)) = (s.count(self.convention, i), s.target(i)) else {
                continue;
            };
            if count == 0 || self.target.is_some_and(|x| x != t) {
                continue;
            }
            // Most rows fall behind the bar on the order's first key alone: checked before the
            // skipped boards, which take a hash lookup.
            if let Some(bar) = self.top.bar() {
                let behind = match self.by {
                    By::Count => count > bar.count,
                    By::Difficulty => {
                        let d = |x: Option<f64>| x.unwrap_or(f64::NEG_INFINITY);
                        d(s.difficulty(i)).total_cmp(&d(bar.difficulty)).is_lt()
                    }
                };
                if behind {
                    continue;
                }
            }
            let board_id = s.board_id(i).unwrap_or(0);
            if self.skipped.contains_key(&board_id) {
                continue;
            }
            let mut r = Ranked {
                board_id,
                target: t,
                count,
                min_ops: s.min_ops(i).and_then(|m| u8::try_from(m).ok()),
                difficulty: s.difficulty(i),
                features: None,
                counts: [None; Convention::ALL.len()],
            };
            if self.top.admits(&r, &order) {
                r.features = s.features(i);
                r.counts = Convention::ALL
                    .map(|c| self.counted.contains(&c).then(|| s.count(c, i)).flatten());
                self.top.push(r, &order);
            }
        }
    }
}

/// A puzzle's counts by [`Convention`] (null where the corpus lacks one).
pub type AllCounts = [Option<u64>; Convention::ALL.len()];
