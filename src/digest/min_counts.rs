//! How many puzzles share the fewest count of each convention, and the fewest of two at
//! once ([`MinCounts`], folded from the rows of `puzzles`; [`MinClasses`], what it finds):
//! the report's note that a count alone cannot tell the hardest apart.

use std::ops::Range;

use crate::engine::Convention;
use crate::store::scan::PuzzleFold;
use crate::store::slice::PuzzleSlice;

/// How many puzzles sit at the minimum count under each convention, and under two at once.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MinClasses {
    /// `(convention, its minimum count, puzzles at it)`.
    pub at_min: Vec<(Convention, u64, u64)>,
    /// `(a, b, puzzles at the minimum of both)`.
    pub both: Vec<(Convention, Convention, u64)>,
}

/// How many puzzles (optionally at one target) sit at the smallest positive count of each
/// of some conventions — the count the hardest puzzle of each has — and at two of those
/// minimums at once, folded from the rows of `puzzles`. Each minimum is the running one: a
/// row below it lowers it and starts its tallies afresh.
pub struct MinCounts {
    target: Option<i64>,
    conventions: Vec<Convention>,
    min: Vec<Option<u64>>,
    at: Vec<u64>,
    /// `both[a][b]` for `a < b`.
    both: Vec<Vec<u64>>,
}

impl MinCounts {
    pub fn new(conventions: &[Convention], target: Option<i64>) -> MinCounts {
        let n = conventions.len();
        MinCounts {
            target,
            conventions: conventions.to_vec(),
            min: vec![None; n],
            at: vec![0; n],
            both: vec![vec![0; n]; n],
        }
    }

    /// The classes of the conventions with a minimum, when there are two of them or more
    /// (else none).
    pub fn finish(self) -> MinClasses {
        let mut out = MinClasses::default();
        let kept: Vec<usize> = (0..self.conventions.len())
            .filter(|&a| self.min[a].is_some())
            .collect();
        if kept.len() < 2 {
            return out;
        }
        for (j, &a) in kept.iter().enumerate() {
            let m = self.min[a].expect("kept");
            out.at_min.push((self.conventions[a], m, self.at[a]));
            for &b in &kept[j + 1..] {
                out.both
                    .push((self.conventions[a], self.conventions[b], self.both[a][b]));
            }
        }
        out
    }
}

impl MinCounts {
    /// A new minimum `c` under the `a`-th convention: its tallies start afresh.
    fn lower(&mut self, a: usize, c: u64) {
        self.min[a] = Some(c);
        self.at[a] = 0;
        for b in 0..self.conventions.len() {
            self.both[a][b] = 0;
            self.both[b][a] = 0;
        }
    }
}

impl PuzzleFold for MinCounts {
    fn conventions(&self) -> Vec<Convention> {
        self.conventions.clone()
    }

    fn fold(&mut self, s: &PuzzleSlice, rows: Range<usize>) {
        let n = self.conventions.len();
        for i in rows {
            let t = s.target(i);
            if self.target.is_some_and(|x| t != Some(x)) {
                continue;
            }
            let mut hit = [false; Convention::ALL.len()];
            for (a, hit) in hit.iter_mut().enumerate().take(n) {
                let count = s.count(self.conventions[a], i);
                if let Some(c) = count.filter(|&c| c > 0 && t.is_some())
                    && self.min[a].is_none_or(|m| c < m)
                {
                    self.lower(a, c);
                }
                *hit = self.min[a].is_some() && count == self.min[a];
            }
            for a in (0..n).filter(|&a| hit[a]) {
                self.at[a] += 1;
                for b in (a + 1..n).filter(|&b| hit[b]) {
                    self.both[a][b] += 1;
                }
            }
        }
    }
}
