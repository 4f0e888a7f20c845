//! The generator's random numbers: SplitMix64, written out here rather than taken from a
//! crate so that a seed gives the same puzzles on every machine and with every future
//! version of the dependencies (a library's algorithms and range reductions may change
//! between releases; these cannot).
//!
//! Every board a request draws has its own generator, seeded by (seed, stream, index): what
//! board `i` is never depends on how many boards were drawn before it or on which thread
//! draws it, so boards can be evaluated in parallel and still come out the same.

/// A SplitMix64 generator (Steele, Lea and Flood, 2014).
#[derive(Clone, Debug)]
pub struct Rng(u64);

/// SplitMix64's increment, the golden ratio in 64 bits.
const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

/// SplitMix64's output function: a bijection of 64-bit words that mixes every bit.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Rng {
    /// The generator of draw `index` of `stream` under `seed`.
    pub fn new(seed: u64, stream: u64, index: u64) -> Rng {
        let s = mix(seed.wrapping_add(GOLDEN));
        let s = mix(s ^ stream.wrapping_mul(GOLDEN).wrapping_add(1));
        Rng(mix(s ^ index
            .wrapping_mul(0xD1B5_4A32_D192_ED03)
            .wrapping_add(2)))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GOLDEN);
        mix(self.0)
    }

    /// A uniform integer in `0..n` (`n` > 0), without bias: Lemire's multiply-and-reject.
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0, "a range of no integers");
        let threshold = n.wrapping_neg() % n;
        loop {
            let m = u128::from(self.next_u64()) * u128::from(n);
            if (m as u64) >= threshold {
                return (m >> 64) as u64;
            }
        }
    }

    /// Shuffles `items` in place (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The generator's output is pinned: a change here would change every generated puzzle.
    #[test]
    fn the_sequence_is_pinned() {
        let mut r = Rng::new(7, 0, 0);
        let first: Vec<u64> = (0..3).map(|_| r.next_u64()).collect();
        let mut again = Rng::new(7, 0, 0);
        assert_eq!(first, (0..3).map(|_| again.next_u64()).collect::<Vec<_>>());
        assert_ne!(Rng::new(7, 0, 1).next_u64(), first[0]);
        assert_ne!(Rng::new(7, 1, 0).next_u64(), first[0]);
        assert_ne!(Rng::new(8, 0, 0).next_u64(), first[0]);
        // SplitMix64 seeded with 0 starts 0xe220a8397b1dcdaf (the reference implementation).
        assert_eq!(Rng(0).next_u64(), 0xe220_a839_7b1d_cdaf);
    }

    #[test]
    fn below_is_uniform() {
        let mut r = Rng::new(1, 2, 3);
        let mut seen = [0u32; 6];
        for _ in 0..60_000 {
            seen[r.below(6) as usize] += 1;
        }
        // Each face 10,000 times, give or take 4 standard deviations (≈ 365).
        assert!(seen.iter().all(|&n| n.abs_diff(10_000) < 400), "{seen:?}");
    }
}
