//! Reachability alone, board by board: which positive whole numbers one board makes under a
//! game's rules (a board number itself counting as reached where numbers may go unused),
//! without any of the counts the main engine keeps. The phase-transition sweep and the
//! `cover` search ask only this, for millions of random boards that share little: unlike a
//! corpus run's tables ([`super::Reach`]), which keep each sub-board's every value to share
//! it across boards, this cuts each sub-board's values by the bound below, board by board.
//!
//! How: a DP over the sub-boards (sub-multisets, in the engine's order,
//! [`crate::game::board::SubBoards`]). `V(S)` is every value of a tree that uses exactly the
//! numbers of `S`: a number alone, or `a op b` for `a ∈ V(A)`, `b ∈ V(B)` and every split of
//! `S` into two non-empty parts, each pair combined by the rules' one arithmetic
//! ([`Rules::results`]). What a board reaches is the union of every `V(S)`, or `V` of the
//! whole board when every number must be used. Where numbers may go unused, `× 1` and
//! `÷ 1` are not applied: such a tree has the value of the same tree without the 1, on a
//! smaller sub-board, so the union is unchanged.
//!
//! **Windows** (positive integers without `^`). Asked only about `1..=hi`, most values are
//! useless: a value `v` of `S` can still end in `1..=hi` only if
//! `v < (hi + 1) · Π_{c ∉ S} max(c, 2)`. Why: every value a set `D` of numbers makes is at
//! most `P(D) = Π_{d ∈ D} max(d, 2)` (for `a, b ≥ 1` with `P`s at least 2,
//! `a + b ≤ P_a + P_b ≤ P_a · P_b`). Follow `v` up its tree: each step combines it with a
//! sibling worth `w ≤ P(D)` for a fresh part `D` of the rest. If `x ≥ (hi+1)·P(D)·Q`, then
//! `x + w`, `x · w ≥ x`; `x − w ≥ P(D)((hi+1)Q − 1) ≥ (hi+1)Q`; `x ÷ w ≥ (hi+1)Q`; and
//! `w − x`, `w ÷ x` need `w ≥ x`, impossible. So the invariant `x ≥ (hi+1)·P(rest)` holds to
//! the root, whose value is then above `hi`. The same step shows a value outside its part's
//! window never makes a value inside the window of the sub-board above, so every window is
//! computed exactly. The whole board's window is `1..=hi` itself. With `^` (`1^x = 1`),
//! fractions or joined digits (`9` and `9` make 99 > `P`) the argument fails, and every
//! value is kept. With joined digits `V(S)` also holds the numbers `S`'s digits spell.
//!
//! Arithmetic is the rules' own: a result that overflows is left out, as in every engine.

use crate::error::{Error, Result};
use crate::game::board::{Board, SubBoards};
use crate::game::join::joined;
use crate::game::number::{Number, Op};
use crate::game::rules::{Arithmetic, Rules};

use super::collect::{Collector, collect};
use super::covers::run_from_one;
use super::keep::Keep;

/// The most numbers a board may have, as in the main engine.
pub use crate::game::board::MAX_NUMBERS;

/// The most values kept over all sub-boards of one board (8 to 16 bytes each).
pub const MAX_VALUES: usize = 50_000_000;

/// What one board reaches: the values of each of its sub-boards (within their windows).
#[derive(Clone, Debug)]
pub struct Bounded<V> {
    /// The sub-boards whose values are answers: every non-empty one, or the whole board.
    usable: Vec<usize>,
    /// The largest value asked about (`None`: every value).
    hi: Option<i64>,
    /// Per sub-board, `V(S)` within its window, ascending.
    values: Vec<Vec<V>>,
}

impl<V: Number> Bounded<V> {
    /// Builds the values of every sub-board of `numbers` (positive, at most [`MAX_NUMBERS`]
    /// of them) under `rules`, keeping only what can matter for targets up to `hi` when it
    /// is given.
    pub fn new(rules: &Rules, numbers: &[i64], hi: Option<i64>) -> Result<Bounded<V>> {
        check_board(numbers)?;
        let build = Build::new(rules, numbers, hi);
        let subs = &build.subs;
        let mut values: Vec<Vec<V>> = vec![Vec::new(); subs.count()];
        let mut kept = 0usize;
        for &s in subs.in_size_order() {
            if s == 0 {
                continue;
            }
            let out = build.one(&values, s, kept)?;
            kept += out.len();
            if kept > MAX_VALUES {
                return Err(too_large(subs));
            }
            values[s] = out;
        }
        Ok(Bounded {
            usable: build.subs.usable(rules),
            hi,
            values,
        })
    }

    /// Every positive whole number the board reaches, up to `hi` when a window was given,
    /// ascending.
    pub fn reachable(&self) -> Vec<i64> {
        let top = self.hi.unwrap_or(i64::MAX);
        let mut all: Vec<i64> = self
            .usable
            .iter()
            .flat_map(|&s| self.ints_upto(s, top))
            .collect();
        all.sort_unstable();
        all.dedup();
        all
    }

    /// How many of `1..=m` the board reaches (`m` at most the window's `hi`).
    pub fn count_upto(&self, m: i64) -> u64 {
        debug_assert!(self.hi.is_none_or(|hi| m <= hi));
        let mut hit = vec![false; usize::try_from(m).unwrap_or(0) + 1];
        let mut n = 0u64;
        for &s in &self.usable {
            for v in self.ints_upto(s, m) {
                let seen = &mut hit[v as usize];
                n += u64::from(!*seen);
                *seen = true;
            }
        }
        n
    }

    /// Over the usable sub-boards (each sub-multiset once), how many of `1..=m` each
    /// reaches, added up: a value two sub-boards make is counted twice.
    pub fn sub_board_hits(&self, m: i64) -> u64 {
        self.usable
            .iter()
            .map(|&s| self.ints_upto(s, m).count() as u64)
            .sum()
    }

    /// The largest `n` such that the board reaches every one of `1..=n` (0 when it misses
    /// 1), within the window: `None` when every value of `1..=hi` is reached, since the
    /// window cannot tell how far beyond the run goes.
    pub fn covers_within(&self) -> Option<u64> {
        let run = run_from_one(&self.reachable());
        match self.hi {
            Some(hi) if run >= hi as u64 => None,
            _ => Some(run),
        }
    }

    /// The whole numbers of `1..=m` in sub-board `s`'s values, ascending.
    fn ints_upto(&self, s: usize, m: i64) -> impl Iterator<Item = i64> + '_ {
        let t = &self.values[s];
        let (one, top) = (V::from_int(1), V::from_int(m));
        let start = one.map_or(t.len(), |one| t.partition_point(|&v| v < one));
        let end = top.map_or(start, |top| t.partition_point(|&v| v <= top));
        t[start..end.max(start)].iter().filter_map(|v| v.as_int())
    }
}

/// Refuses a board of more than [`MAX_NUMBERS`] numbers or a number that is not positive.
pub(super) fn check_board(numbers: &[i64]) -> Result<()> {
    if numbers.len() > MAX_NUMBERS {
        return Err(Error::BoardTooLarge {
            got: numbers.len(),
            max: MAX_NUMBERS,
        });
    }
    if numbers.iter().any(|&n| n <= 0) {
        return Err(Error::input("board numbers must be positive"));
    }
    Ok(())
}

/// What building one sub-board's values needs: the board's sub-boards and how the rules cut
/// and combine their values. [`Bounded`] builds every sub-board with it; the phase sweep's
/// counts ([`super::counts`]) all but the largest.
pub(super) struct Build<'r> {
    pub rules: &'r Rules,
    pub subs: SubBoards,
    /// The largest target asked about, when the domain allows windows (module docs).
    pub windowed: Option<i64>,
    /// Leave out `× 1` and `÷ 1` (numbers may go unused).
    pub drop_units: bool,
}

impl<'r> Build<'r> {
    /// For `numbers` (already checked: positive, at most [`MAX_NUMBERS`]) under `rules`,
    /// asked about targets up to `hi` when given.
    pub fn new(rules: &'r Rules, numbers: &[i64], hi: Option<i64>) -> Build<'r> {
        let mut sorted = numbers.to_vec();
        sorted.sort_unstable();
        // The bound on what a sub-board's values can matter for assumes its complement makes
        // nothing above `Π max(c, 2)`, which joined digits do.
        let windowed = hi.filter(|_| !rules.pow && !rules.concat);
        Build {
            rules,
            subs: SubBoards::new(&Board::from_checked(sorted)),
            windowed,
            drop_units: rules.drops_unit_factors(),
        }
    }

    /// The window of sub-board `s` (none where the domain allows none).
    pub fn window<V: Number>(&self, s: usize) -> Option<i64> {
        let full = self.subs.full();
        self.windowed
            .filter(|_| V::POSITIVE)
            .map(|hi| window(&self.subs, full - s, hi))
    }

    /// `V(s)` within its window, ascending, from the values of its proper sub-boards in
    /// `values`; `kept`: values already held, for the [`MAX_VALUES`] bound.
    pub fn one<V: Number>(&self, values: &[Vec<V>], s: usize, kept: usize) -> Result<Vec<V>> {
        self.one_keeping(values, s, kept, Keep::within(self.window::<V>(s)))
    }

    /// [`Build::one`] for a sub-board one or two numbers (`left`) short of the whole board,
    /// asked about `1..=hi`: only the values those numbers can still take into `1..=hi`
    /// ([`Keep::beside`]), where the domain allows windows.
    pub fn one_beside<V: Number>(
        &self,
        values: &[Vec<V>],
        s: usize,
        kept: usize,
        left: &[i64],
        hi: i64,
    ) -> Result<Vec<V>> {
        let keep = Keep::beside(self.window::<V>(s), left, hi);
        self.one_keeping(values, s, kept, keep)
    }

    fn one_keeping<V: Number>(
        &self,
        values: &[Vec<V>],
        s: usize,
        kept: usize,
        keep: Keep,
    ) -> Result<Vec<V>> {
        let (subs, rules) = (&self.subs, self.rules);
        let mut out = collect(|c| {
            if subs.size(s) == 1 {
                let n = subs.values[subs.min_value(s).expect("one number")];
                let v = V::from_int(n)
                    .ok_or_else(|| Error::input(format!("{n} is not in the game's domain")))?;
                if !keep.drops(v) {
                    c.put(v);
                }
                return Ok(());
            }
            for n in joined(rules, &subs.numbers(s)) {
                c.put(V::from_int(n).expect("a joined number is a positive integer"));
            }
            for a in subs.subs_of(s) {
                let b = s - a;
                if a == 0 || a > b {
                    continue;
                }
                combine(
                    &values[a],
                    &values[b],
                    a == b,
                    rules,
                    keep,
                    self.drop_units,
                    c,
                );
                if kept + c.pending() > MAX_VALUES {
                    return Err(too_large(subs));
                }
            }
            Ok(())
        })?;
        if rules.unary_minus {
            let negated: Vec<V> = out.iter().filter_map(|v| v.negate()).collect();
            out.extend(negated);
            out.sort_unstable();
            out.dedup();
        }
        Ok(out)
    }
}

/// Every `a op b` (and `b op a`) for `a ∈ xs`, `b ∈ ys` the rules allow, put into `c`: what
/// `keep` keeps, and without `× 1`, `÷ 1` when `drop_units`. `same`: the two lists are one
/// sub-board's, so each unordered pair is tried once.
pub(super) fn combine<V: Number>(
    xs: &[V],
    ys: &[V],
    same: bool,
    rules: &Rules,
    keep: Keep,
    drop_units: bool,
    c: &mut Collector<'_, V>,
) {
    let window = keep.window;
    for (i, &x) in xs.iter().enumerate() {
        let from = if same { i } else { 0 };
        for &y in &ys[from..] {
            // ys ascending: past this `y` every sum, product, difference and quotient with
            // `x` is beyond the window.
            if let (Some(w), Some(xi), Some(yi)) = (window, x.as_int(), y.as_int())
                && yi > xi.saturating_add(w)
                && yi > xi.saturating_mul(w)
            {
                break;
            }
            pair_results(rules, x, y, &mut |op, swapped, v| {
                let unit = match op {
                    Op::Mul => x.is_one() || y.is_one(),
                    Op::Div if swapped => x.is_one(),
                    Op::Div => y.is_one(),
                    _ => false,
                };
                // A `× 1` or `÷ 1` where numbers may go unused, or a value `keep` leaves out
                // (past the window, or of no use to the numbers left): left out.
                let dropped = drop_units && unit || keep.drops(v);
                if !dropped {
                    c.put(v);
                }
                Some(())
            });
        }
    }
}

/// [`Rules::results`] of `x` and `y`, the same values in the same order; in exact rationals
/// without `^`, `y − x` is `−(x − y)` and `y ÷ x` is `1 ÷ (x ÷ y)`, which cost no gcd of
/// full-size parts (a third of a board's arithmetic). The magnitude bound is symmetric in
/// both (a value and its negation, a fraction and its reciprocal have the same parts), so
/// whenever one is out of bounds so is the other.
#[inline(always)]
pub(super) fn pair_results<V: Number>(
    rules: &Rules,
    x: V,
    y: V,
    put: &mut impl FnMut(Op, bool, V) -> Option<()>,
) {
    if rules.arithmetic != Arithmetic::Rationals || rules.pow {
        rules.results(x, y, put);
        return;
    }
    if let Some(v) = rules.apply(Op::Add, x, y) {
        put(Op::Add, false, v);
    }
    if let Some(v) = rules.apply(Op::Mul, x, y) {
        put(Op::Mul, false, v);
    }
    if let Some(d) = rules.apply(Op::Sub, x, y) {
        put(Op::Sub, false, d);
        if let Some(minus) = d.negate() {
            put(Op::Sub, true, minus);
        }
    }
    let zero = V::from_int(0);
    match rules.apply(Op::Div, x, y) {
        Some(q) if Some(q) != zero => {
            put(Op::Div, false, q);
            let one = V::from_int(1).expect("rationals hold 1");
            if let Some(r) = rules.apply(Op::Div, one, q) {
                put(Op::Div, true, r);
            }
        }
        Some(q) => {
            // `x` is 0: `y ÷ x` is not allowed.
            put(Op::Div, false, q);
        }
        None => {
            // `y` is 0 (then `y ÷ x` is 0 unless `x` is too), or out of bounds both ways.
            if let Some(r) = rules.apply(Op::Div, y, x) {
                put(Op::Div, true, r);
            }
        }
    }
}

/// The largest value of the sub-board whose complement is `rest` that can matter for
/// targets up to `hi`: `(hi + 1) · Π_{c ∈ rest} max(c, 2) − 1` (see the module docs).
pub fn window(subs: &SubBoards, rest: usize, hi: i64) -> i64 {
    let bound = subs.values.iter().enumerate().fold(1i128, |p, (i, &c)| {
        (0..subs.count_of(rest, i)).fold(p, |p, _| p.saturating_mul(i128::from(c.max(2))))
    });
    let w = (i128::from(hi) + 1).saturating_mul(bound).saturating_sub(1);
    i64::try_from(w).unwrap_or(i64::MAX)
}

pub(super) fn too_large(subs: &SubBoards) -> Error {
    Error::TooManyValues(format!(
        "the board {:?} makes more than {MAX_VALUES} values to keep; use fewer or smaller numbers",
        subs.numbers(subs.full())
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::number::{Int, Rational};
    use crate::game::rule_set::{Game, GameKind};

    fn countdown() -> Rules {
        Game::preset(GameKind::Countdown).rules
    }

    fn reach(numbers: &[i64], hi: Option<i64>) -> Bounded<Int> {
        Bounded::new(&countdown(), numbers, hi).unwrap()
    }

    #[test]
    fn small_boards_reach_what_a_hand_count_says() {
        // 2 and 3: 2, 3, 5, 1, 6 (3 ÷ 2 is not whole).
        let r = reach(&[3, 2], None);
        assert_eq!(r.reachable(), vec![1, 2, 3, 5, 6]);
        assert_eq!(r.count_upto(4), 3);
        // Two equal numbers: 4, 4 + 4, 4 × 4 (4 − 4 = 0 and 4 ÷ 4 = 1: 1 is reached).
        let r = reach(&[4, 4], None);
        assert_eq!(r.reachable(), vec![1, 4, 8, 16]);
        // The 24 game's rules: every card used, fractions on the way.
        let rules = Game::preset(GameKind::TwentyFour).rules;
        let r = Bounded::<Rational>::new(&rules, &[1, 3, 4, 6], None).unwrap();
        assert!(r.reachable().contains(&24));
        // 6 ÷ (1 − 3 ÷ 4) = 24 needs a fraction; 1 alone is not a value (every card used).
        let r = Bounded::<Rational>::new(&rules, &[1, 5], None).unwrap();
        assert_eq!(r.reachable(), vec![4, 5, 6]);
    }

    #[test]
    fn a_window_keeps_exactly_the_values_up_to_it() {
        let board = [3, 7, 8, 25, 50];
        let all = reach(&board, None).reachable();
        for hi in [1i64, 10, 100, 999, 5000] {
            let w = reach(&board, Some(hi));
            let want: Vec<i64> = all.iter().copied().filter(|&v| v <= hi).collect();
            assert_eq!(w.reachable(), want, "hi {hi}");
            assert_eq!(w.count_upto(hi), want.len() as u64);
        }
    }

    #[test]
    fn overflow_leaves_a_value_out_as_in_every_engine() {
        // 2^32 × 2^32 is beyond i64: left out, not wrapped, not an error.
        let r = reach(&[1 << 32, 1 << 32], None);
        assert_eq!(r.reachable(), vec![1, 1 << 32, 1 << 33]);
        // Seven numbers near 2^20 make products beyond 64 bits: still every value that fits.
        assert!(Bounded::<Int>::new(&countdown(), &[1 << 20; 7], None).is_ok());
    }

    #[test]
    fn bad_boards_are_refused() {
        let c = countdown();
        assert!(Bounded::<Int>::new(&c, &[1, 2, 3, 4, 5, 6, 7, 8], None).is_err());
        assert!(Bounded::<Int>::new(&c, &[0, 2], None).is_err());
        // Seven numbers of at most 10,000 with a window of 10,000 (the phase sweep's largest
        // cells) stay well within the value bound.
        let top: Vec<i64> = (9_994..=10_000).collect();
        assert!(Bounded::<Int>::new(&c, &top, Some(10_000)).is_ok());
        assert!(Bounded::<Int>::new(&c, &[10_000; 7], Some(10_000)).is_ok());
    }
}
