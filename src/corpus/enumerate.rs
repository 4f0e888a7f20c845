//! Every board of a game: all multisets of its board size from its card pool, in
//! lexicographic order, each weighted by how often it is dealt.

use crate::error::{Error, Result};
use crate::game::board::{Board, MAX_NUMBERS};
use crate::game::rules::{Game, GameKind};

use super::CorpusBoard;

/// The most boards a corpus may have.
pub const MAX_BOARDS: usize = 50_000_000;

/// The board's group: how many large cards for Countdown, `all` otherwise.
fn group_of(game: &Game, numbers: &[i64]) -> String {
    match game.kind {
        GameKind::Countdown => format!("{} large", numbers.iter().filter(|&&n| n > 10).count()),
        _ => "all".to_string(),
    }
}

/// Every board of `game`'s size from its pool, ascending numbers, in lexicographic order,
/// weighted as dealt: a board's chance is the product of C(copies, used) over its values
/// divided by C(cards, size).
pub fn boards(game: &Game) -> Result<Vec<CorpusBoard>> {
    let cards = game.pool.cards();
    let size = game.size;
    if size == 0 || size > MAX_NUMBERS {
        return Err(Error::BoardTooLarge {
            got: size,
            max: MAX_NUMBERS,
        });
    }
    let total: u64 = cards.iter().map(|&(_, c)| u64::from(c)).sum();
    let deals = binomial(total, size as u64).ok_or(Error::CountOverflow)? as f64;
    let mut out = Vec::new();
    let mut numbers = Vec::with_capacity(size);
    fn go(
        game: &Game,
        cards: &[(i64, u32)],
        from: usize,
        ways: u64,
        numbers: &mut Vec<i64>,
        deals: f64,
        out: &mut Vec<CorpusBoard>,
    ) -> Result<()> {
        if numbers.len() == game.size {
            out.push(CorpusBoard {
                id: u32::try_from(out.len()).map_err(|_| too_many(out.len()))?,
                board: Board::new(game, numbers.clone())?,
                ways,
                weight: ways as f64 / deals,
                group: group_of(game, numbers),
                published: None,
            });
            return Ok(());
        }
        for (i, &(v, copies)) in cards.iter().enumerate().skip(from) {
            let room = game.size - numbers.len();
            let most = if game.distinct { 1 } else { copies as usize };
            for k in 1..=most.min(room) {
                let w = binomial(u64::from(copies), k as u64).ok_or(Error::CountOverflow)?;
                numbers.extend(std::iter::repeat_n(v, k));
                go(
                    game,
                    cards,
                    i + 1,
                    ways.checked_mul(w).ok_or(Error::CountOverflow)?,
                    numbers,
                    deals,
                    out,
                )?;
                numbers.truncate(numbers.len() - k);
            }
        }
        Ok(())
    }
    go(game, &cards, 0, 1, &mut numbers, deals, &mut out)?;
    if out.len() > MAX_BOARDS {
        return Err(too_many(out.len()));
    }
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

fn too_many(n: usize) -> Error {
    Error::input(format!(
        "the corpus would have {n} boards or more (at most {MAX_BOARDS}); narrow the pool or the size"
    ))
}
