//! The equivalence rules as literal rewrites of expression trees.
//!
//! Each rule is applied in one direction at every position of every tree;
//! union–find makes the relation symmetric and transitive.

use super::brute::{Op, Op::*, Q, Trees};

/// What a node is an operand of (some rules apply only at maximal positions).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Ctx {
    Top,
    InSum,
    InProd,
}

pub(super) fn ctx_of(op: Op) -> Ctx {
    match op {
        Add | Sub => Ctx::InSum,
        _ => Ctx::InProd,
    }
}

#[derive(Clone, Copy, Debug)]
pub(super) enum Tok {
    Unit(u32),
    Pair(i64),
}

/// Which operand of a node a regrouping takes apart, and how it puts the three back.
#[derive(Clone, Copy)]
enum Kid {
    /// `(A∘B)•C` as `A ⋄ (B ∗ C)`.
    Left,
    /// `A•(B∘C)` as `(A ∗ B) ⋄ C`.
    Right,
    /// `A•(B∘C)` as `(A ∗ C) ⋄ B`.
    RightSwapped,
}

/// R0's regroupings, tried in this order: at a node of the first operation whose `Kid`
/// operand is of the second, the three operands rebuilt with the third operation inside and
/// the fourth at the root.
const REGROUPINGS: [(Op, Kid, Op, Op, Op); 8] = [
    (Add, Kid::Left, Add, Add, Add),         // (A+B)+C = A+(B+C)
    (Mul, Kid::Left, Mul, Mul, Mul),         // (A×B)×C = A×(B×C)
    (Sub, Kid::RightSwapped, Sub, Add, Sub), // A−(B−C) = (A+C)−B
    (Sub, Kid::Left, Sub, Add, Sub),         // (A−B)−C = A−(B+C)
    (Add, Kid::Right, Sub, Add, Sub),        // A+(B−C) = (A+B)−C
    (Div, Kid::RightSwapped, Div, Mul, Div), // A÷(B÷C) = (A×C)÷B
    (Div, Kid::Left, Div, Mul, Div),         // (A÷B)÷C = A÷(B×C)
    (Mul, Kid::Right, Div, Mul, Div),        // A×(B÷C) = (A×B)÷C
];

impl Trees {
    /// Trees obtained from `t` by one local rule (R0, Z, Q) at any position;
    /// `ctx` says what `t` is an operand of.
    pub(super) fn rewrites(&mut self, t: u32, ctx: Ctx) -> Vec<u32> {
        if let Some(v) = self.local_memo.get(&(t, ctx)) {
            return v.clone();
        }
        let mut out = self.local(t, ctx);
        let op = self.op(t);
        if !matches!(op, Leaf(_)) {
            let (l, r) = self.kids(t);
            for l2 in self.rewrites(l, ctx_of(op)) {
                out.extend(self.mk(op, l2, r));
            }
            for r2 in self.rewrites(r, ctx_of(op)) {
                out.extend(self.mk(op, l, r2));
            }
        }
        self.local_memo.insert((t, ctx), out.clone());
        out
    }

    /// The local rules, each applied at the root of `t` (one direction
    /// suffices: union–find makes every rule symmetric).
    fn local(&mut self, t: u32, ctx: Ctx) -> Vec<u32> {
        let mut out = Vec::new();
        let op = self.op(t);
        if let Leaf(_) = op {
            return out;
        }
        let (a, b) = self.kids(t);
        let (oa, ob) = (self.op(a), self.op(b));
        let zero = self.val(t) == Q::int(0);
        let mut push = |x: Option<u32>| out.extend(x);
        // R0: algebra
        match op {
            Add => push(self.mk(Add, b, a)), // A+B = B+A
            Mul => push(self.mk(Mul, b, a)), // A×B = B×A
            _ => {}
        }
        for (at, kid, kid_op, inner, outer) in REGROUPINGS {
            let regrouped = match kid {
                Kid::Left if op == at && oa == kid_op => {
                    let (x, y) = self.kids(a);
                    self.mk(inner, y, b).and_then(|i| self.mk(outer, x, i))
                }
                Kid::Right | Kid::RightSwapped if op == at && ob == kid_op => {
                    let (x, y) = self.kids(b);
                    let (first, last) = match kid {
                        Kid::Right => (x, y),
                        _ => (y, x),
                    };
                    self.mk(inner, a, first)
                        .and_then(|i| self.mk(outer, i, last))
                }
                _ => continue,
            };
            push(regrouped);
        }
        // R0: moving a sign through a product
        let flip = |s: &mut Self, d: u32| -> Option<u32> {
            let (x, y) = s.kids(d);
            s.mk(Sub, y, x)
        };
        if op == Sub && matches!(ob, Mul | Div) {
            // A−(B−C)×D = A+(C−B)×D,  A−(B−C)÷D = A+(C−B)÷D,  A−D÷(B−C) = A+D÷(C−B)
            let (x, y) = self.kids(b);
            if self.op(x) == Sub {
                let nb = flip(self, x).and_then(|fx| self.mk(ob, fx, y));
                push(nb.and_then(|nb| self.mk(Add, a, nb)));
            }
            if ob == Div && self.op(y) == Sub {
                let nb = flip(self, y).and_then(|fy| self.mk(Div, x, fy));
                push(nb.and_then(|nb| self.mk(Add, a, nb)));
            }
        }
        if matches!(op, Mul | Div) && oa == Sub && ob == Sub {
            // (A−B)×(C−D) = (B−A)×(D−C), same with ÷
            let (fa, fb) = (flip(self, a), flip(self, b));
            push(fa.zip(fb).and_then(|(fa, fb)| self.mk(op, fa, fb)));
        }
        // Z: zero is sign-free
        if op == Add && self.val(b) == Q::int(0) && !self.is_sum(b) {
            push(self.mk(Sub, a, b)); // X+Z = X−Z
        }
        if zero && matches!(op, Mul | Div) {
            // (A−B)×C = (B−A)×C,  (A−B)÷C = (B−A)÷C,  C÷(A−B) = C÷(B−A)  when the product is 0
            if oa == Sub {
                push(flip(self, a).and_then(|fa| self.mk(op, fa, b)));
            }
            if op == Div && ob == Sub {
                push(flip(self, b).and_then(|fb| self.mk(op, a, fb)));
            }
        }
        if op == Div && zero {
            push(self.mk(Mul, a, b)); // 0÷X = 0×X
        }
        if op == Sub && self.val(a) == self.val(b) && ctx != Ctx::InSum {
            push(self.mk(Sub, b, a)); // ZS: A−B = B−A when A = B, not inside a larger sum
        }
        // Q: one is exponent-free
        if op == Div && ctx != Ctx::InProd {
            let (va, vb) = (self.val(a), self.val(b));
            if va == vb || Q::eval(Sub, Q::int(0), va) == Some(vb) {
                push(self.mk(Div, b, a)); // QP: A÷B = B÷A when |A| = |B|, not inside a larger product
            }
        }
        if op == Mul && self.val(b).1 == 1 && self.val(b).0.abs() == 1 && !self.is_prod(b) {
            push(self.mk(Div, a, b)); // X×Q = X÷Q
        }
        out
    }

    fn is_unit(&self, u: u32) -> bool {
        match self.op(u) {
            Leaf(c) => c == 1,
            Sub => {
                let (c, d) = self.kids(u);
                matches!((self.leaf_val(c), self.leaf_val(d)), (Some(c), Some(d)) if c - d == 1)
            }
            _ => false,
        }
    }

    /// Places where a unit (R1) or an equal pair (R2) is used, with the tree
    /// as it is once that use is removed.
    fn sites(&mut self, t: u32) -> Vec<(u32, Tok)> {
        if let Some(v) = self.site_memo.get(&t) {
            return v.clone();
        }
        let mut out = Vec::new();
        let op = self.op(t);
        if !matches!(op, Leaf(_)) {
            let (a, b) = self.kids(t);
            // E[X×U]  (either operand order)
            for (x, u) in [(a, b), (b, a)] {
                if op == Mul && self.is_unit(u) {
                    out.push((x, Tok::Unit(u)));
                }
            }
            // E[(X+a)−a'] and E[(X×a)÷a']  (either operand order inside)
            if let (Sub | Div, Some(w)) = (op, self.leaf_val(b)) {
                let inner = if op == Sub { Add } else { Mul };
                if self.op(a) == inner && !(op == Div && w == 0) {
                    let (x, y) = self.kids(a);
                    for (rest, card) in [(x, y), (y, x)] {
                        if self.leaf_val(card) == Some(w) {
                            out.push((rest, Tok::Pair(w)));
                        }
                    }
                }
            }
            for (l2, tok) in self.sites(a) {
                out.extend(self.mk(op, l2, b).map(|t2| (t2, tok)));
            }
            for (r2, tok) in self.sites(b) {
                out.extend(self.mk(op, a, r2).map(|t2| (t2, tok)));
            }
        }
        self.site_memo.insert(t, out.clone());
        out
    }

    /// R1/R2: the used unit or pair taken out and applied at the root.
    pub(super) fn moves(&mut self, t: u32) -> Vec<u32> {
        let mut out = Vec::new();
        for (rest, tok) in self.sites(t) {
            out.extend(match tok {
                Tok::Unit(u) => self.mk(Mul, rest, u),
                Tok::Pair(w) => {
                    let l = self.leaf(w);
                    self.mk(Add, rest, l).and_then(|s| self.mk(Sub, s, l))
                }
            });
        }
        out
    }
}
