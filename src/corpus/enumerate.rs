//! Every board of a game: all multisets of its board size from its card pool, in a fixed
//! order, each weighted by how often it is dealt. How many there are is worked out before
//! any is listed, so that a request for too many is refused at once.

use crate::error::{Error, Result};
use crate::game::board::{Board, MAX_NUMBERS};
use crate::game::rule_set::{Deal, Game};

use super::boards::Boards;

/// The most boards a corpus may have.
pub const MAX_BOARDS: usize = 50_000_000;

/// How many boards of `size` numbers `cards` (value, copies) give, numbers distinct or not;
/// `None` beyond `u64`.
pub fn count(cards: &[(i64, u32)], size: usize, distinct: bool) -> Option<u64> {
    // ways[k]: multisets of k numbers from the values seen so far.
    let mut ways = vec![0u64; size + 1];
    ways[0] = 1;
    for &(_, copies) in cards {
        let most = if distinct { 1 } else { copies as usize };
        for k in (1..=size).rev() {
            for used in 1..=most.min(k) {
                ways[k] = ways[k].checked_add(ways[k - used])?;
            }
        }
    }
    Some(ways[size])
}

/// Every board of `game`'s size from its pool, ascending numbers, weighted as dealt. From a
/// deck ([`Deal::Deck`]) a board's chance is the product of C(copies, used) over its values
/// divided by C(cards, size); as a ticket ([`Deal::Ticket`]) it is the board's orderings,
/// size! / Π used!, over values^size. Boards come in a fixed order (values ascending, one
/// copy of a value before two), which is lexicographic when the numbers are distinct.
pub fn boards(game: &Game) -> Result<Boards> {
    let size = game.size;
    if size == 0 || size > MAX_NUMBERS {
        return Err(Error::input(format!(
            "a board of {size} numbers: boards hold 1 to {MAX_NUMBERS} numbers"
        )));
    }
    let cards = game.pool.cards();
    match count(&cards, size, game.distinct) {
        Some(0) => {
            return Err(Error::input(format!(
                "the pool {} gives no board of {size}{} numbers",
                game.pool,
                if game.distinct { " distinct" } else { "" }
            )));
        }
        Some(n) if n <= MAX_BOARDS as u64 => {}
        n => return Err(too_many(n)),
    }
    let deals = match game.deal {
        Deal::Deck | Deal::DeckAndTarget => {
            let total: u64 = cards.iter().map(|&(_, c)| u64::from(c)).sum();
            binomial(total, size as u64).ok_or_else(|| Error::CountOverflow)? as f64
        }
        Deal::Ticket => (cards.len() as f64).powi(size as i32),
    };
    let mut out = Boards::new(game.kind);
    out.set_deals(deals);
    let mut numbers = Vec::with_capacity(size);
    fn go(
        game: &Game,
        cards: &[(i64, u32)],
        from: usize,
        ways: u64,
        numbers: &mut Vec<i64>,
        out: &mut Boards,
    ) -> Result<()> {
        if numbers.len() == game.size {
            return out.push(&Board::new(game, numbers.clone())?, ways, None);
        }
        for (i, &(v, copies)) in cards.iter().enumerate().skip(from) {
            let room = game.size - numbers.len();
            let most = if game.distinct { 1 } else { copies as usize };
            for k in 1..=most.min(room) {
                // The ways to deal `k` of `v`: which copies from a deck; which of the
                // `numbers.len() + k` places so far they take on a ticket.
                let w = match game.deal {
                    Deal::Deck | Deal::DeckAndTarget => binomial(u64::from(copies), k as u64),
                    Deal::Ticket => binomial((numbers.len() + k) as u64, k as u64),
                }
                .ok_or_else(|| Error::CountOverflow)?;
                numbers.extend(std::iter::repeat_n(v, k));
                go(
                    game,
                    cards,
                    i + 1,
                    ways.checked_mul(w).ok_or_else(|| Error::CountOverflow)?,
                    numbers,
                    out,
                )?;
                numbers.truncate(numbers.len() - k);
            }
        }
        Ok(())
    }
    go(game, &cards, 0, 1, &mut numbers, &mut out)?;
    Ok(out)
}

/// C(n, k), `None` on overflow.
fn binomial(n: u64, k: u64) -> Option<u64> {
    if k > n {
        return Some(0);
    }
    let mut r: u128 = 1;
    for i in 0..k.min(n - k) as u128 {
        r = r * (n as u128 - i) / (i + 1);
    }
    u64::try_from(r).ok()
}

fn too_many(n: Option<u64>) -> Error {
    let n = n.map_or("more than 2^64".to_string(), crate::game::words::grouped);
    Error::input(format!(
        "the corpus would have {n} boards; at most {} are allowed: narrow the pool or the size",
        crate::game::words::grouped(MAX_BOARDS as u64)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rule_set::{Game, GameKind};

    #[test]
    fn boards_are_counted_before_they_are_listed() {
        for kind in [GameKind::Countdown, GameKind::TwentyFour] {
            let game = Game::preset(kind);
            let cards = game.pool.cards();
            let listed = boards(&game).unwrap().len() as u64;
            assert_eq!(count(&cards, game.size, game.distinct), Some(listed));
        }
        let mut digits = Game::preset(GameKind::Digits);
        digits.pool = "1-25".parse().unwrap();
        assert_eq!(count(&digits.pool.cards(), 6, true), Some(177_100));
        digits.pool = "1-1000000".parse().unwrap();
        digits.size = 7;
        assert!(
            boards(&digits)
                .unwrap_err()
                .to_string()
                .contains("at most 50,000,000")
        );
        digits.size = 0;
        assert!(
            boards(&digits)
                .unwrap_err()
                .to_string()
                .contains("1 to 7 numbers")
        );
    }
}
