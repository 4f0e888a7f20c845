//! The whole board's values in a window `1..=hi` (positive integers without `^`), as bits:
//! the only values of the whole board a corpus run asks about. Most of a board's values
//! come from its whole board and lie far above every target; here only the operand pairs
//! that land in the window are tried.
//!
//! For each value `x` of the smaller table of a split, the operands `y` of the other table
//! that can land in the window lie in one range per operation, and those ranges only move
//! up (or only down) as `x` grows, so they are found by pointers that walk the table once
//! rather than by a search per `x`. `x + y` and `y − x` for `x ≤ hi` are the other table's
//! bits shifted by `x`: a few dozen word operations instead of a pass over its values.
//! Results equal to an operand (`x × 1`, `y ÷ 1`) are skipped: the operand's own, smaller
//! sub-board reaches them already.

use crate::game::number::Number;

use super::collect::words;
use super::table::ReachTable;

/// The value of a positive-integer table entry.
#[inline(always)]
fn int<V: Number>(v: V) -> i64 {
    v.as_int().expect("a windowed table holds integers")
}

#[inline(always)]
fn set(bits: &mut [u64], v: i64) {
    bits[(v >> 6) as usize] |= 1 << (v & 63);
}

/// ORs into `out` the bits of `src` moved up by `k` (`src` bit `i` → `out` bit `i + k`).
fn or_shifted_up(out: &mut [u64], src: &[u64], k: usize) {
    let (ws, bs) = (k / 64, k % 64);
    for i in (ws..out.len()).rev() {
        let j = i - ws;
        let Some(&w) = src.get(j) else { continue };
        let mut v = w << bs;
        if bs > 0 && j > 0 {
            v |= src[j - 1] >> (64 - bs);
        }
        out[i] |= v;
    }
}

/// ORs into `out` the bits of `src` moved down by `k` (`src` bit `i + k` → `out` bit `i`).
fn or_shifted_down(out: &mut [u64], src: &[u64], k: usize) {
    let (ws, bs) = (k / 64, k % 64);
    for (i, o) in out.iter_mut().enumerate() {
        let j = i + ws;
        let Some(&w) = src.get(j) else { break };
        let mut v = w >> bs;
        if bs > 0
            && let Some(&next) = src.get(j + 1)
        {
            v |= next << (64 - bs);
        }
        *o |= v;
    }
}

/// ORs into `out` (bits of `0..=hi`) every `x op y`, `y op x` in `1..=hi` of `x` in `a` and
/// `y` in `b`, whose bits cover `0..=2·hi`. Bits above `hi` and bit 0 may be left set: the
/// caller masks them.
pub(super) fn combine_in<V: Number>(
    a: &ReachTable<V>,
    b: &ReachTable<V>,
    hi: i64,
    out: &mut [u64],
) {
    // The smaller table outside: each of its values costs a few pointer moves.
    let (a, b) = if a.values.len() <= b.values.len() {
        (a, b)
    } else {
        (b, a)
    };
    debug_assert_eq!(b.bits.len(), words(hi.saturating_mul(2)));
    let tb = &b.values;
    let n = tb.len();
    let y = |i: usize| int(tb[i]);
    // Index of the first `y` ≥ 2 (values are distinct and positive, so only a 1 comes
    // before it): products and quotients by 1 give an operand back. Read, not searched: a
    // search would miss the cache at every step of a table not read yet.
    let from2 = usize::from(n > 0 && int(tb[0]) < 2);
    let (mut mul_hi, mut sub_lo, mut sub_hi) = (n, 0, 0);
    let (mut rsub_lo, mut rsub_hi, mut div_lo, mut div_hi, mut rdiv_lo, mut rdiv_hi) =
        (0, 0, 0, 0, 0, 0);
    for &xv in &a.values {
        let x = int(xv);
        // x + y and y − x.
        if x <= hi {
            or_shifted_up(out, &b.bits, x as usize);
            or_shifted_down(out, &b.bits, x as usize);
        } else {
            // y − x in 1..=hi: y in x+1..=x+hi.
            while rsub_lo < n && y(rsub_lo) <= x {
                rsub_lo += 1;
            }
            rsub_hi = rsub_hi.max(rsub_lo);
            while rsub_hi < n && y(rsub_hi) <= x.saturating_add(hi) {
                rsub_hi += 1;
            }
            for i in rsub_lo..rsub_hi {
                set(out, y(i) - x);
            }
        }
        // x − y in 1..=hi: y in x−hi..=x−1.
        while sub_lo < n && y(sub_lo) < x - hi {
            sub_lo += 1;
        }
        sub_hi = sub_hi.max(sub_lo);
        while sub_hi < n && y(sub_hi) < x {
            sub_hi += 1;
        }
        for i in sub_lo..sub_hi {
            set(out, x - y(i));
        }
        if x == 1 {
            continue;
        }
        // x × y in 1..=hi: y in 2..=hi/x.
        while mul_hi > from2 && y(mul_hi - 1) > hi / x {
            mul_hi -= 1;
        }
        for i in from2..mul_hi {
            set(out, x * y(i));
        }
        // x ÷ y in 1..=hi: y in max(2, ⌈x/hi⌉)..=x, dividing x.
        let lo_y = ((x - 1) / hi + 1).max(2);
        while div_lo < n && y(div_lo) < lo_y {
            div_lo += 1;
        }
        div_hi = div_hi.max(div_lo);
        while div_hi < n && y(div_hi) <= x {
            div_hi += 1;
        }
        for i in div_lo..div_hi {
            if x % y(i) == 0 {
                set(out, x / y(i));
            }
        }
        // y ÷ x in 1..=hi: y in x..=x·hi, a multiple of x. Divisibility by one multiply
        // (Lemire, Kaser & Kurz): for y < 2^32, x divides y exactly when y·m mod 2^64 < m.
        while rdiv_lo < n && y(rdiv_lo) < x {
            rdiv_lo += 1;
        }
        rdiv_hi = rdiv_hi.max(rdiv_lo);
        let top = x.saturating_mul(hi);
        while rdiv_hi < n && y(rdiv_hi) <= top {
            rdiv_hi += 1;
        }
        let m = (u64::MAX / x as u64).wrapping_add(1);
        for i in rdiv_lo..rdiv_hi {
            let yi = y(i);
            let divides = if yi < 1 << 32 {
                (yi as u64).wrapping_mul(m) < m
            } else {
                yi % x == 0
            };
            if divides {
                set(out, yi / x);
            }
        }
    }
}
