//! The flat-node walk in 64-bit integers, for positive integers: the whole walk over a
//! bounded sub-board ([`FlatWalk::step_int`]), and the last item of any positive-integer walk
//! ([`FlatWalk::last_int`]), whose window is found with two integer bounds.
//!
//! Over a bounded sub-board (see [`super::dp::Dp::bounded`]) every partial sum, and every
//! numerator and denominator of a partial product in lowest terms, is a value of some
//! expression over part of the sub-board, so it stays below the limit: the walk needs none of
//! the 128-bit fractions of [`FlatWalk::step`], and reduces a product with one gcd of a single
//! factor. It accepts exactly the items of the generic walk, in the same order (a unit test
//! holds it to that, node for node).

use std::ops::Range;

use crate::error::{Error, Result};
use crate::game::number::{Number, Wide};

use super::Window;
use super::flat::{Flat, FlatFn, Item};
use super::flat_walk::FlatWalk;
use super::fraction::{Frac, SmallFrac, gcd64};

/// An item of a positive-integer walk as a 64-bit integer.
#[inline]
fn int<V: Number>(v: V) -> i64 {
    v.to_wide().num as i64
}

/// `p × a` (or `p ÷ a` when `inverse`) in lowest terms, for `p` in lowest terms and `a ≥ 1`;
/// `None` if a part overflows.
#[inline]
fn times(p: SmallFrac, a: i64, inverse: bool) -> Option<SmallFrac> {
    let (num, den) = if inverse {
        let g = gcd64(p.num.unsigned_abs(), a as u64) as i64;
        (p.num / g, p.den.checked_mul(a / g)?)
    } else if p.den == 1 {
        (p.num.checked_mul(a)?, 1)
    } else {
        let g = gcd64(a as u64, p.den as u64) as i64;
        (p.num.checked_mul(a / g)?, p.den / g)
    };
    Some(SmallFrac { num, den })
}

/// The first index an item added (or, `inverse`, subtracted) over the block of `bound`, the
/// item before it over the same block, may take so that items come in ascending order;
/// `None` when none may (a subtracted item comes after every added one).
#[inline]
fn first_index(bound: Option<Item>, inverse: bool) -> Option<usize> {
    match bound {
        Some(b) if b.inverse && !inverse => None,
        Some(b) if b.inverse == inverse => Some(b.index),
        _ => Some(0),
    }
}

impl<V: Number> FlatWalk<'_, V> {
    /// [`FlatWalk::step`] for positive integers over a bounded sub-board: the partial value is
    /// an integer (sums) or a fraction in lowest terms (products) with 64-bit parts.
    pub(super) fn step_int(
        &mut self,
        depth: usize,
        partial: SmallFrac,
        whole_is_one: bool,
        (directs, inverses): (bool, bool),
        f: &mut impl FlatFn<V>,
    ) -> Result<()> {
        let Some((check_units, block, bound)) = self.start_step(depth, whole_is_one) else {
            return Ok(());
        };
        if depth + 1 == self.order.len() {
            return self.last_int(depth, partial, (directs, inverses), bound, f);
        }
        let items = self.lists[depth];
        for inverse in [false, true] {
            // Every factor is at least 2, so a part worth 1 needs a multiplier and a divisor.
            let units_possible = check_units && if inverse { directs } else { inverses };
            let Some(first) = first_index(bound, inverse) else {
                continue;
            };
            for (index, &(w, n)) in items.iter().enumerate().skip(first) {
                let a = int(w);
                let next = match self.kind {
                    Flat::Sum => {
                        let s = if inverse {
                            partial.num.checked_sub(a)
                        } else {
                            partial.num.checked_add(a)
                        };
                        let Some(num) = s else { continue };
                        SmallFrac { num, den: 1 }
                    }
                    Flat::Product => {
                        let Some(next) = times(partial, a, inverse) else {
                            continue;
                        };
                        next
                    }
                };
                let factor = if inverse {
                    (1, a as u64)
                } else {
                    (a as u64, 1)
                };
                if units_possible && self.closes_unit_int(depth, factor) {
                    continue;
                }
                let item = Item {
                    block: block as u32,
                    inverse,
                    index,
                };
                self.push(item, n);
                if check_units {
                    self.push_ratios_int(depth, factor)?;
                }
                let whole_one = check_units && depth > 0 && next.num == next.den;
                let flags = (directs || !inverse, inverses || inverse);
                self.step_int(depth + 1, next, whole_one, flags, f)?;
                self.pop();
            }
        }
        Ok(())
    }

    /// [`FlatWalk::step`] for the last item in the positive integers, where most candidates
    /// would leave the domain: the node's value is computed in integers from the reduced
    /// partial value, the items that keep a sum positive (or a product within the limit, or
    /// the node within the window) are found by binary search in the ascending list, and
    /// divisibility is tested before the (costlier) unit-part check. Accepts exactly the
    /// items the generic step accepts.
    pub(super) fn last_int(
        &mut self,
        depth: usize,
        p: SmallFrac,
        (directs, inverses): (bool, bool),
        bound: Option<Item>,
        f: &mut impl FlatFn<V>,
    ) -> Result<()> {
        let t = self.dp;
        let block = self.order[depth];
        let items = self.lists[depth];
        let limit = t.rules.limit;
        let check_units = self.kind == Flat::Product && t.rules.drops_unit_factors();
        // The first index whose item exceeds `x`.
        let upto = |x: i64| items.partition_point(|&(v, _)| int(v) <= x);
        for inverse in [false, true] {
            if inverse && !directs {
                // A node needs an added term or a multiplier to start from.
                continue;
            }
            // Every factor is at least 2, so a part worth 1 needs a multiplier and a divisor.
            let units_possible = check_units && if inverse { directs } else { inverses };
            // Candidates: every item that can give a positive value within the limit.
            let mut range = match (self.kind, inverse) {
                (Flat::Sum, false) => {
                    let lo = items.partition_point(|&(v, _)| int(v) < 1 - p.num);
                    lo..upto(limit.saturating_sub(p.num))
                }
                (Flat::Sum, true) => 0..upto(p.num - 1),
                (Flat::Product, false) => 0..items.len(),
                (Flat::Product, true) if p.den == 1 => 0..upto(p.num),
                (Flat::Product, true) => 0..0,
            };
            if let Some(w) = self.window {
                let r = self.int_window(items, p, inverse, w);
                range = range.start.max(r.start)..range.end.min(r.end);
            }
            let Some(first) = first_index(bound, inverse) else {
                continue;
            };
            range.start = range.start.max(first);
            for index in range {
                let a = int(items[index].0);
                let value = match (self.kind, inverse) {
                    (Flat::Sum, false) => p.num + a,
                    (Flat::Sum, true) => p.num - a,
                    (Flat::Product, false) => {
                        // Most partial products are integers: no division for those.
                        let q = match p.den {
                            1 => a,
                            d if a % d == 0 => a / d,
                            _ => continue,
                        };
                        let Some(v) = q.checked_mul(p.num) else {
                            continue;
                        };
                        v
                    }
                    (Flat::Product, true) => {
                        if p.num % a != 0 {
                            continue;
                        }
                        p.num / a
                    }
                };
                let Some(v) = V::from_wide(
                    Wide {
                        num: value.into(),
                        den: 1,
                    },
                    limit,
                ) else {
                    continue;
                };
                if units_possible {
                    // Over a sub-board that is not bounded, the parts are 128-bit fractions.
                    let (num, den) = if inverse { (1, a) } else { (a, 1) };
                    let factor = Frac {
                        num: num.into(),
                        den: den.into(),
                    };
                    if self.closes_unit(depth, factor)? {
                        continue;
                    }
                }
                let item = Item {
                    block: block as u32,
                    inverse,
                    index,
                };
                self.push(item, items[index].1);
                if self.realizable() {
                    self.emit(v, f)?;
                }
                self.pop();
            }
        }
        Ok(())
    }

    /// The items (ascending, positive integers) that, added or subtracted, multiplied or
    /// divided as `inverse` says, take `p` into the window: [`FlatWalk::last_items`] with the
    /// two bounds worked out once as integers, so that each probe is one comparison.
    fn int_window(
        &self,
        items: &[(V, u64)],
        p: SmallFrac,
        inverse: bool,
        w: Window,
    ) -> Range<usize> {
        let (n, d) = (p.num, p.den);
        let (lo, hi) = (w.lo.max(1), w.hi);
        // ⌈x / y⌉ and ⌊x / y⌋ for y > 0, in 64 bits where the product fits (128-bit division
        // is a library call); the parts are below 2^62, so nothing overflows 128 bits.
        let times = |a: i64, b: i64| i128::from(a) * i128::from(b);
        let floor = |x: i128, y: i128| match (i64::try_from(x), i64::try_from(y)) {
            (Ok(x), Ok(y)) => i128::from(x.div_euclid(y)),
            _ => x.div_euclid(y),
        };
        let ceil = |x: i128, y: i128| -floor(-x, y);
        let (min, max) = match (self.kind, inverse) {
            // Items are integers, so a partial sum is one (`d` is 1).
            (Flat::Sum, false) if d == 1 => (
                i128::from(lo) - i128::from(n),
                i128::from(hi) - i128::from(n),
            ),
            (Flat::Sum, true) if d == 1 => (
                i128::from(n) - i128::from(hi),
                i128::from(n) - i128::from(lo),
            ),
            (Flat::Sum, false) => (
                ceil(times(lo, d) - i128::from(n), d.into()),
                floor(times(hi, d) - i128::from(n), d.into()),
            ),
            (Flat::Sum, true) => (
                ceil(i128::from(n) - times(hi, d), d.into()),
                floor(i128::from(n) - times(lo, d), d.into()),
            ),
            _ if n <= 0 => return 0..items.len(),
            (Flat::Product, false) => (ceil(times(lo, d), n.into()), floor(times(hi, d), n.into())),
            (Flat::Product, true) => (ceil(n.into(), times(d, hi)), floor(n.into(), times(d, lo))),
        };
        let start = items.partition_point(|&(v, _)| i128::from(int(v)) < min);
        let end = items.partition_point(|&(v, _)| i128::from(int(v)) <= max);
        start..end.max(start)
    }

    /// Whether some non-empty part of the first `depth` factors, not all of them, times the
    /// factor `a / b` is worth 1 (the products kept as integer pairs).
    pub(super) fn closes_unit_int(&self, depth: usize, (a, b): (u64, u64)) -> bool {
        let int = self
            .int_ratios
            .as_ref()
            .expect("a walk over a bounded sub-board keeps integer ratios");
        let parts = 1..(1usize << depth).saturating_sub(1).max(1);
        let (a, b) = (u128::from(a), u128::from(b));
        int[depth][parts]
            .iter()
            .any(|&(n, d)| u128::from(n) * a == u128::from(d) * b)
    }

    /// Records the products of every part of the first `depth + 1` factors, the last being
    /// `a / b` (the products kept as integer pairs).
    pub(super) fn push_ratios_int(&mut self, depth: usize, (a, b): (u64, u64)) -> Result<()> {
        let int = self
            .int_ratios
            .as_mut()
            .expect("a walk over a bounded sub-board keeps integer ratios");
        if int.len() <= depth + 1 {
            int.push(Vec::new());
        }
        let (head, tail) = int.split_at_mut(depth + 1);
        let (prev, next) = (&head[depth], &mut tail[0]);
        next.clear();
        next.extend_from_slice(prev);
        for &(n, d) in prev {
            let r = n.checked_mul(a).zip(d.checked_mul(b));
            next.push(r.ok_or_else(|| Error::ArithmeticOverflow)?);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Dp;
    use crate::game::board::Board;
    use crate::game::number::Int;
    use crate::game::rule_set::{Game, GameKind};
    use crate::game::rules::Rules;
    use crate::random::SplitMix64;

    type Node = (Vec<Item>, Int, u64);

    /// Every flat node of `kind` over `s` of two or more items, in the order walked.
    fn nodes(dp: &Dp<Int>, s: usize, kind: Flat, int: bool) -> Vec<Node> {
        let mut out = Vec::new();
        dp.walk_flat(s, kind, 2, int, &mut |items, v, forms| {
            out.push((items.to_vec(), v, forms));
            Ok(())
        })
        .unwrap();
        out
    }

    /// Walks every sub-board of `numbers` both ways, with and without the whole board's
    /// window; the nodes seen in 64-bit integers and how many walks took that path.
    fn compare(game: &Game, rules: &Rules, numbers: &[i64]) -> (usize, usize) {
        let board = Board::new(game, numbers.to_vec()).unwrap();
        let (mut seen, mut int_walks) = (0, 0);
        for window in [None, Some(Window { lo: 1, hi: 1108 })] {
            let dp = Dp::<Int>::build_with(&board, rules, window, None).unwrap();
            for s in 1..=dp.subs.full() {
                if dp.subs.size(s) < 2 {
                    continue;
                }
                int_walks += usize::from(dp.bounded(s)) * 2;
                for kind in [Flat::Sum, Flat::Product] {
                    let (fast, generic) = (nodes(&dp, s, kind, true), nodes(&dp, s, kind, false));
                    assert_eq!(
                        fast, generic,
                        "{numbers:?} {rules:?} sub-board {s} {kind:?}"
                    );
                    seen += fast.len();
                }
            }
        }
        (seen, int_walks)
    }

    #[test]
    fn the_integer_walk_is_the_generic_walk_node_for_node() {
        let digits = Game::preset(GameKind::Digits);
        let countdown = Game::preset(GameKind::Countdown);
        let use_all = Rules {
            use_all: true,
            ..digits.rules
        };
        // Low enough that the larger sub-boards are not bounded and take the generic walk.
        let low_limit = Rules {
            limit: 2_000,
            ..digits.rules
        };
        let mut rng = SplitMix64::new(53);
        let mut deal = |pool: &[i64]| -> Vec<i64> {
            let mut pool = pool.to_vec();
            (0..6)
                .map(|_| pool.swap_remove(rng.below(pool.len() as u64) as usize))
                .collect()
        };
        let digit_pool: Vec<i64> = (1..=25).collect();
        let card_pool: Vec<i64> = (1..=10)
            .flat_map(|n| [n, n])
            .chain([25, 50, 75, 100])
            .collect();
        let (mut seen, mut int_walks) = (0, 0);
        for _ in 0..6 {
            let d = deal(&digit_pool);
            let c = deal(&card_pool);
            for (game, rules, numbers) in [
                (&digits, digits.rules, &d),
                (&digits, use_all, &d),
                (&digits, low_limit, &d),
                (&countdown, countdown.rules, &c),
            ] {
                let (n, w) = compare(game, &rules, numbers);
                seen += n;
                int_walks += w;
            }
        }
        // Repeated numbers, and a partial product that comes back to 1 (2 × 3 ÷ 6).
        for numbers in [[2, 2, 3, 3, 6, 100], [1, 1, 2, 2, 25, 50]] {
            let (n, w) = compare(&countdown, &countdown.rules, &numbers);
            seen += n;
            int_walks += w;
        }
        assert!(seen > 100_000, "{seen} nodes compared");
        assert!(int_walks > 1_000, "{int_walks} walks in integers");
    }

    #[test]
    fn the_integer_window_is_the_fraction_window() {
        let game = Game::preset(GameKind::Countdown);
        let board = Board::new(&game, vec![2, 3, 7, 7, 25, 100]).unwrap();
        let window = Window { lo: 1, hi: 1108 };
        let dp = Dp::<Int>::build_with(&board, &game.rules, Some(window), None).unwrap();
        let mut rng = SplitMix64::new(45);
        let mut compared = 0;
        for kind in [Flat::Sum, Flat::Product] {
            let walk = FlatWalk {
                dp: &dp,
                kind,
                min_items: 2,
                blocks: Vec::new(),
                order: Vec::new(),
                lists: Vec::new(),
                stack: Vec::new(),
                forms: vec![Some(1)],
                ratios: Vec::new(),
                int_ratios: None,
                window: Some(window),
                bounded: true,
            };
            for block in 1..dp.subs.full() {
                let items = dp.items(kind, block);
                for _ in 0..200 {
                    let den = 1 + rng.below(60) as i64;
                    let num = rng.below(40_000) as i64 - 10_000;
                    let g = gcd64(num.unsigned_abs(), den as u64).max(1) as i64;
                    let p = SmallFrac {
                        num: num / g,
                        den: den / g,
                    };
                    let frac = Frac {
                        num: p.num.into(),
                        den: p.den.into(),
                    };
                    for inverse in [false, true] {
                        assert_eq!(
                            walk.int_window(items, p, inverse, window),
                            walk.last_items(items, frac, inverse, window),
                            "{kind:?} block {block} {p:?} inverse {inverse}"
                        );
                        compared += 1;
                    }
                }
            }
        }
        assert_eq!(compared, 2 * 2 * 200 * (dp.subs.full() - 1));
    }
}
