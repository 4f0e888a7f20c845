//! What a sub-board's table holds for one value: its counts under every convention
//! ([`Entry`], credited in an [`Accumulator`] while it is built), what its trees pass through
//! for the difficulty features ([`Trail`]), and the counts of a value over every usable
//! sub-board ([`Counts`]).

use serde::Serialize;

use crate::game::number::{Number, Op};

/// One value reached by one sub-board, with how many forms reach it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry<V> {
    pub value: V,
    /// Ordered binary trees.
    pub trees: u64,
    /// Trees modulo commutativity.
    pub expressions: u64,
    /// Canonical forms that are flat sums.
    pub sum: u64,
    /// Canonical forms that are flat products.
    pub product: u64,
    /// Canonical forms that are powers.
    pub power: u64,
    /// What the easiest trees reaching the value go through.
    pub trail: Trail,
}

impl<V> Entry<V> {
    /// An entry for `value` with no forms yet.
    pub fn empty(value: V) -> Entry<V> {
        Entry {
            value,
            trees: 0,
            expressions: 0,
            sum: 0,
            product: 0,
            power: 0,
            trail: Trail::NONE,
        }
    }

    /// Adds the trees and forms credited in `a`.
    pub(super) fn add(&mut self, a: &Accumulator) -> Option<()> {
        self.trees = self.trees.checked_add(a.trees)?;
        self.expressions = self.expressions.checked_add(a.expressions)?;
        self.sum = self.sum.checked_add(a.sum)?;
        self.product = self.product.checked_add(a.product)?;
        self.trail.merge(a.trail);
        Some(())
    }

    /// Canonical forms that are the number itself (0 or 1): kept as a flag of the trail
    /// rather than a count of its own, so that an entry fills a cache line exactly.
    pub fn lone_number(&self) -> u64 {
        u64::from(self.trail.has(Trail::LONE_NUMBER))
    }

    /// Canonical forms under `distinct`.
    pub fn distinct(&self) -> u64 {
        self.lone_number() + self.sum + self.product + self.power
    }

    /// Forms that can be a term of a sum.
    pub fn non_sum(&self) -> u64 {
        self.lone_number() + self.product + self.power
    }

    /// Forms that can be a factor of a product.
    pub fn non_product(&self) -> u64 {
        self.lone_number() + self.sum + self.power
    }
}

/// What a build credits to one value before it becomes an [`Entry`] (its powers are counted
/// apart, in the sink's map).
#[derive(Clone, Copy, Default)]
pub(super) struct Accumulator {
    pub(super) trees: u64,
    pub(super) expressions: u64,
    pub(super) sum: u64,
    pub(super) product: u64,
    pub(super) trail: Trail,
}

impl Accumulator {
    /// Adds `trees` ordered trees and `expressions` expressions that pass through `trail`.
    #[inline]
    pub(super) fn add_trees(&mut self, trees: u64, expressions: u64, trail: Trail) -> Option<()> {
        self.trees = self.trees.checked_add(trees)?;
        self.expressions = self.expressions.checked_add(expressions)?;
        self.trail.merge(trail);
        Some(())
    }

    pub(super) fn entry<V>(&self, value: V) -> Entry<V> {
        Entry {
            value,
            trees: self.trees,
            expressions: self.expressions,
            sum: self.sum,
            product: self.product,
            power: 0,
            trail: self.trail,
        }
    }
}

/// What the trees reaching one value pass through, for the difficulty features: each property
/// is found over all trees on its own (the tree that avoids a division need not be the one with
/// the lowest peak). Kept with the counts because it is computed in the same pass, from the
/// same operand pairs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Trail {
    /// The smallest, over trees, of the largest magnitude (rounded up) of any value the tree
    /// computes, itself included; 0 for a lone number, which computes nothing.
    pub peak: u64,
    /// [`Trail::NO_DIVISION`] and the other bits: which kinds of tree exist.
    pub flags: u8,
    /// The fewest, over trees, of the values a tree computes that are not integers (saturating
    /// at 255); always 0 in the positive-integer domain. Kept beside `flags` in the padding of
    /// `peak`, so a trail stays 16 bytes and an entry one cache line.
    pub fractions: u8,
}

impl Trail {
    /// Some tree has no division.
    pub const NO_DIVISION: u8 = 1;
    /// Some tree has only integer intermediate values.
    pub const INTEGRAL: u8 = 2;
    /// Some tree has no negative intermediate value.
    pub const NON_NEGATIVE: u8 = 4;
    /// The value is the product of two lone numbers.
    pub const PRODUCT_OF_TWO: u8 = 8;
    /// Some tree is a product of two lone numbers, or such a product plus or minus a
    /// correction at most a quarter of the value: the greedy route people try first.
    pub const GREEDY: u8 = 16;
    /// The value is a lone board number.
    pub const LONE_NUMBER: u8 = 32;
    /// The properties that hold for a tree when they hold for both of its operands.
    pub(super) const INHERITED: u8 = Self::NO_DIVISION | Self::INTEGRAL | Self::NON_NEGATIVE;

    /// Nothing reached yet: the identity of [`Trail::merge`].
    pub const NONE: Trail = Trail {
        peak: u64::MAX,
        flags: 0,
        fractions: u8::MAX,
    };

    /// A lone board number (a positive integer).
    pub const OF_LONE_NUMBER: Trail = Trail {
        peak: 0,
        flags: Self::INHERITED | Self::LONE_NUMBER,
        fractions: 0,
    };

    /// Whether some tree has the property `flag`.
    pub fn has(self, flag: u8) -> bool {
        self.flags & flag != 0
    }

    /// Both sets of trees together.
    #[inline]
    pub fn merge(&mut self, o: Trail) {
        self.peak = self.peak.min(o.peak);
        self.flags |= o.flags;
        self.fractions = self.fractions.min(o.fractions);
    }

    /// The trail of `−t` for trees `t` with this trail, `−t` being worth `v`: unary minus is
    /// one more operation, and the result is no longer a product or a correction of one.
    pub(super) fn negated<V: Number>(self, v: V) -> Trail {
        let mut flags = self.flags & Self::INHERITED;
        if v.is_negative() {
            flags &= !Self::NON_NEGATIVE;
        }
        Trail {
            peak: self.peak.max(v.magnitude()),
            flags,
            fractions: self
                .fractions
                .saturating_add(u8::from(v.as_int().is_none())),
        }
    }

    /// The trail of the trees `l op r`, worth `v`.
    #[inline]
    pub(super) fn of<V: Number>(op: Op, l: &Entry<V>, r: &Entry<V>, v: V) -> Trail {
        let (lt, rt) = (l.trail, r.trail);
        let mut flags = lt.flags & rt.flags & Self::INHERITED;
        if op == Op::Div {
            flags &= !Self::NO_DIVISION;
        }
        let mut fractions = lt.fractions.saturating_add(rt.fractions);
        if !V::POSITIVE {
            if v.as_int().is_none() {
                flags &= !Self::INTEGRAL;
                fractions = fractions.saturating_add(1);
            }
            if v.is_negative() {
                flags &= !Self::NON_NEGATIVE;
            }
        }
        let m = v.magnitude();
        // `p ± c` with `p` a product of two numbers and `c` small beside the value.
        let greedy = |p: Trail, c: &Entry<V>| {
            p.has(Self::PRODUCT_OF_TWO) && c.value.magnitude().saturating_mul(4) <= m
        };
        match op {
            Op::Mul if l.trail.has(Self::LONE_NUMBER) && r.trail.has(Self::LONE_NUMBER) => {
                flags |= Self::PRODUCT_OF_TWO | Self::GREEDY
            }
            Op::Add if greedy(lt, r) || greedy(rt, l) => flags |= Self::GREEDY,
            Op::Sub if greedy(lt, r) => flags |= Self::GREEDY,
            _ => {}
        }
        Trail {
            peak: lt.peak.max(rt.peak).max(m),
            flags,
            fractions,
        }
    }
}

impl Default for Trail {
    fn default() -> Self {
        Trail::NONE
    }
}

/// The counts of one value over every sub-board allowed (any sub-board, or the whole board
/// when every number must be used).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    pub trees: u64,
    pub expressions: u64,
    /// `None` where `distinct` is not defined (with unary minus).
    pub distinct: Option<u64>,
    /// Fewest operations that reach the value.
    pub min_ops: u32,
    /// The trails of every usable sub-board's trees together.
    #[serde(skip)]
    pub trail: Trail,
}
