//! How far a board covers the targets from 1: the longest run `1..=n` it reaches, for the
//! `cover` search and `analyze`'s `covers_to` column, on the board-by-board engine
//! ([`Bounded`]) with the smallest windows that answer.

use crate::error::Result;
use crate::game::number::Int;
use crate::game::rules::{Arithmetic, Rules};

use super::bounded::Bounded;

/// The length of the run `1, 2, 3, …` at the start of `reached` (ascending, no repeats).
pub(super) fn run_from_one(reached: &[i64]) -> u64 {
    let start = reached.partition_point(|&v| v < 1);
    reached[start..]
        .iter()
        .zip(1i64..)
        .take_while(|(v, i)| *v == i)
        .count() as u64
}

/// The largest `n` such that `numbers` reach every one of `1..=n` under `rules`, however far
/// that goes: with windows, doubled until the run ends inside one (bounded by the largest
/// value the board can make, `Π max(c, 2)`); without, from every value at once.
pub fn covers_to(rules: &Rules, numbers: &[i64]) -> Result<u64> {
    match rules.arithmetic {
        Arithmetic::PositiveIntegers if !rules.pow && !rules.concat => {
            let bound = i64::try_from(product_bound(numbers)).unwrap_or(i64::MAX);
            let mut hi = 64i64.min(bound).max(1);
            loop {
                let reach = Bounded::<Int>::new(rules, numbers, Some(hi))?;
                match reach.covers_within() {
                    Some(n) => return Ok(n),
                    None if hi >= bound => return Ok(hi as u64),
                    None => hi = hi.saturating_mul(4).min(bound),
                }
            }
        }
        arithmetic => crate::with_number_type!(arithmetic, V => Ok(run_from_one(
            &Bounded::<V>::new(rules, numbers, None)?.reachable(),
        ))),
    }
}

/// Whether `numbers` reach every one of `1..=n` under `rules` (cheaper than
/// [`covers_to`]: one window).
pub fn covers_at_least(rules: &Rules, numbers: &[i64], n: u64) -> Result<bool> {
    if n == 0 {
        return Ok(true);
    }
    let hi = i64::try_from(n).unwrap_or(i64::MAX);
    let within = crate::with_number_type!(rules.arithmetic, V => {
        Bounded::<V>::new(rules, numbers, Some(hi))?.count_upto(hi)
    });
    Ok(within == n)
}

/// `Π max(c, 2)` over `numbers`, an upper bound on every value they make with `+ − × ÷`
/// in positive integers (saturating).
fn product_bound(numbers: &[i64]) -> i128 {
    numbers
        .iter()
        .fold(1i128, |p, &c| p.saturating_mul(i128::from(c.max(2))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rule_set::{Game, GameKind};

    fn countdown() -> Rules {
        Game::preset(GameKind::Countdown).rules
    }

    #[test]
    fn the_published_covers() {
        let c = countdown();
        assert_eq!(covers_to(&c, &[1, 3]).unwrap(), 4);
        assert_eq!(covers_to(&c, &[2, 3, 10]).unwrap(), 17);
        assert_eq!(covers_to(&c, &[2, 3, 5, 33]).unwrap(), 79);
        assert!(covers_at_least(&c, &[2, 3, 5, 33], 79).unwrap());
        assert!(!covers_at_least(&c, &[2, 3, 5, 33], 80).unwrap());
    }
}
