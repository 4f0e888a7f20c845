//! Boards that cover every target: the largest `N` such that a board reaches each of
//! `1..=N` under a game's rules, Countdown's by default
//! ([`crate::engine::reach::covers::covers_to`]), and the search for
//! the boards of `K` numbers, the i-th at most `Bᵢ`, with the largest `N` (the MathOverflow
//! question *Optimal Countdown*: the best board of 4 numbers at most `(2, 4, 6, 50)` is
//! `2 3 5 33`, covering `1..=79`).
//!
//! The search is pruned by the best `N` found so far: a board can only tie or beat it if it
//! reaches every one of `1..=N`, which one windowed reach (window `N`, cheap because most
//! values are dropped) answers; only boards that pass get their full run measured. Boards
//! are searched in batches, in order, each in parallel against the best `N` of the batches
//! before it, and every board that ties the final best is listed: the answer and the work
//! are the same at any thread count.

use rayon::prelude::*;

use crate::engine::reach::bounded::MAX_NUMBERS;
use crate::engine::reach::covers::{covers_at_least, covers_to};
use crate::error::{Error, Result};
use crate::game::rules::Rules;

/// The most boards one search looks at, per board size: a board of more numbers costs more
/// (its windowed reach has more sub-boards and larger value sets).
pub fn max_boards(size: usize) -> u64 {
    match size {
        0..=3 => 50_000_000,
        4 => 10_000_000,
        5 => 1_000_000,
        6 => 50_000,
        _ => 2_000,
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The largest `N`.
    pub best: u64,
    /// Every board reaching `1..=best`, ascending numbers, in lexicographic order.
    pub boards: Vec<Vec<i64>>,
    /// Boards searched, and of them those whose full run was measured (the rest were ruled
    /// out by a window).
    pub searched: u64,
    pub measured: u64,
}

/// What `cover` found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CoverReport {
    /// The board makes every number of `1..=covers` (0: it cannot make 1).
    Board { numbers: Vec<u64>, covers: u64 },
    /// The best boards of the search.
    Search { max: Vec<u64>, found: Found },
}

/// How many boards of nondecreasing numbers `b₁ ≤ … ≤ b_K` with `1 ≤ bᵢ ≤ max[i]` there are
/// (saturating).
pub fn count_boards(max: &[u64]) -> u64 {
    // ways[v]: boards of the positions so far whose last number is v.
    let top = max.iter().copied().max().unwrap_or(0) as usize;
    let mut ways = vec![0u64; top + 1];
    for (i, &b) in max.iter().enumerate() {
        let mut next = vec![0u64; top + 1];
        let mut below = 0u64;
        for v in 1..=b as usize {
            below = below.saturating_add(if i == 0 { u64::from(v == 1) } else { ways[v] });
            next[v] = below;
        }
        ways = next;
    }
    ways.iter().fold(0u64, |a, &w| a.saturating_add(w))
}

/// Refuses a search that is malformed or too large, before any work.
pub fn check(max: &[u64]) -> Result<u64> {
    if max.is_empty() || max.len() > MAX_NUMBERS {
        return Err(Error::input(format!(
            "a board has 1 to {MAX_NUMBERS} numbers; got {}",
            max.len()
        )));
    }
    if max.contains(&0) {
        return Err(Error::input("every bound must be at least 1"));
    }
    if max.iter().any(|&b| b > 10_000) {
        return Err(Error::input("every bound must be at most 10000"));
    }
    let boards = count_boards(max);
    let limit = max_boards(max.len());
    if boards > limit {
        return Err(Error::input(format!(
            "that search covers {boards} boards of {} numbers; at most {limit} are searched: lower the bounds",
            max.len()
        )));
    }
    Ok(boards)
}

/// Searches every board of `max.len()` nondecreasing numbers, the i-th at most `max[i]`,
/// for the largest `N` it covers; `progress` is told how many boards each batch held.
pub fn search(rules: &Rules, max: &[u64], progress: &(dyn Fn(u64) + Sync)) -> Result<Found> {
    let searched = check(max)?;
    let boards = all_boards(max);
    debug_assert_eq!(boards.len() as u64, searched);
    // Batches in order, each searched in parallel against the best `N` of the batches
    // before it: what is measured, and so the output, is the same at any thread count.
    let mut best = 0u64;
    let mut measured = 0u64;
    let mut runs: Vec<(usize, u64)> = Vec::new();
    for (c, batch) in boards.chunks(BATCH).enumerate() {
        let bar = best;
        let found: Vec<Option<u64>> = batch
            .par_iter()
            .map(|board| {
                if !covers_at_least(rules, board, bar)? {
                    return Ok(None);
                }
                covers_to(rules, board).map(Some)
            })
            .collect::<Result<Vec<_>>>()?;
        for (j, n) in found.into_iter().enumerate() {
            if let Some(n) = n {
                measured += 1;
                best = best.max(n);
                runs.push((c * BATCH + j, n));
            }
        }
        progress(batch.len() as u64);
    }
    Ok(Found {
        best,
        boards: runs
            .iter()
            .filter(|&&(_, n)| n == best)
            .map(|&(i, _)| boards[i].clone())
            .collect(),
        searched,
        measured,
    })
}

/// Boards per batch of the search: large enough to keep every thread busy, small enough
/// that the best `N` found prunes the batches after it.
const BATCH: usize = 256;

/// Every board of the search, in lexicographic order.
fn all_boards(max: &[u64]) -> Vec<Vec<i64>> {
    fn go(max: &[u64], cur: &mut Vec<i64>, out: &mut Vec<Vec<i64>>) {
        let i = cur.len();
        if i == max.len() {
            out.push(cur.clone());
            return;
        }
        let from = cur.last().copied().unwrap_or(1);
        for v in from..=max[i] as i64 {
            cur.push(v);
            go(max, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    go(max, &mut Vec::with_capacity(max.len()), &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::test_rules::{countdown, none};

    #[test]
    fn the_counts_match_the_enumeration() {
        for max in [
            vec![3],
            vec![2, 4],
            vec![2, 4, 6, 50],
            vec![5, 3, 9],
            vec![1, 1, 1],
        ] {
            assert_eq!(count_boards(&max), all_boards(&max).len() as u64, "{max:?}");
        }
    }

    #[test]
    fn the_published_best_boards() {
        // MathOverflow, "Optimal Countdown": (2, 3, 5, 33) is the best board of 4 numbers at
        // most (2, 4, 6, 50), covering 1..79.
        let found = search(&countdown(), &[2, 4, 6, 50], &none).unwrap();
        assert_eq!(found.best, 79);
        assert_eq!(found.boards, vec![vec![2, 3, 5, 33]]);
        assert!(found.measured < found.searched);
    }

    #[test]
    fn the_pruned_search_equals_measuring_every_board() {
        for max in [vec![3, 10], vec![3, 5, 20], vec![2, 3, 4, 12]] {
            let found = search(&countdown(), &max, &none).unwrap();
            let runs: Vec<(Vec<i64>, u64)> = all_boards(&max)
                .into_iter()
                .map(|b| {
                    let n = covers_to(&countdown(), &b).unwrap();
                    (b, n)
                })
                .collect();
            let best = runs.iter().map(|r| r.1).max().unwrap();
            let ties: Vec<Vec<i64>> = runs
                .into_iter()
                .filter(|r| r.1 == best)
                .map(|r| r.0)
                .collect();
            assert_eq!((found.best, found.boards), (best, ties), "{max:?}");
        }
    }

    #[test]
    fn too_large_searches_are_refused() {
        assert!(check(&[100, 100, 100, 100, 100, 100]).is_err());
        assert!(check(&[]).is_err());
        assert!(check(&[0, 3]).is_err());
        assert!(check(&[1, 2, 3, 4, 5, 6, 7, 8]).is_err());
    }
}
