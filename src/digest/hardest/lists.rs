//! The hardest lists as a corpus stores them ([`StoredList`]): each ranking's first puzzles
//! under the tables' own order (its pool), re-ranked by the player's exact walk where the
//! tables score with its surrogate, each puzzle with the solutions a list may show written
//! out. A list answers any request for its first `limit` drawn from its first `pool`
//! candidates that it holds ([`StoredList::answer`]), so one stored list serves the report
//! and `hardest` alike.

use std::collections::HashMap;

use crate::engine::Convention;
use crate::puzzle::solution::Listed;

use super::rank::{By, Ranked};

/// One stored ranking.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredList {
    pub convention: Convention,
    pub by: By,
    /// The one target ranked (24 in the 24-game corpora), else every target.
    pub target: Option<i64>,
    /// How many of the tables' first puzzles under the ranking the list is drawn from (its
    /// entries are fewer only when the corpus has fewer).
    pub pool: usize,
    /// Whether the scores are the player's exact walk, and the list ranked by them.
    pub walked: bool,
    /// In the list's order.
    pub entries: Vec<Entry>,
}

/// One puzzle of a stored list.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// As the ranking sees it (its score the walk's where the list was walked).
    pub ranked: Ranked,
    /// The board's numbers as the tables write them.
    pub board: String,
    /// Its place in the pool by the tables' own order, from 1.
    pub candidate: usize,
    /// Its solutions written out, where a list that answers a request may show it.
    pub written: Option<Listed>,
}

impl StoredList {
    /// The first `limit` puzzles of the list drawn from the tables' first `pool` under the
    /// ranking (the list itself where it is not walked: `pool` = `limit`), or `None` when
    /// the stored list holds fewer candidates than that and the corpus more. A list is
    /// ranked by one total order, so its candidates among the first `pool` keep their order.
    pub fn answer(&self, pool: usize, limit: usize) -> Option<Vec<&Entry>> {
        let exhausted = self.entries.len() < self.pool;
        if pool > self.pool && !exhausted {
            return None;
        }
        Some(
            self.entries
                .iter()
                .filter(|e| e.candidate <= pool)
                .take(limit)
                .collect(),
        )
    }

    /// The entries whose solutions are written out: those that some request for at most
    /// `shown` puzzles can list. A candidate is first listed with the smallest pool that
    /// holds it (a larger pool only adds rivals), where it is shown when fewer than `shown`
    /// entries before it in the list are in that pool.
    pub fn shown(&self, shown: usize) -> Vec<bool> {
        self.entries
            .iter()
            .enumerate()
            .map(|(i, e)| {
                let rivals = self.entries[..i]
                    .iter()
                    .filter(|r| r.candidate <= e.candidate)
                    .count();
                rivals < shown
            })
            .collect()
    }

    /// The list's rankings only, its first `limit` of the first `pool`, as the report reads
    /// them (`None` when it does not hold them).
    pub fn ranked(&self, pool: usize, limit: usize) -> Option<Vec<Ranked>> {
        Some(
            self.answer(pool, limit)?
                .into_iter()
                .map(|e| e.ranked.clone())
                .collect(),
        )
    }
}

/// `ranked`, a ranking's candidates in the tables' order, as a stored list: each entry with
/// its board and place among the candidates, in the list's order (`rank` orders them: by
/// the walk's scores where walked, else as they are).
pub fn stored(
    (convention, by, target): (Convention, By, Option<i64>),
    pool: usize,
    candidates: Vec<Ranked>,
    boards: &HashMap<u32, String>,
    rank: Option<&dyn Fn(Vec<Ranked>) -> Vec<Ranked>>,
) -> StoredList {
    let place: HashMap<(u32, i64), usize> = candidates
        .iter()
        .enumerate()
        .map(|(i, r)| ((r.board_id, r.target), i + 1))
        .collect();
    let walked = rank.is_some();
    let ranked = match rank {
        Some(rank) => rank(candidates),
        None => candidates,
    };
    let entries = ranked
        .into_iter()
        .map(|r| Entry {
            board: boards.get(&r.board_id).cloned().unwrap_or_default(),
            candidate: place[&(r.board_id, r.target)],
            written: None,
            ranked: r,
        })
        .collect();
    StoredList {
        convention,
        by,
        target,
        pool,
        walked,
        entries,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(id: u32, candidate: usize) -> Entry {
        Entry {
            ranked: Ranked {
                board_id: id,
                target: 1,
                count: 1,
                min_ops: None,
                difficulty: None,
                features: None,
                counts: [None; Convention::ALL.len()],
            },
            board: String::new(),
            candidate,
            written: None,
        }
    }

    fn list(candidates: &[usize], pool: usize) -> StoredList {
        StoredList {
            convention: Convention::Distinct,
            by: By::Difficulty,
            target: None,
            pool,
            walked: true,
            entries: candidates
                .iter()
                .enumerate()
                .map(|(i, &c)| entry(i as u32, c))
                .collect(),
        }
    }

    #[test]
    fn a_smaller_pool_keeps_its_candidates_in_the_lists_order() {
        // Walked: the list's order is not the candidates' order.
        let l = list(&[3, 1, 5, 2, 4], 5);
        let ids = |pool, limit| -> Option<Vec<u32>> {
            Some(
                l.answer(pool, limit)?
                    .iter()
                    .map(|e| e.ranked.board_id)
                    .collect(),
            )
        };
        assert_eq!(ids(5, 2), Some(vec![0, 1]));
        assert_eq!(ids(2, 2), Some(vec![1, 3]), "candidates 1 and 2 only");
        assert_eq!(ids(3, 5), Some(vec![0, 1, 3]));
        assert_eq!(ids(6, 2), None, "more candidates than the list holds");
        // A corpus with fewer puzzles than the pool: the list is all there is.
        assert_eq!(list(&[1, 2], 5).answer(9, 9).map(|a| a.len()), Some(2));
    }

    #[test]
    fn the_entries_shown_are_those_some_request_lists() {
        let l = list(&[3, 1, 5, 2, 4], 5);
        // One shown: the first of the list (pool ≥ 3), candidate 1 (pool 1 or 2); candidate 2
        // is behind candidate 1 in every pool that holds it.
        assert_eq!(l.shown(1), [true, true, false, false, false]);
        assert_eq!(l.shown(2), [true, true, false, true, false]);
        // Every request of at most 2 from any pool lists only shown entries.
        for pool in 1..=5 {
            let shown = l.shown(2);
            for e in l.answer(pool, 2).unwrap() {
                let i = l.entries.iter().position(|x| x == e).unwrap();
                assert!(shown[i], "pool {pool}: entry {i}");
            }
        }
    }
}
