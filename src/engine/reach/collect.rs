//! Gathering the values a build finds into one ascending list without repeats: the step
//! most of a sub-board's time goes to, since the values of its splits repeat a lot. Small
//! positive integers are marked in a bitset kept by each thread and read back in order; the
//! rest are sorted once at the end ([`Number::sort_dedup`]: by a bitset or by radix for
//! integers). The reach tables and
//! [`super::bounded::Bounded`] both gather through it.

use std::cell::RefCell;

use crate::error::Result;
use crate::game::number::Number;

/// Words of bits covering `0..=hi`.
#[inline]
pub(super) fn words(hi: i64) -> usize {
    usize::try_from(hi / 64 + 1).unwrap_or(0)
}

/// Small positive integers are gathered in a bitset rather than sorted: most of a table's
/// values are below it, and a bitset dedups and orders them in one pass.
const SMALL: i64 = 1 << 17;

thread_local! {
    /// The bitset of small values, kept by each thread (cleared as it is read).
    static SEEN: RefCell<Vec<u64>> = RefCell::new(vec![0; words(SMALL - 1)]);
}

/// Where a build puts the values it finds.
pub(super) struct Collector<'s, V> {
    seen: &'s mut [u64],
    other: Vec<V>,
    /// One past the highest word of the bitset touched.
    top: usize,
}

impl<V: Number> Collector<'_, V> {
    #[inline]
    pub fn put(&mut self, v: V) {
        if V::POSITIVE
            && let Some(i) = v.as_int()
            && (0..SMALL).contains(&i)
        {
            let w = (i >> 6) as usize;
            self.seen[w] |= 1 << (i & 63);
            self.top = self.top.max(w + 1);
            return;
        }
        self.other.push(v);
    }

    /// How many values outside the bitset were put, repeats included (the bitset holds at
    /// most [`SMALL`]): what a build checks its memory bound against.
    pub fn pending(&self) -> usize {
        self.other.len()
    }

    /// The values put, ascending and each once; clears the bitset.
    fn take(mut self) -> Vec<V> {
        let mut out = Vec::with_capacity(self.other.len() + 64);
        for (w, word) in self.seen[..self.top].iter_mut().enumerate() {
            let mut x = std::mem::take(word);
            while x != 0 {
                let i = (w * 64) as i64 + i64::from(x.trailing_zeros());
                out.extend(V::from_int(i));
                x &= x - 1;
            }
        }
        V::sort_dedup(&mut self.other);
        // Every value left in `other` is at least `SMALL` (or the domain is signed, when the
        // bitset is unused), so appending keeps the order.
        out.append(&mut self.other);
        out
    }
}

/// The values `fill` puts, ascending and each once. The thread's bitset is left clear
/// whether `fill` succeeds or not.
pub(super) fn collect<V: Number>(
    fill: impl FnOnce(&mut Collector<'_, V>) -> Result<()>,
) -> Result<Vec<V>> {
    SEEN.with_borrow_mut(|seen| {
        let mut c = Collector {
            seen,
            other: Vec::new(),
            top: 0,
        };
        let filled = fill(&mut c);
        let values = c.take();
        filled.map(|()| values)
    })
}
