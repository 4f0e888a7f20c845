//! Hash-consed canonical forms of expressions modulo the rules that are
//! congruences: R0 (formal identity), Z (zero terms sign-free, zero products
//! sign- and exponent-free) and Q (±1 factors exponent-free).
//!
//! A *node* is a leaf (a card), a sum cluster `pos − neg` whose terms are
//! leaves or products, or a product cluster `num / den` whose factors are
//! leaves or sums.  Every node has a value ≥ 0 (its orientation); an
//! [`Expr`] is a node plus a formal sign.  For a non-zero value the sign is
//! the sign of the value; a zero-valued sum keeps its formal sign (which of
//! `a − b` and `b − a` it is), everything else zero-valued is sign-free.

use super::value::Rat;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

pub(crate) type Id = u32;

/// Most cards on a board, hence most elements in one cluster.
pub(crate) const MAX_CARDS: usize = 8;

/// Small, fast, non-cryptographic hasher (the FxHash mixing step).
#[derive(Default)]
pub(crate) struct Fx(u64);

impl Fx {
    fn mix(&mut self, w: u64) {
        self.0 = (self.0.rotate_left(5) ^ w).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl Hasher for Fx {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        bytes.iter().for_each(|&b| self.mix(b as u64));
    }
    fn write_u8(&mut self, i: u8) {
        self.mix(i as u64)
    }
    fn write_u32(&mut self, i: u32) {
        self.mix(i as u64)
    }
    fn write_u64(&mut self, i: u64) {
        self.mix(i)
    }
    fn write_i64(&mut self, i: i64) {
        self.mix(i as u64)
    }
    fn write_usize(&mut self, i: usize) {
        self.mix(i as u64)
    }
    fn write_isize(&mut self, i: isize) {
        self.mix(i as u64)
    }
}

pub(crate) type FxBuild = BuildHasherDefault<Fx>;
pub(crate) type FxMap<K, V> = HashMap<K, V, FxBuild>;

/// A sorted multiset of node ids (at most [`MAX_CARDS`]).
#[derive(Clone, Copy)]
pub(crate) struct Elems {
    len: u8,
    ids: [Id; MAX_CARDS],
}

impl Elems {
    fn from_sorted(s: &[Id]) -> Elems {
        let mut e = Elems {
            len: s.len() as u8,
            ids: [0; MAX_CARDS],
        };
        e.ids[..s.len()].copy_from_slice(s);
        e
    }
    pub(crate) fn as_slice(&self) -> &[Id] {
        &self.ids[..self.len as usize]
    }
}

impl PartialEq for Elems {
    fn eq(&self, o: &Elems) -> bool {
        self.as_slice() == o.as_slice()
    }
}
impl Eq for Elems {}
impl Hash for Elems {
    fn hash<H: Hasher>(&self, h: &mut H) {
        h.write_u8(self.len);
        self.as_slice().iter().for_each(|&i| h.write_u32(i));
    }
}

/// Structure of a node: leaf, `Sum(pos, neg)` or `Prod(num, den)`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Key {
    Leaf(i64),
    Sum(Elems, Elems),
    Prod(Elems, Elems),
}

pub(crate) struct Node {
    pub(crate) key: Key,
    /// Value of the node in its stored orientation (always ≥ 0).
    pub(crate) val: Rat,
    /// Conservative flag: the node may contain a neutral element (see `units`).
    pub(crate) neutral: bool,
}

/// A node with a formal sign; `neg` means "the negation of the node".
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub(crate) struct Expr {
    pub(crate) id: Id,
    pub(crate) neg: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Op {
    Add,
    Sub,
    Mul,
    Div,
}

impl Op {
    pub(crate) fn eval(self, a: Rat, b: Rat) -> Option<Rat> {
        match self {
            Op::Add => a.add(b),
            Op::Sub => a.sub(b),
            Op::Mul => a.mul(b),
            Op::Div => a.div(b),
        }
    }
}

/// A small fixed-capacity stack vector (clusters are tiny).
#[derive(Clone, Copy)]
pub(crate) struct Buf<T: Copy, const N: usize> {
    len: usize,
    items: [T; N],
}

impl<T: Copy + Default, const N: usize> Buf<T, N> {
    pub(crate) fn new() -> Self {
        Buf {
            len: 0,
            items: [T::default(); N],
        }
    }
    /// Appends; `false` (and nothing stored) when full.
    pub(crate) fn push(&mut self, t: T) -> bool {
        if self.len == N {
            return false;
        }
        self.items[self.len] = t;
        self.len += 1;
        true
    }
    pub(crate) fn extend(&mut self, it: impl IntoIterator<Item = T>) {
        it.into_iter().for_each(|t| {
            self.push(t);
        });
    }
    pub(crate) fn as_slice(&self) -> &[T] {
        &self.items[..self.len]
    }
    pub(crate) fn len(&self) -> usize {
        self.len
    }
    pub(crate) fn is_full(&self) -> bool {
        self.len == N
    }
    /// A copy without the elements at the given positions.
    pub(crate) fn without(&self, skip: &[usize]) -> Self {
        let mut b = Self::new();
        for (i, &t) in self.as_slice().iter().enumerate() {
            if !skip.contains(&i) {
                b.push(t);
            }
        }
        b
    }
}

/// Signed elements gathered before normalization: `(id, flag)` where the
/// flag means "subtracted" for terms and "divided by" for factors.
pub(crate) type Parts = Buf<(Id, bool), { 2 * MAX_CARDS }>;
type Ids = Buf<Id, { 2 * MAX_CARDS }>;

#[derive(Default)]
pub(crate) struct Arena {
    nodes: Vec<Node>,
    map: FxMap<Key, Id>,
}

impl Arena {
    pub(crate) fn node(&self, id: Id) -> &Node {
        &self.nodes[id as usize]
    }

    pub(crate) fn key(&self, id: Id) -> Key {
        self.nodes[id as usize].key
    }

    /// The signed value of an expression.
    pub(crate) fn value(&self, e: Expr) -> Rat {
        let v = self.node(e.id).val;
        if e.neg { v.neg().unwrap_or(v) } else { v }
    }

    fn intern(&mut self, key: Key, val: Rat) -> Id {
        if let Some(&id) = self.map.get(&key) {
            return id;
        }
        let neutral = self.may_be_neutral(&key, val.is_zero());
        let id = self.nodes.len() as Id;
        self.nodes.push(Node { key, val, neutral });
        self.map.insert(key, id);
        id
    }

    /// A card (value ≥ 0).
    pub(crate) fn leaf(&mut self, v: i64) -> Expr {
        Expr {
            id: self.intern(Key::Leaf(v), Rat::int(v)),
            neg: false,
        }
    }

    /// Terms of `e` (flattened if `e` is a sum), negated when `minus`.
    pub(crate) fn push_terms(&self, e: Expr, minus: bool, out: &mut Parts) {
        let s = e.neg ^ minus;
        match self.key(e.id) {
            Key::Sum(p, n) => {
                out.extend(p.as_slice().iter().map(|&t| (t, s)));
                out.extend(n.as_slice().iter().map(|&t| (t, !s)));
            }
            _ => {
                out.push((e.id, s));
            }
        }
    }

    /// Factors of `e` (flattened if `e` is a product), inverted when `inv`;
    /// returns the sign `e` contributes.
    pub(crate) fn push_factors(&self, e: Expr, inv: bool, out: &mut Parts) -> bool {
        match self.key(e.id) {
            Key::Prod(n, d) => {
                out.extend(n.as_slice().iter().map(|&f| (f, inv)));
                out.extend(d.as_slice().iter().map(|&f| (f, !inv)));
            }
            _ => {
                out.push((e.id, inv));
            }
        }
        e.neg
    }

    /// Canonical sum of signed terms whose signed total is `total`.
    pub(crate) fn make_sum(&mut self, terms: &Parts, total: Rat) -> Option<Expr> {
        if terms.is_full() {
            return None; // too many terms: a dropped element would be wrong
        }
        let mut neg = total.is_neg();
        let (mut pos, mut p, mut n) = (Ids::new(), Ids::new(), Ids::new());
        for &(id, minus) in terms.as_slice() {
            if self.node(id).val.is_zero() {
                pos.push(id); // zero-valued terms are sign-free
            } else if minus == neg {
                p.push(id);
            } else {
                n.push(id);
            }
        }
        p.items[..p.len].sort_unstable();
        n.items[..n.len].sort_unstable();
        if total.is_zero() && n.as_slice() < p.as_slice() {
            // zero-valued sum: a structural choice of orientation, sign kept
            std::mem::swap(&mut p, &mut n);
            neg = true;
        }
        pos.extend(p.as_slice().iter().copied());
        pos.items[..pos.len].sort_unstable();
        let (pos, n) = (pos.as_slice(), n.as_slice());
        if pos.len() + n.len() > MAX_CARDS {
            return None;
        }
        if pos.len() == 1 && n.is_empty() {
            let neg = neg && !self.node(pos[0]).val.is_zero();
            return Some(Expr { id: pos[0], neg });
        }
        let key = Key::Sum(Elems::from_sorted(pos), Elems::from_sorted(n));
        Some(Expr {
            id: self.intern(key, total.abs()?),
            neg,
        })
    }

    /// Canonical product of factors; `neg` is the formal sign, `total` the value.
    pub(crate) fn make_prod(&mut self, factors: &Parts, neg: bool, total: Rat) -> Option<Expr> {
        if factors.is_full() {
            return None;
        }
        // a product equal to 0 is sign-free and exponent-free (0 ÷ x = 0 × x)
        let neg = neg && !total.is_zero();
        let (mut num, mut den) = (Ids::new(), Ids::new());
        for &(id, inv) in factors.as_slice() {
            // a factor equal to ±1 is exponent-free: keep it in the numerator
            if inv && !self.node(id).val.is_unit() && !total.is_zero() {
                den.push(id);
            } else {
                num.push(id);
            }
        }
        num.items[..num.len].sort_unstable();
        den.items[..den.len].sort_unstable();
        let (num, den) = (num.as_slice(), den.as_slice());
        if num.is_empty() || num.len() + den.len() > MAX_CARDS {
            return None;
        }
        if num.len() == 1 && den.is_empty() {
            return Some(Expr { id: num[0], neg });
        }
        let key = Key::Prod(Elems::from_sorted(num), Elems::from_sorted(den));
        Some(Expr {
            id: self.intern(key, total.abs()?),
            neg,
        })
    }

    /// `x op y` whose value `v` is already known.
    pub(crate) fn combine(&mut self, op: Op, x: Expr, y: Expr, v: Rat) -> Option<Expr> {
        let mut parts = Parts::new();
        match op {
            Op::Add | Op::Sub => {
                self.push_terms(x, false, &mut parts);
                self.push_terms(y, op == Op::Sub, &mut parts);
                self.make_sum(&parts, v)
            }
            Op::Mul | Op::Div => {
                let sx = self.push_factors(x, false, &mut parts);
                let sy = self.push_factors(y, op == Op::Div, &mut parts);
                self.make_prod(&parts, sx ^ sy, v)
            }
        }
    }

    /// `x op y`, or `None` on division by zero / overflow.
    pub(crate) fn apply(&mut self, op: Op, x: Expr, y: Expr) -> Option<Expr> {
        let v = op.eval(self.value(x), self.value(y))?;
        self.combine(op, x, y, v)
    }

    /// The formal negation of `e` (identity for sign-free expressions).
    pub(crate) fn negate(&mut self, e: Expr) -> Option<Expr> {
        let mut parts = Parts::new();
        self.push_terms(e, true, &mut parts);
        let v = self.value(e).neg()?;
        self.make_sum(&parts, v)
    }

    /// Whether `e` can be written as an expression tree (matters only for
    /// negative values: some term or factor must be able to carry the sign).
    pub(crate) fn expressible(&self, e: Expr) -> bool {
        if !e.neg {
            return true;
        }
        match self.key(e.id) {
            Key::Leaf(_) => false,
            // some term must be able to come first: a subtracted one, a zero,
            // or a product that can itself carry the sign
            Key::Sum(p, n) => {
                !n.as_slice().is_empty()
                    || p.as_slice().iter().any(|&t| {
                        self.node(t).val.is_zero() || self.expressible(Expr { id: t, neg: true })
                    })
            }
            Key::Prod(n, d) => n.as_slice().iter().chain(d.as_slice()).any(|&f| {
                matches!(self.key(f), Key::Sum(..)) && self.expressible(Expr { id: f, neg: true })
            }),
        }
    }
}
