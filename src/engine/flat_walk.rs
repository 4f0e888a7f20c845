//! The walk over a sub-board's flat nodes: partitions of the sub-board into blocks, then one
//! item per block in a canonical order, so that each multiset of items is seen once; products
//! with a proper part worth 1 are skipped where unit factors are dropped.

use rustc_hash::FxHashMap;

use crate::error::{Error, Result};
use crate::game::board::MAX_NUMBERS;
use crate::game::number::{Number, Op};

use super::Window;
use super::accumulators::multichoose;
use super::dp::Dp;
use super::flat::{Flat, FlatFn, Item};
use super::fraction::{Frac, SmallFrac, mul128};

/// The state of one enumeration of flat nodes: first a partition of the sub-board into the
/// items' blocks, then the items over those blocks.
pub(super) struct FlatWalk<'a, V> {
    pub(super) dp: &'a Dp<V>,
    pub(super) kind: Flat,
    pub(super) min_items: usize,
    /// The blocks of the partition being built, in canonical order.
    pub(super) blocks: Vec<usize>,
    /// The same blocks in the order items are drawn: smallest item list first, so that the
    /// windowed search of the last item prunes the longest list.
    pub(super) order: Vec<usize>,
    /// The item lists of the blocks in `order`.
    pub(super) lists: Vec<&'a [(V, u64)]>,
    pub(super) stack: Vec<Item>,
    /// `forms[k]`: how many canonical forms the first `k` stacked items have together.
    pub(super) forms: Vec<Option<u64>>,
    /// Products only: `ratios[k][mask]` is the product of the first `k` factors in `mask`.
    pub(super) ratios: Vec<Vec<Frac>>,
    /// Instead of `ratios` for positive integers over a bounded sub-board, where every
    /// product of items fits in 64 bits: the same products as (numerator, denominator), so
    /// that a unit check takes two integer multiplications. Set when the walk runs in 64-bit
    /// integers ([`FlatWalk::step_int`]).
    pub(super) int_ratios: Option<Vec<Vec<(u64, u64)>>>,
    /// The whole board's window, when walking its flat nodes: the last item is then only
    /// drawn from those that bring the node's value into it.
    pub(super) window: Option<Window>,
    /// Whether every expression over the sub-board stays within the limit (see
    /// [`Dp::bounded`]), so that every flat node whose value is in the domain is
    /// realizable.
    pub(super) bounded: bool,
}

impl<V: Number> FlatWalk<'_, V> {
    /// Partitions `rest` into blocks, each holding the smallest number still unused; blocks
    /// sharing that smallest number come in ascending order, so each partition is seen once.
    pub(super) fn partitions(&mut self, rest: usize, f: &mut impl FlatFn<V>) -> Result<()> {
        let t = self.dp;
        let m = t.subs.min_value(rest);
        let bound = match self.blocks.last() {
            Some(&prev) if t.subs.min_value(prev) == m => prev,
            _ => 0,
        };
        let depth = self.blocks.len();
        for &block in &t.layout.lead_blocks[rest] {
            let left = rest - block;
            // Enough numbers must remain for the node to reach `min_items` items.
            if block < bound || depth + 1 + t.subs.size(left) < self.min_items {
                continue;
            }
            self.blocks.push(block);
            if left == 0 {
                self.order.clone_from(&self.blocks);
                self.order
                    .sort_unstable_by_key(|&b| (t.items(self.kind, b).len(), b));
                self.lists.clear();
                let kind = self.kind;
                self.lists
                    .extend(self.order.iter().map(|&b| t.items(kind, b)));
                if self.int_ratios.is_some() {
                    let start = SmallFrac {
                        num: i64::from(self.kind == Flat::Product),
                        den: 1,
                    };
                    self.step_int(0, start, false, (false, false), f)?;
                } else {
                    let start = match self.kind {
                        Flat::Sum => Frac::ZERO,
                        Flat::Product => Frac::ONE,
                    };
                    self.step(0, start, false, (false, false), f)?;
                }
            } else {
                self.partitions(left, f)?;
            }
            self.blocks.pop();
        }
        Ok(())
    }

    /// What a step of either walk starts from: whether unit parts are checked, the block of
    /// the item to draw, and the item before it over the same block, which it may not precede;
    /// `None` when the factors so far are worth 1 together, so that any further factor would
    /// make them a proper part worth 1.
    #[inline(always)]
    pub(super) fn start_step(
        &self,
        depth: usize,
        whole_is_one: bool,
    ) -> Option<(bool, usize, Option<Item>)> {
        let check_units = self.kind == Flat::Product && self.dp.rules.drops_unit_factors();
        if check_units && whole_is_one {
            return None;
        }
        let block = self.order[depth];
        let bound = (depth > 0 && self.order[depth - 1] == block).then(|| self.stack[depth - 1]);
        Some((check_units, block, bound))
    }

    /// Draws the item over block `order[depth]`; `directs`/`inverses` say whether the items
    /// so far include an added term or multiplier / a subtracted term or divisor. Items over
    /// the same block come in ascending order, so each multiset of items is seen once.
    pub(super) fn step(
        &mut self,
        depth: usize,
        partial: Frac,
        whole_is_one: bool,
        (directs, inverses): (bool, bool),
        f: &mut impl FlatFn<V>,
    ) -> Result<()> {
        let t = self.dp;
        let Some((check_units, block, bound)) = self.start_step(depth, whole_is_one) else {
            return Ok(());
        };
        let last = depth + 1 == self.order.len();
        if last
            && V::POSITIVE
            && let Some(p) = partial.small()
        {
            return self.last_int(depth, p, (directs, inverses), bound, f);
        }
        let items = self.lists[depth];
        for inverse in [false, true] {
            if last && !directs && inverse {
                // A node needs an added term or a multiplier to start from.
                continue;
            }
            // With positive integers every factor is at least 2, so a part worth 1 needs
            // both a multiplier and a divisor.
            let units_possible =
                check_units && (!V::POSITIVE || if inverse { directs } else { inverses });
            let range = match self.window {
                Some(w) if last => self.last_items(items, partial, inverse, w),
                _ => 0..items.len(),
            };
            for (index, &(w, n)) in items.iter().enumerate().take(range.end).skip(range.start) {
                let item = Item {
                    block: block as u32,
                    inverse,
                    index,
                };
                if bound.is_some_and(|b| item < b) {
                    continue;
                }
                let w = Frac::of(w);
                let (next, factor) = match self.kind {
                    Flat::Sum => {
                        let Some(p) = partial.add(if inverse { w.neg() } else { w }) else {
                            continue;
                        };
                        (p, w)
                    }
                    Flat::Product => {
                        let Some(factor) = (if inverse { w.recip() } else { Some(w) }) else {
                            continue;
                        };
                        let Some(p) = partial.mul(factor) else {
                            continue;
                        };
                        if units_possible && self.closes_unit(depth, factor)? {
                            continue;
                        }
                        (p, factor)
                    }
                };
                self.push(item, n);
                if last {
                    if let Some(v) = next.value::<V>(t.rules.limit)
                        && self.realizable()
                    {
                        self.emit(v, f)?;
                    }
                } else {
                    if check_units {
                        self.push_ratios(depth, factor)?;
                    }
                    let whole_one = check_units && depth > 0 && next.is_one();
                    let flags = (directs || !inverse, inverses || inverse);
                    self.step(depth + 1, next, whole_one, flags, f)?;
                }
                self.pop();
            }
        }
        Ok(())
    }

    /// The items (ascending, positive) that, added or subtracted, multiplied or divided as
    /// `inverse` says, take `partial` into the window; all of them if a bound overflows.
    pub(super) fn last_items(
        &self,
        items: &[(V, u64)],
        partial: Frac,
        inverse: bool,
        w: Window,
    ) -> std::ops::Range<usize> {
        let (n, d) = (partial.num, partial.den);
        let (lo, hi) = (i128::from(w.lo.max(1)), i128::from(w.hi));
        // Bounds on the item as fractions `(numerator, positive denominator)`.
        let bounds = || -> Option<((i128, i128), (i128, i128))> {
            Some(match (self.kind, inverse) {
                (Flat::Sum, false) => (
                    (mul128(lo, d)?.checked_sub(n)?, d),
                    (mul128(hi, d)?.checked_sub(n)?, d),
                ),
                (Flat::Sum, true) => (
                    (n.checked_sub(mul128(hi, d)?)?, d),
                    (n.checked_sub(mul128(lo, d)?)?, d),
                ),
                _ if n <= 0 => return None,
                (Flat::Product, false) => ((mul128(lo, d)?, n), (mul128(hi, d)?, n)),
                (Flat::Product, true) => ((n, mul128(d, hi)?), (n, mul128(d, lo)?)),
            })
        };
        let Some(((ln, ld), (un, ud))) = bounds() else {
            return 0..items.len();
        };
        // `v ≥ x / y` as `v y ≥ x`, an overflowing product being larger than any bound.
        let at_least = |v: V, x: i128, y: i128| mul128(v.to_wide().num, y).is_none_or(|p| p >= x);
        let start = items.partition_point(|&(v, _)| !at_least(v, ln, ld));
        let end =
            items.partition_point(|&(v, _)| mul128(v.to_wide().num, ud).is_some_and(|p| p <= un));
        start..end.max(start)
    }

    /// Pushes `item`, which has `n` forms, with the form count of the items so far: `k`
    /// equal items drawn from `n` forms give C(n + k − 1, k), and equal items are adjacent.
    // Inlined: an item passed through memory is read back before its fields are all
    // stored, which stalls the walk's hottest path.
    #[inline(always)]
    pub(super) fn push(&mut self, item: Item, n: u64) {
        let run = self.stack.iter().rev().take_while(|&&i| i == item).count();
        let before = self.forms[self.stack.len() - run];
        let forms = if run == 0 {
            before.and_then(|b| b.checked_mul(n))
        } else {
            before
                .zip(multichoose(n, run + 1))
                .and_then(|(b, m)| b.checked_mul(m))
        };
        self.stack.push(item);
        self.forms.push(forms);
    }

    #[inline]
    pub(super) fn pop(&mut self) {
        self.stack.pop();
        self.forms.pop();
    }

    /// Calls `f` for the stacked items, worth `v`.
    pub(super) fn emit(&self, v: V, f: &mut impl FlatFn<V>) -> Result<()> {
        let forms = self.forms[self.stack.len()].ok_or_else(|| Error::CountOverflow)?;
        f(&self.stack, v, forms)
    }

    /// Whether some valid tree has the stacked items as its flat node. Its value is in the
    /// domain, so adding every term before subtracting (multiplying before dividing) is valid
    /// unless an intermediate leaves the magnitude bound; only then are the other trees tried.
    #[inline]
    pub(super) fn realizable(&self) -> bool {
        self.bounded || self.realizable_unbounded()
    }

    /// [`FlatWalk::realizable`] where some tree over the sub-board may leave the bound.
    pub(super) fn realizable_unbounded(&self) -> bool {
        let t = self.dp;
        let first = t.items(self.kind, self.stack[0].block as usize)[self.stack[0].index].0;
        let mut buf = [(first, false); MAX_NUMBERS];
        for (slot, it) in buf.iter_mut().zip(&self.stack) {
            *slot = (
                t.items(self.kind, it.block as usize)[it.index].0,
                it.inverse,
            );
        }
        let items = &buf[..self.stack.len()];
        let (grow, shrink) = match self.kind {
            Flat::Sum => (Op::Add, Op::Sub),
            Flat::Product => (Op::Mul, Op::Div),
        };
        let limit = t.rules.limit;
        let direct = || {
            let mut ordered = items
                .iter()
                .filter(|i| !i.1)
                .chain(items.iter().filter(|i| i.1));
            let mut acc = ordered.next()?.0;
            for &(w, inverse) in ordered {
                acc = acc.apply(if inverse { shrink } else { grow }, w, limit)?;
            }
            Some(acc)
        };
        direct().is_some()
            || any_tree(items, (grow, shrink), limit, &mut FxHashMap::default()).is_some()
    }

    /// Whether some non-empty part of the first `depth` factors, not all of them, times
    /// `factor` is worth 1.
    pub(super) fn closes_unit(&self, depth: usize, factor: Frac) -> Result<bool> {
        let parts = 1..(1usize << depth).saturating_sub(1).max(1);
        if self.int_ratios.is_some() {
            return Ok(self.closes_unit_int(depth, int_parts(factor)?));
        }
        for &ratio in &self.ratios[depth][parts] {
            if ratio.times_is_one(factor)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    pub(super) fn push_ratios(&mut self, depth: usize, factor: Frac) -> Result<()> {
        if self.int_ratios.is_some() {
            return self.push_ratios_int(depth, int_parts(factor)?);
        }
        if self.ratios.len() <= depth + 1 {
            self.ratios.push(Vec::new());
        }
        let (head, tail) = self.ratios.split_at_mut(depth + 1);
        let (prev, next) = (&head[depth], &mut tail[0]);
        next.clear();
        next.extend_from_slice(prev);
        for &r in prev {
            next.push(r.mul(factor).ok_or_else(|| Error::ArithmeticOverflow)?);
        }
        Ok(())
    }
}

/// The numerator and denominator of a factor of positive integers.
pub(super) fn int_parts(f: Frac) -> Result<(u64, u64)> {
    let part = |x: i128| u64::try_from(x).map_err(|_| Error::ArithmeticOverflow);
    Ok((part(f.num)?, part(f.den)?))
}

/// The value of some valid tree over exactly these signed items (`true`: subtracted or
/// divided), found by trying every split at the root: `L grow R` keeps the signs of `R`,
/// `L shrink R` flips them. A lone item stands only unsigned. Memoized by item subset.
pub(super) fn any_tree<V: Number>(
    items: &[(V, bool)],
    ops: (Op, Op),
    limit: i64,
    memo: &mut FxHashMap<(u32, u32), Option<V>>,
) -> Option<V> {
    pub(super) fn go<V: Number>(
        items: &[(V, bool)],
        mask: u32,
        flip: u32,
        ops: (Op, Op),
        limit: i64,
        memo: &mut FxHashMap<(u32, u32), Option<V>>,
    ) -> Option<V> {
        let signed = |i: usize| items[i].1 ^ (flip >> i & 1 == 1);
        if mask.count_ones() == 1 {
            let i = mask.trailing_zeros() as usize;
            return (!signed(i)).then_some(items[i].0);
        }
        if let Some(&v) = memo.get(&(mask, flip & mask)) {
            return v;
        }
        let mut found = None;
        let mut left = (mask - 1) & mask;
        while left > 0 && found.is_none() {
            let right = mask & !left;
            if let Some(l) = go(items, left, flip, ops, limit, memo) {
                found = go(items, right, flip, ops, limit, memo)
                    .and_then(|r| l.apply(ops.0, r, limit))
                    .or_else(|| {
                        go(items, right, flip ^ right, ops, limit, memo)
                            .and_then(|r| l.apply(ops.1, r, limit))
                    });
            }
            left = (left - 1) & mask;
        }
        memo.insert((mask, flip & mask), found);
        found
    }
    go(items, (1u32 << items.len()) - 1, 0, ops, limit, memo)
}
