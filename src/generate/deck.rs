//! Where a generated puzzle's board comes from: dealt from the game's pool as the game deals
//! it ([`Deck::of`]: from a deck, or a ticket's numbers each drawn on its own), or drawn
//! number by number with set chances, as the NYT drew the boards of one daily slot
//! ([`Deck::with_chances`]).

use crate::corpus::enumerate;
use crate::error::{Error, Result};
use crate::game::board::Board;
use crate::game::rule_set::{Deal, Game};

use super::rng::Rng;

/// How boards are drawn.
#[derive(Clone, Debug)]
pub struct Deck {
    game: Game,
    how: How,
}

#[derive(Clone, Debug)]
enum How {
    /// Every physical card of the pool equally likely, dealt without replacement; where the
    /// game wants distinct numbers, every set of distinct values equally likely (each value
    /// counted once, as the `digits` corpus weighs its boards).
    Pool {
        values: Vec<i64>,
        /// Cards up to and including each value (cumulative copies).
        ends: Vec<u64>,
    },
    /// Each number drawn on its own, every value of the pool equally likely ([`Deal::Ticket`]:
    /// make-10's ticket digits, each of the 10,000 tickets equally likely).
    Ticket { values: Vec<i64> },
    /// Each number on the board with chance `count / total`; the counts add up to
    /// `size × total`, so every board has exactly `size` distinct numbers.
    Chances {
        numbers: Vec<(i64, u64)>,
        total: u64,
    },
}

impl Deck {
    /// The game's own deal: its board size from its pool.
    pub fn of(game: &Game) -> Result<Deck> {
        let cards = game.pool.cards();
        let boards = enumerate::count(&cards, game.size, game.distinct);
        if game.size == 0 || game.size > crate::game::board::MAX_NUMBERS || boards == Some(0) {
            return Err(Error::input(format!(
                "the pool {} gives no board of {}{} numbers",
                game.pool,
                game.size,
                if game.distinct { " distinct" } else { "" }
            )));
        }
        if game.deal == Deal::Ticket {
            return Ok(Deck {
                game: game.clone(),
                how: How::Ticket {
                    values: cards.iter().map(|&(v, _)| v).collect(),
                },
            });
        }
        let mut ends = Vec::with_capacity(cards.len());
        let mut total = 0u64;
        for &(_, copies) in &cards {
            total += if game.distinct { 1 } else { u64::from(copies) };
            ends.push(total);
        }
        Ok(Deck {
            game: game.clone(),
            how: How::Pool {
                values: cards.iter().map(|&(v, _)| v).collect(),
                ends,
            },
        })
    }

    /// Boards of `game.size` distinct numbers where `number` is on a board with chance
    /// `count / total`. The counts must add up to `size × total`, none above `total`.
    pub fn with_chances(game: &Game, numbers: Vec<(i64, u64)>, total: u64) -> Result<Deck> {
        let sum: u64 = numbers.iter().map(|&(_, c)| c).sum();
        if total == 0 || sum != total * game.size as u64 || numbers.iter().any(|&(_, c)| c > total)
        {
            return Err(Error::input(format!(
                "chances of {} numbers adding up to {sum}/{total} cannot draw boards of {}",
                numbers.len(),
                game.size
            )));
        }
        Ok(Deck {
            game: game.clone(),
            how: How::Chances { numbers, total },
        })
    }

    /// Draws one board.
    pub fn draw(&self, rng: &mut Rng) -> Result<Board> {
        let size = self.game.size;
        let numbers = match &self.how {
            How::Pool { values, ends } => {
                let cards = *ends.last().expect("a deck has cards");
                // Distinct card positions by rejection: boards hold at most 7 of them, and
                // `of` checked the pool holds enough.
                let mut picked: Vec<u64> = Vec::with_capacity(size);
                while picked.len() < size {
                    let c = rng.below(cards);
                    if !picked.contains(&c) {
                        picked.push(c);
                    }
                }
                picked
                    .iter()
                    .map(|&c| values[ends.partition_point(|&e| e <= c)])
                    .collect()
            }
            How::Ticket { values } => (0..size)
                .map(|_| values[rng.below(values.len() as u64) as usize])
                .collect(),
            How::Chances { numbers, total } => {
                // Systematic sampling in a random order: laid end to end, each number takes
                // `count` of the `size × total` places; the board holds the numbers under
                // `size` points `total` apart from a random start. No count exceeds `total`,
                // so no number is hit twice, and each is hit with chance `count / total`.
                let mut order = numbers.clone();
                rng.shuffle(&mut order);
                let start = rng.below(*total);
                let mut out = Vec::with_capacity(size);
                let mut end = 0u64;
                let mut point = start;
                for (n, count) in order {
                    end += count;
                    if point < end {
                        out.push(n);
                        point += total;
                    }
                }
                out
            }
        };
        Board::new(&self.game, numbers)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rule_set::GameKind;

    fn share(deck: &Deck, draws: u64) -> std::collections::BTreeMap<i64, f64> {
        let mut seen = std::collections::BTreeMap::new();
        for i in 0..draws {
            for &n in deck.draw(&mut Rng::new(5, 0, i)).unwrap().numbers() {
                *seen.entry(n).or_insert(0.0) += 1.0 / draws as f64;
            }
        }
        seen
    }

    #[test]
    fn countdown_is_dealt_from_its_24_cards() {
        let deck = Deck::of(&Game::preset(GameKind::Countdown)).unwrap();
        let seen = share(&deck, 20_000);
        // 6 of 24 cards: a hand holds on average 6/24 of a 25 and 2 · 6/24 of a 7 (two cards).
        assert!((seen[&25] - 0.25).abs() < 0.015, "{seen:?}");
        assert!((seen[&7] - 0.5).abs() < 0.015, "{seen:?}");
    }

    #[test]
    fn make10_deals_tickets() {
        let deck = Deck::of(&Game::preset(GameKind::Make10)).unwrap();
        let (mut zeros, mut quads, draws) = (0.0, 0u32, 40_000u64);
        for i in 0..draws {
            let b = deck.draw(&mut Rng::new(5, 0, i)).unwrap();
            zeros += b.numbers().iter().filter(|&&n| n == 0).count() as f64 / draws as f64;
            quads += u32::from(b.numbers().iter().all(|&n| n == b.numbers()[0]));
        }
        // Four independent digits: a ticket holds 4/10 of a 0 on average, and 10 of its
        // 10,000 tickets are four equal digits (from a deck of four of each: 10 of 91,390).
        assert!((zeros - 0.4).abs() < 0.01, "{zeros}");
        let share = f64::from(quads) / draws as f64;
        assert!((share - 0.001).abs() < 0.0005, "{share}");
    }

    #[test]
    fn chances_are_kept_exactly_in_expectation() {
        let digits = Game::preset(GameKind::Digits);
        // Seven numbers, each on 6 of 7 boards, and two rarer ones.
        let numbers = vec![
            (1, 60),
            (2, 60),
            (3, 60),
            (4, 60),
            (5, 60),
            (10, 60),
            (25, 60),
            (7, 30),
            (9, 30),
        ];
        let deck = Deck::with_chances(&digits, numbers.clone(), 80).unwrap();
        let seen = share(&deck, 20_000);
        for (n, c) in numbers {
            assert!((seen[&n] - c as f64 / 80.0).abs() < 0.015, "{n}: {seen:?}");
        }
        assert!(Deck::with_chances(&digits, vec![(1, 6)], 1).is_err());
    }
}
