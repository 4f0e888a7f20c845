//! The enumeration of a sub-board's flat nodes ([`Dp::for_each_flat`]): the items each
//! block offers, whether a sub-board's values are bounded, and the walk set up
//! ([`super::flat_walk`]) and counted.

use crate::error::{Error, Result};
use crate::game::number::Number;

use super::accumulators::Sink;
use super::dp::Dp;
use super::flat::{Flat, FlatFn};
use super::flat_walk::FlatWalk;
use super::fraction::Frac;

impl<V: Number> Dp<V> {
    /// Adds the flat nodes of `kind` with three or more items over `s` to `acc`.
    pub(super) fn count_flat(&self, s: usize, kind: Flat, acc: &mut impl Sink<V>) -> Result<()> {
        self.for_each_flat(s, kind, 3, &mut |_, value, forms| {
            let Some(e) = acc.slot(value) else {
                return Ok(());
            };
            let slot = match kind {
                Flat::Sum => &mut e.sum,
                Flat::Product => &mut e.product,
            };
            *slot = slot
                .checked_add(forms)
                .ok_or_else(|| Error::CountOverflow)?;
            Ok(())
        })
    }

    /// The items usable by a flat node of `kind` over sub-board `block`.
    pub fn items(&self, kind: Flat, block: usize) -> &[(V, u64)] {
        match kind {
            Flat::Sum => self.built(block).terms(),
            Flat::Product => self.built(block).factors(),
        }
    }

    /// Calls `f(items, value, forms)` once for every flat node of `kind` over exactly
    /// sub-board `s` with at least `min_items` items whose value is in the domain; `forms` is
    /// the product of the items' form counts, where `k` equal items drawn from `n` forms give
    /// C(n + k − 1, k).
    ///
    /// Items are generated in a canonical order (each item's block holds the smallest number
    /// still unused, and items sharing that smallest number come in ascending [`Item`] order),
    /// so each multiset of items is produced once.
    pub fn for_each_flat(
        &self,
        s: usize,
        kind: Flat,
        min_items: usize,
        f: &mut impl FlatFn<V>,
    ) -> Result<()> {
        self.walk_flat(s, kind, min_items, true, f)
    }

    /// [`Dp::for_each_flat`], walking a bounded sub-board of positive integers in 64-bit
    /// integers when `int` (the tests walk it both ways and compare).
    pub(super) fn walk_flat(
        &self,
        s: usize,
        kind: Flat,
        min_items: usize,
        int: bool,
        f: &mut impl FlatFn<V>,
    ) -> Result<()> {
        let bounded = self.bounded(s);
        let mut walk = FlatWalk {
            dp: self,
            kind,
            min_items,
            blocks: Vec::new(),
            order: Vec::new(),
            lists: Vec::new(),
            stack: Vec::new(),
            forms: vec![Some(1)],
            ratios: vec![vec![Frac::ONE]],
            int_ratios: (int && V::POSITIVE && bounded).then(|| vec![vec![(1, 1)]]),
            window: self.window.filter(|_| s == self.subs.full()),
            bounded,
        };
        walk.partitions(s, f)
    }

    /// Whether every expression over sub-board `s` (without `^`) has all its intermediate
    /// results within the limit: then adding every term of a flat node before subtracting
    /// (multiplying before dividing) is always valid once the node's value is in the domain,
    /// and [`FlatWalk::realizable`] need not check.
    ///
    /// Write `H(p/q) = |p| + q`. Then `H(x ± y)`, `H(x × y)` and `H(x ÷ y)` are at most
    /// `H(x) H(y)`, so every value (and every numerator and denominator) over numbers `n_i` is
    /// below `Π (n_i + 1)`.
    pub(super) fn bounded(&self, s: usize) -> bool {
        if self.rules.pow {
            return false;
        }
        let mut h: u128 = 1;
        for i in 0..self.subs.values.len() {
            for _ in 0..self.subs.count_of(s, i) {
                let Some(n) = self.subs.values[i].checked_add(1) else {
                    return false;
                };
                match h.checked_mul(n.unsigned_abs().into()) {
                    Some(x) => h = x,
                    None => return false,
                }
            }
        }
        h <= u128::from(self.rules.limit.unsigned_abs())
    }
}
