//! [`solve_all_by_strings`]: every valid tree over every set of board positions written out
//! as a string per convention, and [`trails`]: the difficulty features read off each tree.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::rc::Rc;

use super::arith::BOUND;
use super::join::{side_by_side, spelled};
use super::{Arith, BruteCounts, BruteRules, Q};

/// An exact value `(numerator, denominator)`, reduced, denominator positive.
pub(super) type Frac = (i128, i128);

/// A labelled expression tree over board positions, with its value.
pub(super) struct STree {
    node: SNode,
    val: Frac,
}

pub(super) enum SNode {
    Leaf(i64),
    /// Operation `+ - * / ^`, left and right operand.
    Bin(char, Rc<STree>, Rc<STree>),
    /// Unary minus.
    Neg(Rc<STree>),
}

/// `n/d` reduced, or None for a zero denominator or a reduced part beyond the bound.
pub(super) fn s_frac(n: i128, d: i128) -> Option<Frac> {
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
pub(super) fn s_valid(v: Frac, rules: BruteRules) -> bool {
    match rules.arith {
        Arith::PositiveIntegers => v.1 == 1 && v.0 > 0,
        Arith::WholeNumbers => v.1 == 1 && v.0 >= 0,
        Arith::Integers => v.1 == 1,
        Arith::Rationals => true,
    }
}

/// `a op b` under the rules, or None when the operation is invalid.
pub(super) fn s_apply(op: char, (an, ad): Frac, (bn, bd): Frac, rules: BruteRules) -> Option<Frac> {
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
pub(super) fn s_tree(t: &STree) -> String {
    match &t.node {
        SNode::Leaf(x) => x.to_string(),
        SNode::Neg(a) => format!("~{}", s_tree(a)),
        SNode::Bin(op, a, b) => format!("({}{op}{})", s_tree(a), s_tree(b)),
    }
}

/// The tree with the operands of every `+` and `*` in string order: equal strings are the
/// same expression modulo commutativity.
pub(super) fn s_expr(t: &STree) -> String {
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
pub(super) fn s_chain<'a>(
    t: &'a STree,
    sum: bool,
    positive: bool,
    out: &mut Vec<(bool, &'a STree)>,
) {
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
pub(super) fn s_unit_part(items: &[(bool, &STree)], mask: u32) -> bool {
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
pub(super) fn s_dist(t: &STree, unit: &mut bool) -> String {
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
pub(super) fn s_all_trees(
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
        if rules.concat {
            let digits: Vec<i64> = (0..numbers.len())
                .filter(|&k| mask >> k & 1 == 1)
                .map(|k| numbers[k])
                .collect();
            for x in spelled(&digits) {
                let val = (x as i128, 1);
                if s_valid(val, rules) && x as i128 <= BOUND {
                    push(STree {
                        node: SNode::Leaf(x),
                        val,
                    });
                }
            }
        }
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
    /// The fewest values that are not integers a tree computes (unary minus included).
    pub fractions: u32,
    /// Trees, written as expressions (modulo commutativity), whose every value is a positive
    /// integer; counted over distinct strings.
    pub whole_expressions: u64,
}

/// `|v|` rounded up.
pub(super) fn s_magnitude((n, d): Frac) -> u64 {
    u64::try_from((n.abs() + d - 1) / d).expect("bounded value")
}

pub(super) fn s_is_product_of_two(t: &STree) -> bool {
    matches!(&t.node, SNode::Bin('*', a, b)
        if matches!(a.node, SNode::Leaf(_)) && matches!(b.node, SNode::Leaf(_)))
}

/// The trail of one tree, read straight off it.
pub(super) fn s_trail(t: &STree) -> BruteTrail {
    let mut trail = BruteTrail {
        peak: 0,
        no_division: true,
        integral: true,
        non_negative: true,
        greedy: false,
        fractions: 0,
        whole_expressions: 0,
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
        trail.fractions += u32::from(t.val.1 != 1);
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

/// Whether every value of `t`, leaves included, is a positive integer.
fn s_whole(t: &STree) -> bool {
    t.val.1 == 1
        && t.val.0 > 0
        && match &t.node {
            SNode::Leaf(_) => true,
            SNode::Neg(a) => s_whole(a),
            SNode::Bin(_, a, b) => s_whole(a) && s_whole(b),
        }
}

/// Per reachable value, the trails of every tree over the allowed sets of board positions
/// merged: the lowest peak and fewest fractions, whether any tree avoids a division, a
/// fraction, a negative value, or is greedy, and how many distinct expressions stay in the
/// positive integers. Exponential like [`solve_all_by_strings`]: at most 4 numbers.
pub fn trails(numbers: &[i64], rules: BruteRules) -> BTreeMap<Q, BruteTrail> {
    let n = numbers.len();
    let full = (1usize << n) - 1;
    let mut memo = vec![None; full + 1];
    let mut out: BTreeMap<Q, BruteTrail> = BTreeMap::new();
    let mut whole: HashMap<Q, HashSet<String>> = HashMap::new();
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
            if s_whole(&t) {
                whole.entry(q).or_default().insert(s_expr(&t));
            }
            out.entry(q)
                .and_modify(|m| {
                    m.peak = m.peak.min(x.peak);
                    m.no_division |= x.no_division;
                    m.integral |= x.integral;
                    m.non_negative |= x.non_negative;
                    m.greedy |= x.greedy;
                    m.fractions = m.fractions.min(x.fractions);
                })
                .or_insert(x);
        }
    }
    for (q, m) in out.iter_mut() {
        m.whole_expressions = whole.get(q).map_or(0, |w| w.len() as u64);
    }
    out
}

/// How many different boards (multisets of values) one move leaves: every ordered pair of
/// positions under every operation the rules allow (and two digits side by side with
/// `concat`), evaluated by the brute force's own arithmetic.
pub fn first_moves(numbers: &[i64], rules: BruteRules) -> u32 {
    let mut boards: HashSet<Vec<Frac>> = HashSet::new();
    for i in 0..numbers.len() {
        for j in 0..numbers.len() {
            if i == j {
                continue;
            }
            for op in ['+', '-', '*', '/', '^', '|'] {
                if op == '^' && !rules.pow || op == '|' && !rules.concat {
                    continue;
                }
                let (a, b) = ((numbers[i] as i128, 1), (numbers[j] as i128, 1));
                let v = match op {
                    '|' if numbers[i] <= 9 && numbers[j] <= 9 => {
                        side_by_side(numbers[i], numbers[j]).map(|n| (n as i128, 1))
                    }
                    '|' => None,
                    _ => s_apply(op, a, b, rules),
                };
                let Some(v) = v else {
                    continue;
                };
                let mut next: Vec<Frac> = (0..numbers.len())
                    .filter(|&k| k != i && k != j)
                    .map(|k| (numbers[k] as i128, 1))
                    .collect();
                next.push(v);
                next.sort_unstable();
                boards.insert(next);
            }
        }
    }
    boards.len() as u32
}
