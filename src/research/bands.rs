//! The distributions of `distinct` counts and of `min_ops` per band of 100 targets, for
//! the Digits distribution charts.

use std::collections::BTreeMap;

use crate::engine::Convention;
use crate::store::read::{CorpusStore, Result};

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

/// Distribution of `distinct` and `min_ops` per target band (every puzzle counts once,
/// as in a corpus of uniformly weighted boards such as Digits).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TargetBands {
    /// Band → puzzles per [`DISTINCT_BINS`] bucket.
    pub distinct: BTreeMap<i64, [u64; DISTINCT_BINS.len()]>,
    /// Band → puzzles per `min_ops` (index 0..=5), index 6 for unsolvable.
    pub min_ops: BTreeMap<i64, [u64; 7]>,
    pub lo: i64,
    pub hi: i64,
}

/// The per-band distributions of `distinct` counts and `min_ops`.
pub fn target_bands(store: &CorpusStore) -> Result<TargetBands> {
    let mut b = TargetBands {
        lo: i64::MAX,
        hi: i64::MIN,
        ..TargetBands::default()
    };
    store.scan_puzzles(&[Convention::Distinct], false, |s| {
        let distinct = s.counts[Convention::Distinct.index()]
            .as_ref()
            .expect("scan_puzzles reads every convention it is asked for");
        for (i, &count) in distinct.iter().enumerate() {
            let Some(t) = s.target[i] else { continue };
            b.lo = b.lo.min(t);
            b.hi = b.hi.max(t);
            let band = band_of(t);
            let solvable = s.solvable[i].unwrap_or(false);
            let d = if solvable { count.unwrap_or(0) } else { 0 };
            if let Some(k) = DISTINCT_BINS
                .iter()
                .position(|&(lo, hi, _)| (lo..=hi).contains(&d))
            {
                b.distinct.entry(band).or_default()[k] += 1;
            }
            let k = match (solvable, s.min_ops[i]) {
                (true, Some(m)) => (m as usize).min(5),
                _ => 6,
            };
            b.min_ops.entry(band).or_default()[k] += 1;
        }
    })?;
    Ok(b)
}
