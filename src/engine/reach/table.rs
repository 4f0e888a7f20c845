//! The values one sub-board reaches ([`ReachTable`]): every value, ascending, and for the
//! positive integers of a corpus run the same values as bits over `0..=2·hi` of the run's
//! window, which the whole board's windowed combine and the per-level unions read without a
//! search. Built from the tables of its splits, every operand pair under every operation,
//! with no counting: a value is in the table once, however many trees reach it.

use std::cell::RefCell;
use std::sync::Arc;

use crate::error::{Error, Result};
use crate::game::number::{Number, Op};
use crate::game::rules::Rules;

/// Every value one sub-board reaches (each tree uses every number of the sub-board once).
#[derive(Clone, Debug, Default)]
pub struct ReachTable<V> {
    /// The values, ascending, each once.
    pub values: Vec<V>,
    /// Positive integers under a window only (else empty): bit `v` is set when `v` is a value,
    /// for `v` in `0..=2·hi`.
    pub(super) bits: Vec<u64>,
}

/// Tables of sub-boards computed once and shared by every board that holds them
/// (`corpus::reach_cache::ReachCache`). A table depends only on the sub-board's numbers, the
/// rules and the window its bits cover, so a source is used only with those.
pub trait ReachSource<V>: Sync {
    /// The table of the sub-board with these numbers (ascending), if the source has it.
    fn reach_table(&self, numbers: &[i64]) -> Option<Arc<ReachTable<V>>>;
}

/// Words of bits covering `0..=hi`.
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

/// Where a build puts the values it finds: small positive integers in the thread's bitset,
/// the rest in a list sorted at the end.
struct Collector<V> {
    other: Vec<V>,
    /// One past the highest word of the bitset touched.
    top: usize,
}

impl<V: Number> Collector<V> {
    /// Puts the positive integer `i` (of a positive-integer domain).
    #[inline]
    fn put_int(&mut self, seen: &mut [u64], i: i64) {
        if i < SMALL {
            let w = (i >> 6) as usize;
            seen[w] |= 1 << (i & 63);
            self.top = self.top.max(w + 1);
        } else {
            self.other.extend(V::from_int(i));
        }
    }

    #[inline]
    fn put(&mut self, seen: &mut [u64], v: V) {
        if !V::SIGNED
            && let Some(i) = v.as_int()
            && (0..SMALL).contains(&i)
        {
            let w = (i >> 6) as usize;
            seen[w] |= 1 << (i & 63);
            self.top = self.top.max(w + 1);
            return;
        }
        self.other.push(v);
    }

    /// The values put, ascending and each once; clears the bitset.
    fn take(mut self, seen: &mut [u64]) -> Vec<V> {
        let mut out = Vec::with_capacity(self.other.len() + 64);
        for (w, word) in seen[..self.top].iter_mut().enumerate() {
            let mut x = std::mem::take(word);
            while x != 0 {
                let i = (w * 64) as i64 + i64::from(x.trailing_zeros());
                out.extend(V::from_int(i));
                x &= x - 1;
            }
        }
        self.other.sort_unstable();
        self.other.dedup();
        // Every value left in `other` is at least `SMALL` (or the domain is signed, when the
        // bitset is unused), so appending keeps the order.
        out.append(&mut self.other);
        out
    }
}

impl<V: Number> ReachTable<V> {
    /// The table of a lone number.
    pub fn lone(n: i64, rules: &Rules, bits_hi: Option<i64>) -> Result<ReachTable<V>> {
        let v = V::from_int(n)
            .ok_or_else(|| Error::input(format!("{n} is not in the game's domain")))?;
        Ok(ReachTable::finish(vec![v], rules, bits_hi))
    }

    /// The table of a sub-board from the tables of its splits `(a, b)`, each split once.
    pub fn of_splits<'t>(
        splits: impl Iterator<Item = (&'t ReachTable<V>, &'t ReachTable<V>, bool)>,
        rules: &Rules,
        bits_hi: Option<i64>,
    ) -> ReachTable<V> {
        let values = SEEN.with_borrow_mut(|seen| {
            let mut c = Collector {
                other: Vec::new(),
                top: 0,
            };
            for (a, b, same) in splits {
                if !V::SIGNED && !rules.pow && rules.limit == i64::MAX {
                    combine_ints(&a.values, &b.values, same, &mut |i| c.put_int(seen, i));
                } else {
                    combine_all(&a.values, &b.values, same, rules, &mut |v| c.put(seen, v));
                }
            }
            c.take(seen)
        });
        ReachTable::finish(values, rules, bits_hi)
    }

    /// Closes `values` under negation where unary minus is allowed, and sets the bits.
    pub(super) fn finish(mut values: Vec<V>, rules: &Rules, bits_hi: Option<i64>) -> ReachTable<V> {
        if rules.unary_minus {
            let negated: Vec<V> = values.iter().filter_map(|v| v.negate()).collect();
            values.extend(negated);
            values.sort_unstable();
            values.dedup();
        }
        let bits = match bits_hi {
            Some(hi) if !V::SIGNED => bits_of(&values, hi.saturating_mul(2)),
            _ => Vec::new(),
        };
        ReachTable { values, bits }
    }

    /// Bytes the table holds (from its lengths only, so that a budget filled with it keeps
    /// the same tables on every run).
    pub fn bytes(&self) -> usize {
        std::mem::size_of::<Self>()
            + self.values.len() * std::mem::size_of::<V>()
            + self.bits.len() * 8
    }
}

/// Bits of the integer `values` in `0..=hi`.
fn bits_of<V: Number>(values: &[V], hi: i64) -> Vec<u64> {
    let mut bits = vec![0u64; words(hi)];
    for v in values {
        match v.as_int() {
            Some(i) if (0..=hi).contains(&i) => bits[(i >> 6) as usize] |= 1 << (i & 63),
            Some(i) if i > hi => break,
            _ => {}
        }
    }
    bits
}

/// [`combine_all`] for positive integers without `^` or a bound but overflow, on the
/// integers themselves: the same values as `Int::apply` gives (`a − b` when `a > b`, `a ÷ b`
/// when `b` divides `a`, a sum or product that would overflow left out), without its
/// generic checks.
fn combine_ints<V: Number>(ta: &[V], tb: &[V], same: bool, put: &mut impl FnMut(i64)) {
    let int = |v: &V| v.as_int().expect("a positive-integer table holds integers");
    for (i, a) in ta.iter().enumerate() {
        let a = int(a);
        let from = if same { i } else { 0 };
        for b in &tb[from..] {
            let b = int(b);
            if let Some(v) = a.checked_add(b) {
                put(v);
            }
            if let Some(v) = a.checked_mul(b) {
                put(v);
            }
            let (hi, lo) = if a >= b { (a, b) } else { (b, a) };
            if hi > lo {
                put(hi - lo);
            }
            if hi % lo == 0 {
                put(hi / lo);
            }
        }
    }
}

/// Every `a op b` and `b op a` of `a` in `ta`, `b` in `tb`, under every operation the rules
/// allow. `same`: the two tables are the same sub-board's, so each unordered pair is tried
/// once (both orientations of `−`, `÷` and `^` still are).
fn combine_all<V: Number>(ta: &[V], tb: &[V], same: bool, rules: &Rules, put: &mut impl FnMut(V)) {
    let limit = rules.limit;
    for (i, &a) in ta.iter().enumerate() {
        let from = if same { i } else { 0 };
        for &b in &tb[from..] {
            for (op, l, r) in [
                (Op::Add, a, b),
                (Op::Mul, a, b),
                (Op::Sub, a, b),
                (Op::Sub, b, a),
                (Op::Div, a, b),
                (Op::Div, b, a),
            ] {
                if let Some(v) = l.apply(op, r, limit) {
                    put(v);
                }
            }
            if rules.pow {
                for (l, r) in [(a, b), (b, a)] {
                    if let Some(v) = l.apply(Op::Pow, r, limit) {
                        put(v);
                    }
                }
            }
        }
    }
}
