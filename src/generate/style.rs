//! The NYT style, learned from the archive of real puzzles the project holds
//! (`assets/nyt-digits-2023.csv`, 450 puzzles, five a day): for each daily slot, the band its
//! targets lie in and how often each number was on its boards. A generated day draws each
//! slot's board number by number with those chances and its target from that band.
//!
//! What the archive shows (docs/GENERATE.md has the tables): every board is six distinct
//! numbers from 1–25, but each slot draws from its own few: slot 1 almost always from
//! 1, 2, 3, 4, 5, 10 and 25, slot 5 from twenty numbers with 3, 5, 11, 13, 19, 23 and 25 the
//! most common. The targets of slot k lie between about 100(k − 1) and 100k (51–98 for slot
//! 1), never on the board, and every real puzzle is solvable in 2 to 4 operations.

use std::collections::BTreeMap;
use std::ops::RangeInclusive;

use crate::corpus::nyt::{self, Source};
use crate::error::{Error, Result};
use crate::game::rule_set::{Game, GameKind};

use super::deck::Deck;

/// The fewest operations of every real NYT puzzle lie in this range (a test solves them all).
pub const MIN_OPS: RangeInclusive<u32> = 2..=4;

/// How the NYT set one daily slot.
#[derive(Clone, Debug, PartialEq)]
pub struct Slot {
    /// 1 to 5.
    pub slot: u8,
    /// The lowest and highest real target of the slot.
    pub targets: RangeInclusive<i64>,
    /// How many of the slot's boards held each number, ascending by number.
    pub numbers: Vec<(i64, u64)>,
    /// The slot's puzzles in the archive.
    pub puzzles: u64,
}

impl Slot {
    /// Boards drawn as this slot's were: each number with the share of the slot's boards
    /// that held it.
    pub fn deck(&self, game: &Game) -> Result<Deck> {
        Deck::with_chances(game, self.numbers.clone(), self.puzzles)
    }
}

/// The five slots of a day.
#[derive(Clone, Debug, PartialEq)]
pub struct Style {
    pub slots: Vec<Slot>,
}

impl Style {
    /// The style of the archive built into the binary.
    pub fn nyt() -> Result<Style> {
        Style::learn(&Source::Embedded)
    }

    /// The style of an archive of NYT puzzles (`date,slot,target,n1,…,n6`).
    pub fn learn(source: &Source) -> Result<Style> {
        let game = Game::preset(GameKind::Digits);
        let boards = nyt::read(&game, source)?;
        let mut slots: BTreeMap<u8, Slot> = BTreeMap::new();
        let mut counts: BTreeMap<u8, BTreeMap<i64, u64>> = BTreeMap::new();
        for b in boards.iter() {
            let p = b.published.expect("NYT boards carry their puzzle");
            let s = slots.entry(p.slot).or_insert(Slot {
                slot: p.slot,
                targets: p.target..=p.target,
                numbers: Vec::new(),
                puzzles: 0,
            });
            s.targets = p.target.min(*s.targets.start())..=p.target.max(*s.targets.end());
            s.puzzles += 1;
            let c = counts.entry(p.slot).or_default();
            for &n in b.board.numbers() {
                *c.entry(n).or_default() += 1;
            }
        }
        for (slot, c) in counts {
            slots.get_mut(&slot).expect("counted slots exist").numbers = c.into_iter().collect();
        }
        let slots: Vec<Slot> = slots.into_values().collect();
        if slots.iter().map(|s| s.slot).ne(1..=5) {
            return Err(Error::input(format!(
                "NYT puzzles from {source} do not have the five daily slots 1–5"
            )));
        }
        Ok(Style { slots })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_archive_gives_five_bands_and_each_slots_numbers() {
        let style = Style::nyt().unwrap();
        let bands: Vec<(i64, i64)> = style
            .slots
            .iter()
            .map(|s| (*s.targets.start(), *s.targets.end()))
            .collect();
        assert_eq!(
            bands,
            [(51, 98), (105, 199), (201, 297), (301, 398), (401, 499)]
        );
        assert!(style.slots.iter().all(|s| s.puzzles == 90));
        let slot1: Vec<(i64, u64)> = style.slots[0].numbers.clone();
        assert_eq!(
            slot1,
            [
                (1, 73),
                (2, 76),
                (3, 79),
                (4, 73),
                (5, 78),
                (7, 5),
                (9, 3),
                (10, 76),
                (11, 3),
                (15, 3),
                (25, 71)
            ]
        );
        assert_eq!(style.slots[4].numbers.len(), 22);
    }

    /// Every real puzzle is solvable in 2 to 4 operations, and both ends occur.
    #[test]
    fn the_real_puzzles_take_two_to_four_operations() {
        use crate::engine::{Dp, Window};
        use crate::game::number::Int;
        let game = Game::preset(GameKind::Digits);
        let boards = nyt::read(&game, &Source::Embedded).unwrap();
        let mut seen = std::collections::BTreeSet::new();
        for b in boards.iter() {
            // The engine alone, its whole board cut to the target: `min_ops` is all this
            // asks (`solve` would also write solutions and walk the player).
            let target = b.published.unwrap().target;
            let window = Window {
                lo: target,
                hi: target,
            };
            let dp = Dp::<Int>::build_with(&b.board, &game.rules, Some(window), None).unwrap();
            let counts = dp.counts(Int(target)).unwrap();
            seen.insert(counts.expect("every real puzzle is solvable").min_ops);
        }
        assert_eq!(
            (seen.first().copied(), seen.last().copied()),
            (Some(*MIN_OPS.start()), Some(*MIN_OPS.end()))
        );
    }

    /// Boards drawn in a slot's style hold each number as often as the slot's real boards
    /// did: within 1.5 points of its share, over 20,000 boards per slot.
    #[test]
    fn drawn_boards_hold_each_number_as_often_as_the_real_ones() {
        use crate::generate::rng::Rng;
        let style = Style::nyt().unwrap();
        let game = crate::generate::standard_game(GameKind::Digits);
        for slot in &style.slots {
            let deck = slot.deck(&game).unwrap();
            let draws = 20_000u64;
            let mut seen: BTreeMap<i64, u64> = BTreeMap::new();
            for i in 0..draws {
                let board = deck
                    .draw(&mut Rng::new(3, u64::from(slot.slot), i))
                    .unwrap();
                assert_eq!(board.len(), 6);
                for &n in board.numbers() {
                    *seen.entry(n).or_default() += 1;
                }
            }
            for &(n, count) in &slot.numbers {
                let real = count as f64 / slot.puzzles as f64;
                let drawn = seen.get(&n).copied().unwrap_or(0) as f64 / draws as f64;
                assert!(
                    (real - drawn).abs() < 0.015,
                    "slot {}: {n} on {real:.3} of real boards, {drawn:.3} of drawn",
                    slot.slot
                );
            }
            assert!(
                seen.keys()
                    .all(|n| slot.numbers.iter().any(|&(m, _)| m == *n))
            );
        }
    }
}
