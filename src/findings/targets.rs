//! What the `targets` tables say about targets themselves: which convention summarises a
//! corpus, and which targets are a good trade-off between being solvable and being hard.

use crate::engine::Convention;
use crate::store::rows::TargetRow;

use super::facts::CorpusFacts;

/// Each target of `rows` that has solutions under `conv`, as `(target, expected solutions
/// when solvable, probability)`: the points of the trade-off.
pub fn trade_off(rows: &[&TargetRow], conv: Convention) -> Vec<(i64, f64, f64)> {
    rows.iter()
        .filter_map(|r| Some((r.target, r.expected(conv)?, r.probability)))
        .filter(|p| p.1 > 0.0)
        .collect()
}

/// The Pareto front of `(target, expected, probability)`: targets no other target beats by
/// being solvable at least as often with at most as many solutions (and better in one).
/// A good target is reliably solvable yet not trivial, so it wants high probability and few
/// solutions; the two go together, which is the trade-off.
pub fn pareto_front(points: &[(i64, f64, f64)]) -> Vec<i64> {
    let mut sorted: Vec<&(i64, f64, f64)> = points.iter().collect();
    // By expected solutions ascending, then probability descending: a point is on the
    // front when its probability beats every point before it.
    sorted.sort_by(|a, b| {
        a.1.total_cmp(&b.1)
            .then(b.2.total_cmp(&a.2))
            .then(a.0.cmp(&b.0))
    });
    let mut best = f64::NEG_INFINITY;
    let mut front = Vec::new();
    for p in sorted {
        if p.2 > best {
            best = p.2;
            front.push(p.0);
        }
    }
    front
}

/// The convention a corpus's expected-solution summaries use: `distinct` when defined,
/// else `expressions`.
pub fn main_convention(c: &CorpusFacts) -> Option<Convention> {
    [Convention::Distinct, Convention::Expressions]
        .into_iter()
        .find(|x| c.conventions.contains(x))
}
