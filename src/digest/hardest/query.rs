//! `digits-lab hardest`: the puzzles of a corpus with the fewest solutions (more than none)
//! under one counting convention, or with the highest `difficulty` score, with their
//! difficulty features and their solutions written out. Ranked by `difficulty` where the
//! tables took the player's surrogate, the tables' highest few hundred are walked exactly
//! and listed by the score `solve` gives ([`Query::walked`]).
//!
//! The list is read from the corpus's digest when it holds it ([`crate::digest`]: the
//! convention, ranking and target of the request, at most as many puzzles drawn from at most
//! as many candidates as it stored — `hardest`'s defaults among them). Any other request is
//! computed as `analyze` computes the digest: ranked from the rows of `puzzles`
//! ([`rank::hardest`]), walked ([`rank::exact`]) and each board solved again (the tables
//! hold counts, not text).

use std::path::Path;

use serde::Serialize;

use crate::corpus::CorpusId;
use crate::digest::{self, By, Entry, Ranked};

use super::rank;
use crate::engine::Convention;
use crate::features::Features;
use crate::puzzle::solution::Listed;
use crate::store::read::CorpusStore;
use crate::store::rows::board_numbers;

pub use crate::digest::MAX_LISTED;

pub use crate::error::phase::HardestError;

/// One hard puzzle with its solutions.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct HardPuzzle {
    pub rank: usize,
    /// The board's numbers, ascending.
    pub board: Vec<i64>,
    pub target: i64,
    pub convention: Convention,
    /// Solutions under the convention.
    pub count: u64,
    pub min_ops: Option<u8>,
    pub difficulty: Option<f64>,
    /// Its `distinct` solutions (at most [`MAX_LISTED`]), or one shortest solution where
    /// `distinct` is undefined (unary minus).
    pub solutions: Vec<String>,
    /// How many `distinct` solutions there are in all (`None` where undefined).
    pub distinct_total: Option<usize>,
    /// What the score is made of.
    pub features: Option<Features>,
}

/// The request.
#[derive(Clone, Debug)]
pub struct Query<'a> {
    pub data: &'a Path,
    pub corpus: &'a CorpusId,
    pub convention: Convention,
    pub by: By,
    pub target: Option<i64>,
    pub limit: usize,
    /// With `by` difficulty, how many of the tables' highest scores to walk exactly where
    /// the tables score with the player's surrogate (at least `limit`; `None`: the default,
    /// [`rank::EXACT_POOL`] per place, at most [`DEFAULT_WALKS`]).
    pub candidates: Option<usize>,
}

/// What `hardest` found: the list, and what it answers (the corpus, the target, the
/// convention and ranking, and how many of the tables' highest scores were walked exactly),
/// which its text names (`present::hardest`).
#[derive(Clone, Debug)]
pub struct HardestReport {
    pub puzzles: Vec<HardPuzzle>,
    pub corpus: CorpusId,
    pub target: Option<i64>,
    pub convention: Convention,
    pub by: By,
    /// [`Query::walked`].
    pub walked: Option<usize>,
}

/// The list `q` asks for, with what it answers.
pub fn report(q: &Query) -> Result<HardestReport, HardestError> {
    Ok(HardestReport {
        puzzles: hardest(q)?,
        corpus: q.corpus.clone(),
        target: q.target,
        convention: q.convention,
        by: q.by,
        walked: q.walked(),
    })
}

/// The most candidates `hardest --by difficulty` walks by default (about a minute of CPU).
pub const DEFAULT_WALKS: usize = 2_000;

impl Query<'_> {
    /// How many puzzles the ranking walks exactly: `None` where it walks none (ranked by
    /// count, or a game whose tables walked every puzzle already).
    pub fn walked(&self) -> Option<usize> {
        let game = self.corpus.game().ok()?;
        (self.by == By::Difficulty && !game.rules.use_all).then(|| {
            let default = self
                .limit
                .saturating_mul(rank::EXACT_POOL)
                .min(DEFAULT_WALKS);
            self.candidates.unwrap_or(default).max(self.limit)
        })
    }
}

impl HardPuzzle {
    /// The board as the tables write it: `1 2 7 7`.
    pub fn board_text(&self) -> String {
        let numbers: Vec<String> = self.board.iter().map(i64::to_string).collect();
        numbers.join(" ")
    }
}

/// The hardest puzzles of a corpus, fewest solutions or highest `difficulty` first.
pub fn hardest(q: &Query) -> Result<Vec<HardPuzzle>, HardestError> {
    let game = q.corpus.game().map_err(|_| HardestError::UnknownCorpus {
        corpus: q.corpus.to_string(),
        known: CorpusId::known(),
    })?;
    let store = CorpusStore::open(q.data, q.corpus)?;
    if store.reach_only() {
        return Err(store
            .absent(format!(
                "its tables were written by `analyze --reach-only`, which keeps no solution \
                 counts: run `digits-lab analyze --corpus {}` without it for `hardest`",
                q.corpus
            ))
            .into());
    }
    if let Some(t) = q.target {
        let targets = store.targets()?;
        if !targets.iter().any(|r| r.target == t) {
            let lo = targets.iter().map(|r| r.target).min().unwrap_or(0);
            let hi = targets.iter().map(|r| r.target).max().unwrap_or(0);
            return Err(HardestError::NoTarget {
                corpus: q.corpus.to_string(),
                target: t,
                range: format!("{lo}–{hi}"),
            });
        }
    }
    if let Some(list) = stored(&store, q)? {
        return Ok(list);
    }
    let walked = q.walked();
    let kept = walked.unwrap_or(q.limit);
    let ranked = rank::hardest(&store, q.convention, q.by, q.target, kept)?;
    let ids: Vec<u32> = ranked.iter().map(|r| r.board_id).collect();
    let texts = store.board_texts(&ids)?;
    let ranked = match walked {
        Some(_) => rank::exact(ranked, &game, &texts, q.limit),
        None => ranked,
    };
    ranked
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let board = texts.get(&r.board_id).cloned().unwrap_or_default();
            let listed = digest::listed(&game, &board, r.target)?;
            Ok(hard_puzzle(i + 1, q.convention, &board, r, listed))
        })
        .collect()
}

/// The list read from the corpus's digest, when it holds the request: the same convention,
/// ranking and target, walked as the request walks, and the request's first `limit` drawn
/// from its candidates, each with its solutions written out.
fn stored(store: &CorpusStore, q: &Query) -> Result<Option<Vec<HardPuzzle>>, HardestError> {
    let Some(digest) = digest::read(store)? else {
        return Ok(None);
    };
    let Some(list) = digest.list(q.convention, q.by, q.target) else {
        return Ok(None);
    };
    let walked = q.walked();
    if list.walked != walked.is_some() {
        return Ok(None);
    }
    let Some(entries) = list.answer(walked.unwrap_or(q.limit), q.limit) else {
        return Ok(None);
    };
    let listed: Option<Vec<HardPuzzle>> = entries
        .iter()
        .enumerate()
        .map(|(i, e)| stored_puzzle(i + 1, q.convention, e))
        .collect();
    Ok(listed)
}

/// A stored entry as `hardest` lists it at `rank`, when its solutions were written out.
fn stored_puzzle(rank: usize, convention: Convention, e: &Entry) -> Option<HardPuzzle> {
    let written = e.written.clone()?;
    Some(hard_puzzle(rank, convention, &e.board, &e.ranked, written))
}

/// The puzzle ranked `r` on `board` (its numbers as the tables write them) as `hardest`
/// lists it at `rank`, with its solutions.
fn hard_puzzle(
    rank: usize,
    convention: Convention,
    board: &str,
    r: &Ranked,
    listed: Listed,
) -> HardPuzzle {
    HardPuzzle {
        rank,
        board: board_numbers(board),
        target: r.target,
        convention,
        count: r.count,
        min_ops: r.min_ops,
        difficulty: r.difficulty,
        solutions: listed.solutions,
        distinct_total: listed.distinct_total,
        features: r.features,
    }
}
