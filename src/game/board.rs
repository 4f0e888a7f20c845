//! A board: the numbers of one puzzle, checked against the game's rules, and the index of
//! its sub-boards (sub-multisets) that the engine's DP runs over.

use std::fmt;

use crate::error::{Error, Result};
use crate::game::rule_set::Game;
use crate::game::rules::{Arithmetic, Rules};
use crate::game::words::{self, NotWhole};

pub use super::rule_set::MAX_NUMBERS;

/// The most numbers with `^` in exact rationals (the 24 game with `--pow`): six cards take
/// 2 s and 0.3 GiB; seven ran past two minutes of CPU and 7 GiB, still growing, when
/// stopped (found while fuzzing `solve`; docs/FUZZING.md).
pub const MAX_NUMBERS_POW_RATIONALS: usize = 6;

/// The numbers of one puzzle, ascending.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    numbers: Vec<i64>,
}

impl Board {
    /// A board of numbers that [`Board::new`] accepted before (ascending), e.g. one a corpus
    /// kept in compact form.
    pub(crate) fn from_checked(numbers: Vec<i64>) -> Board {
        debug_assert!(numbers.is_sorted());
        Board { numbers }
    }

    /// Parses board numbers as typed by a user.
    pub fn parse<S: AsRef<str>>(game: &Game, words: &[S]) -> Result<Board> {
        let numbers = words
            .iter()
            .map(|w| {
                let w = w.as_ref().trim();
                words::whole(w).map_err(|e| match e {
                    NotWhole::NotANumber => Error::input(e.describe(w)),
                    NotWhole::TooLarge => Error::input(format!(
                        "{}: {} numbers come from the pool {}",
                        e.describe(w),
                        game.kind,
                        game.pool
                    )),
                    NotWhole::TooSmall => Error::input(format!(
                        "{w} is not allowed: {} numbers are positive",
                        game.kind
                    )),
                })
            })
            .collect::<Result<Vec<_>>>()?;
        Board::new(game, numbers)
    }

    /// A board, if `game` allows these numbers (any count from 1 to [`MAX_NUMBERS`]).
    pub fn new(game: &Game, mut numbers: Vec<i64>) -> Result<Board> {
        if numbers.is_empty() {
            return Err(Error::input("no board numbers given"));
        }
        if game.rules.pow
            && game.rules.arithmetic == Arithmetic::Rationals
            && numbers.len() > MAX_NUMBERS_POW_RATIONALS
        {
            return Err(Error::input(format!(
                "a board of {} numbers is too large with ^ in exact rationals: the engine takes \
                 at most {MAX_NUMBERS_POW_RATIONALS} there (seven grew past 7 GiB)",
                numbers.len()
            )));
        }
        if numbers.len() > MAX_NUMBERS {
            return Err(Error::BoardTooLarge {
                got: numbers.len(),
                max: MAX_NUMBERS,
            });
        }
        numbers.sort_unstable();
        // 0 is a number only in a domain that holds it (make-10's tickets); a negative
        // number is never dealt.
        let least = if game.rules.arithmetic.has_zero() {
            0
        } else {
            1
        };
        for &n in &numbers {
            if n < least {
                let what = if least == 0 { "0 or more" } else { "positive" };
                return Err(Error::input(format!(
                    "{n} is not allowed: {} numbers are {what}",
                    game.kind
                )));
            }
            let copies = game.pool.copies(n);
            if copies == 0 {
                return Err(Error::input(format!(
                    "{n} is not a {} number (the pool is {})",
                    game.kind, game.pool
                )));
            }
            let used = numbers.iter().filter(|&&m| m == n).count();
            if game.distinct && used > 1 {
                return Err(Error::input(format!(
                    "{n} appears {used} times, but {} numbers must be distinct",
                    game.kind
                )));
            }
            if used > copies as usize {
                return Err(Error::input(format!(
                    "{n} appears {used} times, but the {} pool ({}) has {copies}",
                    game.kind, game.pool
                )));
            }
        }
        Ok(Board { numbers })
    }

    pub fn numbers(&self) -> &[i64] {
        &self.numbers
    }

    pub fn len(&self) -> usize {
        self.numbers.len()
    }

    pub fn is_empty(&self) -> bool {
        self.numbers.is_empty()
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, n) in self.numbers.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{n}")?;
        }
        Ok(())
    }
}

/// The sub-multisets of a board, numbered in mixed radix over its distinct values, so that
/// equal numbers are never told apart: `{2,2}` has three sub-boards (`{}`, `{2}`, `{2,2}`),
/// not four. Index 0 is the empty sub-board and `full()` the whole board.
#[derive(Clone, Debug)]
pub struct SubBoards {
    /// The board's distinct values, ascending, with their multiplicities.
    pub values: Vec<i64>,
    pub mult: Vec<u8>,
    stride: Vec<usize>,
    /// Per sub-board, how many copies of each distinct value it holds (its mixed-radix
    /// digits), kept so that no lookup divides.
    digits: Vec<[u8; MAX_NUMBERS]>,
    /// Number of board numbers in each sub-board.
    size: Vec<u8>,
    /// Per sub-board, bit `i` set when it holds distinct value `i`.
    present: Vec<u16>,
    /// Sub-board indices ordered by size, then index.
    by_size: Vec<usize>,
}

impl SubBoards {
    pub fn new(board: &Board) -> SubBoards {
        let mut values = Vec::new();
        let mut mult: Vec<u8> = Vec::new();
        for &n in board.numbers() {
            if values.last() == Some(&n) {
                *mult.last_mut().expect("a value was pushed") += 1;
            } else {
                values.push(n);
                mult.push(1);
            }
        }
        let mut stride = Vec::with_capacity(values.len());
        let mut count = 1usize;
        for &m in &mult {
            stride.push(count);
            count *= m as usize + 1;
        }
        // The digits of 0, 1, 2, … counted up like an odometer.
        let mut digits = Vec::with_capacity(count);
        let mut d = [0u8; MAX_NUMBERS];
        for _ in 0..count {
            digits.push(d);
            for (digit, &m) in d.iter_mut().zip(&mult) {
                if *digit < m {
                    *digit += 1;
                    break;
                }
                *digit = 0;
            }
        }
        let mut sb = SubBoards {
            size: digits.iter().map(|d| d.iter().sum()).collect(),
            present: digits
                .iter()
                .map(|d| {
                    (0..values.len())
                        .filter(|&i| d[i] > 0)
                        .fold(0, |m, i| m | 1 << i)
                })
                .collect(),
            digits,
            values,
            mult,
            stride,
            by_size: Vec::new(),
        };
        sb.by_size = (0..count).collect();
        sb.by_size.sort_by_key(|&s| (sb.size[s], s));
        sb
    }

    /// Number of sub-boards, the empty one included.
    pub fn count(&self) -> usize {
        self.size.len()
    }

    pub fn full(&self) -> usize {
        self.count() - 1
    }

    /// How many numbers sub-board `s` holds.
    #[inline]
    pub fn size(&self, s: usize) -> usize {
        self.size[s] as usize
    }

    /// How many distinct values sub-board `s` holds.
    #[inline]
    pub fn distinct_count(&self, s: usize) -> usize {
        self.present[s].count_ones() as usize
    }

    /// How many copies of distinct value `i` sub-board `s` holds.
    #[inline]
    pub fn count_of(&self, s: usize, i: usize) -> u8 {
        self.digits[s][i]
    }

    /// Sub-boards in an order where every sub-board comes after all of its own sub-boards.
    pub fn in_size_order(&self) -> &[usize] {
        &self.by_size
    }

    /// Whether sub-board `a` is contained in `s`.
    pub fn contains(&self, s: usize, a: usize) -> bool {
        (0..self.values.len()).all(|i| self.count_of(a, i) <= self.count_of(s, i))
    }

    /// Every sub-board of `s` (the empty one and `s` included), ascending by index.
    /// `s − a` is `s - a` as indices, since the mixed-radix digits never borrow.
    pub fn subs_of(&self, s: usize) -> Vec<usize> {
        let mut out = vec![0usize];
        for i in 0..self.values.len() {
            let c = self.count_of(s, i) as usize;
            let n = out.len();
            for k in 1..=c {
                for j in 0..n {
                    out.push(out[j] + k * self.stride[i]);
                }
            }
        }
        out.sort_unstable();
        out
    }

    /// The index of the smallest distinct value present in `s`.
    #[inline]
    pub fn min_value(&self, s: usize) -> Option<usize> {
        let p = self.present[s];
        (p != 0).then(|| p.trailing_zeros() as usize)
    }

    /// Whether sub-board `s` holds distinct value `i`.
    #[inline]
    pub fn holds(&self, s: usize, i: usize) -> bool {
        self.present[s] & (1 << i) != 0
    }

    /// The sub-boards a solution may use, smallest first: every non-empty one, or only the
    /// whole board when every number must be used.
    pub fn usable(&self, rules: &Rules) -> Vec<usize> {
        if rules.use_all {
            return vec![self.full()];
        }
        self.by_size.iter().copied().filter(|&s| s != 0).collect()
    }

    /// The numbers of sub-board `s`, ascending.
    pub fn numbers(&self, s: usize) -> Vec<i64> {
        (0..self.values.len())
            .flat_map(|i| std::iter::repeat_n(self.values[i], self.count_of(s, i) as usize))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rule_set::{Game, GameKind};

    #[test]
    fn repeated_numbers_share_sub_boards() {
        let game = Game::preset(GameKind::Countdown);
        let board = Board::new(&game, vec![2, 5, 2]).unwrap();
        let sb = SubBoards::new(&board);
        assert_eq!(sb.values, vec![2, 5]);
        assert_eq!(sb.count(), 6);
        assert_eq!(sb.numbers(sb.full()), vec![2, 2, 5]);
        let subs = sb.subs_of(sb.full());
        assert_eq!(subs.len(), 6);
        for &a in &subs {
            assert!(sb.contains(sb.full(), a));
            assert_eq!(sb.size(a) + sb.size(sb.full() - a), 3);
        }
    }

    #[test]
    fn boards_the_game_forbids_are_refused() {
        let digits = Game::preset(GameKind::Digits);
        let countdown = Game::preset(GameKind::Countdown);
        let msg = |r: Result<Board>| r.unwrap_err().to_string();
        assert!(msg(Board::parse(&digits, &["3", "x"])).contains("`x` is not a whole number"));
        assert!(msg(Board::new(&digits, vec![0, 3])).contains("0 is not allowed"));
        assert!(msg(Board::new(&digits, vec![-4, 3])).contains("-4 is not allowed"));
        assert!(msg(Board::new(&digits, vec![3, 3])).contains("must be distinct"));
        assert!(msg(Board::new(&countdown, vec![13, 3])).contains("not a countdown number"));
        assert!(msg(Board::new(&countdown, vec![25, 25])).contains("has 1"));
        assert!(msg(Board::new(&digits, (1..=8).collect())).contains("at most 7"));
        assert!(Board::new(&countdown, vec![3, 3, 100]).is_ok());
    }
}
