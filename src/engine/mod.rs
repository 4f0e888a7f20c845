//! The exact engine: a memoized DP over the sub-boards of a board that finds every value each
//! sub-board reaches, and for each value its solution counts under `trees`, `expressions` and
//! `distinct` (SPEC §2). `min_ops` follows from the size of the smallest sub-board reaching a
//! value, since a tree over `k` numbers has `k − 1` operations.
//!
//! How each convention is counted:
//! - `trees` and `expressions` come from combining the value tables of every split of a
//!   sub-board into two complementary sub-boards. Sub-boards are sub-*multisets*, so trees
//!   that differ only by swapping equal numbers are never told apart; when both halves of a
//!   split are the same multiset, unordered pairs are counted as multisets of size two.
//! - `distinct` counts canonical forms: a flat sum (a multiset of signed terms, each a
//!   non-sum form), a flat product (numerator and denominator multisets of non-product
//!   forms), a power, or a number. Each entry therefore also keeps how many of its forms are
//!   sums, products, powers or the number itself. Flat nodes of two items come from the same
//!   pass as the trees; flat nodes of three or more items are enumerated over multiset
//!   partitions of the sub-board ([`Tables::for_each_flat`]), in one canonical order so each
//!   multiset of items is seen once. A sum is realizable when its value is in the domain (a
//!   positive integer for Digits: add the positive terms, then subtract the rest), a product
//!   when its value is (multiply, then divide). Where numbers need not all be used, a product
//!   with a proper part of its factors worth 1 is the same solution as the product without
//!   them, and is not counted.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock, RwLock};

use rayon::prelude::*;
use rustc_hash::FxHashMap;
use serde::Serialize;

use crate::error::{Error, Result};
use crate::game::board::{Board, MAX_NUMBERS, SubBoards};
use crate::game::number::{Number, Op, Wide};
use crate::game::rules::Rules;

/// One value reached by one sub-board, with how many forms reach it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry<V> {
    pub value: V,
    /// Ordered binary trees.
    pub trees: u64,
    /// Trees modulo commutativity.
    pub expressions: u64,
    /// Canonical forms that are flat sums.
    pub sum: u64,
    /// Canonical forms that are flat products.
    pub product: u64,
    /// Canonical forms that are powers.
    pub power: u64,
    /// What the easiest trees reaching the value go through.
    pub trail: Trail,
}

impl<V> Entry<V> {
    /// An entry for `value` with no forms yet.
    pub fn empty(value: V) -> Entry<V> {
        Entry {
            value,
            trees: 0,
            expressions: 0,
            sum: 0,
            product: 0,
            power: 0,
            trail: Trail::NONE,
        }
    }

    /// Adds the trees and forms credited in `a`.
    fn add(&mut self, a: &Acc) -> Option<()> {
        self.trees = self.trees.checked_add(a.trees)?;
        self.expressions = self.expressions.checked_add(a.expressions)?;
        self.sum = self.sum.checked_add(a.sum)?;
        self.product = self.product.checked_add(a.product)?;
        self.trail.merge(a.trail);
        Some(())
    }

    /// Canonical forms that are the number itself (0 or 1): kept as a flag of the trail
    /// rather than a count of its own, so that an entry fills a cache line exactly.
    pub fn leaf(&self) -> u64 {
        u64::from(self.trail.has(Trail::LONE))
    }

    /// Canonical forms under `distinct`.
    pub fn distinct(&self) -> u64 {
        self.leaf() + self.sum + self.product + self.power
    }

    /// Forms that can be a term of a sum.
    pub fn non_sum(&self) -> u64 {
        self.leaf() + self.product + self.power
    }

    /// Forms that can be a factor of a product.
    pub fn non_product(&self) -> u64 {
        self.leaf() + self.sum + self.power
    }
}

/// What the trees reaching one value pass through, for the difficulty features: each property
/// is found over all trees on its own (the tree that avoids a division need not be the one with
/// the lowest peak). Kept with the counts because it is computed in the same pass, from the
/// same operand pairs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Trail {
    /// The smallest, over trees, of the largest magnitude (rounded up) of any value the tree
    /// computes, itself included; 0 for a lone number, which computes nothing.
    pub peak: u64,
    /// [`Trail::NO_DIVISION`] and the other bits: which kinds of tree exist.
    pub flags: u8,
}

impl Trail {
    /// Some tree has no division.
    pub const NO_DIVISION: u8 = 1;
    /// Some tree has only integer intermediate values.
    pub const INTEGRAL: u8 = 2;
    /// Some tree has no negative intermediate value.
    pub const NON_NEGATIVE: u8 = 4;
    /// The value is the product of two lone numbers.
    pub const PRODUCT_OF_TWO: u8 = 8;
    /// Some tree is a product of two lone numbers, or such a product plus or minus a
    /// correction at most a quarter of the value: the greedy route people try first.
    pub const GREEDY: u8 = 16;
    /// The value is a lone board number.
    pub const LONE: u8 = 32;
    /// The properties that hold for a tree when they hold for both of its operands.
    const INHERITED: u8 = Self::NO_DIVISION | Self::INTEGRAL | Self::NON_NEGATIVE;

    /// Nothing reached yet: the identity of [`Trail::merge`].
    pub const NONE: Trail = Trail {
        peak: u64::MAX,
        flags: 0,
    };

    /// A lone board number (a positive integer).
    pub const LEAF: Trail = Trail {
        peak: 0,
        flags: Self::INHERITED | Self::LONE,
    };

    /// Whether some tree has the property `flag`.
    pub fn has(self, flag: u8) -> bool {
        self.flags & flag != 0
    }

    /// Both sets of trees together.
    #[inline]
    pub fn merge(&mut self, o: Trail) {
        self.peak = self.peak.min(o.peak);
        self.flags |= o.flags;
    }

    /// The trail of `−t` for trees `t` with this trail, `−t` being worth `v`: unary minus is
    /// one more operation, and the result is no longer a product or a correction of one.
    fn negated<V: Number>(self, v: V) -> Trail {
        let mut flags = self.flags & Self::INHERITED;
        if v.is_negative() {
            flags &= !Self::NON_NEGATIVE;
        }
        Trail {
            peak: self.peak.max(v.magnitude()),
            flags,
        }
    }

    /// The trail of the trees `l op r`, worth `v`.
    #[inline]
    fn of<V: Number>(op: Op, l: &Entry<V>, r: &Entry<V>, v: V) -> Trail {
        let (lt, rt) = (l.trail, r.trail);
        let mut flags = lt.flags & rt.flags & Self::INHERITED;
        if op == Op::Div {
            flags &= !Self::NO_DIVISION;
        }
        if V::SIGNED {
            if v.as_int().is_none() {
                flags &= !Self::INTEGRAL;
            }
            if v.is_negative() {
                flags &= !Self::NON_NEGATIVE;
            }
        }
        let m = v.magnitude();
        // `p ± c` with `p` a product of two numbers and `c` small beside the value.
        let greedy = |p: Trail, c: &Entry<V>| {
            p.has(Self::PRODUCT_OF_TWO) && c.value.magnitude().saturating_mul(4) <= m
        };
        match op {
            Op::Mul if l.trail.has(Self::LONE) && r.trail.has(Self::LONE) => {
                flags |= Self::PRODUCT_OF_TWO | Self::GREEDY
            }
            Op::Add if greedy(lt, r) || greedy(rt, l) => flags |= Self::GREEDY,
            Op::Sub if greedy(lt, r) => flags |= Self::GREEDY,
            _ => {}
        }
        Trail {
            peak: lt.peak.max(rt.peak).max(m),
            flags,
        }
    }
}

impl Default for Trail {
    fn default() -> Self {
        Trail::NONE
    }
}

/// The counts of one value over every sub-board allowed (any sub-board, or the whole board
/// when every number must be used).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    pub trees: u64,
    pub expressions: u64,
    /// `None` where `distinct` is not defined (with unary minus).
    pub distinct: Option<u64>,
    /// Fewest operations that reach the value.
    pub min_ops: u32,
    /// The trails of every usable sub-board's trees together.
    #[serde(skip)]
    pub trail: Trail,
}

/// Which kind of flat node [`Tables::for_each_flat`] enumerates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flat {
    Sum,
    Product,
}

/// One item of a flat node: a form over sub-board `block` with value `items[block][index]`,
/// added or subtracted (sum) or multiplied or divided (product). Sixteen bytes, so that it
/// is passed in registers (sub-board indices are below `2^MAX_NUMBERS`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Item {
    pub block: u32,
    /// `true` for a subtracted term or a divisor.
    pub inverse: bool,
    pub index: usize,
}

// Sub-board indices (below `2^MAX_NUMBERS`) fit an item's `block`.
const _: () = assert!(MAX_NUMBERS < 32);

/// The table of one sub-board: every value it reaches, and the items that flat nodes over it
/// may use.
#[derive(Clone, Debug)]
pub struct Part<V> {
    /// Entries ascending by value.
    pub entries: Vec<Entry<V>>,
    /// Whether factors worth 1 are left out of the factors (see
    /// [`Rules::drops_unit_factors`]).
    drop_units: bool,
    /// `(value, forms)` usable as sum terms, ascending by value. Built on first use: the
    /// whole board's items are needed only when its part is shared with a larger board.
    terms: OnceLock<Vec<(V, u64)>>,
    /// `(value, forms)` usable as product factors, ascending by value; built on first use.
    factors: OnceLock<Vec<(V, u64)>>,
}

impl<V> Part<V> {
    /// Approximate bytes the part holds, counting item lists not built yet at their largest.
    pub fn bytes(&self) -> usize {
        use std::mem::size_of;
        let items = |l: &OnceLock<Vec<(V, u64)>>| l.get().map_or(self.entries.len(), Vec::capacity);
        size_of::<Self>()
            + self.entries.capacity() * size_of::<Entry<V>>()
            + (items(&self.terms) + items(&self.factors)) * size_of::<(V, u64)>()
    }
}

impl<V: Number> Part<V> {
    /// The part of a sub-board with these entries.
    fn new(entries: Vec<Entry<V>>, drop_units: bool) -> Part<V> {
        Part {
            entries,
            drop_units,
            terms: OnceLock::new(),
            factors: OnceLock::new(),
        }
    }

    fn terms(&self) -> &[(V, u64)] {
        self.terms.get_or_init(|| {
            self.entries
                .iter()
                .filter(|e| e.non_sum() > 0)
                .map(|e| (e.value, e.non_sum()))
                .collect()
        })
    }

    fn factors(&self) -> &[(V, u64)] {
        self.factors.get_or_init(|| {
            self.entries
                .iter()
                .filter(|e| e.non_product() > 0 && !(self.drop_units && e.value.is_one()))
                .map(|e| (e.value, e.non_product()))
                .collect()
        })
    }
}

impl<V> Default for Part<V> {
    fn default() -> Self {
        Part {
            entries: Vec::new(),
            drop_units: false,
            terms: OnceLock::new(),
            factors: OnceLock::new(),
        }
    }
}

/// Tables of sub-boards computed once and shared by every board that contains them (see
/// `corpus::PartCache`). A part depends only on the sub-board's numbers and the rules, so a
/// source must only be used with the rules its parts were built under.
pub trait PartSource<V>: Sync {
    /// The part of the sub-board with these numbers (ascending), if the source has it.
    fn part(&self, numbers: &[i64]) -> Option<Arc<Part<V>>>;
}

/// The targets a corpus run asks about: with a window, the whole board's table keeps only the
/// integer values in `lo..=hi` (the other sub-boards stay complete). Most of a board's values
/// are reached only by the whole board and lie far beyond any target, so this skips most of
/// the work; it applies to the positive-integer domain only, and is ignored for rationals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    pub lo: i64,
    pub hi: i64,
}

/// The value tables of every sub-board of one board.
#[derive(Clone, Debug)]
pub struct Tables<V> {
    pub rules: Rules,
    pub subs: SubBoards,
    /// Per sub-board, its part (shared with a [`PartSource`] when one was given); set once,
    /// by the task that builds it, and read by the tasks after it.
    parts: Vec<OnceLock<Arc<Part<V>>>>,
    /// The window the whole board's table was limited to, if any.
    window: Option<Window>,
    layout: Arc<Layout>,
}

/// Which sub-boards each sub-board holds. It depends only on the board's shape (how many
/// copies of each distinct number), so it is worked out once per shape and thread rather
/// than for every board: for six numbers it takes longer than a small board's build.
#[derive(Debug)]
struct Layout {
    /// Per sub-board, all its sub-boards.
    sub_lists: Vec<Vec<usize>>,
    /// Per sub-board, its non-empty sub-boards that hold its smallest value: the blocks a
    /// flat node's next item may take.
    lead_blocks: Vec<Vec<usize>>,
}

impl Layout {
    fn of(subs: &SubBoards) -> Arc<Layout> {
        thread_local! {
            static LAYOUTS: std::cell::RefCell<Vec<(Vec<u8>, Arc<Layout>)>> =
                const { std::cell::RefCell::new(Vec::new()) };
        }
        LAYOUTS.with_borrow_mut(|known| {
            if let Some((_, layout)) = known.iter().find(|(mult, _)| *mult == subs.mult) {
                return Arc::clone(layout);
            }
            let n = subs.count();
            let sub_lists: Vec<Vec<usize>> = (0..n).map(|s| subs.subs_of(s)).collect();
            let lead_blocks = (0..n)
                .map(|s| match subs.min_value(s) {
                    Some(m) => sub_lists[s]
                        .iter()
                        .copied()
                        .filter(|&b| subs.holds(b, m))
                        .collect(),
                    None => Vec::new(),
                })
                .collect();
            let layout = Arc::new(Layout {
                sub_lists,
                lead_blocks,
            });
            known.push((subs.mult.clone(), Arc::clone(&layout)));
            layout
        })
    }
}

/// Boards of at least this many numbers are built on several threads; a smaller board takes
/// a few microseconds, less than handing work to another thread costs. Sub-boards of this
/// many numbers also get an array of small values.
const PARALLEL_FROM: usize = 4;

/// A share of one sub-board's work (see [`Tables::pieces`]).
#[derive(Clone, Copy, Debug)]
enum Piece {
    /// The trees combining sub-board `a` with the rest.
    Split(usize),
    /// The flat nodes of three or more items.
    Flat(Flat),
}

/// Why a sub-board's part is there when read.
const BUILT: &str = "sub-boards are built before the tasks that read them";

/// Why a lock of the build is never poisoned.
const UNPOISONED: &str = "no thread panics holding it";

/// A unit of a build's work, run by whichever worker takes it (see [`Tables::tasks`]).
#[derive(Clone, Copy, Debug)]
enum Task {
    /// The whole table of a sub-board.
    Build(usize),
    /// A piece of the whole board's table, added into the accumulators of the worker.
    Piece(Piece),
}

#[derive(Clone, Copy, Default)]
struct Acc {
    trees: u64,
    expressions: u64,
    sum: u64,
    product: u64,
    trail: Trail,
}

#[inline]
fn add_mul(acc: &mut u64, a: u64, b: u64) -> Option<()> {
    *acc = acc.checked_add(a.checked_mul(b)?)?;
    Some(())
}

/// `n (n + 1) / 2`: unordered pairs, with repetition, of `n` forms.
#[inline]
fn pairs(n: u64) -> Option<u64> {
    let p = (n as u128) * (n as u128 + 1) / 2;
    u64::try_from(p).ok()
}

/// Multisets of size `k` drawn from `n` kinds: C(n + k − 1, k).
fn multichoose(n: u64, k: usize) -> Option<u64> {
    let mut r: u128 = 1;
    for i in 0..k as u128 {
        r = r.checked_mul(n as u128 + i)? / (i + 1);
    }
    u64::try_from(r).ok()
}

/// Where combining and flat enumeration add their counts: a hash map for a complete table, a
/// dense array for a windowed one (no hashing, and values outside the window cost nothing).
trait Sink<V: Number> {
    fn slot(&mut self, v: V) -> Option<&mut Acc>;
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
struct Accs<V> {
    /// Positive-integer domains and sub-boards of [`PARALLEL_FROM`] numbers or more only,
    /// else empty.
    small: Small,
    large: ValueMap<V>,
    powers: FxHashMap<V, u64>,
    /// A buffer for sorting the map's values, kept with its capacity: allocating it afresh
    /// for each sub-board costs a page fault per page.
    keys: Vec<(V, u32)>,
}

impl<V> Default for Accs<V> {
    fn default() -> Self {
        Accs {
            small: Small::default(),
            large: ValueMap::default(),
            powers: FxHashMap::default(),
            keys: Vec::new(),
        }
    }
}

/// Accumulators of the integers `0..SMALL`.
#[derive(Default)]
struct Small {
    accs: Vec<Acc>,
    /// A bit per accumulator: whether it was credited.
    touched: Vec<u64>,
}

/// The length of [`Small::accs`].
const SMALL: usize = 4096;

impl Small {
    fn allocated() -> Small {
        Small {
            accs: vec![Acc::default(); SMALL],
            touched: vec![0; SMALL / 64],
        }
    }
}

/// A map from values to accumulators: an open-addressing table of 4-byte positions, small
/// enough to stay in cache, over the (value, accumulator) pairs in the order their values
/// came. A lookup reads one slot and one pair, where a hash map of whole accumulators missed
/// the cache twice.
struct ValueMap<V> {
    /// Per slot, one plus the position of its value, 0 for an empty slot; a power of two
    /// long, at most half full.
    slots: Vec<u32>,
    /// Values and their accumulators in the order they came: a value is compared where its
    /// accumulator is, in the same cache line.
    accs: Vec<(V, Acc)>,
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
    fn len(&self) -> usize {
        self.accs.len()
    }

    /// Makes room for `more` values beyond those held without growing.
    fn reserve(&mut self, more: usize) {
        let want = (2 * (self.len() + more)).next_power_of_two();
        if want > self.slots.len() {
            self.rehash(want);
        }
        self.accs.reserve(more);
    }

    fn rehash(&mut self, size: usize) {
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
    fn home(v: V, mask: usize) -> usize {
        use std::hash::BuildHasher;
        rustc_hash::FxBuildHasher.hash_one(v) as usize & mask
    }

    /// The accumulator of `v`, appended if `v` is new.
    #[inline]
    fn acc(&mut self, v: V) -> &mut Acc {
        if 2 * (self.len() + 1) > self.slots.len() {
            self.rehash((2 * self.slots.len()).max(64));
        }
        let mask = self.slots.len() - 1;
        let mut s = Self::home(v, mask);
        loop {
            match self.slots[s] {
                0 => {
                    self.slots[s] = u32::try_from(self.len() + 1).expect("under 2^32 values");
                    self.accs.push((v, Acc::default()));
                    return &mut self.accs.last_mut().expect("just pushed").1;
                }
                p if self.accs[p as usize - 1].0 == v => return &mut self.accs[p as usize - 1].1,
                _ => s = (s + 1) & mask,
            }
        }
    }

    /// Empties the map, keeping its memory.
    fn clear(&mut self) {
        if !self.accs.is_empty() {
            self.slots.fill(0);
            self.accs.clear();
        }
    }
}

impl<V: Number> Accs<V> {
    /// Sorts the map's values, with their positions, into `keys`.
    fn sort_keys(&mut self) {
        let (large, keys) = (&self.large, &mut self.keys);
        keys.clear();
        // Sorting (value, position) pairs moves less than sorting whole accumulators.
        keys.extend(large.accs.iter().map(|&(v, _)| v).zip(0u32..));
        V::sort_pairs(keys);
    }

    /// How many small values were credited.
    fn small_len(&self) -> usize {
        let touched = &self.small.touched;
        touched.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Empties the accumulators, keeping their memory.
    fn reset(&mut self) {
        let Small { accs, touched } = &mut self.small;
        for (w, word) in touched.iter_mut().enumerate() {
            while *word != 0 {
                accs[w * 64 + word.trailing_zeros() as usize] = Acc::default();
                *word &= *word - 1;
            }
        }
        self.large.clear();
        self.powers.clear();
        self.keys.clear();
    }

    /// Every value credited, ascending, leaving the accumulators empty for the next sub-board.
    fn drain_sorted(&mut self) -> Option<Vec<Entry<V>>> {
        self.sort_keys();
        let entries = gather(&[self], &Span::all(), 0);
        self.reset();
        entries
    }
}

/// A range of the values of accumulators whose map's keys are sorted: the small values if
/// `small`, and the map's values from `from` up to, not including, `to` (`None`: unbounded).
struct Span<V> {
    small: bool,
    from: Option<V>,
    to: Option<V>,
}

impl<V: Number> Span<V> {
    fn all() -> Span<V> {
        Span {
            small: true,
            from: None,
            to: None,
        }
    }

    /// The ranges that split the values of `sources` into at most `parts` shares of about
    /// the same size, ascending, judged by the source with the most values.
    fn split(sources: &[&Accs<V>], parts: usize) -> Vec<Span<V>> {
        let Some(most) = sources.iter().max_by_key(|a| a.keys.len()) else {
            return Vec::new();
        };
        let (small, keys) = (most.small_len(), &most.keys);
        let mut cuts: Vec<V> = match keys.len() {
            0 => Vec::new(),
            len => (1..parts)
                .map(|k| {
                    keys[(k * (small + len) / parts)
                        .saturating_sub(small)
                        .min(len - 1)]
                    .0
                })
                .collect(),
        };
        cuts.dedup();
        let bounds: Vec<Option<V>> = std::iter::once(None)
            .chain(cuts.into_iter().map(Some))
            .chain(std::iter::once(None))
            .collect();
        bounds
            .windows(2)
            .enumerate()
            .map(|(k, b)| Span {
                small: k == 0,
                from: b[0],
                to: b[1],
            })
            .collect()
    }

    /// The part of sorted `keys` in the range.
    fn keys<'a>(&self, keys: &'a [(V, u32)]) -> &'a [(V, u32)] {
        let lo = self
            .from
            .map_or(0, |f| keys.partition_point(|&(v, _)| v < f));
        let hi = self
            .to
            .map_or(keys.len(), |t| keys.partition_point(|&(v, _)| v < t));
        &keys[lo..hi.max(lo)]
    }
}

/// The entries of the values in `span` credited in any of `sources` (with their map's keys
/// sorted), ascending, the counts of a value credited in several added; room is made for at
/// least `capacity` entries.
fn gather<V: Number>(
    sources: &[&Accs<V>],
    span: &Span<V>,
    capacity: usize,
) -> Option<Vec<Entry<V>>> {
    let keys: Vec<&[(V, u32)]> = sources.iter().map(|a| span.keys(&a.keys)).collect();
    let small = if span.small {
        sources.iter().map(|a| a.small_len()).sum()
    } else {
        0
    };
    let mut out =
        Vec::with_capacity(capacity.max(small + keys.iter().map(|k| k.len()).sum::<usize>()));
    if span.small {
        let words = sources
            .iter()
            .map(|a| a.small.touched.len())
            .max()
            .unwrap_or(0);
        for w in 0..words {
            let word_of = |a: &Accs<V>| a.small.touched.get(w).copied().unwrap_or(0);
            let mut word = sources.iter().fold(0, |m, a| m | word_of(a));
            while word != 0 {
                let bit = word.trailing_zeros() as usize;
                word &= word - 1;
                let Some(v) = V::from_int((w * 64 + bit) as i64) else {
                    continue;
                };
                let mut e = Entry::empty(v);
                for a in sources.iter().filter(|a| word_of(a) >> bit & 1 != 0) {
                    e.add(&a.small.accs[w * 64 + bit])?;
                }
                out.push(e);
            }
        }
    }
    let acc = |a: &Accs<V>, i: u32| a.large.accs[i as usize].1;
    match (sources, &keys[..]) {
        ([a], [keys]) => out.extend(keys.iter().map(|&(v, i)| acc(a, i).entry(v))),
        // Two workers, the common case: a two-way merge takes about two thirds of the time
        // of `merge_keys`, which looks for the least head among all sources at every value.
        ([a, b], [ka, kb]) => {
            let (mut ka, mut kb) = (*ka, *kb);
            while let (Some(&(x, i)), Some(&(y, j))) = (ka.first(), kb.first()) {
                if x < y {
                    out.push(acc(a, i).entry(x));
                    ka = &ka[1..];
                } else if y < x {
                    out.push(acc(b, j).entry(y));
                    kb = &kb[1..];
                } else {
                    let mut e = acc(a, i).entry(x);
                    e.add(&acc(b, j))?;
                    out.push(e);
                    (ka, kb) = (&ka[1..], &kb[1..]);
                }
            }
            out.extend(ka.iter().map(|&(v, i)| acc(a, i).entry(v)));
            out.extend(kb.iter().map(|&(v, j)| acc(b, j).entry(v)));
        }
        _ => merge_keys(sources, keys, &mut out)?,
    }
    if sources.iter().any(|a| !a.powers.is_empty()) {
        for e in &mut out {
            for a in sources {
                e.power = e
                    .power
                    .checked_add(a.powers.get(&e.value).copied().unwrap_or(0))?;
            }
        }
    }
    Some(out)
}

impl<V: Number> Sink<V> for Accs<V> {
    #[inline]
    fn slot(&mut self, v: V) -> Option<&mut Acc> {
        if !V::SIGNED
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

/// [`gather`]'s merge of the sorted keys of any number of sources.
fn merge_keys<V: Number>(
    sources: &[&Accs<V>],
    mut heads: Vec<&[(V, u32)]>,
    out: &mut Vec<Entry<V>>,
) -> Option<()> {
    while let Some(v) = heads
        .iter()
        .filter_map(|k| k.first())
        .map(|&(v, _)| v)
        .min()
    {
        let mut e = Entry::empty(v);
        for (a, k) in sources.iter().zip(heads.iter_mut()) {
            if let Some((&(w, i), rest)) = k.split_first()
                && w == v
            {
                e.add(&a.large.accs[i as usize].1)?;
                *k = rest;
            }
        }
        out.push(e);
    }
    Some(())
}

/// Accumulators for the integers `lo..lo + accs.len()`.
struct Dense<V> {
    lo: i64,
    accs: Vec<Acc>,
    powers: FxHashMap<V, u64>,
}

impl<V: Number> Sink<V> for Dense<V> {
    #[inline]
    fn slot(&mut self, v: V) -> Option<&mut Acc> {
        let i = v.as_int()?.checked_sub(self.lo)?;
        self.accs.get_mut(usize::try_from(i).ok()?)
    }

    fn powers(&mut self) -> &mut FxHashMap<V, u64> {
        &mut self.powers
    }
}

/// Sets the power counts of `entries` from `powers`, leaving it empty.
fn set_powers<V: Number>(entries: &mut [Entry<V>], powers: &mut FxHashMap<V, u64>) {
    if !powers.is_empty() {
        for e in entries.iter_mut() {
            e.power = powers.remove(&e.value).unwrap_or(0);
        }
        powers.clear();
    }
}

/// A thread's accumulators kept between builds: a whole board's map is over a megabyte, and
/// allocating it afresh for every board (a corpus builds many per thread) costs a page fault
/// for every page it touches.
struct Scratch<V> {
    /// Accumulators per sub-board size (without their array of small values), so that a
    /// small sub-board's values stay together rather than spread over the largest map.
    accs: Vec<Accs<V>>,
    /// Arrays of small values not in use: one per sub-board build running on the thread.
    smalls: Vec<Small>,
    /// The whole board's accumulators of the worker on this thread (see [`Team`]).
    board: Option<Arc<RwLock<Accs<V>>>>,
}

thread_local! {
    static SCRATCH: std::cell::Cell<Option<Box<dyn std::any::Any>>> = const { std::cell::Cell::new(None) };
}

/// Runs `f` on this thread's scratch for domain `V`.
fn scratch<V: Number, R>(f: impl FnOnce(&mut Scratch<V>) -> R) -> R {
    let mut s: Box<Scratch<V>> = SCRATCH
        .take()
        .and_then(|b| b.downcast().ok())
        .unwrap_or_else(|| {
            Box::new(Scratch {
                accs: Vec::new(),
                smalls: Vec::new(),
                board: None,
            })
        });
    let r = f(&mut s);
    SCRATCH.set(Some(s));
    r
}

/// Runs `f` with empty accumulators for a sub-board of `size` numbers, taken from this
/// thread's scratch and given back emptied, whatever `f` did with them. A build nested in `f`
/// (a sub-board built by the worker holding the whole board's accumulators, or a rayon
/// thread running another board's task while it waits) takes accumulators of its own.
fn with_scratch<V: Number, R>(size: usize, f: impl FnOnce(&mut Accs<V>) -> R) -> R {
    // Sub-boards of a few numbers have a few dozen values: not worth an array.
    let small = !V::SIGNED && size >= PARALLEL_FROM;
    let mut accs = scratch(|s: &mut Scratch<V>| {
        let mut accs = s.accs.get_mut(size).map(std::mem::take).unwrap_or_default();
        if small {
            accs.small = s.smalls.pop().unwrap_or_else(Small::allocated);
        }
        accs
    });
    let r = f(&mut accs);
    accs.reset();
    scratch(|s: &mut Scratch<V>| {
        if small {
            s.smalls.push(std::mem::take(&mut accs.small));
        }
        if s.accs.len() <= size {
            s.accs.resize_with(size + 1, Accs::default);
        }
        if accs.large.slots.len() > s.accs[size].large.slots.len() {
            s.accs[size] = accs;
        }
    });
    r
}

impl Acc {
    /// Adds `trees` ordered trees and `expressions` expressions that pass through `trail`.
    #[inline]
    fn add_trees(&mut self, trees: u64, expressions: u64, trail: Trail) -> Option<()> {
        self.trees = self.trees.checked_add(trees)?;
        self.expressions = self.expressions.checked_add(expressions)?;
        self.trail.merge(trail);
        Some(())
    }

    fn entry<V>(&self, value: V) -> Entry<V> {
        Entry {
            value,
            trees: self.trees,
            expressions: self.expressions,
            sum: self.sum,
            product: self.product,
            power: 0,
            trail: self.trail,
        }
    }
}

/// The workers of one build and what they share. Each worker takes the next task from
/// `next`, waits until the sub-boards of the task's level are built, and runs it, adding the
/// pieces of the whole board it runs into accumulators of its own. Once every task is taken,
/// the workers that took any publish their accumulators, and the values they credited are
/// cut into ranges that the workers drain in parallel, each range merging every worker's
/// accumulators of its values: no worker waits for a merge of whole tables.
struct Team<V> {
    tasks: Vec<(usize, Task)>,
    /// Whether the whole board is built in pieces (else by a task of its own).
    pieces: bool,
    /// Per size, how many sub-boards of that size are still to build.
    pending: Vec<AtomicUsize>,
    next: AtomicUsize,
    stop: AtomicBool,
    failed: Mutex<Option<(usize, Error)>>,
    /// The workers that may be taking tasks: counted before a worker takes its first, and
    /// uncounted if there was none.
    joined: AtomicUsize,
    /// The accumulators of the workers done with their tasks.
    done: Mutex<Vec<Arc<RwLock<Accs<V>>>>>,
    /// The ranges of values to drain, ascending; the same for every worker.
    spans: OnceLock<Vec<Span<V>>>,
    next_span: AtomicUsize,
    /// Per range, its entries (`None` on overflow); one slot per worker.
    drained: Vec<OnceLock<Option<Vec<Entry<V>>>>>,
}

impl<V> Team<V> {
    /// Waits until `ready()`, spinning a little, then yielding; `false` if a worker failed
    /// meanwhile.
    fn wait(&self, mut ready: impl FnMut() -> bool) -> bool {
        let mut spins = 0u32;
        while !ready() {
            if self.stop.load(Ordering::Relaxed) {
                return false;
            }
            spins += 1;
            if spins < 64 {
                std::hint::spin_loop();
            } else {
                std::thread::yield_now();
            }
        }
        true
    }
}

impl<V: Number> Tables<V> {
    /// Runs the DP over every sub-board of `board`.
    pub fn build(board: &Board, rules: &Rules) -> Result<Tables<V>> {
        Tables::build_with(board, rules, None, None)
    }

    /// Runs the DP, limiting the whole board's table to `window` (integers only) and taking
    /// the parts of sub-boards that `source` already has instead of computing them.
    pub fn build_with(
        board: &Board,
        rules: &Rules,
        window: Option<Window>,
        source: Option<&dyn PartSource<V>>,
    ) -> Result<Tables<V>> {
        let subs = SubBoards::new(board);
        let n = subs.count();
        let window = window.filter(|_| !V::SIGNED);
        let mut t = Tables {
            rules: *rules,
            layout: Layout::of(&subs),
            subs,
            // The empty sub-board's part is empty; the others are built by `run`.
            parts: (0..n)
                .map(|s| match s {
                    0 => OnceLock::from(Arc::new(Part::default())),
                    _ => OnceLock::new(),
                })
                .collect(),
            window,
        };
        t.run(source)?;
        Ok(t)
    }

    /// The build's tasks in the order workers take them. Each has a level, the size of the
    /// largest sub-board it reads, and they come by level, so that a task's inputs are built
    /// by earlier ones. The whole board (unless windowed) is cut into pieces with levels of
    /// their own: its flat nodes of three or more items read sub-boards of up to `n − 2`
    /// numbers, and a split into `a` and `n − a` numbers reads up to `max(a, n − a)`, so most
    /// of its work runs alongside the builds of its largest sub-boards rather than after them.
    /// Within a level, the flat nodes (the longest tasks) come first, then the builds, then
    /// the splits.
    fn tasks(&self) -> Vec<(usize, Task)> {
        let full = self.subs.full();
        let n = self.subs.size(full);
        let cut = self.window.is_none() && n >= 2;
        let mut tasks: Vec<(usize, u8, Task)> = self.subs.in_size_order()[1..]
            .iter()
            .filter(|&&s| s != full || !cut)
            .map(|&s| (self.subs.size(s) - 1, 1, Task::Build(s)))
            .collect();
        if cut {
            tasks.extend(self.pieces(full).map(|p| match p {
                Piece::Flat(_) => (n - 2, 0, Task::Piece(p)),
                Piece::Split(a) => {
                    let k = self.subs.size(a);
                    (k.max(n - k), 2, Task::Piece(p))
                }
            }));
        }
        tasks.sort_by_key(|&(level, class, _)| (level, class));
        tasks.into_iter().map(|(level, _, t)| (level, t)).collect()
    }

    /// Runs the tasks on a [`Team`] of workers, then sets the whole board's part from the
    /// ranges of values they drained. The error reported is the earliest failing task's:
    /// tasks are taken in order, so every earlier task has run, and the error does not depend
    /// on the threads.
    fn run(&mut self, source: Option<&dyn PartSource<V>>) -> Result<()> {
        let full = self.subs.full();
        let n = self.subs.size(full);
        let tasks = self.tasks();
        let workers = if n >= PARALLEL_FROM {
            rayon::current_num_threads().min(tasks.len())
        } else {
            1
        };
        let mut pending: Vec<AtomicUsize> = (0..=n).map(|_| AtomicUsize::new(0)).collect();
        for &(_, task) in &tasks {
            if let Task::Build(s) = task {
                *pending[self.subs.size(s)].get_mut() += 1;
            }
        }
        let team = Team {
            pieces: tasks.iter().any(|t| matches!(t.1, Task::Piece(_))),
            tasks,
            pending,
            next: AtomicUsize::new(0),
            stop: AtomicBool::new(false),
            failed: Mutex::new(None),
            joined: AtomicUsize::new(0),
            done: Mutex::new(Vec::new()),
            spans: OnceLock::new(),
            next_span: AtomicUsize::new(0),
            drained: (0..workers).map(|_| OnceLock::new()).collect(),
        };
        let this = &*self;
        if workers > 1 {
            (0..workers)
                .into_par_iter()
                .for_each(|_| this.work(&team, source));
        } else {
            this.work(&team, source);
        }
        if let Some((_, e)) = team.failed.into_inner().expect(UNPOISONED) {
            return Err(e);
        }
        if self.parts[full].get().is_none() {
            let mut ranges = team.drained.into_iter().map_while(OnceLock::into_inner);
            let mut entries = ranges.next().flatten().ok_or(Error::CountOverflow)?;
            for range in ranges {
                entries.extend_from_slice(&range.ok_or(Error::CountOverflow)?);
            }
            let part = self.finish(entries)?;
            self.parts[full] = OnceLock::from(part);
        }
        Ok(())
    }

    /// One worker of `team`: takes tasks until none is left, then, if the team built pieces
    /// of the whole board, waits for the other workers that took tasks and drains ranges of
    /// the values they all credited.
    fn work(&self, team: &Team<V>, source: Option<&dyn PartSource<V>>) {
        if !team.pieces {
            self.take_tasks(team, source, &mut Accs::default());
            return;
        }
        let shared = scratch(|s: &mut Scratch<V>| s.board.take()).unwrap_or_default();
        {
            let mut accs = shared.write().expect(UNPOISONED);
            accs.reset();
            if !V::SIGNED && accs.small.accs.is_empty() {
                accs.small = Small::allocated();
            }
            team.joined.fetch_add(1, Ordering::SeqCst);
            if !self.take_tasks(team, source, &mut accs) {
                team.joined.fetch_sub(1, Ordering::SeqCst);
            } else if !team.stop.load(Ordering::Relaxed) {
                accs.sort_keys();
                drop(accs);
                self.drain(team, &shared);
            }
        }
        scratch(|s: &mut Scratch<V>| s.board = Some(shared));
    }

    /// Runs tasks of `team`, adding pieces of the whole board to `accs`, until none is left;
    /// whether it ran any.
    fn take_tasks(
        &self,
        team: &Team<V>,
        source: Option<&dyn PartSource<V>>,
        accs: &mut Accs<V>,
    ) -> bool {
        let workers = team.drained.len();
        let mut took = false;
        loop {
            let i = team.next.fetch_add(1, Ordering::SeqCst);
            let Some(&(level, task)) = team.tasks.get(i) else {
                return took;
            };
            took = true;
            // Every task of a lower level has been taken: the wait is for builds running
            // on other workers, unless one of them failed.
            let built = || {
                team.pending[1..=level]
                    .iter()
                    .all(|p| p.load(Ordering::Acquire) == 0)
            };
            if !team.wait(built) {
                return took;
            }
            let done = match task {
                Task::Build(s) => self.part(s, source).map(|p| {
                    self.parts[s].set(p).expect("each sub-board is built once");
                    team.pending[self.subs.size(s)].fetch_sub(1, Ordering::Release);
                }),
                Task::Piece(piece) => self.accumulate_piece(piece, workers, accs),
            };
            if let Err(e) = done {
                let mut f = team.failed.lock().expect(UNPOISONED);
                if f.as_ref().is_none_or(|&(j, _)| i < j) {
                    *f = Some((i, e));
                }
                team.stop.store(true, Ordering::Relaxed);
                team.next.store(team.tasks.len(), Ordering::SeqCst);
                return took;
            }
        }
    }

    /// Publishes this worker's accumulators (`mine`), waits until every worker that took a
    /// task has, and drains ranges of values from all of them until none is left.
    fn drain(&self, team: &Team<V>, mine: &Arc<RwLock<Accs<V>>>) {
        team.done.lock().expect(UNPOISONED).push(Arc::clone(mine));
        // Every task has been taken, so no worker joins with a task from now on: the
        // workers to wait for are those counted in `joined`.
        let all_done =
            || team.done.lock().expect(UNPOISONED).len() == team.joined.load(Ordering::SeqCst);
        if !team.wait(all_done) {
            return;
        }
        let sources = team.done.lock().expect(UNPOISONED).clone();
        let guards: Vec<_> = sources
            .iter()
            .map(|a| a.read().expect(UNPOISONED))
            .collect();
        let accs: Vec<&Accs<V>> = guards.iter().map(|g| &**g).collect();
        let spans = team.spans.get_or_init(|| Span::split(&accs, sources.len()));
        // The first range gets room for every value, so that the others are appended to it.
        let all: usize = accs.iter().map(|a| a.small_len() + a.keys.len()).sum();
        loop {
            let k = team.next_span.fetch_add(1, Ordering::Relaxed);
            let Some(span) = spans.get(k) else {
                break;
            };
            let capacity = if k == 0 { all } else { 0 };
            team.drained[k]
                .set(gather(&accs, span, capacity))
                .expect("each range is drained once");
        }
    }

    /// Adds a piece of the whole board to a worker's accumulators, grown first to the
    /// worker's share of the size the whole board's table may reach, judging by its largest
    /// sub-board built so far (each worker's map then stays as small as its values need).
    fn accumulate_piece(&self, piece: Piece, workers: usize, accs: &mut Accs<V>) -> Result<()> {
        let full = self.subs.full();
        let largest = self.layout.sub_lists[full]
            .iter()
            .filter_map(|&a| self.parts[a].get())
            .map(|p| p.entries.len())
            .max()
            .unwrap_or(0);
        accs.large
            .reserve((8 * largest / workers).saturating_sub(accs.large.len()));
        self.accumulate(full, piece, accs)
    }

    /// The table of sub-board `s`, built by one task once every smaller sub-board is built.
    fn part(&self, s: usize, source: Option<&dyn PartSource<V>>) -> Result<Arc<Part<V>>> {
        let full = s == self.subs.full();
        if !full && let Some(p) = source.and_then(|src| src.part(&self.subs.numbers(s))) {
            return Ok(p);
        }
        let entries = match self.window {
            _ if self.subs.size(s) == 1 => vec![self.leaf(s)?],
            Some(w) if full => {
                let len = usize::try_from(w.hi - w.lo + 1).unwrap_or(0);
                let mut dense = Dense {
                    lo: w.lo,
                    accs: vec![Acc::default(); len],
                    powers: FxHashMap::default(),
                };
                for piece in self.pieces(s) {
                    self.accumulate(s, piece, &mut dense)?;
                }
                let mut entries: Vec<Entry<V>> = (w.lo..=w.hi)
                    .zip(&dense.accs)
                    .filter(|(_, a)| a.trees > 0)
                    .filter_map(|(v, a)| Some(a.entry(V::from_int(v)?)))
                    .collect();
                set_powers(&mut entries, &mut dense.powers);
                entries
            }
            _ => with_scratch(self.subs.size(s), |accs: &mut Accs<V>| {
                for piece in self.pieces(s) {
                    self.accumulate(s, piece, accs)?;
                }
                accs.drain_sorted().ok_or(Error::CountOverflow)
            })?,
        };
        self.finish(entries)
    }

    /// The part of a sub-board with these entries, closed under negation where unary minus
    /// is allowed.
    fn finish(&self, entries: Vec<Entry<V>>) -> Result<Arc<Part<V>>> {
        let entries = if self.rules.unary_minus {
            close_under_negation(&entries)?
        } else {
            entries
        };
        Ok(Arc::new(Part::new(
            entries,
            self.rules.drops_unit_factors(),
        )))
    }

    /// The work of sub-board `s` in pieces: each kind of flat node, then each split into
    /// two sub-boards.
    fn pieces(&self, s: usize) -> impl Iterator<Item = Piece> + '_ {
        let flat = self.distinct_defined() && self.subs.size(s) >= 3;
        [Flat::Sum, Flat::Product]
            .into_iter()
            .filter(move |_| flat)
            .map(Piece::Flat)
            .chain(
                self.layout.sub_lists[s]
                    .iter()
                    .filter(move |&&a| a != 0 && a <= s - a)
                    .map(|&a| Piece::Split(a)),
            )
    }

    /// Adds every tree or flat node of `piece` of sub-board `s` to `sink`.
    fn accumulate(&self, s: usize, piece: Piece, sink: &mut impl Sink<V>) -> Result<()> {
        match piece {
            Piece::Split(a) => self.combine(s, a, sink).ok_or(Error::CountOverflow),
            Piece::Flat(kind) => self.count_flat(s, kind, sink),
        }
    }

    /// Whether `distinct` is defined for these rules (it is not with unary minus).
    pub fn distinct_defined(&self) -> bool {
        !self.rules.unary_minus
    }

    /// The window the whole board's table was limited to, if any.
    pub fn window(&self) -> Option<Window> {
        self.window
    }

    /// The part of sub-board `s`, which must be built.
    #[inline]
    fn built(&self, s: usize) -> &Part<V> {
        self.parts[s].get().expect(BUILT)
    }

    /// The part of sub-board `s`, to share with other boards.
    pub fn shared_part(&self, s: usize) -> Arc<Part<V>> {
        Arc::clone(self.parts[s].get().expect(BUILT))
    }

    fn leaf(&self, s: usize) -> Result<Entry<V>> {
        let i = self
            .subs
            .min_value(s)
            .expect("a sub-board of size 1 holds a value");
        let value = V::from_int(self.subs.values[i]).ok_or_else(|| {
            Error::input(format!(
                "{} is not in the game's domain",
                self.subs.values[i]
            ))
        })?;
        Ok(Entry {
            trees: 1,
            expressions: 1,
            trail: Trail::LEAF,
            ..Entry::empty(value)
        })
    }

    /// Combines the tables of sub-boards `a` and `s − a`.
    fn combine(&self, s: usize, a: usize, acc: &mut impl Sink<V>) -> Option<()> {
        let b = s - a;
        let (ta, tb) = (&self.built(a).entries, &self.built(b).entries);
        match self.window.filter(|_| s == self.subs.full()) {
            _ if a == b => self.combine_same(ta, acc),
            Some(w) => self.combine_pair_in(ta, tb, w, acc),
            None => self.combine_pair(ta, tb, acc),
        }
    }

    /// Two different sub-boards: every ordered tree appears once per orientation.
    fn combine_pair(&self, ta: &[Entry<V>], tb: &[Entry<V>], acc: &mut impl Sink<V>) -> Option<()> {
        for ea in ta {
            for eb in tb {
                // One call per operation and orientation, each with a constant operation, so
                // that each is compiled for its operation.
                self.try_op(Op::Add, ea, eb, acc)?;
                self.try_op(Op::Mul, ea, eb, acc)?;
                self.try_op(Op::Sub, ea, eb, acc)?;
                self.try_op(Op::Sub, eb, ea, acc)?;
                self.try_op(Op::Div, ea, eb, acc)?;
                self.try_op(Op::Div, eb, ea, acc)?;
                if self.rules.pow {
                    self.try_op(Op::Pow, ea, eb, acc)?;
                    self.try_op(Op::Pow, eb, ea, acc)?;
                }
            }
        }
        Some(())
    }

    /// Credits the trees `l op r` of two different sub-boards, if they are valid.
    #[inline(always)]
    fn try_op(&self, op: Op, l: &Entry<V>, r: &Entry<V>, acc: &mut impl Sink<V>) -> Option<()> {
        if let Some(v) = l.value.apply(op, r.value, self.rules.limit)
            && let Some(e) = acc.slot(v)
        {
            self.credit(e, op, l, r, v)?;
            if op == Op::Pow {
                acc.add_powers(v, l, r)?;
            }
        }
        Some(())
    }

    /// [`Tables::combine_pair`] for the whole board under a window, positive integers only:
    /// for each left operand, only the right operands that can land in the window are tried,
    /// found by binary search in the (ascending) right table.
    fn combine_pair_in(
        &self,
        ta: &[Entry<V>],
        tb: &[Entry<V>],
        w: Window,
        acc: &mut impl Sink<V>,
    ) -> Option<()> {
        let int = |e: &Entry<V>| e.value.to_wide().num;
        // Index range of the right operands whose value lies in `lo..=hi`.
        let range = |lo: i128, hi: i128| {
            tb.partition_point(|e| int(e) < lo)..tb.partition_point(|e| int(e) <= hi)
        };
        let (lo, hi) = (i128::from(w.lo.max(1)), i128::from(w.hi));
        for ea in ta {
            let a = int(ea);
            let tries = [
                (Op::Add, false, range(lo - a, hi - a)),
                (Op::Mul, false, range((lo + a - 1) / a, hi / a)),
                (Op::Sub, false, range(a - hi, a - lo)),
                (Op::Sub, true, range(a + lo, a + hi)),
                (Op::Div, false, range((a + hi - 1) / hi, a / lo)),
                (Op::Div, true, range(a * lo, a * hi)),
                (
                    Op::Pow,
                    false,
                    if self.rules.pow { 0..tb.len() } else { 0..0 },
                ),
                (
                    Op::Pow,
                    true,
                    if self.rules.pow { 0..tb.len() } else { 0..0 },
                ),
            ];
            for (op, swap, r) in tries {
                for eb in &tb[r] {
                    let (l, r) = if swap { (eb, ea) } else { (ea, eb) };
                    self.try_op(op, l, r, acc)?;
                }
            }
        }
        Some(())
    }

    /// Credits `e` with the trees `l op r` (worth `v`) of two different sub-boards (both
    /// orientations at once for a commutative `op`).
    #[inline(always)]
    fn credit(&self, e: &mut Acc, op: Op, l: &Entry<V>, r: &Entry<V>, v: V) -> Option<()> {
        let trees = l.trees.checked_mul(r.trees)?;
        let trees = if op.is_commutative() {
            trees.checked_mul(2)?
        } else {
            trees
        };
        let expressions = l.expressions.checked_mul(r.expressions)?;
        e.add_trees(trees, expressions, Trail::of(op, l, r, v))?;
        let unit = self.rules.drops_unit_factors() && (l.value.is_one() || r.value.is_one());
        match op {
            Op::Add | Op::Sub => add_mul(&mut e.sum, l.non_sum(), r.non_sum()),
            Op::Mul | Op::Div if unit => Some(()),
            Op::Mul | Op::Div => add_mul(&mut e.product, l.non_product(), r.non_product()),
            // Kept out of the accumulator (see [`Sink::powers`]).
            Op::Pow => Some(()),
        }
    }

    /// Both halves the same multiset (possible only with repeated numbers): a commutative
    /// operation on two forms of the same half is an unordered pair, counted once.
    fn combine_same(&self, t: &[Entry<V>], acc: &mut impl Sink<V>) -> Option<()> {
        let limit = self.rules.limit;
        let drop_units = self.rules.drops_unit_factors();
        for (i, ea) in t.iter().enumerate() {
            let a = ea.value;
            for (j, eb) in t.iter().enumerate() {
                let b = eb.value;
                let unit = drop_units && (a.is_one() || b.is_one());
                let trees = ea.trees.checked_mul(eb.trees)?;
                let x = ea.expressions.checked_mul(eb.expressions)?;
                if i <= j {
                    let (ct, cx, cns, cnp) = if i == j {
                        (
                            trees,
                            pairs(ea.expressions)?,
                            pairs(ea.non_sum())?,
                            pairs(ea.non_product())?,
                        )
                    } else {
                        (
                            trees.checked_mul(2)?,
                            x,
                            ea.non_sum().checked_mul(eb.non_sum())?,
                            ea.non_product().checked_mul(eb.non_product())?,
                        )
                    };
                    if let Some(v) = a.apply(Op::Add, b, limit)
                        && let Some(e) = acc.slot(v)
                    {
                        e.add_trees(ct, cx, Trail::of(Op::Add, ea, eb, v))?;
                        e.sum = e.sum.checked_add(cns)?;
                    }
                    if let Some(v) = a.apply(Op::Mul, b, limit)
                        && let Some(e) = acc.slot(v)
                    {
                        e.add_trees(ct, cx, Trail::of(Op::Mul, ea, eb, v))?;
                        if !unit {
                            e.product = e.product.checked_add(cnp)?;
                        }
                    }
                }
                if let Some(v) = a.apply(Op::Sub, b, limit)
                    && let Some(e) = acc.slot(v)
                {
                    e.add_trees(trees, x, Trail::of(Op::Sub, ea, eb, v))?;
                    add_mul(&mut e.sum, ea.non_sum(), eb.non_sum())?;
                }
                if let Some(v) = a.apply(Op::Div, b, limit)
                    && let Some(e) = acc.slot(v)
                {
                    e.add_trees(trees, x, Trail::of(Op::Div, ea, eb, v))?;
                    if !unit {
                        add_mul(&mut e.product, ea.non_product(), eb.non_product())?;
                    }
                }
                if let Some(v) = self.rules.pow.then(|| a.apply(Op::Pow, b, limit)).flatten()
                    && let Some(e) = acc.slot(v)
                {
                    e.add_trees(trees, x, Trail::of(Op::Pow, ea, eb, v))?;
                    acc.add_powers(v, ea, eb)?;
                }
            }
        }
        Some(())
    }

    /// Adds the flat nodes of `kind` with three or more items over `s` to `acc`.
    fn count_flat(&self, s: usize, kind: Flat, acc: &mut impl Sink<V>) -> Result<()> {
        self.for_each_flat(s, kind, 3, &mut |_, value, forms| {
            let Some(e) = acc.slot(value) else {
                return Ok(());
            };
            let slot = match kind {
                Flat::Sum => &mut e.sum,
                Flat::Product => &mut e.product,
            };
            *slot = slot.checked_add(forms).ok_or(Error::CountOverflow)?;
            Ok(())
        })
    }

    /// The items usable by a flat node of `kind` over sub-board `block`.
    pub fn items(&self, kind: Flat, block: usize) -> &[(V, u64)] {
        match kind {
            Flat::Sum => self.built(block).terms(),
            Flat::Product => self.built(block).factors(),
        }
    }

    /// Calls `f(items, value, forms)` once for every flat node of `kind` over exactly
    /// sub-board `s` with at least `min_items` items whose value is in the domain; `forms` is
    /// the product of the items' form counts, where `k` equal items drawn from `n` forms give
    /// C(n + k − 1, k).
    ///
    /// Items are generated in a canonical order (each item's block holds the smallest number
    /// still unused, and items sharing that smallest number come in ascending [`Item`] order),
    /// so each multiset of items is produced once.
    pub fn for_each_flat(
        &self,
        s: usize,
        kind: Flat,
        min_items: usize,
        f: &mut impl FlatFn<V>,
    ) -> Result<()> {
        let bounded = self.bounded(s);
        let mut walk = FlatWalk {
            tables: self,
            kind,
            min_items,
            blocks: Vec::new(),
            order: Vec::new(),
            lists: Vec::new(),
            stack: Vec::new(),
            forms: vec![Some(1)],
            ratios: vec![vec![Frac::ONE]],
            int_ratios: (!V::SIGNED && bounded).then(|| vec![vec![(1, 1)]]),
            window: self.window.filter(|_| s == self.subs.full()),
            bounded,
        };
        walk.partitions(s, f)
    }

    /// Whether every expression over sub-board `s` (without `^`) has all its intermediate
    /// results within the limit: then adding every term of a flat node before subtracting
    /// (multiplying before dividing) is always valid once the node's value is in the domain,
    /// and [`FlatWalk::realizable`] need not check.
    ///
    /// Write `H(p/q) = |p| + q`. Then `H(x ± y)`, `H(x × y)` and `H(x ÷ y)` are at most
    /// `H(x) H(y)`, so every value (and every numerator and denominator) over numbers `n_i` is
    /// below `Π (n_i + 1)`.
    fn bounded(&self, s: usize) -> bool {
        if self.rules.pow {
            return false;
        }
        let mut h: u128 = 1;
        for i in 0..self.subs.values.len() {
            for _ in 0..self.subs.count_of(s, i) {
                let Some(n) = self.subs.values[i].checked_add(1) else {
                    return false;
                };
                match h.checked_mul(n.unsigned_abs().into()) {
                    Some(x) => h = x,
                    None => return false,
                }
            }
        }
        h <= u128::from(self.rules.limit.unsigned_abs())
    }

    /// Every sub-board of `s`, the empty one and `s` included.
    pub fn sub_lists(&self, s: usize) -> &[usize] {
        &self.layout.sub_lists[s]
    }

    /// The entries of sub-board `s`, ascending by value.
    pub fn table(&self, s: usize) -> &[Entry<V>] {
        &self.built(s).entries
    }

    /// The entry for `v` in sub-board `s`.
    pub fn lookup(&self, s: usize, v: V) -> Option<&Entry<V>> {
        let t = &self.built(s).entries;
        t.binary_search_by(|e| e.value.cmp(&v)).ok().map(|i| &t[i])
    }

    /// The sub-boards a solution may use: all of them, or only the whole board.
    pub fn usable(&self) -> Vec<usize> {
        if self.rules.use_all {
            vec![self.subs.full()]
        } else {
            self.subs
                .in_size_order()
                .iter()
                .copied()
                .filter(|&s| s != 0)
                .collect()
        }
    }

    /// The counts of `v` summed over the usable sub-boards; `None` if no sub-board reaches it.
    pub fn counts(&self, v: V) -> Result<Option<Counts>> {
        let mut out: Option<Counts> = None;
        for s in self.usable() {
            if let Some(e) = self.lookup(s, v) {
                self.add_entry(&mut out, s, e)?;
            }
        }
        Ok(out)
    }

    /// Every value reached by a usable sub-board, with its counts, ascending by value.
    pub fn all_counts(&self) -> Result<Vec<(V, Counts)>> {
        let mut merged: FxHashMap<V, Option<Counts>> = FxHashMap::default();
        for s in self.usable() {
            for e in &self.built(s).entries {
                self.add_entry(merged.entry(e.value).or_default(), s, e)?;
            }
        }
        let mut out: Vec<(V, Counts)> = merged
            .into_iter()
            .filter_map(|(v, c)| Some((v, c?)))
            .collect();
        out.sort_unstable_by_key(|&(v, _)| v);
        Ok(out)
    }

    /// The counts of every integer in `lo..=hi` (index `i` is `lo + i`), `None` where
    /// unreachable: one pass over the usable tables instead of one lookup per target.
    pub fn counts_in(&self, lo: i64, hi: i64) -> Result<Vec<Option<Counts>>> {
        let len = usize::try_from(hi - lo + 1).unwrap_or(0);
        let mut out: Vec<Option<Counts>> = vec![None; len];
        let below = |e: &Entry<V>, x: i64| {
            wide_cmp(
                e.value.to_wide(),
                Wide {
                    num: x.into(),
                    den: 1,
                },
            )
            .is_lt()
        };
        for s in self.usable() {
            let t = &self.built(s).entries;
            let start = t.partition_point(|e| below(e, lo));
            let end = t.partition_point(|e| below(e, hi.saturating_add(1)));
            for e in &t[start..end] {
                if let Some(i) = e.value.as_int() {
                    self.add_entry(&mut out[(i - lo) as usize], s, e)?;
                }
            }
        }
        Ok(out)
    }

    /// Adds entry `e` of sub-board `s` to a value's running counts.
    fn add_entry(&self, counts: &mut Option<Counts>, s: usize, e: &Entry<V>) -> Result<()> {
        let ops = self.subs.size(s) as u32 - 1;
        let c = counts.get_or_insert(Counts {
            min_ops: ops,
            distinct: self.distinct_defined().then_some(0),
            ..Counts::default()
        });
        let ovf = || Error::CountOverflow;
        c.min_ops = c.min_ops.min(ops);
        c.trail.merge(e.trail);
        c.trees = c.trees.checked_add(e.trees).ok_or_else(ovf)?;
        c.expressions = c.expressions.checked_add(e.expressions).ok_or_else(ovf)?;
        if let Some(d) = c.distinct.as_mut() {
            *d = d.checked_add(e.distinct()).ok_or_else(ovf)?;
        }
        Ok(())
    }

    /// The reachable values closest to `target` and their distance (`None` if nothing is
    /// reachable, which only happens with an empty usable set).
    pub fn closest(&self, target: V) -> Option<(Wide, Vec<V>)> {
        let t = target.to_wide();
        let mut best: Option<(Wide, Vec<V>)> = None;
        for s in self.usable() {
            let table = &self.built(s).entries;
            let i = table.partition_point(|e| e.value < target);
            for e in table[i.saturating_sub(1)..(i + 1).min(table.len())].iter() {
                let Some(d) = e.value.to_wide().plus(t.negated()) else {
                    continue;
                };
                let d = if d.num < 0 { d.negated() } else { d };
                match &mut best {
                    Some((bd, vs)) if wide_cmp(d, *bd).is_eq() => {
                        if !vs.contains(&e.value) {
                            vs.push(e.value);
                        }
                    }
                    Some((bd, _)) if wide_cmp(d, *bd).is_gt() => {}
                    _ => best = Some((d, vec![e.value])),
                }
            }
        }
        if let Some((_, vs)) = &mut best {
            vs.sort_unstable();
        }
        best
    }
}

/// Adds, for every value `v`, the trees of `−v` marked with a unary minus.
fn close_under_negation<V: Number>(entries: &[Entry<V>]) -> Result<Vec<Entry<V>>> {
    let mut merged: FxHashMap<V, Entry<V>> = FxHashMap::default();
    for e in entries {
        for value in [Some(e.value), e.value.negate()].into_iter().flatten() {
            let m = merged.entry(value).or_insert(Entry::empty(value));
            m.trail.merge(if value == e.value {
                e.trail
            } else {
                e.trail.negated(value)
            });
            m.trees = m.trees.checked_add(e.trees).ok_or(Error::CountOverflow)?;
            m.expressions = m
                .expressions
                .checked_add(e.expressions)
                .ok_or(Error::CountOverflow)?;
        }
    }
    let mut out: Vec<Entry<V>> = merged.into_values().collect();
    out.sort_unstable_by_key(|e| e.value);
    Ok(out)
}

/// Every ordered binary tree over every non-empty subset of `n` distinct numbers with `ops`
/// operations, valid or not: the size of the search space the DP prunes (SPEC §4 gives
/// 33,665,406 for six numbers and four operations). `None` on overflow.
pub fn all_trees_unchecked(n: usize, ops: u64) -> Option<u64> {
    let mut binom = vec![vec![0u64; n + 1]; n + 1];
    for a in 0..=n {
        binom[a][0] = 1;
        for b in 1..=a {
            binom[a][b] = binom[a - 1][b - 1].checked_add(binom[a - 1][b])?;
        }
    }
    // on_all[k]: trees using all of k numbers: an operation over an ordered split.
    let mut on_all = vec![0u64; n + 1];
    let mut total = 0u64;
    for k in 1..=n {
        on_all[k] = if k == 1 {
            1
        } else {
            let mut t = 0u64;
            for i in 1..k {
                t = t.checked_add(
                    binom[k][i]
                        .checked_mul(on_all[i])?
                        .checked_mul(on_all[k - i])?,
                )?;
            }
            t.checked_mul(ops)?
        };
        total = total.checked_add(binom[n][k].checked_mul(on_all[k])?)?;
    }
    Some(total)
}

/// The value of some valid tree over exactly these signed items (`true`: subtracted or
/// divided), found by trying every split at the root: `L grow R` keeps the signs of `R`,
/// `L shrink R` flips them. A lone item stands only unsigned. Memoized by item subset.
fn any_tree<V: Number>(
    items: &[(V, bool)],
    ops: (Op, Op),
    limit: i64,
    memo: &mut FxHashMap<(u32, u32), Option<V>>,
) -> Option<V> {
    fn go<V: Number>(
        items: &[(V, bool)],
        mask: u32,
        flip: u32,
        ops: (Op, Op),
        limit: i64,
        memo: &mut FxHashMap<(u32, u32), Option<V>>,
    ) -> Option<V> {
        let signed = |i: usize| items[i].1 ^ (flip >> i & 1 == 1);
        if mask.count_ones() == 1 {
            let i = mask.trailing_zeros() as usize;
            return (!signed(i)).then_some(items[i].0);
        }
        if let Some(&v) = memo.get(&(mask, flip & mask)) {
            return v;
        }
        let mut found = None;
        let mut left = (mask - 1) & mask;
        while left > 0 && found.is_none() {
            let right = mask & !left;
            if let Some(l) = go(items, left, flip, ops, limit, memo) {
                found = go(items, right, flip, ops, limit, memo)
                    .and_then(|r| l.apply(ops.0, r, limit))
                    .or_else(|| {
                        go(items, right, flip ^ right, ops, limit, memo)
                            .and_then(|r| l.apply(ops.1, r, limit))
                    });
            }
            left = (left - 1) & mask;
        }
        memo.insert((mask, flip & mask), found);
        found
    }
    go(items, (1u32 << items.len()) - 1, 0, ops, limit, memo)
}

/// Compares two wide rationals (denominators positive).
pub fn wide_cmp(a: Wide, b: Wide) -> std::cmp::Ordering {
    (a.num * b.den).cmp(&(b.num * a.den))
}

/// An exact fraction kept unreduced (denominator positive) so the flat-node walk multiplies
/// and adds without a gcd per step; it is reduced only when a step would overflow.
#[derive(Clone, Copy, Debug)]
struct Frac {
    num: i128,
    den: i128,
}

/// `a × b`, `None` on overflow. i128 `checked_mul` is a slow library call, so products of
/// two operands that fit in 64 bits (which cannot overflow 128) are multiplied directly.
#[inline]
fn mul128(a: i128, b: i128) -> Option<i128> {
    if a as i64 as i128 == a && b as i64 as i128 == b {
        Some(a * b)
    } else {
        a.checked_mul(b)
    }
}

impl Frac {
    const ZERO: Frac = Frac { num: 0, den: 1 };
    const ONE: Frac = Frac { num: 1, den: 1 };

    fn of<V: Number>(v: V) -> Frac {
        let w = v.to_wide();
        Frac {
            num: w.num,
            den: w.den,
        }
    }

    fn reduced(self) -> Frac {
        let w = Wide::new(self.num, self.den).expect("denominator is positive");
        Frac {
            num: w.num,
            den: w.den,
        }
    }

    fn try_add(self, o: Frac) -> Option<Frac> {
        if self.den == 1 && o.den == 1 {
            return Some(Frac {
                num: self.num.checked_add(o.num)?,
                den: 1,
            });
        }
        Some(Frac {
            num: mul128(self.num, o.den)?.checked_add(mul128(o.num, self.den)?)?,
            den: mul128(self.den, o.den)?,
        })
    }

    fn add(self, o: Frac) -> Option<Frac> {
        self.try_add(o)
            .or_else(|| self.reduced().try_add(o.reduced()))
    }

    fn try_mul(self, o: Frac) -> Option<Frac> {
        Some(Frac {
            num: mul128(self.num, o.num)?,
            den: mul128(self.den, o.den)?,
        })
    }

    fn mul(self, o: Frac) -> Option<Frac> {
        self.try_mul(o)
            .or_else(|| self.reduced().try_mul(o.reduced()))
    }

    fn neg(self) -> Frac {
        Frac {
            num: -self.num,
            den: self.den,
        }
    }

    /// `1 / self`; `None` for zero.
    fn recip(self) -> Option<Frac> {
        match self.num {
            0 => None,
            n if n < 0 => Some(Frac {
                num: -self.den,
                den: -n,
            }),
            n => Some(Frac {
                num: self.den,
                den: n,
            }),
        }
    }

    fn is_one(self) -> bool {
        self.num == self.den
    }

    /// Whether `self × other == 1`.
    fn times_is_one(self, other: Frac) -> Result<bool> {
        match (mul128(self.num, other.num), mul128(self.den, other.den)) {
            (Some(a), Some(b)) => Ok(a == b),
            _ => {
                let (x, y) = (self.reduced(), other.reduced());
                Ok(x.num.checked_mul(y.num).ok_or(Error::ArithmeticOverflow)?
                    == x.den.checked_mul(y.den).ok_or(Error::ArithmeticOverflow)?)
            }
        }
    }

    /// The value in the domain, if it is one of its values.
    fn value<V: Number>(self, limit: i64) -> Option<V> {
        if self.den == 1 {
            return V::from_wide(
                Wide {
                    num: self.num,
                    den: 1,
                },
                limit,
            );
        }
        if !V::SIGNED {
            // Positive integers: only an exact quotient is a value, so no gcd is needed;
            // i128 division is a slow library call, so divide in 64 bits when possible.
            let q = match (i64::try_from(self.num), i64::try_from(self.den)) {
                (Ok(n), Ok(d)) => (n % d == 0).then(|| (n / d) as i128),
                _ => (self.num % self.den == 0).then(|| self.num / self.den),
            }?;
            return V::from_wide(Wide { num: q, den: 1 }, limit);
        }
        V::from_wide(Wide::new(self.num, self.den)?, limit)
    }
}

/// A fraction in lowest terms with 64-bit parts (denominator positive), for the last item
/// of a flat node in the positive integers, where 128-bit division would be a library call.
#[derive(Clone, Copy, Debug)]
struct SmallFrac {
    num: i64,
    den: i64,
}

/// Binary gcd: shifts and subtractions rather than a division per step.
fn gcd64(mut a: u64, mut b: u64) -> u64 {
    if a == 0 || b == 0 {
        return a | b;
    }
    let shift = (a | b).trailing_zeros();
    a >>= a.trailing_zeros();
    loop {
        b >>= b.trailing_zeros();
        if a > b {
            std::mem::swap(&mut a, &mut b);
        }
        b -= a;
        if b == 0 {
            return a << shift;
        }
    }
}

impl Frac {
    /// `self` in lowest terms, if both parts then fit in 64 bits (with room to add an item).
    fn small(self) -> Option<SmallFrac> {
        let fits = |x: i128| x.unsigned_abs() < 1 << 62;
        if self.den == 1 {
            return fits(self.num).then_some(SmallFrac {
                num: self.num as i64,
                den: 1,
            });
        }
        let (num, den) = if fits(self.num) && fits(self.den) {
            let (num, den) = (self.num as i64, self.den as i64);
            let g = gcd64(num.unsigned_abs(), den as u64) as i64;
            ((num / g).into(), (den / g).into())
        } else {
            let r = self.reduced();
            (r.num, r.den)
        };
        (fits(num) && fits(den)).then_some(SmallFrac {
            num: num as i64,
            den: den as i64,
        })
    }
}

/// What [`Tables::for_each_flat`] calls for each flat node: its items, its value and its
/// number of canonical forms.
pub trait FlatFn<V>: FnMut(&[Item], V, u64) -> Result<()> {}

impl<V, F: FnMut(&[Item], V, u64) -> Result<()>> FlatFn<V> for F {}

/// The state of one enumeration of flat nodes: first a partition of the sub-board into the
/// items' blocks, then the items over those blocks.
struct FlatWalk<'a, V> {
    tables: &'a Tables<V>,
    kind: Flat,
    min_items: usize,
    /// The blocks of the partition being built, in canonical order.
    blocks: Vec<usize>,
    /// The same blocks in the order items are drawn: smallest item list first, so that the
    /// windowed search of the last item prunes the longest list.
    order: Vec<usize>,
    /// The item lists of the blocks in `order`.
    lists: Vec<&'a [(V, u64)]>,
    stack: Vec<Item>,
    /// `forms[k]`: how many canonical forms the first `k` stacked items have together.
    forms: Vec<Option<u64>>,
    /// Products only: `ratios[k][mask]` is the product of the first `k` factors in `mask`.
    ratios: Vec<Vec<Frac>>,
    /// Instead of `ratios` for positive integers over a bounded sub-board, where every
    /// product of items fits in 64 bits: the same products as (numerator, denominator), so
    /// that a unit check takes two integer multiplications.
    int_ratios: Option<Vec<Vec<(u64, u64)>>>,
    /// The whole board's window, when walking its flat nodes: the last item is then only
    /// drawn from those that bring the node's value into it.
    window: Option<Window>,
    /// Whether every expression over the sub-board stays within the limit (see
    /// [`Tables::bounded`]), so that every flat node whose value is in the domain is
    /// realizable.
    bounded: bool,
}

impl<V: Number> FlatWalk<'_, V> {
    /// Partitions `rest` into blocks, each holding the smallest number still unused; blocks
    /// sharing that smallest number come in ascending order, so each partition is seen once.
    fn partitions(&mut self, rest: usize, f: &mut impl FlatFn<V>) -> Result<()> {
        let t = self.tables;
        let m = t.subs.min_value(rest);
        let bound = match self.blocks.last() {
            Some(&prev) if t.subs.min_value(prev) == m => prev,
            _ => 0,
        };
        let depth = self.blocks.len();
        for &block in &t.layout.lead_blocks[rest] {
            let left = rest - block;
            // Enough numbers must remain for the node to reach `min_items` items.
            if block < bound || depth + 1 + t.subs.size(left) < self.min_items {
                continue;
            }
            self.blocks.push(block);
            if left == 0 {
                self.order.clone_from(&self.blocks);
                self.order
                    .sort_unstable_by_key(|&b| (t.items(self.kind, b).len(), b));
                self.lists.clear();
                let kind = self.kind;
                self.lists
                    .extend(self.order.iter().map(|&b| t.items(kind, b)));
                let start = match self.kind {
                    Flat::Sum => Frac::ZERO,
                    Flat::Product => Frac::ONE,
                };
                self.step(0, start, false, (false, false), f)?;
            } else {
                self.partitions(left, f)?;
            }
            self.blocks.pop();
        }
        Ok(())
    }

    /// Draws the item over block `order[depth]`; `directs`/`inverses` say whether the items
    /// so far include an added term or multiplier / a subtracted term or divisor. Items over
    /// the same block come in ascending order, so each multiset of items is seen once.
    fn step(
        &mut self,
        depth: usize,
        partial: Frac,
        whole_is_one: bool,
        (directs, inverses): (bool, bool),
        f: &mut impl FlatFn<V>,
    ) -> Result<()> {
        let t = self.tables;
        let check_units = self.kind == Flat::Product && t.rules.drops_unit_factors();
        if check_units && whole_is_one {
            // The factors so far are worth 1 together: any further factor makes them a
            // proper part worth 1.
            return Ok(());
        }
        let block = self.order[depth];
        let last = depth + 1 == self.order.len();
        let bound = (depth > 0 && self.order[depth - 1] == block).then(|| self.stack[depth - 1]);
        if last
            && !V::SIGNED
            && let Some(p) = partial.small()
        {
            return self.last_int(depth, p, (directs, inverses), bound, f);
        }
        let items = self.lists[depth];
        for inverse in [false, true] {
            if last && !directs && inverse {
                // A node needs an added term or a multiplier to start from.
                continue;
            }
            // With positive integers every factor is at least 2, so a part worth 1 needs
            // both a multiplier and a divisor.
            let units_possible =
                check_units && (V::SIGNED || if inverse { directs } else { inverses });
            let range = match self.window {
                Some(w) if last => self.last_items(items, partial, inverse, w),
                _ => 0..items.len(),
            };
            for (index, &(w, n)) in items.iter().enumerate().take(range.end).skip(range.start) {
                let item = Item {
                    block: block as u32,
                    inverse,
                    index,
                };
                if bound.is_some_and(|b| item < b) {
                    continue;
                }
                let w = Frac::of(w);
                let (next, factor) = match self.kind {
                    Flat::Sum => {
                        let Some(p) = partial.add(if inverse { w.neg() } else { w }) else {
                            continue;
                        };
                        (p, w)
                    }
                    Flat::Product => {
                        let Some(factor) = (if inverse { w.recip() } else { Some(w) }) else {
                            continue;
                        };
                        let Some(p) = partial.mul(factor) else {
                            continue;
                        };
                        if units_possible && self.closes_unit(depth, factor)? {
                            continue;
                        }
                        (p, factor)
                    }
                };
                self.push(item, n);
                if last {
                    if let Some(v) = next.value::<V>(t.rules.limit)
                        && self.realizable()
                    {
                        self.emit(v, f)?;
                    }
                } else {
                    if check_units {
                        self.push_ratios(depth, factor)?;
                    }
                    let whole_one = check_units && depth > 0 && next.is_one();
                    let flags = (directs || !inverse, inverses || inverse);
                    self.step(depth + 1, next, whole_one, flags, f)?;
                }
                self.pop();
            }
        }
        Ok(())
    }

    /// [`FlatWalk::step`] for the last item in the positive integers, where most candidates
    /// would leave the domain: the node's value is computed in integers from the reduced
    /// partial value, the items that keep a sum positive (or a product within the limit) are
    /// found by binary search in the ascending list, and divisibility is tested before the
    /// (costlier) unit-part check. Accepts exactly the items the generic step accepts.
    fn last_int(
        &mut self,
        depth: usize,
        p: SmallFrac,
        (directs, inverses): (bool, bool),
        bound: Option<Item>,
        f: &mut impl FlatFn<V>,
    ) -> Result<()> {
        let t = self.tables;
        let block = self.order[depth];
        let items = self.lists[depth];
        let limit = t.rules.limit;
        let check_units = self.kind == Flat::Product && t.rules.drops_unit_factors();
        // Items are positive integers, so their wide numerators fit in 64 bits.
        let int = |v: V| v.to_wide().num as i64;
        // The first index whose item exceeds `x`.
        let upto = |x: i64| items.partition_point(|&(v, _)| int(v) <= x);
        for inverse in [false, true] {
            if inverse && !directs {
                // A node needs an added term or a multiplier to start from.
                continue;
            }
            // Every factor is at least 2, so a part worth 1 needs a multiplier and a divisor.
            let units_possible = check_units && if inverse { directs } else { inverses };
            // Candidates: every item that can give a positive value within the limit.
            let mut range = match (self.kind, inverse) {
                (Flat::Sum, false) => {
                    let lo = items.partition_point(|&(v, _)| int(v) < 1 - p.num);
                    lo..upto(limit.saturating_sub(p.num))
                }
                (Flat::Sum, true) => 0..upto(p.num - 1),
                (Flat::Product, false) => 0..items.len(),
                (Flat::Product, true) if p.den == 1 => 0..upto(p.num),
                (Flat::Product, true) => 0..0,
            };
            if let Some(w) = self.window {
                let partial = Frac {
                    num: p.num.into(),
                    den: p.den.into(),
                };
                let r = self.last_items(items, partial, inverse, w);
                range = range.start.max(r.start)..range.end.min(r.end);
            }
            match bound {
                Some(b) if b.inverse && !inverse => continue,
                Some(b) if b.inverse == inverse => range.start = range.start.max(b.index),
                _ => {}
            }
            for index in range {
                let a = int(items[index].0);
                let value = match (self.kind, inverse) {
                    (Flat::Sum, false) => p.num + a,
                    (Flat::Sum, true) => p.num - a,
                    (Flat::Product, false) => {
                        // Most partial products are integers: no division for those.
                        let q = match p.den {
                            1 => a,
                            d if a % d == 0 => a / d,
                            _ => continue,
                        };
                        let Some(v) = q.checked_mul(p.num) else {
                            continue;
                        };
                        v
                    }
                    (Flat::Product, true) => {
                        if p.num % a != 0 {
                            continue;
                        }
                        p.num / a
                    }
                };
                let Some(v) = V::from_wide(
                    Wide {
                        num: value.into(),
                        den: 1,
                    },
                    limit,
                ) else {
                    continue;
                };
                if units_possible {
                    let (num, den) = if inverse { (1, a) } else { (a, 1) };
                    let factor = Frac {
                        num: num.into(),
                        den: den.into(),
                    };
                    if self.closes_unit(depth, factor)? {
                        continue;
                    }
                }
                let item = Item {
                    block: block as u32,
                    inverse,
                    index,
                };
                self.push(item, items[index].1);
                if self.realizable() {
                    self.emit(v, f)?;
                }
                self.pop();
            }
        }
        Ok(())
    }

    /// The items (ascending, positive) that, added or subtracted, multiplied or divided as
    /// `inverse` says, take `partial` into the window; all of them if a bound overflows.
    fn last_items(
        &self,
        items: &[(V, u64)],
        partial: Frac,
        inverse: bool,
        w: Window,
    ) -> std::ops::Range<usize> {
        let (n, d) = (partial.num, partial.den);
        let (lo, hi) = (i128::from(w.lo.max(1)), i128::from(w.hi));
        // Bounds on the item as fractions `(numerator, positive denominator)`.
        let bounds = || -> Option<((i128, i128), (i128, i128))> {
            Some(match (self.kind, inverse) {
                (Flat::Sum, false) => (
                    (mul128(lo, d)?.checked_sub(n)?, d),
                    (mul128(hi, d)?.checked_sub(n)?, d),
                ),
                (Flat::Sum, true) => (
                    (n.checked_sub(mul128(hi, d)?)?, d),
                    (n.checked_sub(mul128(lo, d)?)?, d),
                ),
                _ if n <= 0 => return None,
                (Flat::Product, false) => ((mul128(lo, d)?, n), (mul128(hi, d)?, n)),
                (Flat::Product, true) => ((n, mul128(d, hi)?), (n, mul128(d, lo)?)),
            })
        };
        let Some(((ln, ld), (un, ud))) = bounds() else {
            return 0..items.len();
        };
        // `v ≥ x / y` as `v y ≥ x`, an overflowing product being larger than any bound.
        let at_least = |v: V, x: i128, y: i128| mul128(v.to_wide().num, y).is_none_or(|p| p >= x);
        let start = items.partition_point(|&(v, _)| !at_least(v, ln, ld));
        let end =
            items.partition_point(|&(v, _)| mul128(v.to_wide().num, ud).is_some_and(|p| p <= un));
        start..end.max(start)
    }

    /// Pushes `item`, which has `n` forms, with the form count of the items so far: `k`
    /// equal items drawn from `n` forms give C(n + k − 1, k), and equal items are adjacent.
    // Inlined: an item passed through memory is read back before its fields are all
    // stored, which stalls the walk's hottest path.
    #[inline(always)]
    fn push(&mut self, item: Item, n: u64) {
        let run = self.stack.iter().rev().take_while(|&&i| i == item).count();
        let before = self.forms[self.stack.len() - run];
        let forms = if run == 0 {
            before.and_then(|b| b.checked_mul(n))
        } else {
            before
                .zip(multichoose(n, run + 1))
                .and_then(|(b, m)| b.checked_mul(m))
        };
        self.stack.push(item);
        self.forms.push(forms);
    }

    #[inline]
    fn pop(&mut self) {
        self.stack.pop();
        self.forms.pop();
    }

    /// Calls `f` for the stacked items, worth `v`.
    fn emit(&self, v: V, f: &mut impl FlatFn<V>) -> Result<()> {
        let forms = self.forms[self.stack.len()].ok_or(Error::CountOverflow)?;
        f(&self.stack, v, forms)
    }

    /// Whether some valid tree has the stacked items as its flat node. Its value is in the
    /// domain, so adding every term before subtracting (multiplying before dividing) is valid
    /// unless an intermediate leaves the magnitude bound; only then are the other trees tried.
    #[inline]
    fn realizable(&self) -> bool {
        self.bounded || self.realizable_unbounded()
    }

    /// [`FlatWalk::realizable`] where some tree over the sub-board may leave the bound.
    fn realizable_unbounded(&self) -> bool {
        let t = self.tables;
        let first = t.items(self.kind, self.stack[0].block as usize)[self.stack[0].index].0;
        let mut buf = [(first, false); MAX_NUMBERS];
        for (slot, it) in buf.iter_mut().zip(&self.stack) {
            *slot = (
                t.items(self.kind, it.block as usize)[it.index].0,
                it.inverse,
            );
        }
        let items = &buf[..self.stack.len()];
        let (grow, shrink) = match self.kind {
            Flat::Sum => (Op::Add, Op::Sub),
            Flat::Product => (Op::Mul, Op::Div),
        };
        let limit = t.rules.limit;
        let direct = || {
            let mut ordered = items
                .iter()
                .filter(|i| !i.1)
                .chain(items.iter().filter(|i| i.1));
            let mut acc = ordered.next()?.0;
            for &(w, inverse) in ordered {
                acc = acc.apply(if inverse { shrink } else { grow }, w, limit)?;
            }
            Some(acc)
        };
        direct().is_some()
            || any_tree(items, (grow, shrink), limit, &mut FxHashMap::default()).is_some()
    }

    /// Whether some non-empty part of the first `depth` factors, not all of them, times
    /// `factor` is worth 1.
    fn closes_unit(&self, depth: usize, factor: Frac) -> Result<bool> {
        let parts = 1..(1usize << depth).saturating_sub(1).max(1);
        if let Some(int) = &self.int_ratios {
            let (a, b) = int_parts(factor)?;
            let (a, b) = (u128::from(a), u128::from(b));
            return Ok(int[depth][parts]
                .iter()
                .any(|&(n, d)| u128::from(n) * a == u128::from(d) * b));
        }
        for &ratio in &self.ratios[depth][parts] {
            if ratio.times_is_one(factor)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    fn push_ratios(&mut self, depth: usize, factor: Frac) -> Result<()> {
        if let Some(int) = &mut self.int_ratios {
            let (a, b) = int_parts(factor)?;
            if int.len() <= depth + 1 {
                int.push(Vec::new());
            }
            let (head, tail) = int.split_at_mut(depth + 1);
            let (prev, next) = (&head[depth], &mut tail[0]);
            next.clear();
            next.extend_from_slice(prev);
            for &(n, d) in prev {
                let r = n.checked_mul(a).zip(d.checked_mul(b));
                next.push(r.ok_or(Error::ArithmeticOverflow)?);
            }
            return Ok(());
        }
        if self.ratios.len() <= depth + 1 {
            self.ratios.push(Vec::new());
        }
        let (head, tail) = self.ratios.split_at_mut(depth + 1);
        let (prev, next) = (&head[depth], &mut tail[0]);
        next.clear();
        next.extend_from_slice(prev);
        for &r in prev {
            next.push(r.mul(factor).ok_or(Error::ArithmeticOverflow)?);
        }
        Ok(())
    }
}

/// The numerator and denominator of a factor of positive integers.
fn int_parts(f: Frac) -> Result<(u64, u64)> {
    let part = |x: i128| u64::try_from(x).map_err(|_| Error::ArithmeticOverflow);
    Ok((part(f.num)?, part(f.den)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::number::Int;

    #[test]
    fn binary_gcd_agrees_with_euclid() {
        fn euclid(a: u64, b: u64) -> u64 {
            if b == 0 { a } else { euclid(b, a % b) }
        }
        let samples = (0..200u64).chain([1 << 40, 3 << 50, u64::MAX, u64::MAX - 1, 999_999_937]);
        let samples: Vec<u64> = samples.collect();
        for &a in &samples {
            for &b in &samples {
                assert_eq!(gcd64(a, b), euclid(a, b), "gcd({a}, {b})");
            }
        }
    }

    /// Accumulators with a small-value array, credited `(value, trees)`.
    fn credited(credits: &[(i64, u64)]) -> Accs<Int> {
        let mut accs = Accs {
            small: Small::allocated(),
            ..Accs::default()
        };
        for &(v, trees) in credits {
            let trail = Trail {
                peak: v as u64,
                flags: Trail::INTEGRAL,
            };
            let e = accs.slot(Int(v)).expect("every value has a slot");
            e.add_trees(trees, 1, trail).expect("small counts");
            e.sum += 1;
        }
        accs
    }

    /// Whatever the workers' share of the credits, draining the ranges of their values gives
    /// the table one worker crediting everything gets.
    #[test]
    fn ranges_drained_from_several_workers_make_one_table() {
        let mut x = 7u64;
        let credits: Vec<(i64, u64)> = (0..5000)
            .map(|_| {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let v = if x >> 63 == 0 {
                    (x >> 40) % 5000
                } else {
                    (x >> 20) % 1_000_000
                };
                ((v + 1) as i64, (x >> 8) % 7 + 1)
            })
            .collect();
        let one = credited(&credits).drain_sorted().expect("small counts");
        assert!(one.windows(2).all(|w| w[0].value < w[1].value));
        assert!(one.iter().any(|e| e.value.0 < SMALL as i64));
        assert!(one.iter().any(|e| e.value.0 >= SMALL as i64));
        for workers in 1..=4 {
            let mut parts: Vec<Accs<Int>> = (0..workers)
                .map(|w| {
                    let mine: Vec<_> = credits.iter().copied().skip(w).step_by(workers).collect();
                    credited(&mine)
                })
                .collect();
            parts.iter_mut().for_each(Accs::sort_keys);
            let sources: Vec<&Accs<Int>> = parts.iter().collect();
            let spans = Span::split(&sources, workers);
            assert!(!spans.is_empty() && spans.len() <= workers);
            let mut table = Vec::new();
            for span in &spans {
                table.extend(gather(&sources, span, 0).expect("small counts"));
            }
            assert_eq!(table, one, "{workers} workers");
        }
    }
}
