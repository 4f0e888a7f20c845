//! Board generators for the cross-check.

pub fn multisets(n: usize, max: i64) -> Vec<Vec<i64>> {
    if n == 0 {
        return vec![vec![]];
    }
    let mut out = Vec::new();
    for m in multisets(n - 1, max) {
        for v in *m.last().unwrap_or(&0)..=max {
            out.push([m.clone(), vec![v]].concat());
        }
    }
    out
}

/// Deterministic small random boards (xorshift).
pub fn random_boards(
    count: usize,
    max: i64,
    sizes: std::ops::RangeInclusive<usize>,
) -> Vec<Vec<i64>> {
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let span = (sizes.end() - sizes.start() + 1) as u64;
    (0..count)
        .map(|_| {
            let n = sizes.start() + (next() % span) as usize;
            (0..n).map(|_| (next() % (max as u64 + 1)) as i64).collect()
        })
        .collect()
}
