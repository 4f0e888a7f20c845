//! Joining digits (make-10's variant, `concat`): board digits written side by side make the
//! number they spell, `1` and `2` make 12 or 21. Only board digits join (a computed value
//! never does), in any order, never with a leading 0; joining two numbers is one operation,
//! like `+`, so a number joined from `k` digits takes `k − 1` of a solution's operations.

use crate::game::number::Number;
use crate::game::rules::Rules;

/// Whether board number `n` may be joined: a digit, where the rules join digits.
pub fn joinable(rules: &Rules, n: i64) -> bool {
    rules.concat && (0..=9).contains(&n)
}

/// The numbers a sub-board's `numbers` spell joined under `rules`: none unless the rules
/// join digits and every number is one ([`joinings`]).
pub fn joined(rules: &Rules, numbers: &[i64]) -> Vec<i64> {
    if rules.concat {
        joinings(numbers, rules.limit)
    } else {
        Vec::new()
    }
}

/// The numbers the digits `digits` (two or more, each 0–9) spell in some order, without a
/// leading 0 and within `limit`, ascending, each once.
pub fn joinings(digits: &[i64], limit: i64) -> Vec<i64> {
    let mut sorted = digits.to_vec();
    sorted.sort_unstable();
    let mut out = Vec::new();
    if sorted.len() < 2 || sorted.iter().any(|d| !(0..=9).contains(d)) {
        return out;
    }
    // Each distinct ordering of the multiset once: next permutations in lexicographic order,
    // whose numbers (all of one length) come out ascending.
    loop {
        if sorted[0] != 0 {
            let n = sorted
                .iter()
                .try_fold(0i64, |n, &d| n.checked_mul(10)?.checked_add(d));
            if let Some(n) = n.filter(|&n| n <= limit) {
                out.push(n);
            }
        }
        if !next_permutation(&mut sorted) {
            return out;
        }
    }
}

/// `a` and `b` joined as `ab`, where both are board digits or numbers joined from them:
/// `None` when `a` is 0 (a leading 0), or past `limit`.
pub fn join(a: i64, b: i64, limit: i64) -> Option<i64> {
    if a <= 0 || b < 0 {
        return None;
    }
    let shift = 10i64.checked_pow(digits(b))?;
    a.checked_mul(shift)?.checked_add(b).filter(|&n| n <= limit)
}

/// [`join`] of two values of a domain (both integers: board digits or numbers joined from
/// them).
pub fn join_values<V: Number>(a: V, b: V, limit: i64) -> Option<V> {
    join(a.as_int()?, b.as_int()?, limit).and_then(V::from_int)
}

/// How many decimal digits `n ≥ 0` has (1 for 0).
pub fn digits(n: i64) -> u32 {
    n.checked_ilog10().map_or(1, |l| l + 1)
}

fn next_permutation(v: &mut [i64]) -> bool {
    let Some(i) = (1..v.len()).rev().find(|&i| v[i - 1] < v[i]) else {
        return false;
    };
    let j = (i..v.len())
        .rev()
        .find(|&j| v[j] > v[i - 1])
        .expect("v[i] > v[i − 1]");
    v.swap(i - 1, j);
    v[i..].reverse();
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_ordering_once_without_a_leading_zero() {
        assert_eq!(joinings(&[2, 1], i64::MAX), vec![12, 21]);
        assert_eq!(joinings(&[1, 1], i64::MAX), vec![11]);
        assert_eq!(joinings(&[0, 5], i64::MAX), vec![50]);
        assert_eq!(joinings(&[0, 0], i64::MAX), Vec::<i64>::new());
        assert_eq!(joinings(&[1, 0, 1], i64::MAX), vec![101, 110],);
        assert_eq!(joinings(&[3, 2, 1], 200), vec![123, 132]);
        assert_eq!(joinings(&[7], i64::MAX), Vec::<i64>::new());
        assert_eq!(joinings(&[1, 12], i64::MAX), Vec::<i64>::new());
        assert_eq!(joinings(&[1, 2, 3, 4, 5, 6], i64::MAX).len(), 720);
    }

    #[test]
    fn joining_two_numbers() {
        assert_eq!(join(1, 2, i64::MAX), Some(12));
        assert_eq!(join(12, 0, i64::MAX), Some(120));
        assert_eq!(join(5, 10, i64::MAX), Some(510));
        assert_eq!(join(0, 5, i64::MAX), None);
        assert_eq!(join(99, 9, 100), None);
        assert_eq!(join(i64::MAX / 2, 9, i64::MAX), None);
        assert_eq!(
            (digits(0), digits(9), digits(10), digits(999)),
            (1, 1, 2, 3)
        );
    }
}
