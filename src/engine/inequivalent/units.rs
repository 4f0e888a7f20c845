//! Neutral elements found (rules R1, R2; moved to the root in [`super::neutral`]): a *unit*
//! is a card 1 or a difference `c − d` of two cards equal to 1, a *pair* two cards of equal
//! value in opposite roles (or the same role where it is free); and the conservative test
//! a node is flagged by when it is created ([`Arena::may_be_neutral`]).

use super::canon::{Arena, Id, Key};

pub(super) fn leaf_val(a: &Arena, id: Id) -> Option<i64> {
    match a.key(id) {
        Key::Leaf(v) => Some(v),
        _ => None,
    }
}

/// A card 1, or `c − d` with cards `c − d = 1` (including `1 − 0`, stored as `1 + 0`).
pub(crate) fn is_unit(a: &Arena, id: Id) -> bool {
    match a.key(id) {
        Key::Leaf(v) => v == 1,
        Key::Sum(p, n) => match (p.as_slice(), n.as_slice()) {
            ([c], [d]) => match (leaf_val(a, *c), leaf_val(a, *d)) {
                (Some(c), Some(d)) => c.checked_sub(d) == Some(1),
                _ => false,
            },
            // `1 − 0`, whose zero term is written on the plus side (rule Z)
            ([x, y], []) => matches!(
                (leaf_val(a, *x), leaf_val(a, *y)),
                (Some(0), Some(1)) | (Some(1), Some(0))
            ),
            _ => false,
        },
        Key::Prod(..) => false,
    }
}

/// Where a pair is looked for: a sum, or a product (zero-valued or not).
#[derive(Clone, Copy, PartialEq)]
pub(super) enum In {
    Sum,
    Prod,
    ZeroProd,
}

/// Two leaves forming a pair: equal values, opposite roles — or the same
/// role when that role is free: zeros in a sum (sign-free), ones in a product
/// and any factor of a zero product (exponent-free).  `× 0 ÷ 0` is no pair.
pub(super) fn pair_at(
    a: &Arena,
    (i, fi): (Id, bool),
    (j, fj): (Id, bool),
    within: In,
) -> Option<i64> {
    let (u, v) = (leaf_val(a, i)?, leaf_val(a, j)?);
    let same_role_ok = match within {
        In::Sum => u == 0,
        In::Prod => u == 1,
        In::ZeroProd => true,
    };
    (u == v && (fi != fj || same_role_ok) && (within == In::Sum || u != 0)).then_some(u)
}

impl Arena {
    /// Conservative test used when a node is created: may it contain a neutral
    /// element?  (Only an accelerator: `false` guarantees there is none.)
    pub(crate) fn may_be_neutral(&self, key: &Key, zero: bool) -> bool {
        let a = self;
        let (x, y, within) = match key {
            Key::Leaf(_) => return false,
            Key::Sum(p, n) => (p.as_slice(), n.as_slice(), In::Sum),
            Key::Prod(n, d) => (
                n.as_slice(),
                d.as_slice(),
                if zero { In::ZeroProd } else { In::Prod },
            ),
        };
        let all = || x.iter().chain(y);
        if all().any(|&c| a.node(c).neutral)
            || (within != In::Sum && x.iter().any(|&f| is_unit(a, f)))
        {
            return true;
        }
        // pairs across roles, or within the first role when it is free
        let cross = x.iter().any(|&i| {
            y.iter()
                .any(|&j| pair_at(a, (i, false), (j, true), within).is_some())
        });
        cross
            || (0..x.len()).any(|i| {
                (i + 1..x.len()).any(|j| pair_at(a, (x[i], false), (x[j], false), within).is_some())
            })
    }
}
