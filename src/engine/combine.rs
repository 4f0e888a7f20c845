//! The trees of a split: every pair of values of two complementary sub-boards under every
//! operation, credited with their `trees`, `expressions`, two-item flat forms and trail.

use crate::game::number::{Number, Op};

use super::Window;
use super::accumulators::{Sink, add_mul, pairs};
use super::dp::Dp;
use super::entry::{Accumulator, Entry, Trail};
use super::lead_sums::Sums;

impl<V: Number> Dp<V> {
    /// Combines the tables of sub-boards `a` and `s − a`.
    pub(super) fn combine(&self, s: usize, a: usize, acc: &mut impl Sink<V>) -> Option<()> {
        let b = s - a;
        let (ta, tb) = (&self.built(a).entries, &self.built(b).entries);
        let sums = self.sums_of_split(s, a);
        match self.window.filter(|_| s == self.subs.full()) {
            _ if a == b => self.combine_same(ta, acc),
            // Each left operand costs a dozen binary searches in the right table, so the
            // shorter table goes on the left (the pairs tried are the same either way).
            Some(w) if ta.len() <= tb.len() => self.combine_pair_in(ta, tb, sums, w, acc),
            Some(w) => self.combine_pair_in(tb, ta, sums.flipped(), w, acc),
            None => self.combine_pair(ta, tb, sums, acc),
        }?;
        self.credit_zero_sums(s, a, sums, acc)
    }

    /// Two different sub-boards: every ordered tree appears once per orientation.
    pub(super) fn combine_pair(
        &self,
        ta: &[Entry<V>],
        tb: &[Entry<V>],
        sums: Sums,
        acc: &mut impl Sink<V>,
    ) -> Option<()> {
        for ea in ta {
            for eb in tb {
                self.rules
                    .results(ea.value, eb.value, &mut |op, swapped, v| {
                        let (l, r) = if swapped { (eb, ea) } else { (ea, eb) };
                        self.credit_value(op, l, r, v, || sums.forms(ea, eb), acc)
                    })?;
            }
        }
        Some(())
    }

    /// Credits the trees `l op r` of two different sub-boards, if they are valid;
    /// `sum_forms` gives the sum forms they add to `l ± r`.
    #[inline(always)]
    pub(super) fn try_op(
        &self,
        op: Op,
        l: &Entry<V>,
        r: &Entry<V>,
        sum_forms: impl FnOnce() -> Option<u64>,
        acc: &mut impl Sink<V>,
    ) -> Option<()> {
        match self.rules.apply(op, l.value, r.value) {
            Some(v) => self.credit_value(op, l, r, v, sum_forms, acc),
            None => Some(()),
        }
    }

    /// Credits the trees `l op r`, worth `v`, where the accumulator keeps `v`.
    #[inline(always)]
    fn credit_value(
        &self,
        op: Op,
        l: &Entry<V>,
        r: &Entry<V>,
        v: V,
        sum_forms: impl FnOnce() -> Option<u64>,
        acc: &mut impl Sink<V>,
    ) -> Option<()> {
        if let Some(e) = acc.slot(v) {
            self.credit(e, op, l, r, v, sum_forms)?;
            if op == Op::Pow {
                acc.add_powers(v, l, r)?;
            }
        }
        Some(())
    }

    /// [`Dp::combine_pair`] for the whole board under a window, positive integers only:
    /// for each left operand, only the right operands that can land in the window are tried,
    /// found by binary search in the (ascending) right table.
    pub(super) fn combine_pair_in(
        &self,
        ta: &[Entry<V>],
        tb: &[Entry<V>],
        sums: Sums,
        w: Window,
        acc: &mut impl Sink<V>,
    ) -> Option<()> {
        // Positive integers: every value, and the window, fits in 64 bits, where division is
        // an instruction (128-bit division is a library call).
        let int = |e: &Entry<V>| e.value.to_wide().num as i64;
        // Index range of the right operands whose value lies in `lo..=hi`.
        let range = |lo: i64, hi: i64| {
            tb.partition_point(|e| int(e) < lo)..tb.partition_point(|e| int(e) <= hi)
        };
        let (lo, hi) = (w.lo.max(1), w.hi);
        if hi < lo {
            return Some(()); // no value lands in an empty window
        }
        let pow = if self.rules.pow { tb } else { &[] };
        // Written out rather than looped over an array of operations, so that each call is
        // compiled for its operation and orientation (the innermost loop of a corpus run).
        for ea in ta {
            let a = int(ea);
            let side = |r: std::ops::Range<usize>| &tb[r];
            self.credit_all(Op::Add, false, ea, side(range(lo - a, hi - a)), sums, acc)?;
            let mul = range(div_ceil(lo, a), hi / a);
            self.credit_all(Op::Mul, false, ea, side(mul), sums, acc)?;
            self.credit_all(Op::Sub, false, ea, side(range(a - hi, a - lo)), sums, acc)?;
            let sub = range(a.saturating_add(lo), a.saturating_add(hi));
            self.credit_all(Op::Sub, true, ea, side(sub), sums, acc)?;
            let div = range(div_ceil(a, hi), a / lo);
            self.credit_all(Op::Div, false, ea, side(div), sums, acc)?;
            let div = range(a.saturating_mul(lo), a.saturating_mul(hi));
            self.credit_all(Op::Div, true, ea, side(div), sums, acc)?;
            self.credit_all(Op::Pow, false, ea, pow, sums, acc)?;
            self.credit_all(Op::Pow, true, ea, pow, sums, acc)?;
        }
        Some(())
    }

    /// Credits `ea op eb` (`eb op ea` when `swap`) for every `eb` of `tb`, where valid.
    #[inline(always)]
    fn credit_all(
        &self,
        op: Op,
        swap: bool,
        ea: &Entry<V>,
        tb: &[Entry<V>],
        sums: Sums,
        acc: &mut impl Sink<V>,
    ) -> Option<()> {
        for eb in tb {
            let (l, r) = if swap { (eb, ea) } else { (ea, eb) };
            self.try_op(op, l, r, || sums.forms(ea, eb), acc)?;
        }
        Some(())
    }

    /// Credits `e` with the trees `l op r` (worth `v`) of two different sub-boards (both
    /// orientations at once for a commutative `op`), and a sum with the forms `sum_forms`
    /// gives ([`Sums::forms`]).
    #[inline(always)]
    pub(super) fn credit(
        &self,
        e: &mut Accumulator,
        op: Op,
        l: &Entry<V>,
        r: &Entry<V>,
        v: V,
        sum_forms: impl FnOnce() -> Option<u64>,
    ) -> Option<()> {
        let trees = l.trees.checked_mul(r.trees)?;
        let trees = if op.is_commutative() {
            trees.checked_mul(2)?
        } else {
            trees
        };
        let expressions = l.expressions.checked_mul(r.expressions)?;
        e.add_trees(trees, expressions, Trail::of(op, l, r, v))?;
        let unit = self.rules.drops_unit_factors() && (l.value.is_one() || r.value.is_one());
        match op {
            Op::Add | Op::Sub => {
                e.sum = e.sum.checked_add(sum_forms()?)?;
                Some(())
            }
            Op::Mul | Op::Div if unit => Some(()),
            Op::Mul | Op::Div => add_mul(&mut e.product, l.non_product(), r.non_product()),
            // Kept out of the accumulator (see [`Sink::powers`]).
            Op::Pow => Some(()),
        }
    }

    /// Both halves the same multiset (possible only with repeated numbers): a commutative
    /// operation on two forms of the same half is an unordered pair, counted once.
    pub(super) fn combine_same(&self, t: &[Entry<V>], acc: &mut impl Sink<V>) -> Option<()> {
        let drop_units = self.rules.drops_unit_factors();
        for (i, ea) in t.iter().enumerate() {
            let a = ea.value;
            for (j, eb) in t.iter().enumerate() {
                let b = eb.value;
                let unit = drop_units && (a.is_one() || b.is_one());
                let trees = ea.trees.checked_mul(eb.trees)?;
                let x = ea.expressions.checked_mul(eb.expressions)?;
                // The commutative trees of an unordered pair (`i ≤ j`): `a op a` once,
                // `a op b` both ways; `(j, i)` adds none.
                let (ct, cx, cns, cnp) = if i < j {
                    (
                        trees.checked_mul(2)?,
                        x,
                        ea.non_sum().checked_mul(eb.non_sum())?,
                        ea.non_product().checked_mul(eb.non_product())?,
                    )
                } else if i == j {
                    (
                        trees,
                        pairs(ea.expressions)?,
                        pairs(ea.non_sum())?,
                        pairs(ea.non_product())?,
                    )
                } else {
                    (0, 0, 0, 0)
                };
                self.rules.results_one_way(a, b, i <= j, &mut |op, v| {
                    let Some(e) = acc.slot(v) else {
                        return Some(());
                    };
                    match op {
                        Op::Add => {
                            e.add_trees(ct, cx, Trail::of(op, ea, eb, v))?;
                            e.sum = e.sum.checked_add(cns)?;
                        }
                        Op::Mul => {
                            e.add_trees(ct, cx, Trail::of(op, ea, eb, v))?;
                            if !unit {
                                e.product = e.product.checked_add(cnp)?;
                            }
                        }
                        Op::Sub => {
                            e.add_trees(trees, x, Trail::of(op, ea, eb, v))?;
                            add_mul(&mut e.sum, ea.non_sum(), eb.non_sum())?;
                        }
                        Op::Div => {
                            e.add_trees(trees, x, Trail::of(op, ea, eb, v))?;
                            if !unit {
                                add_mul(&mut e.product, ea.non_product(), eb.non_product())?;
                            }
                        }
                        Op::Pow => {
                            e.add_trees(trees, x, Trail::of(op, ea, eb, v))?;
                            acc.add_powers(v, ea, eb)?;
                        }
                    }
                    Some(())
                })?;
            }
        }
        Some(())
    }
}

/// `⌈a / d⌉` for positive `a` and `d`, without the overflow of `(a + d − 1) / d`.
#[inline]
fn div_ceil(a: i64, d: i64) -> i64 {
    (a as u64).div_ceil(d as u64) as i64
}
