//! Which targets a board reaches, without any counts: for boards too large for the counting
//! references (seven numbers), read from the definitions with this module's own arithmetic.
//! Every sub-multiset but the whole board keeps its set of values (a number alone, or `a op
//! b` for every ordered split into two non-empty parts); the whole board's values are every
//! `a op b` over its splits, of which only the whole numbers in `1..=m` are kept.

use std::collections::{BTreeSet, HashMap, HashSet};

use super::arith::{apply, negate, ops_for};
use super::counts::{board_multisets, sub_multisets};
use super::{BruteRules, Q};

/// The targets of `1..=m` the board reaches (no joined digits).
pub fn targets_reached(numbers: &[i64], rules: BruteRules, m: i64) -> BTreeSet<i64> {
    assert!(!rules.concat, "joined digits are not modelled here");
    let (values, full, all) = board_multisets(numbers);
    let ops = ops_for(rules);
    let mut sets: HashMap<Vec<usize>, HashSet<Q>> = HashMap::new();
    let mut reached = BTreeSet::new();
    let keep = |v: Q, reached: &mut BTreeSet<i64>| {
        for w in [Some(v), negate(v, rules)].into_iter().flatten() {
            if w.den == 1 && (1..=m).contains(&w.num) {
                reached.insert(w.num);
            }
        }
    };
    for s in all {
        let size: usize = s.iter().sum();
        if size == 0 {
            continue;
        }
        let whole = s == full;
        let mut set = HashSet::new();
        if size == 1 {
            let i = s.iter().position(|&c| c == 1).unwrap();
            set.insert(Q::int(values[i]));
        } else {
            for a in sub_multisets(&s) {
                let n: usize = a.iter().sum();
                if n == 0 || n == size {
                    continue;
                }
                let b: Vec<usize> = s.iter().zip(&a).map(|(x, y)| x - y).collect();
                for &x in &sets[&a] {
                    for &y in &sets[&b] {
                        for &op in &ops {
                            let Some(v) = apply(op, x, y, rules) else {
                                continue;
                            };
                            if whole {
                                keep(v, &mut reached);
                            } else {
                                set.insert(v);
                                if let Some(n) = negate(v, rules) {
                                    set.insert(n);
                                }
                            }
                        }
                    }
                }
            }
        }
        if !whole || size == 1 {
            if !rules.use_all || whole {
                for &v in &set {
                    keep(v, &mut reached);
                }
            }
            sets.insert(s, set);
        }
    }
    reached
}
