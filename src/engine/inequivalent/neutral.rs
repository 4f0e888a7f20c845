//! Neutral elements and the moves that carry them to the root (rules R1, R2; the elements
//! are found in [`super::units`]).
//!
//! * a *unit* is a card 1 or a difference `c − d` of two cards equal to 1;
//!   as a factor (× or ÷) anywhere it can be moved to the root as `× U`;
//! * a *pair* is two cards of equal value used as `+a − a'` inside a sum or
//!   `×a ÷ a'` inside a product; it can be moved to the root as `+ a − a'`.
//!
//! [`moves`] lists, for a canonical expression, every expression obtained by
//! one such move (remove one neutral element where it is, re-attach it at the
//! root).  Classes are the connected components of this relation.

use super::canon::{Arena, Expr, Id, Key, Op, Parts};
use super::units::{In, is_unit, leaf_val, pair_at};

#[derive(Clone, Copy, Debug)]
enum Token {
    Unit(Id),
    Pair(i64),
}

/// Every way to remove one neutral element from `e` (same value), with the
/// element removed.  Sub-expressions are treated as standalone expressions
/// (their sign is absorbed by the enclosing sum or product).
fn strips(a: &mut Arena, e: Expr, out: &mut Vec<(Token, Expr)>) {
    if !a.node(e.id).neutral {
        return;
    }
    let total = a.value(e);
    match a.key(e.id) {
        Key::Leaf(_) => {}
        Key::Sum(..) => {
            let mut terms = Parts::new();
            a.push_terms(e, false, &mut terms);
            let ts = terms.as_slice();
            for i in 0..ts.len() {
                for j in i + 1..ts.len() {
                    if let Some(v) = pair_at(a, ts[i], ts[j], In::Sum) {
                        let rest = terms.without(&[i, j]);
                        if rest.len() > 0
                            && let Some(r) = a.make_sum(&rest, total)
                        {
                            out.push((Token::Pair(v), r));
                        }
                    }
                }
            }
            for (i, &(t, minus)) in ts.iter().enumerate() {
                let mut inner = Vec::new();
                strips(a, Expr { id: t, neg: false }, &mut inner);
                for (tok, t2) in inner {
                    let mut rest = terms.without(&[i]);
                    a.push_terms(t2, minus, &mut rest);
                    if let Some(r) = a.make_sum(&rest, total) {
                        out.push((tok, r));
                    }
                }
            }
        }
        Key::Prod(..) => {
            let mut fs = Parts::new();
            let sign = a.push_factors(e, false, &mut fs);
            let f = fs.as_slice();
            let mut found: Vec<(Token, Parts, bool)> = Vec::new();
            for (i, &(u, inv)) in f.iter().enumerate() {
                if !inv && is_unit(a, u) {
                    found.push((Token::Unit(u), fs.without(&[i]), sign));
                }
            }
            let within = if total.is_zero() {
                In::ZeroProd
            } else {
                In::Prod
            };
            for i in 0..f.len() {
                for j in i + 1..f.len() {
                    if let Some(v) = pair_at(a, f[i], f[j], within) {
                        found.push((Token::Pair(v), fs.without(&[i, j]), sign));
                    }
                }
            }
            for (i, &(g, inv)) in f.iter().enumerate() {
                let mut inner = Vec::new();
                strips(a, Expr { id: g, neg: false }, &mut inner);
                // a factor equal to 1 is exponent-free: if it collapses into a
                // product, that product may be multiplied or divided
                let free = a.node(g).val.is_unit();
                for (tok, g2) in inner {
                    let flips: &[bool] = if free && matches!(a.key(g2.id), Key::Prod(..)) {
                        &[false, true]
                    } else {
                        &[false]
                    };
                    for &flip in flips {
                        let mut rest = fs.without(&[i]);
                        let s2 = a.push_factors(g2, inv ^ flip, &mut rest);
                        found.push((tok, rest, sign ^ s2));
                    }
                }
            }
            for (tok, rest, s) in found {
                let Some(r) = a.make_prod(&rest, s, total) else {
                    continue;
                };
                out.push((tok, r));
                // a zero product is sign-free; if it collapses to a sum, both
                // orientations of that sum are reachable
                if total.is_zero()
                    && matches!(a.key(r.id), Key::Sum(..))
                    && let Some(r2) = a.negate(r).filter(|&r2| r2 != r)
                {
                    out.push((tok, r2));
                }
            }
        }
    }
}

/// All expressions reachable from `e` by moving one neutral element to the root.
pub(crate) fn moves(a: &mut Arena, e: Expr) -> Vec<Expr> {
    let mut st = Vec::new();
    strips(a, e, &mut st);
    let mut out = Vec::with_capacity(st.len());
    for (tok, rest) in st {
        if !a.expressible(rest) {
            continue;
        }
        let moved = match tok {
            Token::Unit(u) => a.apply(Op::Mul, rest, Expr { id: u, neg: false }),
            Token::Pair(v) => {
                let l = a.leaf(v);
                a.apply(Op::Add, rest, l)
                    .and_then(|s| a.apply(Op::Sub, s, l))
            }
        };
        out.extend(moved);
    }
    out
}

/// How many neutral elements sit directly in the root cluster of `e` (used to
/// pick a readable representative: neutral elements at the end).
pub(crate) fn root_neutrals(a: &Arena, e: Expr) -> usize {
    let (x, y, within) = match a.key(e.id) {
        Key::Leaf(_) => return 0,
        Key::Sum(p, n) => (p, n, In::Sum),
        Key::Prod(n, d) => (n, d, In::Prod),
    };
    let (x, y) = (x.as_slice(), y.as_slice());
    // ones count as pairs where they can (`8×3+1-1` rather than `8×3×1×1`)
    let ones = x.iter().filter(|&&f| leaf_val(a, f) == Some(1)).count();
    let units = match within {
        In::Sum => 0,
        _ => x.iter().filter(|&&f| is_unit(a, f)).count() - ones + ones / 2 + ones % 2,
    };
    let pairs = x
        .iter()
        .filter(|&&i| {
            y.iter()
                .any(|&j| pair_at(a, (i, false), (j, true), within).is_some())
        })
        .count();
    units + pairs
}
