//! A corpus's digest computed from its tables: one pass over `puzzles` feeds every ranking
//! and tally ([`compute`]); the `difficulty` rankings of the games whose tables score with
//! the player's surrogate are then walked exactly, every walk once however many lists hold
//! the puzzle; and the solutions a list may show are written out by solving each board again
//! ([`write_solutions`]), which only `analyze` asks for (the report shows none).

use std::collections::{HashMap, HashSet};

use rayon::prelude::*;

use crate::corpus::CorpusId;
use crate::engine::Convention;
use crate::game::rule_set::Game;
use crate::puzzle::solution::Listed;
use crate::store::read::{CorpusStore, Result};
use crate::store::rows;
use crate::store::scan::{PuzzleFold, fold_puzzles};
use crate::store::schema::{Table, col};

use super::hardest::lists::{self, StoredList};
use super::hardest::rank::{self, By, Hardest, Ranked, Walks};
use super::hardest::unique::{self, UniqueDifficulty, UniqueScope};
use super::min_counts::MinCounts;
use super::target_bands::TargetBands;
use super::{Digest, DigestError, LISTED, REPORTED, Scope, WALKED, at_24};

/// The digest of `store`'s tables, without solutions written out: every ranking the report
/// and `hardest` read (each convention by count and by `difficulty`, over every target and,
/// in the 24-game corpora, at 24), the hardest unique-solution puzzles, the puzzles at the
/// fewest counts and, for Digits, the distributions per target band.
pub fn compute(store: &CorpusStore) -> Result<Digest> {
    let targets = store.targets()?;
    let boards = store.boards()?;
    let conventions = store.conventions(&targets)?;
    let has_difficulty = store.has_difficulty()?;
    let puzzles = store.table(Table::Puzzles)?;
    let at = at_24(&store.id, &targets);
    // A board dealt on several days is listed once, under its smallest id.
    let repeats = rows::repeated(&store.id, &boards);
    let scope = UniqueScope::of(&store.id, &boards, &repeats, at);
    // Every list records each puzzle's count under every convention the table has.
    let counted: Vec<Convention> = Convention::ALL
        .into_iter()
        .filter(|c| puzzles.has(c.name()))
        .collect();
    // A custom corpus's game is not known from its folder: its lists keep the table's scores.
    let game = store.id.game().ok();
    let walked = game.as_ref().is_some_and(rank::walks_exactly);
    let keys = keys(&conventions, has_difficulty, at, walked);
    let mut rankings: Vec<Hardest> = keys
        .iter()
        .map(|&((c, by, target), pool)| {
            Hardest::new(c, by, target, pool)
                .with_counts(&counted)
                .skipping(repeats.clone())
        })
        .collect();
    let mut bands = (store.id == CorpusId::Digits && conventions.contains(&Convention::Distinct))
        .then(TargetBands::new);
    let mut unique_difficulty =
        has_difficulty.then(|| UniqueDifficulty::new(&scope, puzzles.has(col::DISTINCT)));
    let mut min_counts = (conventions.len() >= 2).then(|| MinCounts::new(&conventions, at));

    let mut folds: Vec<&mut dyn PuzzleFold> = Vec::new();
    for f in rankings.iter_mut() {
        folds.push(f);
    }
    if let Some(f) = bands.as_mut() {
        folds.push(f);
    }
    if let Some(f) = unique_difficulty.as_mut() {
        folds.push(f);
    }
    if let Some(f) = min_counts.as_mut() {
        folds.push(f);
    }
    fold_puzzles(store, &mut folds)?;
    drop(folds);

    let unique_difficulty = unique_difficulty.map(UniqueDifficulty::finish);
    let unique = unique::hardest_unique(store, REPORTED, &scope, unique_difficulty.as_ref())?;
    let candidates: Vec<Vec<Ranked>> = rankings.into_iter().map(Hardest::finish).collect();
    let listed: HashSet<u32> = candidates.iter().flatten().map(|r| r.board_id).collect();
    let texts: HashMap<u32, String> = boards
        .iter()
        .filter(|b| listed.contains(&b.board_id))
        .map(|b| (b.board_id, b.board.clone()))
        .collect();
    // Every list to walk at once, so that the walks share both cores and none is taken twice.
    let mut walks = Walks::new();
    if let Some(game) = game.as_ref().filter(|_| walked) {
        let all: Vec<Ranked> = keys
            .iter()
            .zip(&candidates)
            .filter(|(((_, by, _), _), _)| *by == By::Difficulty)
            .flat_map(|(_, c)| c.iter().cloned())
            .collect();
        rank::walk(&all, game, &texts, &mut walks);
    }
    let rescore = |ranked: Vec<Ranked>| rank::rescored(ranked, &walks);
    let lists = keys
        .iter()
        .zip(candidates)
        .map(|(&(key, pool), ranked)| {
            let walk = walked && key.1 == By::Difficulty;
            let rank: Option<&dyn Fn(Vec<Ranked>) -> Vec<Ranked>> =
                walk.then_some(&rescore as &dyn Fn(Vec<Ranked>) -> Vec<Ranked>);
            lists::stored(key, pool, ranked, &texts, rank)
        })
        .collect();
    Ok(Digest {
        lists,
        unique,
        unique_scope: Scope::from(&scope),
        bands,
        min_classes: min_counts.map(MinCounts::finish).unwrap_or_default(),
        at,
    })
}

/// The lists a corpus stores, each with its pool: every convention by count and, where the
/// tables score, by `difficulty` (a walked list drawn from the [`WALKED`] highest scores),
/// over every target and at the game's target `at`.
#[allow(clippy::type_complexity)]
fn keys(
    conventions: &[Convention],
    has_difficulty: bool,
    at: Option<i64>,
    walked: bool,
) -> Vec<((Convention, By, Option<i64>), usize)> {
    let scopes: Vec<Option<i64>> = std::iter::once(None).chain(at.map(Some)).collect();
    let mut keys = Vec::new();
    for by in By::ALL {
        if by == By::Difficulty && !has_difficulty {
            continue;
        }
        let pool = match by == By::Difficulty && walked {
            true => WALKED,
            false => LISTED,
        };
        for &c in conventions {
            for &target in &scopes {
                keys.push(((c, by, target), pool));
            }
        }
    }
    keys
}

/// Writes out, by solving each board again under `game`, the solutions of every entry some
/// request of at most [`LISTED`] puzzles (at most [`REPORTED`] of a walked list) can show:
/// at most [`MAX_LISTED`] `distinct` solutions each, or one shortest where `distinct` is
/// undefined. Each puzzle is solved once, boards in parallel.
pub fn write_solutions(digest: &mut Digest, game: &Game) -> Result<(), DigestError> {
    let shown: Vec<Vec<bool>> = digest.lists.iter().map(shown).collect();
    let mut todo: Vec<(&str, i64)> = Vec::new();
    let mut seen = HashSet::new();
    for (list, shown) in digest.lists.iter().zip(&shown) {
        for (e, _) in list.entries.iter().zip(shown).filter(|(_, s)| **s) {
            if seen.insert((e.board.as_str(), e.ranked.target)) {
                todo.push((e.board.as_str(), e.ranked.target));
            }
        }
    }
    let done: Vec<((String, i64), Listed)> = todo
        .par_iter()
        .map(|&(board, target)| {
            super::listed(game, board, target).map(|l| ((board.to_string(), target), l))
        })
        .collect::<Result<_, _>>()?;
    let written: HashMap<(String, i64), Listed> = done.into_iter().collect();
    for (list, shown) in digest.lists.iter_mut().zip(&shown) {
        for (e, _) in list.entries.iter_mut().zip(shown).filter(|(_, s)| **s) {
            e.written = written.get(&(e.board.clone(), e.ranked.target)).cloned();
        }
    }
    Ok(())
}

/// Which entries of `list` a request may show.
fn shown(list: &StoredList) -> Vec<bool> {
    list.shown(match list.walked {
        true => REPORTED,
        false => LISTED,
    })
}
