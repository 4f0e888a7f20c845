//! The generator's random numbers: the crate's SplitMix64 ([`crate::random`]), so that a
//! seed gives the same puzzles on every machine and with every future version of the
//! dependencies.
//!
//! Every board a request draws has its own generator, seeded by (seed, stream, index): what
//! board `i` is never depends on how many boards were drawn before it or on which thread
//! draws it, so boards can be evaluated in parallel and still come out the same.

use crate::random::{GOLDEN, SplitMix64, mix};

/// A SplitMix64 generator for one draw of a request.
#[derive(Clone, Debug)]
pub struct Rng(SplitMix64);

impl Rng {
    /// The generator of draw `index` of `stream` under `seed`.
    pub fn new(seed: u64, stream: u64, index: u64) -> Rng {
        let s = mix(seed.wrapping_add(GOLDEN));
        let s = mix(s ^ stream.wrapping_mul(GOLDEN).wrapping_add(1));
        Rng(SplitMix64::new(mix(s ^ index
            .wrapping_mul(0xD1B5_4A32_D192_ED03)
            .wrapping_add(2))))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A uniform integer in `0..n` (`n` > 0), without bias.
    pub fn below(&mut self, n: u64) -> u64 {
        self.0.below_exactly(n)
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
        assert_eq!(Rng(SplitMix64::new(0)).next_u64(), 0xe220_a839_7b1d_cdaf);
    }
}
