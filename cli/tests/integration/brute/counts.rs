//! [`solve_all`]: the count DP over sub-multisets of the board, and the count of every
//! unchecked tree.

use std::collections::{BTreeMap, HashMap, HashSet};

use super::arith::{Op, apply, make_q, negate, ops_for, valid_for};
use super::forms::{FormId, Forms, Kind};
use super::join::spelled;
use super::{BruteCounts, BruteRules, Q};

/// Everything built over one sub-multiset of the board (all of its numbers used).
#[derive(Default)]
pub(super) struct Level {
    /// Value -> number of valid value-labelled trees with that value.
    trees: HashMap<Q, u64>,
    /// Value -> number of valid expressions (trees modulo commutativity) with that value.
    exprs: HashMap<Q, u64>,
    /// The distinct canonical forms (modulo commutativity and associativity).
    forms: Vec<FormId>,
}

/// A board as multisets: its distinct values (ascending), how many copies of each it holds,
/// and every sub-multiset of it (copies of each value), fewest numbers first.
pub(super) fn board_multisets(numbers: &[i64]) -> (Vec<i64>, Vec<usize>, Vec<Vec<usize>>) {
    let mut values = numbers.to_vec();
    values.sort();
    values.dedup();
    let full: Vec<usize> = values
        .iter()
        .map(|v| numbers.iter().filter(|&x| x == v).count())
        .collect();
    let mut all = sub_multisets(&full);
    all.sort_by_key(|c| c.iter().sum::<usize>());
    (values, full, all)
}

/// All count vectors `c` with `0 <= c[i] <= max[i]`.
pub(super) fn sub_multisets(max: &[usize]) -> Vec<Vec<usize>> {
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
pub(super) fn add_count(map: &mut HashMap<Q, u64>, v: Q, n: u64, rules: BruteRules) {
    *map.entry(v).or_default() += n;
    if let Some(neg) = negate(v, rules) {
        *map.entry(neg).or_default() += n;
    }
}

pub(super) fn build_level(
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
    if rules.concat {
        let digits: Vec<i64> = m
            .iter()
            .zip(values)
            .flat_map(|(&c, &v)| std::iter::repeat_n(v, c))
            .collect();
        for n in spelled(&digits) {
            if let Some(v) = make_q(n as i128, 1).filter(|&v| valid_for(v, rules)) {
                add_count(&mut level.trees, v, 1, rules);
                add_count(&mut level.exprs, v, 1, rules);
                if want_forms {
                    forms.insert(arena.intern(Kind::Leaf(v), v));
                }
            }
        }
    }
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
    let (values, full, all) = board_multisets(numbers);

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
