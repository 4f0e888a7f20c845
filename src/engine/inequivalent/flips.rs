//! The value rules that hold only at a *maximal* position, so they cannot
//! be part of the bottom-up canonical forms (once `a ÷ b` is flattened into a
//! larger product it is no longer a quotient of its own):
//!
//! * QP: a quotient equal to ±1 that is not a factor of a larger product may
//!   be inverted (`x ÷ y = y ÷ x` when `x = y`);
//! * ZS: a difference equal to 0 that is not a term of a larger sum may be
//!   reversed (`x − y = y − x` when `x = y`).  Inside a product this already
//!   follows from rule Z, so only the whole expression needs it.
//!
//! Like the neutral moves, they are edges of the union–find on full boards.

use super::canon::{Arena, Expr, Key, Parts};

/// Every expression obtained from `e` by one QP or ZS step.
pub(crate) fn flips(a: &mut Arena, e: Expr) -> Vec<Expr> {
    let mut out = Vec::new();
    invert_quotients(a, e, &mut out);
    if matches!(a.key(e.id), Key::Sum(..)) && a.value(e).is_zero() {
        out.extend(a.negate(e).filter(|&n| n != e));
    }
    out.retain(|&x| a.expressible(x));
    out
}

/// `e` with one maximal product equal to ±1 inverted (`e` itself counts when
/// it is a product: it is then a whole expression or a term of a sum).
fn invert_quotients(a: &mut Arena, e: Expr, out: &mut Vec<Expr>) {
    let total = a.value(e);
    match a.key(e.id) {
        Key::Leaf(_) => {}
        Key::Prod(..) => {
            let mut fs = Parts::new();
            let sign = a.push_factors(e, false, &mut fs);
            if total.is_unit() {
                let mut inv = Parts::new();
                inv.extend(fs.as_slice().iter().map(|&(f, d)| (f, !d)));
                out.extend(a.make_prod(&inv, sign, total).filter(|&x| x != e));
            }
            for (i, &(f, d)) in fs.as_slice().iter().enumerate() {
                let mut inner = Vec::new();
                invert_quotients(a, Expr { id: f, neg: false }, &mut inner);
                for f2 in inner {
                    let mut rest = fs.without(&[i]);
                    let s2 = a.push_factors(f2, d, &mut rest);
                    out.extend(a.make_prod(&rest, sign ^ s2, total));
                }
            }
        }
        Key::Sum(..) => {
            let mut ts = Parts::new();
            a.push_terms(e, false, &mut ts);
            for (i, &(t, minus)) in ts.as_slice().iter().enumerate() {
                let mut inner = Vec::new();
                invert_quotients(a, Expr { id: t, neg: false }, &mut inner);
                for t2 in inner {
                    let mut rest = ts.without(&[i]);
                    a.push_terms(t2, minus, &mut rest);
                    out.extend(a.make_sum(&rest, total));
                }
            }
        }
    }
}
