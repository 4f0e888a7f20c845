//! NYT-style days: five puzzles, one per daily slot, each drawn in the slot's style
//! ([`super::style`]) and each harder than the one before by the difficulty score.
//!
//! Each slot draws boards in rounds of [`ROUND`]; every drawn board gives one candidate (a
//! target of the slot's band chosen among those that pass). After each round the day is the
//! chain of candidates, one per slot, rising strictly in difficulty, whose smallest rise is
//! largest (the most clearly rising day); ties go to the candidates drawn first. No board is
//! used twice, within a day or across days.

use rayon::prelude::*;
use rustc_hash::FxHashSet;

use crate::error::{Error, Result};
use crate::game::board::Board;
use crate::game::rule_set::Game;
use crate::game::words::grouped;

use super::constraints::{Check, Tally};
use super::deck::Deck;
use super::draws::{Draws, Found};
use super::style::Style;

/// Boards each slot draws per round.
pub const ROUND: u64 = 8;

/// A day's puzzle: which slot it fills and what was found.
#[derive(Clone, Debug, PartialEq)]
pub struct SlotPuzzle {
    pub slot: u8,
    pub found: Found,
}

/// The stream of boards of `slot` on day `day` (0-based): distinct from every other day's
/// and slot's, and from the other uses of the seed.
fn stream(day: u64, slot: u8) -> u64 {
    ((super::Stream::Day as u64) << 48) | (day << 8) | u64::from(slot)
}

/// Day `day` (0-based): five puzzles on boards not in `used` (they are added to it), and the
/// boards drawn for them. `checks[s]` apply to slot `s + 1`; gives up after `tries` boards
/// in all (the same number for each slot).
pub fn day(
    game: &Game,
    style: &Style,
    checks: &[Vec<Check>],
    seed: u64,
    day: u64,
    tries: u64,
    used: &mut FxHashSet<Board>,
) -> Result<(Vec<SlotPuzzle>, u64)> {
    let decks: Vec<Deck> = style
        .slots
        .iter()
        .map(|s| s.deck(game))
        .collect::<Result<_>>()?;
    let draws: Vec<Draws> = style
        .slots
        .iter()
        .zip(&decks)
        .zip(checks)
        .map(|((s, deck), checks)| Draws {
            game,
            deck,
            targets: (*s.targets.start(), *s.targets.end()),
            checks,
            seed,
            stream: stream(day, s.slot),
            per_board: 1,
            unsolvable: false,
        })
        .collect();
    let mut pools: Vec<Vec<Found>> = vec![Vec::new(); draws.len()];
    let mut tallies: Vec<Tally> = checks.iter().map(|c| Tally::new(c.len())).collect();
    let mut drawn = 0u64;
    // Boards per slot.
    let per_slot = (tries / draws.len() as u64).max(1);
    while drawn < per_slot {
        let to = (drawn + ROUND).min(per_slot);
        let jobs: Vec<(usize, u64)> = (0..draws.len())
            .flat_map(|s| (drawn..to).map(move |i| (s, i)))
            .collect();
        let results = jobs
            .par_iter()
            .map(|&(s, i)| draws[s].draw(i))
            .collect::<Result<Vec<_>>>()?;
        for (&(s, _), d) in jobs.iter().zip(results) {
            if used.contains(&d.board) {
                tallies[s].boards += 1;
                tallies[s].repeats += 1;
                continue;
            }
            tallies[s].add(&d.tally);
            pools[s].extend(d.found);
        }
        drawn = to;
        if let Some(chain) = rising(&pools) {
            for f in &chain {
                used.insert(f.board.clone());
            }
            let boards = tallies.iter().map(|t| t.boards).sum();
            let puzzles = chain
                .into_iter()
                .zip(&style.slots)
                .map(|(found, s)| SlotPuzzle {
                    slot: s.slot,
                    found,
                })
                .collect();
            return Ok((puzzles, boards));
        }
    }
    Err(Error::Exhausted(exhausted(
        day, per_slot, tries, &tallies, checks, &pools,
    )))
}

/// The chain of one candidate per slot, strictly rising in difficulty, on distinct boards,
/// whose smallest rise is largest (ties: the candidates drawn first); `None` if there is none.
pub fn rising(pools: &[Vec<Found>]) -> Option<Vec<Found>> {
    // Candidates left out because their board is already in an earlier slot of the best
    // chain: the chain is searched again without them.
    let mut banned: Vec<FxHashSet<usize>> = vec![FxHashSet::default(); pools.len()];
    loop {
        let chain = best_chain(pools, &banned)?;
        let mut seen: FxHashSet<&Board> = FxHashSet::default();
        let clash = chain
            .iter()
            .enumerate()
            .find(|&(s, &i)| !seen.insert(&pools[s][i].board));
        match clash {
            None => {
                return Some(
                    chain
                        .iter()
                        .enumerate()
                        .map(|(s, &i)| pools[s][i].clone())
                        .collect(),
                );
            }
            Some((s, &i)) => {
                banned[s].insert(i);
            }
        }
    }
}

/// Per slot, the index of the chosen candidate (see [`rising`]), ignoring board clashes.
fn best_chain(pools: &[Vec<Found>], banned: &[FxHashSet<usize>]) -> Option<Vec<usize>> {
    // best[s][i]: the largest smallest rise of a chain ending at candidate i of slot s, and
    // the candidate of slot s − 1 it follows.
    let mut best: Vec<Vec<Option<(f64, usize)>>> = Vec::with_capacity(pools.len());
    for (s, pool) in pools.iter().enumerate() {
        let row = pool
            .iter()
            .enumerate()
            .map(|(i, f)| {
                if banned[s].contains(&i) {
                    return None;
                }
                if s == 0 {
                    return Some((f64::INFINITY, 0));
                }
                let mut top: Option<(f64, usize)> = None;
                for (j, prev) in pools[s - 1].iter().enumerate() {
                    let Some((gap, _)) = best[s - 1][j] else {
                        continue;
                    };
                    if prev.difficulty < f.difficulty {
                        let g = gap.min(f.difficulty - prev.difficulty);
                        if top.is_none_or(|(t, _)| g > t) {
                            top = Some((g, j));
                        }
                    }
                }
                top
            })
            .collect();
        best.push(row);
    }
    let last = best.last()?;
    let mut end: Option<(f64, usize)> = None;
    for (i, b) in last.iter().enumerate() {
        if let Some((g, _)) = *b
            && end.is_none_or(|(t, _)| g > t)
        {
            end = Some((g, i));
        }
    }
    let (_, mut i) = end?;
    let mut chain = vec![0; pools.len()];
    for s in (0..pools.len()).rev() {
        chain[s] = i;
        i = best[s][i].expect("a chain's candidates are reachable").1;
    }
    Some(chain)
}

/// The one line that explains why a day could not be made.
fn exhausted(
    day: u64,
    per_slot: u64,
    tries: u64,
    tallies: &[Tally],
    checks: &[Vec<Check>],
    pools: &[Vec<Found>],
) -> String {
    let found: Vec<String> = pools
        .iter()
        .enumerate()
        .map(|(s, p)| format!("slot {} {}", s + 1, grouped(p.len() as u64)))
        .collect();
    let empty = pools.iter().position(Vec::is_empty);
    let why = match empty {
        Some(s) => format!(
            "slot {} found none: {}",
            s + 1,
            tallies[s].explain(&checks[s])
        ),
        None => "the tightest is that each slot be harder than the one before".to_string(),
    };
    format!(
        "no NYT-style day {} in {} boards ({} per slot): puzzles meeting every constraint: {}; \
         {why}; raise --tries (now {tries}) to look further",
        day + 1,
        grouped(per_slot * pools.len() as u64),
        grouped(per_slot),
        found.join(" · ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rule_set::{Game, GameKind};

    fn found(index: u64, numbers: &[i64], difficulty: f64) -> Found {
        Found {
            index,
            board: Board::new(&Game::preset(GameKind::Digits), numbers.to_vec()).unwrap(),
            target: 100,
            difficulty,
            model_success: None,
        }
    }

    #[test]
    fn the_chain_rises_as_clearly_as_it_can() {
        let pools = vec![
            vec![found(0, &[1, 2], 1.0), found(1, &[1, 3], 0.5)],
            vec![found(0, &[2, 3], 0.9), found(1, &[2, 4], 2.0)],
            vec![found(0, &[3, 4], 3.5), found(1, &[3, 5], 2.5)],
        ];
        let chain = rising(&pools).unwrap();
        let d: Vec<f64> = chain.iter().map(|f| f.difficulty).collect();
        // 0.5 → 2.0 → 3.5 rises by at least 1.5; any other chain by less.
        assert_eq!(d, [0.5, 2.0, 3.5]);
        let flat = vec![vec![found(0, &[1, 2], 2.0)], vec![found(0, &[2, 3], 1.0)]];
        assert!(rising(&flat).is_none());
    }

    #[test]
    fn no_board_is_used_twice_in_a_chain() {
        let pools = vec![
            vec![found(0, &[1, 2], 1.0)],
            vec![found(0, &[1, 2], 3.0), found(1, &[2, 4], 2.0)],
        ];
        let chain = rising(&pools).unwrap();
        assert_eq!(chain[1].board.numbers(), [2, 4]);
    }
}
