//! Independent brute-force references used only by the integration tests.
//!
//! This module is written from the domain definitions alone and does not share any code
//! with the fast engine in `src/`: the tests compare the engine against it, so it favours
//! plain, obviously correct enumeration over speed. It holds two references for the
//! solution counts, built differently so that each checks the other:
//!
//! * [`solve_all`], a count DP over the sub-multisets of the board with hash-consed
//!   canonical forms (described below), fast enough for boards of 5 or 6 numbers;
//! * [`solve_all_by_strings`], a plain enumerator that builds every valid tree over every
//!   set of board *positions*, writes each one out as a string under each convention (as
//!   written; with the operands of `+` and `×` sorted; flattened into sorted chains) and
//!   counts the distinct strings per value. It shares no code with [`solve_all`] but the
//!   10^12 bound (it has its own arithmetic) and is meant for boards of at most 4 numbers.
//!
//! The property tests compare the engine with [`solve_all`] on random boards, and the two
//! references with each other (and with the engine) on boards of at most 4 numbers.
//!
//! How [`solve_all`] counts:
//!
//! * Values are exact reduced fractions ([`Q`]). Every operation is computed exactly in
//!   `i128` (operands are bounded by 10^12, so nothing can overflow or wrap) and a result
//!   whose reduced `|numerator|` or denominator exceeds 10^12 is excluded. So a result is
//!   kept exactly when its exact reduced value is within the bound, even if a naive `i64`
//!   cross-multiplication would have overflowed on the way.
//! * Expression trees are counted per sub-multiset of the board: a tree over a multiset
//!   `M` is a leaf (when `|M| = 1`) or `op(left, right)` for an ordered split of `M` into two
//!   non-empty sub-multisets. Splitting *multisets* (not board positions) yields every
//!   value-labelled tree exactly once, so trees differing only by swapping equal board
//!   numbers are never counted twice. Validity depends only on the children's values, so
//!   each multiset keeps a map value -> number of trees, and the trees with child values
//!   `(a, b)` number `count_left[a] * count_right[b]`.
//! * Expressions (trees modulo commutativity) are counted the same way, keeping one
//!   orientation of each `+`/`×` node: the split with the smaller left multiset, or, when
//!   both sides are the same multiset, each unordered pair of child expressions once.
//! * With unary minus, every node (leaf or internal, root included) may also be negated,
//!   which doubles the trees (and expressions) rooted at each node.
//! * Distinct solutions (modulo commutativity and associativity) are canonical forms built
//!   bottom-up: chains of `+`/`−` are flattened into sorted multisets of positive and
//!   negative terms, chains of `×`/`÷` into sorted numerator and denominator multisets,
//!   and `^` is an opaque node. Forms are hash-consed into an arena, so equal forms share
//!   one id and the forms over each multiset are deduplicated as a set of ids. Unless
//!   `use_all`, a form with a product node that has a proper, non-empty sub-collection of
//!   factors whose ratio is exactly 1 is not counted (compared with a tiny big integer).
//! * Player move sequences are a plain depth-first search without memoization.

#![allow(dead_code)]

use std::collections::{BTreeMap, HashMap, HashSet};
use std::rc::Rc;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arith {
    PositiveIntegers,
    Rationals,
}

#[derive(Clone, Copy, Debug)]
pub struct BruteRules {
    pub arith: Arith,
    /// Must every board number be used (24 game: true).
    pub use_all: bool,
    /// Allow exponentiation a^b.
    pub pow: bool,
    /// Allow unary minus (only meaningful with Rationals).
    pub unary_minus: bool,
}

/// A value: reduced fraction num/den with den > 0 (integers have den 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Q {
    pub num: i64,
    pub den: i64,
}

impl Q {
    pub fn int(n: i64) -> Q {
        Q { num: n, den: 1 }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BruteCounts {
    pub trees: u64,
    pub expressions: u64,
    /// Not computed (left 0) when unary minus is allowed.
    pub distinct: u64,
    pub min_ops: u32,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BruteMoves {
    pub by_length: Vec<u64>,
    pub sequences: u64,
    pub boards_visited: u64,
}

// ---------------------------------------------------------------------------------------
// Exact arithmetic
// ---------------------------------------------------------------------------------------

/// Largest allowed `|numerator|` and denominator of any value.
const BOUND: i128 = 1_000_000_000_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Op {
    Add,
    Sub,
    Mul,
    Div,
    Pow,
}

fn ops_for(rules: BruteRules) -> Vec<Op> {
    let mut ops = vec![Op::Add, Op::Sub, Op::Mul, Op::Div];
    if rules.pow {
        ops.push(Op::Pow);
    }
    ops
}

fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The reduced fraction num/den, or None if den is 0 or the result is out of bounds.
fn make_q(num: i128, den: i128) -> Option<Q> {
    if den == 0 {
        return None;
    }
    let g = gcd(num, den);
    let (mut n, mut d) = (num / g, den / g);
    if d < 0 {
        n = -n;
        d = -d;
    }
    if n.abs() > BOUND || d > BOUND {
        return None;
    }
    Some(Q {
        num: n as i64,
        den: d as i64,
    })
}

/// a^b for an integer b; None if b is not an integer, for 0^0 and 0^negative, or out of bounds.
fn power(a: Q, b: Q) -> Option<Q> {
    if b.den != 1 {
        return None;
    }
    if a.num == 0 {
        return if b.num > 0 { Some(Q::int(0)) } else { None };
    }
    // Base p/q (reduced, q > 0); a negative exponent inverts the base.
    let (p, q) = if b.num >= 0 {
        (a.num as i128, a.den as i128)
    } else {
        (a.den as i128 * a.num.signum() as i128, a.num.abs() as i128)
    };
    let e = b.num.unsigned_abs();
    if q == 1 && p.abs() == 1 {
        let odd = e % 2 == 1;
        return Some(Q::int(if p == -1 && odd { -1 } else { 1 }));
    }
    // Here |p| >= 2 or q >= 2, so the loop leaves the bound after at most ~40 steps.
    // p^e / q^e is already reduced.
    let (mut rn, mut rd) = (1i128, 1i128);
    for _ in 0..e {
        rn *= p;
        rd *= q;
        if rn.abs() > BOUND || rd > BOUND {
            return None;
        }
    }
    make_q(rn, rd)
}

fn valid_for(v: Q, rules: BruteRules) -> bool {
    match rules.arith {
        Arith::PositiveIntegers => v.den == 1 && v.num > 0,
        Arith::Rationals => true,
    }
}

/// Result of `a op b` under the rules, or None when the operation is invalid.
fn apply(op: Op, a: Q, b: Q, rules: BruteRules) -> Option<Q> {
    let (an, ad) = (a.num as i128, a.den as i128);
    let (bn, bd) = (b.num as i128, b.den as i128);
    let v = match op {
        Op::Add => make_q(an * bd + bn * ad, ad * bd)?,
        Op::Sub => make_q(an * bd - bn * ad, ad * bd)?,
        Op::Mul => make_q(an * bn, ad * bd)?,
        Op::Div => make_q(an * bd, ad * bn)?,
        Op::Pow => {
            if !rules.pow {
                return None;
            }
            power(a, b)?
        }
    };
    valid_for(v, rules).then_some(v)
}

/// Unary minus under the rules (None in PositiveIntegers, where it is never valid).
fn negate(v: Q, rules: BruteRules) -> Option<Q> {
    let n = Q {
        num: -v.num,
        den: v.den,
    };
    (rules.unary_minus && valid_for(n, rules)).then_some(n)
}

// ---------------------------------------------------------------------------------------
// Canonical forms modulo commutativity and associativity (`distinct`)
// ---------------------------------------------------------------------------------------

/// Index of a canonical form in the [`Forms`] arena. Forms are hash-consed, so two
/// canonical forms are equal exactly when their ids are equal, and a multiset of forms is
/// canonically represented by its sorted ids.
type FormId = u32;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Kind {
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
struct Forms {
    kinds: Vec<Kind>,
    vals: Vec<Q>,
    /// See [`Forms::has_unit_subproduct`].
    unit: Vec<bool>,
    ids: HashMap<Kind, FormId>,
}

impl Forms {
    fn intern(&mut self, kind: Kind, val: Q) -> FormId {
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

    fn val(&self, f: FormId) -> Q {
        self.vals[f as usize]
    }

    /// Splits a form into the (positive, negative) parts of a sum chain (`sum`) or the
    /// (numerator, denominator) parts of a product chain (`!sum`); any other form is a
    /// single positive part.
    fn chain_parts(&self, f: FormId, sum: bool) -> (Vec<FormId>, Vec<FormId>) {
        match (&self.kinds[f as usize], sum) {
            (Kind::Sum(p, n), true) | (Kind::Prod(p, n), false) => (p.clone(), n.clone()),
            _ => (vec![f], vec![]),
        }
    }

    /// Canonical form of `l op r`, whose value is `val`.
    fn combine(&mut self, op: Op, l: FormId, r: FormId, val: Q) -> FormId {
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
    fn has_unit_subproduct(&self, f: FormId) -> bool {
        self.unit[f as usize]
    }

    /// [`Forms::has_unit_subproduct`] for a new form, from the flags of its parts.
    fn compute_unit_subproduct(&self, kind: &Kind) -> bool {
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
struct Big {
    negative: bool,
    /// Little-endian base-2^32 limbs without leading zero limbs; empty means zero.
    limbs: Vec<u32>,
}

impl Big {
    fn one() -> Big {
        Big {
            negative: false,
            limbs: vec![1],
        }
    }

    fn mul(&mut self, m: i64) {
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
fn ratio_is_one(factors: &[(Q, bool)], mask: u64) -> bool {
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

// ---------------------------------------------------------------------------------------
// solve_all
// ---------------------------------------------------------------------------------------

/// Everything built over one sub-multiset of the board (all of its numbers used).
#[derive(Default)]
struct Level {
    /// Value -> number of valid value-labelled trees with that value.
    trees: HashMap<Q, u64>,
    /// Value -> number of valid expressions (trees modulo commutativity) with that value.
    exprs: HashMap<Q, u64>,
    /// The distinct canonical forms (modulo commutativity and associativity).
    forms: Vec<FormId>,
}

/// All count vectors `c` with `0 <= c[i] <= max[i]`.
fn sub_multisets(max: &[usize]) -> Vec<Vec<usize>> {
    let mut out = vec![vec![]];
    for &m in max {
        let mut next = Vec::new();
        for prefix in &out {
            for c in 0..=m {
                let mut v = prefix.clone();
                v.push(c);
                next.push(v);
            }
        }
        out = next;
    }
    out
}

/// Records `n` trees (or expressions) whose root has value `v`, and, with unary minus,
/// the `n` distinct ones obtained by negating that root.
fn add_count(map: &mut HashMap<Q, u64>, v: Q, n: u64, rules: BruteRules) {
    *map.entry(v).or_default() += n;
    if let Some(neg) = negate(v, rules) {
        *map.entry(neg).or_default() += n;
    }
}

fn build_level(
    m: &[usize],
    values: &[i64],
    levels: &HashMap<Vec<usize>, Level>,
    arena: &mut Forms,
    rules: BruteRules,
) -> Level {
    let ops = ops_for(rules);
    let want_forms = !rules.unary_minus;
    let size: usize = m.iter().sum();
    let mut level = Level::default();
    if size == 1 {
        let i = m.iter().position(|&c| c == 1).expect("one number");
        if let Some(v) = make_q(values[i] as i128, 1).filter(|&v| valid_for(v, rules)) {
            add_count(&mut level.trees, v, 1, rules);
            add_count(&mut level.exprs, v, 1, rules);
            if want_forms {
                level.forms.push(arena.intern(Kind::Leaf(v), v));
            }
        }
        return level;
    }
    let mut forms = HashSet::new();
    for l in sub_multisets(m) {
        let l_size: usize = l.iter().sum();
        if l_size == 0 || l_size == size {
            continue;
        }
        let r: Vec<usize> = m.iter().zip(&l).map(|(a, b)| a - b).collect();
        let (left, right) = (&levels[&l], &levels[&r]);
        // Trees: every (left tree, right tree, operation); validity depends only on values,
        // so the ca * cb trees with child values (a, b) are all valid or all invalid.
        for (&a, &ca) in &left.trees {
            for (&b, &cb) in &right.trees {
                for &op in &ops {
                    if let Some(v) = apply(op, a, b, rules) {
                        add_count(&mut level.trees, v, ca * cb, rules);
                    }
                }
            }
        }
        // Expressions: as trees, but a + or × node has unordered children, so each
        // unordered pair of child expressions is taken once: from the split with l < r
        // when the two sides are different multisets; when l == r, the unordered pairs
        // {x, y} of expressions over l, which number ca * cb for child values a < b and
        // ca * (ca + 1) / 2 for a == b (x == y allowed).
        for (&a, &ca) in &left.exprs {
            for (&b, &cb) in &right.exprs {
                for &op in &ops {
                    let n = if !matches!(op, Op::Add | Op::Mul) || l < r {
                        ca * cb
                    } else if l > r || a > b {
                        continue;
                    } else if a < b {
                        ca * cb
                    } else {
                        ca * (ca + 1) / 2
                    };
                    if let Some(v) = apply(op, a, b, rules) {
                        add_count(&mut level.exprs, v, n, rules);
                    }
                }
            }
        }
        // Distinct: every valid combination of a left and a right canonical form.
        if want_forms {
            for &fa in &left.forms {
                for &fb in &right.forms {
                    for &op in &ops {
                        if let Some(v) = apply(op, arena.val(fa), arena.val(fb), rules) {
                            forms.insert(arena.combine(op, fa, fb, v));
                        }
                    }
                }
            }
        }
    }
    level.forms = forms.into_iter().collect();
    level
}

/// For every reachable value, its counts (over any sub-multiset of the board unless use_all).
pub fn solve_all(numbers: &[i64], rules: BruteRules) -> BTreeMap<Q, BruteCounts> {
    let mut values = numbers.to_vec();
    values.sort();
    values.dedup();
    let full: Vec<usize> = values
        .iter()
        .map(|v| numbers.iter().filter(|&x| x == v).count())
        .collect();
    let mut all = sub_multisets(&full);
    all.sort_by_key(|c| c.iter().sum::<usize>());

    let mut levels: HashMap<Vec<usize>, Level> = HashMap::new();
    let mut arena = Forms::default();
    let mut result: BTreeMap<Q, BruteCounts> = BTreeMap::new();
    for m in all {
        let size: usize = m.iter().sum();
        if size == 0 {
            continue;
        }
        let level = build_level(&m, &values, &levels, &mut arena, rules);
        if !rules.use_all || m == full {
            let ops = (size - 1) as u32;
            for (&v, &n) in &level.trees {
                let e = result.entry(v).or_insert(BruteCounts {
                    min_ops: ops,
                    ..BruteCounts::default()
                });
                e.trees += n;
                e.min_ops = e.min_ops.min(ops);
            }
            for (&v, &n) in &level.exprs {
                result.get_mut(&v).expect("tree value").expressions += n;
            }
            for &f in &level.forms {
                if rules.use_all || !arena.has_unit_subproduct(f) {
                    result.get_mut(&arena.val(f)).expect("tree value").distinct += 1;
                }
            }
        }
        levels.insert(m, level);
    }
    result
}

// ---------------------------------------------------------------------------------------
// solve_all_by_strings: the plain string enumerator
// ---------------------------------------------------------------------------------------

/// An exact value `(numerator, denominator)`, reduced, denominator positive.
type Frac = (i128, i128);

/// A labelled expression tree over board positions, with its value.
struct STree {
    node: SNode,
    val: Frac,
}

enum SNode {
    Leaf(i64),
    /// Operation `+ - * / ^`, left and right operand.
    Bin(char, Rc<STree>, Rc<STree>),
    /// Unary minus.
    Neg(Rc<STree>),
}

/// `n/d` reduced, or None for a zero denominator or a reduced part beyond the bound.
fn s_frac(n: i128, d: i128) -> Option<Frac> {
    if d == 0 {
        return None;
    }
    let (mut a, mut b) = (n.abs(), d.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    let (mut n, mut d) = (n / a, d / a);
    if d < 0 {
        (n, d) = (-n, -d);
    }
    (n.abs() <= BOUND && d <= BOUND).then_some((n, d))
}

/// Whether a value is allowed as a leaf or intermediate result under the rules.
fn s_valid(v: Frac, rules: BruteRules) -> bool {
    rules.arith == Arith::Rationals || (v.1 == 1 && v.0 > 0)
}

/// `a op b` under the rules, or None when the operation is invalid.
fn s_apply(op: char, (an, ad): Frac, (bn, bd): Frac, rules: BruteRules) -> Option<Frac> {
    let v = match op {
        '+' => s_frac(an * bd + bn * ad, ad * bd)?,
        '-' => s_frac(an * bd - bn * ad, ad * bd)?,
        '*' => s_frac(an * bn, ad * bd)?,
        '/' => s_frac(an * bd, ad * bn)?,
        '^' => {
            // Integer exponents only; 0^0 and 0^negative are undefined.
            if bd != 1 || (an == 0 && bn <= 0) {
                return None;
            }
            // A negative exponent inverts the base.
            let (p, q) = if bn >= 0 {
                (an, ad)
            } else {
                (ad * an.signum(), an.abs())
            };
            let mut e = bn.unsigned_abs();
            if q == 1 && p.abs() <= 1 {
                // 0, 1 and −1 to a power only depend on the exponent's parity (e > 0 here
                // when p == 0).
                e = e.min(2 - e % 2);
            } else if e > 64 {
                // |p| >= 2 or q >= 2 and p^e/q^e is reduced: far beyond the bound.
                return None;
            }
            let (mut rn, mut rd) = (1i128, 1i128);
            for _ in 0..e {
                rn = rn.checked_mul(p)?;
                rd = rd.checked_mul(q)?;
            }
            s_frac(rn, rd)?
        }
        _ => unreachable!("unknown operation {op}"),
    };
    s_valid(v, rules).then_some(v)
}

/// The tree as written, with value-labelled leaves: equal strings are the same tree.
fn s_tree(t: &STree) -> String {
    match &t.node {
        SNode::Leaf(x) => x.to_string(),
        SNode::Neg(a) => format!("~{}", s_tree(a)),
        SNode::Bin(op, a, b) => format!("({}{op}{})", s_tree(a), s_tree(b)),
    }
}

/// The tree with the operands of every `+` and `*` in string order: equal strings are the
/// same expression modulo commutativity.
fn s_expr(t: &STree) -> String {
    match &t.node {
        SNode::Leaf(x) => x.to_string(),
        SNode::Neg(a) => format!("~{}", s_expr(a)),
        SNode::Bin(op, a, b) => {
            let (mut x, mut y) = (s_expr(a), s_expr(b));
            if matches!(op, '+' | '*') && x > y {
                std::mem::swap(&mut x, &mut y);
            }
            format!("({x}{op}{y})")
        }
    }
}

/// Collects the items of the maximal `+`/`-` chain (`sum`) or `*`/`/` chain (`!sum`) rooted
/// at `t`, each with whether it is added/multiplied (true) or subtracted/divided (false).
fn s_chain<'a>(t: &'a STree, sum: bool, positive: bool, out: &mut Vec<(bool, &'a STree)>) {
    let (direct, inverse) = if sum { ('+', '-') } else { ('*', '/') };
    if let SNode::Bin(op, a, b) = &t.node
        && (*op == direct || *op == inverse)
    {
        s_chain(a, sum, positive, out);
        s_chain(b, sum, positive == (*op == direct), out);
        return;
    }
    out.push((positive, t));
}

/// Whether the items with `mask` set multiply (divisors inverted) to exactly 1.
fn s_unit_part(items: &[(bool, &STree)], mask: u32) -> bool {
    let (mut num, mut den) = (1i128, 1i128);
    for (i, &(direct, item)) in items.iter().enumerate() {
        if mask >> i & 1 == 1 {
            let (n, d) = if direct {
                item.val
            } else {
                (item.val.1, item.val.0)
            };
            let overflow = "product overflow: solve_all_by_strings is meant for small boards";
            num = num.checked_mul(n).expect(overflow);
            den = den.checked_mul(d).expect(overflow);
        }
    }
    den != 0 && num == den
}

/// The canonical string modulo commutativity and associativity: every maximal chain of
/// `+`/`-` becomes `S[sorted added terms|sorted subtracted terms]`, every chain of `*`/`/`
/// `M[sorted factors|sorted divisors]`, and `^` an opaque `P(base,exponent)`. Sets `unit`
/// when some product chain has a proper, non-empty part of its items worth exactly 1.
fn s_dist(t: &STree, unit: &mut bool) -> String {
    match &t.node {
        SNode::Leaf(x) => x.to_string(),
        SNode::Neg(_) => unreachable!("distinct is not defined with unary minus"),
        SNode::Bin('^', a, b) => format!("P({},{})", s_dist(a, unit), s_dist(b, unit)),
        SNode::Bin(op, _, _) => {
            let sum = matches!(op, '+' | '-');
            let mut items = Vec::new();
            s_chain(t, sum, true, &mut items);
            if !sum {
                let all = (1u32 << items.len()) - 1;
                if (1..all).any(|mask| s_unit_part(&items, mask)) {
                    *unit = true;
                }
            }
            let mut direct: Vec<String> = Vec::new();
            let mut inverse: Vec<String> = Vec::new();
            for &(d, item) in &items {
                let s = s_dist(item, unit);
                if d { &mut direct } else { &mut inverse }.push(s);
            }
            direct.sort();
            inverse.sort();
            let tag = if sum { 'S' } else { 'M' };
            format!("{tag}[{}|{}]", direct.join(","), inverse.join(","))
        }
    }
}

/// Every valid tree over exactly the board positions in `mask` (memoized per mask).
fn s_all_trees(
    numbers: &[i64],
    mask: usize,
    rules: BruteRules,
    memo: &mut Vec<Option<Vec<Rc<STree>>>>,
) -> Vec<Rc<STree>> {
    if let Some(trees) = &memo[mask] {
        return trees.clone();
    }
    let mut out: Vec<Rc<STree>> = Vec::new();
    let mut push = |t: STree| {
        let t = Rc::new(t);
        if rules.unary_minus {
            let val = (-t.val.0, t.val.1);
            if s_valid(val, rules) {
                out.push(Rc::new(STree {
                    node: SNode::Neg(Rc::clone(&t)),
                    val,
                }));
            }
        }
        out.push(t);
    };
    if mask.count_ones() == 1 {
        let x = numbers[mask.trailing_zeros() as usize];
        let val = (x as i128, 1);
        if s_valid(val, rules) {
            push(STree {
                node: SNode::Leaf(x),
                val,
            });
        }
    } else {
        // Every ordered split of the positions into two non-empty parts.
        let mut left = (mask - 1) & mask;
        while left > 0 {
            let right = mask & !left;
            let ls = s_all_trees(numbers, left, rules, memo);
            let rs = s_all_trees(numbers, right, rules, memo);
            for a in &ls {
                for b in &rs {
                    for op in ['+', '-', '*', '/', '^'] {
                        if op == '^' && !rules.pow {
                            continue;
                        }
                        if let Some(val) = s_apply(op, a.val, b.val, rules) {
                            push(STree {
                                node: SNode::Bin(op, Rc::clone(a), Rc::clone(b)),
                                val,
                            });
                        }
                    }
                }
            }
            left = (left - 1) & mask;
        }
    }
    memo[mask] = Some(out.clone());
    out
}

/// The same counts as [`solve_all`], by the plainest possible method: enumerate every
/// valid tree over every allowed set of board *positions*, write each one out as a string
/// under each convention and count the distinct strings per value (so trees that differ
/// only by swapping equal board numbers print the same and count once). `min_ops` is the
/// fewest positions used, minus one. `distinct` is left 0 with unary minus.
///
/// Exponential in the board size: meant for boards of at most 4 numbers.
pub fn solve_all_by_strings(numbers: &[i64], rules: BruteRules) -> BTreeMap<Q, BruteCounts> {
    let n = numbers.len();
    assert!(n < 16, "solve_all_by_strings is meant for small boards");
    let full = (1usize << n) - 1;
    let mut memo = vec![None; full + 1];
    let mut trees: HashMap<Frac, HashSet<String>> = HashMap::new();
    let mut exprs: HashMap<Frac, HashSet<String>> = HashMap::new();
    let mut dists: HashMap<Frac, HashSet<String>> = HashMap::new();
    let mut min_ops: HashMap<Frac, u32> = HashMap::new();
    for mask in 1..=full {
        if rules.use_all && mask != full {
            continue;
        }
        let ops = mask.count_ones() - 1;
        for t in s_all_trees(numbers, mask, rules, &mut memo) {
            trees.entry(t.val).or_default().insert(s_tree(&t));
            exprs.entry(t.val).or_default().insert(s_expr(&t));
            if !rules.unary_minus {
                let mut unit = false;
                let s = s_dist(&t, &mut unit);
                if rules.use_all || !unit {
                    dists.entry(t.val).or_default().insert(s);
                }
            }
            let m = min_ops.entry(t.val).or_insert(ops);
            *m = (*m).min(ops);
        }
    }
    trees
        .iter()
        .map(|(v, ts)| {
            let q = Q {
                num: i64::try_from(v.0).expect("bounded value"),
                den: i64::try_from(v.1).expect("bounded value"),
            };
            let counts = BruteCounts {
                trees: ts.len() as u64,
                expressions: exprs[v].len() as u64,
                distinct: dists.get(v).map_or(0, |d| d.len() as u64),
                min_ops: min_ops[v],
            };
            (q, counts)
        })
        .collect()
}

/// What the trees reaching one value pass through (the difficulty features), each property
/// found over all trees on its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BruteTrail {
    /// The smallest, over trees, of the largest `|value|` (rounded up) of any operation
    /// (unary minus included); 0 for a lone number.
    pub peak: u64,
    pub no_division: bool,
    /// Some tree has only integer values.
    pub integral: bool,
    /// Some tree has no negative value.
    pub non_negative: bool,
    /// Some tree is `a × b` of two board numbers, or `a × b + c`, `c + a × b` or `a × b − c`
    /// with `|c|` at most a quarter of `|value|` (both rounded up).
    pub greedy: bool,
}

/// `|v|` rounded up.
fn s_magnitude((n, d): Frac) -> u64 {
    u64::try_from((n.abs() + d - 1) / d).expect("bounded value")
}

fn s_is_product_of_two(t: &STree) -> bool {
    matches!(&t.node, SNode::Bin('*', a, b)
        if matches!(a.node, SNode::Leaf(_)) && matches!(b.node, SNode::Leaf(_)))
}

/// The trail of one tree, read straight off it.
fn s_trail(t: &STree) -> BruteTrail {
    let mut trail = BruteTrail {
        peak: 0,
        no_division: true,
        integral: true,
        non_negative: true,
        greedy: false,
    };
    fn walk(t: &STree, trail: &mut BruteTrail) {
        let children: Vec<&STree> = match &t.node {
            SNode::Leaf(_) => return,
            SNode::Neg(a) => vec![a],
            SNode::Bin(op, a, b) => {
                trail.no_division &= *op != '/';
                vec![a, b]
            }
        };
        trail.peak = trail.peak.max(s_magnitude(t.val));
        trail.integral &= t.val.1 == 1;
        trail.non_negative &= t.val.0 >= 0;
        for c in children {
            walk(c, trail);
        }
    }
    walk(t, &mut trail);
    let small = |c: &STree| 4 * s_magnitude(c.val) <= s_magnitude(t.val);
    trail.greedy = s_is_product_of_two(t)
        || match &t.node {
            SNode::Bin('+', a, b) => {
                (s_is_product_of_two(a) && small(b)) || (s_is_product_of_two(b) && small(a))
            }
            SNode::Bin('-', a, b) => s_is_product_of_two(a) && small(b),
            _ => false,
        };
    trail
}

/// Per reachable value, the trails of every tree over the allowed sets of board positions
/// merged: the lowest peak, and whether any tree avoids a division, a fraction, a negative
/// value, or is greedy. Exponential like [`solve_all_by_strings`]: at most 4 numbers.
pub fn trails(numbers: &[i64], rules: BruteRules) -> BTreeMap<Q, BruteTrail> {
    let n = numbers.len();
    let full = (1usize << n) - 1;
    let mut memo = vec![None; full + 1];
    let mut out: BTreeMap<Q, BruteTrail> = BTreeMap::new();
    for mask in 1..=full {
        if rules.use_all && mask != full {
            continue;
        }
        for t in s_all_trees(numbers, mask, rules, &mut memo) {
            let q = Q {
                num: i64::try_from(t.val.0).expect("bounded value"),
                den: i64::try_from(t.val.1).expect("bounded value"),
            };
            let x = s_trail(&t);
            out.entry(q)
                .and_modify(|m| {
                    m.peak = m.peak.min(x.peak);
                    m.no_division |= x.no_division;
                    m.integral |= x.integral;
                    m.non_negative |= x.non_negative;
                    m.greedy |= x.greedy;
                })
                .or_insert(x);
        }
    }
    out
}

// ---------------------------------------------------------------------------------------
// count_unchecked
// ---------------------------------------------------------------------------------------

/// Count of ALL ordered binary expression trees over any non-empty subset of n distinct
/// leaves in any order with 4 binary operations, without any validity check.
pub fn count_unchecked(n: usize) -> u64 {
    // binom[a][b] = C(a, b) by Pascal's triangle.
    let mut binom = vec![vec![0u64; n + 1]; n + 1];
    for a in 0..=n {
        binom[a][0] = 1;
        for b in 1..=a {
            binom[a][b] = binom[a - 1][b - 1] + binom[a - 1][b];
        }
    }
    // t[k]: trees using all of k distinct leaves. A tree with k >= 2 leaves is an operation
    // (4 choices) on a left tree over a non-empty subset of i leaves (C(k, i) choices)
    // and a right tree over the other k - i leaves.
    let mut t = vec![0u64; n + 1];
    if n >= 1 {
        t[1] = 1;
    }
    for k in 2..=n {
        for i in 1..k {
            let term = binom[k][i]
                .checked_mul(4)
                .and_then(|x| x.checked_mul(t[i]))
                .and_then(|x| x.checked_mul(t[k - i]))
                .expect("count_unchecked overflow");
            t[k] = t[k].checked_add(term).expect("count_unchecked overflow");
        }
    }
    (1..=n)
        .map(|k| binom[n][k].checked_mul(t[k]).expect("overflow"))
        .fold(0u64, |acc, x| acc.checked_add(x).expect("overflow"))
}

// ---------------------------------------------------------------------------------------
// moves
// ---------------------------------------------------------------------------------------

fn moves_dfs(board: &[Q], depth: usize, target: Q, rules: BruteRules, out: &mut BruteMoves) {
    out.boards_visited += 1;
    let reached = if rules.use_all {
        board.len() == 1 && board[0] == target
    } else {
        board.contains(&target)
    };
    if reached {
        out.sequences += 1;
        out.by_length[depth] += 1;
        return;
    }
    let one = Q::int(1);
    // (op, smaller value, larger value) of the + and × moves already tried at this board.
    let mut tried: Vec<(Op, Q, Q)> = Vec::new();
    for i in 0..board.len() {
        for j in 0..board.len() {
            if i == j {
                continue;
            }
            let (a, b) = (board[i], board[j]);
            for op in ops_for(rules) {
                if matches!(op, Op::Mul | Op::Div) && (a == one || b == one) {
                    continue;
                }
                if matches!(op, Op::Add | Op::Mul) {
                    let key = (op, a.min(b), a.max(b));
                    if tried.contains(&key) {
                        continue;
                    }
                    tried.push(key);
                }
                let Some(v) = apply(op, a, b, rules) else {
                    continue;
                };
                let mut next: Vec<Q> = board
                    .iter()
                    .enumerate()
                    .filter(|&(k, _)| k != i && k != j)
                    .map(|(_, &x)| x)
                    .collect();
                next.push(v);
                moves_dfs(&next, depth + 1, target, rules, out);
            }
        }
    }
}

/// Player move sequences, plain DFS without memoization.
pub fn moves(numbers: &[i64], target: i64, rules: BruteRules) -> BruteMoves {
    let mut out = BruteMoves {
        by_length: vec![0; numbers.len()],
        ..BruteMoves::default()
    };
    let board: Vec<Q> = numbers.iter().map(|&n| Q::int(n)).collect();
    moves_dfs(&board, 0, Q::int(target), rules, &mut out);
    out
}

// ---------------------------------------------------------------------------------------
// eval_printed
// ---------------------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tok {
    Num(i64),
    Plus,
    Minus,
    Times,
    Divide,
    Caret,
    Open,
    Close,
}

fn tokenize(s: &str) -> Option<Vec<Tok>> {
    let chars: Vec<char> = s.chars().collect();
    let mut toks = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_ascii_digit() {
            let mut n: i64 = 0;
            while i < chars.len() && chars[i].is_ascii_digit() {
                let d = chars[i].to_digit(10).expect("digit") as i64;
                n = n.checked_mul(10)?.checked_add(d)?;
                i += 1;
            }
            toks.push(Tok::Num(n));
            continue;
        }
        let t = match c {
            ' ' | '\t' | '\n' | '\r' => None,
            '+' => Some(Tok::Plus),
            '-' | '−' => Some(Tok::Minus),
            '*' | '×' => Some(Tok::Times),
            '/' | '÷' => Some(Tok::Divide),
            '^' => Some(Tok::Caret),
            '(' => Some(Tok::Open),
            ')' => Some(Tok::Close),
            _ => return None,
        };
        toks.extend(t);
        i += 1;
    }
    Some(toks)
}

/// Recursive-descent parser that evaluates as it goes.
///
/// Grammar (usual precedence, `^` right-associative and binding tighter than unary minus):
/// ```text
/// sum     := product (('+' | '−') product)*
/// product := unary (('×' | '÷') unary)*
/// unary   := '−' power | power
/// power   := atom ('^' unary)?
/// atom    := INTEGER | '(' sum ')'
/// ```
/// Every parse function returns the value and whether the node is a unary negation (a node
/// may be negated at most once, so `−(−3)` is rejected).
struct Parser {
    toks: Vec<Tok>,
    pos: usize,
    rules: BruteRules,
    leaves: Vec<i64>,
}

impl Parser {
    fn peek(&self) -> Option<Tok> {
        self.toks.get(self.pos).copied()
    }

    fn sum(&mut self) -> Option<(Q, bool)> {
        let mut acc = self.product()?;
        loop {
            let op = match self.peek() {
                Some(Tok::Plus) => Op::Add,
                Some(Tok::Minus) => Op::Sub,
                _ => return Some(acc),
            };
            self.pos += 1;
            let (rhs, _) = self.product()?;
            acc = (apply(op, acc.0, rhs, self.rules)?, false);
        }
    }

    fn product(&mut self) -> Option<(Q, bool)> {
        let mut acc = self.unary()?;
        loop {
            let op = match self.peek() {
                Some(Tok::Times) => Op::Mul,
                Some(Tok::Divide) => Op::Div,
                _ => return Some(acc),
            };
            self.pos += 1;
            let (rhs, _) = self.unary()?;
            acc = (apply(op, acc.0, rhs, self.rules)?, false);
        }
    }

    fn unary(&mut self) -> Option<(Q, bool)> {
        if self.peek() == Some(Tok::Minus) {
            self.pos += 1;
            let (v, already_negated) = self.power()?;
            if already_negated {
                return None;
            }
            return Some((negate(v, self.rules)?, true));
        }
        self.power()
    }

    fn power(&mut self) -> Option<(Q, bool)> {
        let base = self.atom()?;
        if self.peek() != Some(Tok::Caret) {
            return Some(base);
        }
        self.pos += 1;
        let (exp, _) = self.unary()?;
        Some((apply(Op::Pow, base.0, exp, self.rules)?, false))
    }

    fn atom(&mut self) -> Option<(Q, bool)> {
        match self.peek()? {
            Tok::Num(n) => {
                self.pos += 1;
                self.leaves.push(n);
                let v = make_q(n as i128, 1)?;
                valid_for(v, self.rules).then_some((v, false))
            }
            Tok::Open => {
                self.pos += 1;
                let inner = self.sum()?;
                if self.peek() != Some(Tok::Close) {
                    return None;
                }
                self.pos += 1;
                Some(inner)
            }
            _ => None,
        }
    }
}

/// Evaluates a printed expression (`+ − × ÷ ^`, ASCII `- * /`, parentheses, integers)
/// under the rules. None if it does not parse or is invalid under the rules (e.g. a
/// negative or non-integer intermediate in PositiveIntegers, `^` without `pow`, unary minus
/// without `unary_minus`). Also returns the numbers used, in order of appearance.
pub fn eval_printed(expr: &str, rules: BruteRules) -> Option<(Q, Vec<i64>)> {
    let mut parser = Parser {
        toks: tokenize(expr)?,
        pos: 0,
        rules,
        leaves: Vec::new(),
    };
    let (v, _) = parser.sum()?;
    if parser.pos != parser.toks.len() {
        return None;
    }
    Some((v, parser.leaves))
}
