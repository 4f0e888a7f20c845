//! Reachability alone: which positive whole numbers one board makes under Countdown's rules
//! (each number used at most once, unused numbers allowed, `+ − × ÷` with every step a
//! positive whole number, a board number itself counting as reached), without any of the
//! counts the main engine keeps. The phase-transition sweep and the `cover` search ask only
//! this, for millions of random boards that share little: unlike a corpus run's tables
//! ([`super::Reach`]), which keep each sub-board's every value to share it across boards,
//! this cuts each sub-board's values by the bound below, board by board.
//!
//! How: a subset DP over the `2^k` sub-boards (by position). `V(S)` is every value of a tree
//! that uses exactly the numbers of `S`: a number alone, or `a op b` for `a ∈ V(A)`,
//! `b ∈ V(B)` and every split of `S` into two non-empty parts `A`, `B`. What a board reaches
//! is the union of every `V(S)`. Sub-boards that are the same multiset (a board with two 5s)
//! are computed once. `× 1` and `÷ 1` are never applied: such a tree has the value of the
//! same tree without the 1, on a smaller sub-board, so the union is unchanged.
//!
//! **Windows.** Asked only about `1..=hi`, most values are useless: a value `v` of `S` can
//! still end in `1..=hi` only if `v < (hi + 1) · Π_{c ∉ S} max(c, 2)`. Why: every value a
//! set `D` of numbers makes is at most `P(D) = Π_{d ∈ D} max(d, 2)` (for `a, b ≥ 1` with
//! `P`s at least 2, `a + b ≤ P_a + P_b ≤ P_a · P_b`). Follow `v` up its tree: each step
//! combines it with a sibling worth `w ≤ P(D)` for a fresh part `D` of the rest. If
//! `x ≥ (hi+1)·P(D)·Q`, then `x + w`, `x · w ≥ x`; `x − w ≥ P(D)((hi+1)Q − 1) ≥ (hi+1)Q`;
//! `x ÷ w ≥ (hi+1)Q`; and `w − x`, `w ÷ x` need `w ≥ x`, impossible. So the invariant
//! `x ≥ (hi+1)·P(rest)` holds to the root, whose value is then above `hi`. The same step
//! shows a value outside its part's window never makes a value inside the window of the
//! sub-board above, so every window is computed exactly. The whole board's window is
//! `1..=hi` itself.
//!
//! Arithmetic is checked: a result beyond a window is dropped before it is formed where it
//! could overflow; without a window a result beyond `u64` is an error, never a wrap.

use crate::error::{Error, Result};

/// The most numbers a board may have (`2^7` sub-boards), as in the main engine.
pub const MAX_NUMBERS: usize = 7;

/// The most values kept over all sub-boards of one board (8 bytes each): about 400 MB.
pub const MAX_VALUES: usize = 50_000_000;

/// What one board reaches: the values of each of its sub-boards (within their windows).
#[derive(Clone, Debug)]
pub struct Bounded {
    /// The numbers, ascending.
    numbers: Vec<u64>,
    /// The largest value asked about (`None`: every value).
    hi: Option<u64>,
    /// Per sub-board (a mask over `numbers`), the mask of the same multiset whose values are
    /// kept (the one taking the first copies of each repeated number).
    canonical: Vec<usize>,
    /// Per canonical mask, `V(S)` within its window, ascending (empty for other masks).
    values: Vec<Vec<u64>>,
}

impl Bounded {
    /// Builds the values of every sub-board of `numbers` (positive, at most [`MAX_NUMBERS`]
    /// of them), keeping only what can matter for targets up to `hi` when it is given.
    pub fn new(numbers: &[u64], hi: Option<u64>) -> Result<Bounded> {
        if numbers.len() > MAX_NUMBERS {
            return Err(Error::BoardTooLarge {
                got: numbers.len(),
                max: MAX_NUMBERS,
            });
        }
        if numbers.contains(&0) {
            return Err(Error::input("board numbers must be positive"));
        }
        let mut numbers = numbers.to_vec();
        numbers.sort_unstable();
        let k = numbers.len();
        let full = (1usize << k) - 1;
        let canonical: Vec<usize> = (0..=full).map(|m| canonical_mask(&numbers, m)).collect();
        let mut values: Vec<Vec<u64>> = vec![Vec::new(); full + 1];
        let mut kept = 0usize;
        let mut masks: Vec<usize> = (1..=full).filter(|&m| canonical[m] == m).collect();
        masks.sort_by_key(|m| m.count_ones());
        let mut out = Vec::new();
        let mut seen_splits: Vec<(usize, usize)> = Vec::new();
        let mut bits: Vec<u64> = Vec::new();
        for s in masks {
            let window = window(&numbers, full & !s, hi);
            out.clear();
            if s.count_ones() == 1 {
                let v = numbers[s.trailing_zeros() as usize];
                if v <= window {
                    out.push(v);
                }
            } else {
                seen_splits.clear();
                // Each unordered split {A, B} once: A holds the lowest position of S.
                let low = s & s.wrapping_neg();
                let rest = s & !low;
                let mut sub = rest;
                loop {
                    let a = low | sub;
                    let b = s & !a;
                    if b != 0 {
                        let pair = {
                            let (ca, cb) = (canonical[a], canonical[b]);
                            (ca.min(cb), ca.max(cb))
                        };
                        if !seen_splits.contains(&pair) {
                            seen_splits.push(pair);
                            combine(&values[pair.0], &values[pair.1], window, &mut out)?;
                            if kept + out.len() > MAX_VALUES {
                                return Err(too_large(&numbers));
                            }
                        }
                    }
                    if sub == 0 {
                        break;
                    }
                    sub = (sub - 1) & rest;
                }
                sort_dedup(&mut out, &mut bits);
            }
            kept += out.len();
            if kept > MAX_VALUES {
                return Err(too_large(&numbers));
            }
            values[s] = out.clone();
        }
        Ok(Bounded {
            numbers,
            hi,
            canonical,
            values,
        })
    }

    /// The board's numbers, ascending.
    pub fn numbers(&self) -> &[u64] {
        &self.numbers
    }

    /// The values of the sub-board `mask` (positions in [`Bounded::numbers`]) that can matter
    /// (every value without a window), ascending.
    pub fn sub_values(&self, mask: usize) -> &[u64] {
        &self.values[self.canonical[mask]]
    }

    /// Every value the board reaches, up to `hi` when a window was given, ascending.
    pub fn reachable(&self) -> Vec<u64> {
        let mut all: Vec<u64> = self
            .distinct_sub_boards()
            .flat_map(|m| self.upto(m, self.hi.unwrap_or(u64::MAX)).iter().copied())
            .collect();
        radsort::sort(&mut all);
        all.dedup();
        all
    }

    /// How many of `1..=m` the board reaches (`m` at most the window's `hi`).
    pub fn count_upto(&self, m: u64) -> u64 {
        debug_assert!(self.hi.is_none_or(|hi| m <= hi));
        let mut hit = vec![false; usize::try_from(m).unwrap_or(usize::MAX - 1) + 1];
        let mut n = 0u64;
        for s in self.distinct_sub_boards() {
            for &v in self.upto(s, m) {
                let seen = &mut hit[v as usize];
                n += u64::from(!*seen);
                *seen = true;
            }
        }
        n
    }

    /// Over the distinct sub-boards (sub-multisets), how many of `1..=m` each reaches,
    /// added up: a value two sub-boards make is counted twice.
    pub fn sub_board_hits(&self, m: u64) -> u64 {
        self.distinct_sub_boards()
            .map(|s| self.upto(s, m).len() as u64)
            .sum()
    }

    /// The largest `n` such that the board reaches every one of `1..=n` (0 when it misses
    /// 1), within the window: `None` when every value of `1..=hi` is reached, since the
    /// window cannot tell how far beyond the run goes.
    pub fn covers_within(&self) -> Option<u64> {
        let hi = self.hi?;
        let reach = self.reachable();
        let run = reach
            .iter()
            .zip(1u64..)
            .take_while(|(v, i)| *v == i)
            .count() as u64;
        (run < hi).then_some(run)
    }

    fn distinct_sub_boards(&self) -> impl Iterator<Item = usize> + '_ {
        (1..self.canonical.len()).filter(|&m| self.canonical[m] == m)
    }

    fn upto(&self, mask: usize, m: u64) -> &[u64] {
        let v = &self.values[mask];
        &v[..v.partition_point(|&x| x <= m)]
    }
}

/// The largest `n` such that `numbers` reach every one of `1..=n`, however far that goes:
/// windows doubled until the run ends inside one (bounded by the largest value the board
/// can make, `Π max(c, 2)`).
pub fn covers_to(numbers: &[u64]) -> Result<u64> {
    let bound = u64::try_from(product_bound(numbers)).unwrap_or(u64::MAX);
    let mut hi = 64u64.min(bound).max(1);
    loop {
        let reach = Bounded::new(numbers, Some(hi))?;
        match reach.covers_within() {
            Some(n) => return Ok(n),
            None if hi >= bound => return Ok(hi),
            None => hi = hi.saturating_mul(4).min(bound),
        }
    }
}

/// Whether `numbers` reach every one of `1..=n` (cheaper than [`covers_to`]: one window).
pub fn covers_at_least(numbers: &[u64], n: u64) -> Result<bool> {
    if n == 0 {
        return Ok(true);
    }
    Ok(Bounded::new(numbers, Some(n))?.covers_within().is_none())
}

/// `Π max(c, 2)` over `numbers`, an upper bound on every value they make (saturating).
fn product_bound(numbers: &[u64]) -> u128 {
    numbers
        .iter()
        .fold(1u128, |p, &c| p.saturating_mul(u128::from(c.max(2))))
}

/// The largest value of the sub-board whose complement is `rest` that can matter for
/// targets up to `hi`: `(hi + 1) · Π_{c ∈ rest} max(c, 2) − 1` (see the module docs).
fn window(numbers: &[u64], rest: usize, hi: Option<u64>) -> u64 {
    let Some(hi) = hi else {
        return u64::MAX;
    };
    let rest: Vec<u64> = (0..numbers.len())
        .filter(|i| rest >> i & 1 == 1)
        .map(|i| numbers[i])
        .collect();
    let w = (u128::from(hi) + 1)
        .saturating_mul(product_bound(&rest))
        .saturating_sub(1);
    u64::try_from(w).unwrap_or(u64::MAX)
}

/// The mask of the same multiset as `mask` taking the first copies of repeated numbers
/// (`numbers` ascending, so copies are adjacent).
fn canonical_mask(numbers: &[u64], mask: usize) -> usize {
    let mut out = 0usize;
    let mut i = 0;
    while i < numbers.len() {
        let mut j = i;
        while j < numbers.len() && numbers[j] == numbers[i] {
            j += 1;
        }
        let used = (i..j).filter(|&p| mask >> p & 1 == 1).count();
        for p in i..i + used {
            out |= 1 << p;
        }
        i = j;
    }
    out
}

/// Every `a op b` (and `b op a`) for `a ∈ xs`, `b ∈ ys` that is a positive whole number of
/// at most `window`, appended to `out` (unsorted, with repeats).
fn combine(xs: &[u64], ys: &[u64], window: u64, out: &mut Vec<u64>) -> Result<()> {
    let unbounded = window == u64::MAX;
    for &x in xs {
        for &y in ys {
            // ys ascending: past this `y` every sum, product, difference and quotient with
            // `x` is beyond the window.
            if y > x.saturating_add(window) && y > x.saturating_mul(window) {
                break;
            }
            match x.checked_add(y) {
                Some(s) if s <= window => out.push(s),
                Some(_) => {}
                None if unbounded => return Err(Error::ArithmeticOverflow),
                None => {}
            }
            if x != 1 && y != 1 {
                match x.checked_mul(y) {
                    Some(p) if p <= window => out.push(p),
                    Some(_) => {}
                    None if unbounded => return Err(Error::ArithmeticOverflow),
                    None => {}
                }
            }
            let (big, small) = if x >= y { (x, y) } else { (y, x) };
            let d = big - small;
            if d != 0 && d <= window {
                out.push(d);
            }
            if small != 1 && big % small == 0 && big / small <= window {
                out.push(big / small);
            }
        }
    }
    Ok(())
}

/// Sorts `out` ascending without repeats. Most of the time of a board goes here: the
/// values of a split repeat a lot, so a set dense in its range is marked in a bitset and read
/// back in order, and a sparse one is radix-sorted on 32-bit keys when it fits them (half
/// the passes of 64-bit ones).
fn sort_dedup(out: &mut Vec<u64>, bits: &mut Vec<u64>) {
    let Some(&hi) = out.iter().max() else {
        return;
    };
    let words = usize::try_from(hi / 64 + 1).unwrap_or(usize::MAX);
    if words <= out.len().saturating_mul(2) {
        bits.clear();
        bits.resize(words, 0);
        for &v in out.iter() {
            bits[(v / 64) as usize] |= 1 << (v % 64);
        }
        out.clear();
        for (w, &word) in bits.iter().enumerate() {
            let mut word = word;
            while word != 0 {
                out.push(w as u64 * 64 + u64::from(word.trailing_zeros()));
                word &= word - 1;
            }
        }
    } else if u32::try_from(hi).is_ok() {
        let mut narrow: Vec<u32> = out.iter().map(|&v| v as u32).collect();
        radsort::sort(&mut narrow);
        narrow.dedup();
        out.clear();
        out.extend(narrow.iter().map(|&v| u64::from(v)));
    } else {
        radsort::sort(out);
        out.dedup();
    }
}

fn too_large(numbers: &[u64]) -> Error {
    Error::input(format!(
        "the board {numbers:?} makes more than {MAX_VALUES} values to keep; use fewer or smaller numbers"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_boards_reach_what_a_hand_count_says() {
        // 2 and 3: 2, 3, 5, 1, 6 (3 ÷ 2 is not whole).
        let r = Bounded::new(&[3, 2], None).unwrap();
        assert_eq!(r.reachable(), vec![1, 2, 3, 5, 6]);
        assert_eq!(r.count_upto(4), 3);
        // Two equal numbers: 4, 4 + 4, 4 × 4 (4 − 4 = 0 and 4 ÷ 4 = 1: 1 is reached).
        let r = Bounded::new(&[4, 4], None).unwrap();
        assert_eq!(r.reachable(), vec![1, 4, 8, 16]);
    }

    #[test]
    fn the_published_covers() {
        assert_eq!(covers_to(&[1, 3]).unwrap(), 4);
        assert_eq!(covers_to(&[2, 3, 10]).unwrap(), 17);
        assert_eq!(covers_to(&[2, 3, 5, 33]).unwrap(), 79);
        assert!(covers_at_least(&[2, 3, 5, 33], 79).unwrap());
        assert!(!covers_at_least(&[2, 3, 5, 33], 80).unwrap());
    }

    #[test]
    fn a_window_keeps_exactly_the_values_up_to_it() {
        let board = [3, 7, 8, 25, 50];
        let all = Bounded::new(&board, None).unwrap().reachable();
        for hi in [1u64, 10, 100, 999, 5000] {
            let w = Bounded::new(&board, Some(hi)).unwrap();
            let want: Vec<u64> = all.iter().copied().filter(|&v| v <= hi).collect();
            assert_eq!(w.reachable(), want, "hi {hi}");
            assert_eq!(w.count_upto(hi), want.len() as u64);
        }
    }

    #[test]
    fn sort_dedup_takes_every_path() {
        let mut bits = Vec::new();
        for case in [
            vec![5u64, 3, 5, 64, 1, 3, 63, 128],
            vec![1 << 33, 7, 1 << 33, 2],
            vec![4_000_000_000, 9, 9, 1],
            vec![],
        ] {
            let mut want = case.clone();
            want.sort_unstable();
            want.dedup();
            let mut got = case;
            sort_dedup(&mut got, &mut bits);
            assert_eq!(got, want);
        }
    }

    #[test]
    fn bad_boards_are_refused() {
        assert!(Bounded::new(&[1, 2, 3, 4, 5, 6, 7, 8], None).is_err());
        assert!(Bounded::new(&[0, 2], None).is_err());
        // Seven numbers near 2^20 make products beyond 64 bits: an error, not a wrap.
        let big = [1 << 20; 7];
        assert_eq!(
            Bounded::new(&big, None).unwrap_err(),
            Error::ArithmeticOverflow
        );
        // Seven numbers of at most 10,000 with a window of 10,000 (the phase sweep's largest
        // cells) never need a value beyond 64 bits.
        let top: Vec<u64> = (9_994..=10_000).collect();
        assert!(Bounded::new(&top, Some(10_000)).is_ok());
        assert!(Bounded::new(&[10_000; 7], Some(10_000)).is_ok());
    }
}
