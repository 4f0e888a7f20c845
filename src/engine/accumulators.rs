//! Where a build adds up its counts: one accumulator per value reached, in an array for small
//! integers and an open-addressing map for the rest ([`Accumulators`]), or a dense array over a
//! window ([`Dense`]); both are a [`Sink`].

use rustc_hash::FxHashMap;

use crate::game::number::Number;

use super::entry::{Accumulator, Entry};

/// Boards of at least this many numbers are built on several threads (a smaller board takes a
/// few microseconds, less than handing work to another thread costs), and sub-boards of this
/// many numbers get an array of small values.
pub(super) const PARALLEL_FROM: usize = 4;

impl super::Window {
    /// Bytes of the accumulators a whole board's build under this window holds.
    pub fn accumulator_bytes(&self) -> u64 {
        let len = u64::try_from(self.hi.saturating_sub(self.lo).saturating_add(1)).unwrap_or(0);
        len.saturating_mul(std::mem::size_of::<Accumulator>() as u64)
    }
}

#[inline]
pub(super) fn add_mul(acc: &mut u64, a: u64, b: u64) -> Option<()> {
    *acc = acc.checked_add(a.checked_mul(b)?)?;
    Some(())
}

/// `n (n + 1) / 2`: unordered pairs, with repetition, of `n` forms.
#[inline]
pub(super) fn pairs(n: u64) -> Option<u64> {
    let p = (n as u128) * (n as u128 + 1) / 2;
    u64::try_from(p).ok()
}

/// Multisets of size `k` drawn from `n` kinds: C(n + k − 1, k).
pub(super) fn multichoose(n: u64, k: usize) -> Option<u64> {
    let mut r: u128 = 1;
    for i in 0..k as u128 {
        r = r.checked_mul(n as u128 + i)? / (i + 1);
    }
    u64::try_from(r).ok()
}

/// Where combining and flat enumeration add their counts: a hash map for a complete table, a
/// dense array for a windowed one (no hashing, and values outside the window cost nothing).
pub(super) trait Sink<V: Number> {
    fn slot(&mut self, v: V) -> Option<&mut Accumulator>;
    /// The number of powers reaching each value, kept apart from the accumulators: there
    /// are powers only in games with `^`, and a smaller accumulator misses the cache less.
    fn powers(&mut self) -> &mut FxHashMap<V, u64>;

    /// Credits value `v` with the powers `l ^ r`, one per pair of their canonical forms.
    fn add_powers(&mut self, v: V, l: &Entry<V>, r: &Entry<V>) -> Option<()> {
        add_mul(
            self.powers().entry(v).or_default(),
            l.distinct(),
            r.distinct(),
        )
    }
}

/// The accumulators of one sub-board's values: small positive integers, which most operand
/// pairs give (half the results of a six-number Countdown board are at most 4,096), in an
/// array indexed by the value, where they cost no hashing and stay in cache; the other values
/// in a [`ValueMap`].
pub(super) struct Accumulators<V> {
    /// Positive-integer domains and sub-boards of [`PARALLEL_FROM`] numbers or more only,
    /// else empty.
    pub(super) small: Small,
    pub(super) large: ValueMap<V>,
    pub(super) powers: FxHashMap<V, u64>,
    /// A buffer for sorting the map's values, kept with its capacity: allocating it afresh
    /// for each sub-board costs a page fault per page.
    pub(super) keys: Vec<(V, u32)>,
}

impl<V> Default for Accumulators<V> {
    fn default() -> Self {
        Accumulators {
            small: Small::default(),
            large: ValueMap::default(),
            powers: FxHashMap::default(),
            keys: Vec::new(),
        }
    }
}

/// Accumulators of the integers `0..SMALL`.
#[derive(Default)]
pub(super) struct Small {
    pub(super) accs: Vec<Accumulator>,
    /// A bit per accumulator: whether it was credited.
    pub(super) touched: Vec<u64>,
}

/// The length of [`Small::accs`].
pub(super) const SMALL: usize = 4096;

impl Small {
    pub(super) fn allocated() -> Small {
        Small {
            accs: vec![Accumulator::default(); SMALL],
            touched: vec![0; SMALL / 64],
        }
    }
}

/// A map from values to accumulators: an open-addressing table of 4-byte positions, small
/// enough to stay in cache, over the (value, accumulator) pairs in the order their values
/// came. A lookup reads one slot and one pair, where a hash map of whole accumulators missed
/// the cache twice.
pub(super) struct ValueMap<V> {
    /// Per slot, one plus the position of its value, 0 for an empty slot; a power of two
    /// long, at most half full.
    pub(super) slots: Vec<u32>,
    /// Values and their accumulators in the order they came: a value is compared where its
    /// accumulator is, in the same cache line.
    pub(super) accs: Vec<(V, Accumulator)>,
}

impl<V> Default for ValueMap<V> {
    fn default() -> Self {
        ValueMap {
            slots: Vec::new(),
            accs: Vec::new(),
        }
    }
}

impl<V: Number> ValueMap<V> {
    pub(super) fn len(&self) -> usize {
        self.accs.len()
    }

    /// Makes room for `more` values beyond those held without growing.
    pub(super) fn reserve(&mut self, more: usize) {
        let want = (2 * (self.len() + more)).next_power_of_two();
        if want > self.slots.len() {
            self.rehash(want);
        }
        self.accs.reserve(more);
    }

    pub(super) fn rehash(&mut self, size: usize) {
        self.slots.clear();
        self.slots.resize(size, 0);
        let mask = size - 1;
        for (i, &(v, _)) in self.accs.iter().enumerate() {
            let mut s = Self::home(v, mask);
            while self.slots[s] != 0 {
                s = (s + 1) & mask;
            }
            self.slots[s] = i as u32 + 1;
        }
    }

    #[inline]
    pub(super) fn home(v: V, mask: usize) -> usize {
        use std::hash::BuildHasher;
        rustc_hash::FxBuildHasher.hash_one(v) as usize & mask
    }

    /// The accumulator of `v`, appended if `v` is new.
    #[inline]
    pub(super) fn acc(&mut self, v: V) -> &mut Accumulator {
        if 2 * (self.len() + 1) > self.slots.len() {
            self.rehash((2 * self.slots.len()).max(64));
        }
        let mask = self.slots.len() - 1;
        let mut s = Self::home(v, mask);
        loop {
            match self.slots[s] {
                0 => {
                    self.slots[s] = u32::try_from(self.len() + 1).expect("under 2^32 values");
                    self.accs.push((v, Accumulator::default()));
                    return &mut self.accs.last_mut().expect("just pushed").1;
                }
                p if self.accs[p as usize - 1].0 == v => return &mut self.accs[p as usize - 1].1,
                _ => s = (s + 1) & mask,
            }
        }
    }

    /// Empties the map, keeping its memory.
    pub(super) fn clear(&mut self) {
        if !self.accs.is_empty() {
            self.slots.fill(0);
            self.accs.clear();
        }
    }
}

impl<V: Number> Accumulators<V> {
    /// Sorts the map's values, with their positions, into `keys`.
    pub(super) fn sort_keys(&mut self) {
        let (large, keys) = (&self.large, &mut self.keys);
        keys.clear();
        // Sorting (value, position) pairs moves less than sorting whole accumulators.
        keys.extend(large.accs.iter().map(|&(v, _)| v).zip(0u32..));
        V::sort_pairs(keys);
    }

    /// How many small values were credited.
    pub(super) fn small_len(&self) -> usize {
        let touched = &self.small.touched;
        touched.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Empties the accumulators, keeping their memory.
    pub(super) fn reset(&mut self) {
        let Small { accs, touched } = &mut self.small;
        for (w, word) in touched.iter_mut().enumerate() {
            while *word != 0 {
                accs[w * 64 + word.trailing_zeros() as usize] = Accumulator::default();
                *word &= *word - 1;
            }
        }
        self.large.clear();
        self.powers.clear();
        self.keys.clear();
    }
}

impl<V: Number> Sink<V> for Accumulators<V> {
    #[inline]
    fn slot(&mut self, v: V) -> Option<&mut Accumulator> {
        if V::POSITIVE
            && let Some(i) = v.as_int()
            && let Ok(i) = usize::try_from(i)
            && i < self.small.accs.len()
        {
            self.small.touched[i / 64] |= 1 << (i % 64);
            return Some(&mut self.small.accs[i]);
        }
        Some(self.large.acc(v))
    }

    fn powers(&mut self) -> &mut FxHashMap<V, u64> {
        &mut self.powers
    }
}

/// Accumulators for the integers `lo..lo + accs.len()`.
pub(super) struct Dense<V> {
    pub(super) lo: i64,
    pub(super) accs: Vec<Accumulator>,
    pub(super) powers: FxHashMap<V, u64>,
}

impl<V: Number> Sink<V> for Dense<V> {
    #[inline]
    fn slot(&mut self, v: V) -> Option<&mut Accumulator> {
        let i = v.as_int()?.checked_sub(self.lo)?;
        self.accs.get_mut(usize::try_from(i).ok()?)
    }

    fn powers(&mut self) -> &mut FxHashMap<V, u64> {
        &mut self.powers
    }
}

/// Sets the power counts of `entries` from `powers`, leaving it empty.
pub(super) fn set_powers<V: Number>(entries: &mut [Entry<V>], powers: &mut FxHashMap<V, u64>) {
    if !powers.is_empty() {
        for e in entries.iter_mut() {
            e.power = powers.remove(&e.value).unwrap_or(0);
        }
        powers.clear();
    }
}
