//! Joined digits, by strings: every ordering of the digits written out.

use std::collections::BTreeSet;

/// Every number the `digits` (two or more, each 0–9) spell in some order without a leading 0,
/// ascending; none when some number is not a digit.
pub fn spelled(digits: &[i64]) -> Vec<i64> {
    fn orderings(left: &mut Vec<i64>, written: &mut String, out: &mut BTreeSet<String>) {
        if left.is_empty() {
            out.insert(written.clone());
            return;
        }
        for k in 0..left.len() {
            let d = left.remove(k);
            written.push_str(&d.to_string());
            orderings(left, written, out);
            written.pop();
            left.insert(k, d);
        }
    }
    if digits.len() < 2 || digits.iter().any(|d| !(0..=9).contains(d)) {
        return Vec::new();
    }
    let mut all = BTreeSet::new();
    orderings(&mut digits.to_vec(), &mut String::new(), &mut all);
    let mut out: Vec<i64> = all
        .into_iter()
        .filter(|s| !s.starts_with('0'))
        .map(|s| s.parse().expect("digits spell a number"))
        .collect();
    out.sort_unstable();
    out
}

/// `a` and `b` written side by side (`a` not 0).
pub fn side_by_side(a: i64, b: i64) -> Option<i64> {
    (a != 0).then(|| format!("{a}{b}").parse().ok())?
}
