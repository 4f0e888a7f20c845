//! The distributions of `distinct` counts and of `min_ops` per band of 100 targets, for
//! the Digits distribution charts, folded from the rows of `puzzles`.

use std::collections::BTreeMap;
use std::ops::Range;

use crate::engine::Convention;
use crate::store::scan::PuzzleFold;
use crate::store::slice::PuzzleSlice;

/// Target bands of width 100 (`1–99`, `100–199`, …) for the distribution charts.
pub fn band_of(target: i64) -> i64 {
    target.div_euclid(100)
}

/// The label of band `b`, clipped to the corpus's target range.
pub fn band_label(b: i64, lo: i64, hi: i64) -> String {
    format!("{}–{}", (b * 100).max(lo), (b * 100 + 99).min(hi))
}

/// Buckets of a `distinct` count, for the distribution chart: unsolvable, 1, then
/// roughly tripling ranges (counts span four orders of magnitude).
pub const DISTINCT_BINS: [(u64, u64, &str); 8] = [
    (0, 0, "unsolvable"),
    (1, 1, "1"),
    (2, 3, "2–3"),
    (4, 9, "4–9"),
    (10, 29, "10–29"),
    (30, 99, "30–99"),
    (100, 299, "100–299"),
    (300, u64::MAX, "300+"),
];

/// Buckets of `min_ops`, for the distribution chart: 0 to 4 operations, 5 or more, then
/// unsolvable (the index of [`TargetBands::min_ops`]).
pub const MIN_OPS_BINS: [&str; 7] = ["0", "1", "2", "3", "4", "5+", "unsolvable"];

/// Distribution of `distinct` and `min_ops` per target band (every puzzle counts once,
/// as in a corpus of uniformly weighted boards such as Digits).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TargetBands {
    /// Band → puzzles per [`DISTINCT_BINS`] bucket.
    pub distinct: BTreeMap<i64, [u64; DISTINCT_BINS.len()]>,
    /// Band → puzzles per `min_ops` (index 0..=5, 5 for five or more), index 6 for
    /// unsolvable ([`MIN_OPS_BINS`]).
    pub min_ops: BTreeMap<i64, [u64; 7]>,
    pub lo: i64,
    pub hi: i64,
}

impl TargetBands {
    /// No puzzle yet.
    pub fn new() -> TargetBands {
        TargetBands {
            lo: i64::MAX,
            hi: i64::MIN,
            ..TargetBands::default()
        }
    }
}

/// The tallies of one band over a run of rows.
struct BandTally {
    band: i64,
    distinct: [u64; DISTINCT_BINS.len()],
    min_ops: [u64; 7],
}

impl BandTally {
    fn new(band: i64) -> BandTally {
        BandTally {
            band,
            distinct: [0; DISTINCT_BINS.len()],
            min_ops: [0; 7],
        }
    }
}

impl TargetBands {
    fn add(&mut self, r: BandTally) {
        let d = self.distinct.entry(r.band).or_default();
        d.iter_mut().zip(r.distinct).for_each(|(a, b)| *a += b);
        let m = self.min_ops.entry(r.band).or_default();
        m.iter_mut().zip(r.min_ops).for_each(|(a, b)| *a += b);
    }
}

impl PuzzleFold for TargetBands {
    fn conventions(&self) -> Vec<Convention> {
        vec![Convention::Distinct]
    }

    fn fold(&mut self, s: &PuzzleSlice, rows: Range<usize>) {
        // Rows run through a board's targets in order, so a band's tallies are kept locally
        // for its run of rows and added to the maps once per run.
        let mut run: Option<BandTally> = None;
        for i in rows {
            let Some(t) = s.target(i) else { continue };
            self.lo = self.lo.min(t);
            self.hi = self.hi.max(t);
            let band = band_of(t);
            if run.as_ref().is_some_and(|r| r.band != band) {
                self.add(run.take().expect("checked"));
            }
            let r = run.get_or_insert_with(|| BandTally::new(band));
            let solvable = s.solvable(i).unwrap_or(false);
            let d = if solvable {
                s.count(Convention::Distinct, i).unwrap_or(0)
            } else {
                0
            };
            let k = DISTINCT_BINS
                .iter()
                .position(|&(lo, hi, _)| (lo..=hi).contains(&d))
                .expect("the bins cover every count");
            r.distinct[k] += 1;
            let k = match (solvable, s.min_ops(i)) {
                (true, Some(m)) => (m as usize).min(5),
                _ => 6,
            };
            r.min_ops[k] += 1;
        }
        if let Some(r) = run {
            self.add(r);
        }
    }
}
