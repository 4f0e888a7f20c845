//! Canonical forms modulo commutativity and associativity (`distinct`), hash-consed in an
//! arena, and the unit-part check on products.

use std::collections::HashMap;

use super::Q;
use super::arith::Op;

/// Index of a canonical form in the [`Forms`] arena. Forms are hash-consed, so two
/// canonical forms are equal exactly when their ids are equal, and a multiset of forms is
/// canonically represented by its sorted ids.
pub(super) type FormId = u32;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) enum Kind {
    Leaf(Q),
    /// Sorted positive terms, sorted negative terms (no term is itself a Sum).
    Sum(Vec<FormId>, Vec<FormId>),
    /// Sorted numerator factors, sorted denominator factors (no factor is itself a Prod).
    Prod(Vec<FormId>, Vec<FormId>),
    /// Opaque: base ^ exponent.
    Pow(FormId, FormId),
}

/// Arena of the canonical forms met so far, with their values.
#[derive(Default)]
pub(super) struct Forms {
    kinds: Vec<Kind>,
    vals: Vec<Q>,
    /// See [`Forms::has_unit_subproduct`].
    unit: Vec<bool>,
    ids: HashMap<Kind, FormId>,
}

impl Forms {
    pub(super) fn intern(&mut self, kind: Kind, val: Q) -> FormId {
        if let Some(&id) = self.ids.get(&kind) {
            return id;
        }
        let id = FormId::try_from(self.kinds.len()).expect("too many forms");
        let unit = self.compute_unit_subproduct(&kind);
        self.kinds.push(kind.clone());
        self.vals.push(val);
        self.unit.push(unit);
        self.ids.insert(kind, id);
        id
    }

    pub(super) fn val(&self, f: FormId) -> Q {
        self.vals[f as usize]
    }

    /// Splits a form into the (positive, negative) parts of a sum chain (`sum`) or the
    /// (numerator, denominator) parts of a product chain (`!sum`); any other form is a
    /// single positive part.
    pub(super) fn chain_parts(&self, f: FormId, sum: bool) -> (Vec<FormId>, Vec<FormId>) {
        match (&self.kinds[f as usize], sum) {
            (Kind::Sum(p, n), true) | (Kind::Prod(p, n), false) => (p.clone(), n.clone()),
            _ => (vec![f], vec![]),
        }
    }

    /// Canonical form of `l op r`, whose value is `val`.
    pub(super) fn combine(&mut self, op: Op, l: FormId, r: FormId, val: Q) -> FormId {
        let kind = match op {
            Op::Pow => Kind::Pow(l, r),
            Op::Add | Op::Sub | Op::Mul | Op::Div => {
                let sum = matches!(op, Op::Add | Op::Sub);
                let (mut pos, mut neg) = self.chain_parts(l, sum);
                let (r_pos, r_neg) = self.chain_parts(r, sum);
                if matches!(op, Op::Add | Op::Mul) {
                    pos.extend(r_pos);
                    neg.extend(r_neg);
                } else {
                    // a − (b − c) = a − b + c and a ÷ (b ÷ c) = a × c ÷ b.
                    pos.extend(r_neg);
                    neg.extend(r_pos);
                }
                pos.sort();
                neg.sort();
                if sum {
                    Kind::Sum(pos, neg)
                } else {
                    Kind::Prod(pos, neg)
                }
            }
        };
        self.intern(kind, val)
    }

    /// Whether some product node of the form has a proper, non-empty sub-collection of its
    /// factors whose product ratio is 1 (such a solution is not counted when not use_all).
    pub(super) fn has_unit_subproduct(&self, f: FormId) -> bool {
        self.unit[f as usize]
    }

    /// [`Forms::has_unit_subproduct`] for a new form, from the flags of its parts.
    pub(super) fn compute_unit_subproduct(&self, kind: &Kind) -> bool {
        match kind {
            Kind::Leaf(_) => false,
            Kind::Pow(base, exp) => self.unit[*base as usize] || self.unit[*exp as usize],
            Kind::Sum(pos, neg) => pos.iter().chain(neg).any(|&x| self.unit[x as usize]),
            Kind::Prod(num, den) => {
                if num.iter().chain(den).any(|&x| self.unit[x as usize]) {
                    return true;
                }
                let factors: Vec<(Q, bool)> = num
                    .iter()
                    .map(|&x| (self.val(x), true))
                    .chain(den.iter().map(|&x| (self.val(x), false)))
                    .collect();
                let all = (1u64 << factors.len()) - 1;
                (1..all).any(|mask| ratio_is_one(&factors, mask))
            }
        }
    }
}

/// Minimal sign-magnitude big integer, only for comparing products of several factors.
#[derive(PartialEq, Eq)]
pub(super) struct Big {
    negative: bool,
    /// Little-endian base-2^32 limbs without leading zero limbs; empty means zero.
    limbs: Vec<u32>,
}

impl Big {
    pub(super) fn one() -> Big {
        Big {
            negative: false,
            limbs: vec![1],
        }
    }

    pub(super) fn mul(&mut self, m: i64) {
        if m == 0 || self.limbs.is_empty() {
            self.negative = false;
            self.limbs.clear();
            return;
        }
        self.negative ^= m < 0;
        let m = m.unsigned_abs() as u128;
        let mut carry: u128 = 0;
        for limb in &mut self.limbs {
            let t = *limb as u128 * m + carry;
            *limb = t as u32;
            carry = t >> 32;
        }
        while carry > 0 {
            self.limbs.push(carry as u32);
            carry >>= 32;
        }
    }
}

/// Whether the factors selected by `mask` (numerator factors F', denominator factors G')
/// have ΠF' / ΠG' == 1, i.e. Π num(F') · Π den(G') == Π num(G') · Π den(F').
pub(super) fn ratio_is_one(factors: &[(Q, bool)], mask: u64) -> bool {
    let mut lhs = Big::one();
    let mut rhs = Big::one();
    for (i, &(v, in_numerator)) in factors.iter().enumerate() {
        if mask >> i & 1 == 0 {
            continue;
        }
        if in_numerator {
            lhs.mul(v.num);
            rhs.mul(v.den);
        } else {
            if v.num == 0 {
                return false;
            }
            lhs.mul(v.den);
            rhs.mul(v.num);
        }
    }
    lhs == rhs
}
