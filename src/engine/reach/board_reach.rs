//! One board's reachability ([`Reach`]): the table of every sub-board, taken from a
//! [`ReachSource`] where it has them, and the whole board's — complete, or under a window only
//! its values in `1..=hi` as bits. What a corpus run asks of it: the fewest operations that
//! reach each target (the size of the smallest usable sub-board reaching it, minus one) and
//! the closest value of each missed target.

use std::sync::Arc;

use crate::engine::{Window, wide_cmp};
use crate::error::Result;
use crate::game::board::{Board, SubBoards};
use crate::game::join::joined;
use crate::game::number::{Number, Wide};
use crate::game::rules::Rules;

use super::collect::words;
use super::table::{ReachSource, ReachTable};
use super::window::combine_in;

/// The values every sub-board of one board reaches.
#[derive(Clone, Debug)]
pub struct Reach<V> {
    rules: Rules,
    subs: SubBoards,
    /// Per sub-board, its table; the whole board's is there once built complete.
    tables: Vec<Option<Arc<ReachTable<V>>>>,
    /// The top of the window the whole board was built under, if it was.
    hi: Option<i64>,
    /// Under a window: per size `k`, the bits of `0..=hi` reached by a usable sub-board of
    /// `k` numbers (index 0 unused), the whole board's last.
    levels: Vec<Vec<u64>>,
    /// Under a window: the union of `levels`.
    union: Vec<u64>,
}

/// The highest set bit of `bits` below `v`.
fn below(bits: &[u64], v: i64) -> Option<i64> {
    let (mut w, b) = ((v >> 6) as usize, (v & 63) as u32);
    let mut word = match bits.get(w) {
        Some(x) => x & ((1u64 << b) - 1),
        None => {
            w = bits.len();
            0
        }
    };
    loop {
        if word != 0 {
            return Some(64 * w as i64 + 63 - i64::from(word.leading_zeros()));
        }
        w = w.checked_sub(1)?;
        word = bits[w];
    }
}

/// The lowest set bit of `bits` above `v`.
fn above(bits: &[u64], v: i64) -> Option<i64> {
    let (mut w, b) = ((v >> 6) as usize, (v & 63) as u32);
    let mut word = bits.get(w)? & (u64::MAX << b) & !(1u64 << b);
    loop {
        if word != 0 {
            return Some(64 * w as i64 + i64::from(word.trailing_zeros()));
        }
        w += 1;
        word = *bits.get(w)?;
    }
}

impl<V: Number> Reach<V> {
    /// The reachability of `board` under `rules`. With a `window` (positive integers without
    /// `^`; its `lo` is taken as 1), the whole board's values are found in `1..=window.hi`
    /// only, and built complete later if a question needs more. Tables `source` has are
    /// taken from it; its tables must carry the bits of the same window.
    pub fn build(
        board: &Board,
        rules: &Rules,
        window: Option<Window>,
        source: Option<&dyn ReachSource<V>>,
    ) -> Result<Reach<V>> {
        let subs = SubBoards::new(board);
        let full = subs.full();
        let hi = window
            .map(|w| w.hi)
            .filter(|&hi| hi >= 1 && V::POSITIVE && !rules.pow && !rules.use_all)
            .filter(|_| subs.size(full) > 1);
        let tables = proper_tables(&subs, rules, hi, source)?;
        let mut r = Reach {
            rules: *rules,
            subs,
            tables,
            hi,
            levels: Vec::new(),
            union: Vec::new(),
        };
        match hi {
            Some(hi) => r.window_levels(hi),
            None => r.complete()?,
        }
        Ok(r)
    }

    /// The complete table of the sub-board `numbers` (ascending), its bits over `0..=2·bits_hi`
    /// when given; the tables `source` has are taken from it.
    pub fn table_of(
        numbers: &[i64],
        rules: &Rules,
        bits_hi: Option<i64>,
        source: Option<&dyn ReachSource<V>>,
    ) -> Result<Arc<ReachTable<V>>> {
        let subs = SubBoards::new(&Board::from_checked(numbers.to_vec()));
        let tables = proper_tables(&subs, rules, bits_hi, source)?;
        Ok(Arc::new(build_sub(
            &subs,
            subs.full(),
            &tables,
            rules,
            bits_hi,
        )?))
    }

    /// Builds the whole board's complete table, if it is not built yet.
    fn complete(&mut self) -> Result<()> {
        let full = self.subs.full();
        if self.tables[full].is_none() {
            let t = build_sub(&self.subs, full, &self.tables, &self.rules, None)?;
            self.tables[full] = Some(Arc::new(t));
        }
        Ok(())
    }

    /// The whole board's values in `1..=hi`, and the per-size unions of the usable tables.
    fn window_levels(&mut self, hi: i64) {
        let full = self.subs.full();
        let n = words(hi);
        let mut top = vec![0u64; n];
        for a in 1..full {
            let b = full - a;
            if a <= b
                && let (Some(ta), Some(tb)) = (&self.tables[a], &self.tables[b])
            {
                combine_in(ta, tb, hi, &mut top);
            }
        }
        let mut levels = vec![vec![0u64; n]; self.subs.size(full) + 1];
        for s in 1..full {
            if let Some(t) = &self.tables[s] {
                for (l, b) in levels[self.subs.size(s)].iter_mut().zip(&t.bits) {
                    *l |= b;
                }
            }
        }
        for n in joined(&self.rules, &self.subs.numbers(full)) {
            if n <= hi {
                top[(n >> 6) as usize] |= 1 << (n & 63);
            }
        }
        levels[self.subs.size(full)] = top;
        let mut union = vec![0u64; n];
        for level in &mut levels {
            // Nothing below 1 is a value, and the shifts may carry bits past `hi`.
            level[0] &= !1;
            let last = n - 1;
            let keep = (hi - 64 * last as i64) as u32;
            level[last] &= if keep >= 63 {
                u64::MAX
            } else {
                (2u64 << keep) - 1
            };
            for (u, l) in union.iter_mut().zip(level.iter()) {
                *u |= l;
            }
        }
        self.levels = levels;
        self.union = union;
    }

    fn usable(&self) -> Vec<usize> {
        self.subs.usable(&self.rules)
    }

    /// Per integer `t` of `lo..=hi` (index `t − lo`), the fewest operations that reach it,
    /// `None` when no usable sub-board does.
    pub fn min_ops_in(&mut self, lo: i64, hi: i64) -> Result<Vec<Option<u8>>> {
        let len = usize::try_from(hi - lo + 1).unwrap_or(0);
        if let Some(w) = self.hi
            && hi <= w
        {
            // Level by level, word by word: each value is credited by the first (smallest)
            // level holding it.
            let mut out = vec![None; len];
            let mut seen = vec![0u64; self.union.len()];
            for (k, level) in self.levels.iter().enumerate().skip(1) {
                let ops = u8::try_from(k - 1).unwrap_or(u8::MAX);
                for (w, (bits, seen)) in level.iter().zip(seen.iter_mut()).enumerate() {
                    let mut new = bits & !*seen;
                    *seen |= new;
                    while new != 0 {
                        let v = 64 * w as i64 + i64::from(new.trailing_zeros());
                        new &= new - 1;
                        if (lo..=hi).contains(&v) {
                            out[(v - lo) as usize] = Some(ops);
                        }
                    }
                }
            }
            return Ok(out);
        }
        self.complete()?;
        let mut out = vec![None; len];
        let at = |x: i64| Wide {
            num: x.into(),
            den: 1,
        };
        for s in self.usable() {
            let ops = u8::try_from(self.subs.size(s) - 1).unwrap_or(u8::MAX);
            let t = &self.table(s).values;
            let start = t.partition_point(|v| wide_cmp(v.to_wide(), at(lo)).is_lt());
            for v in &t[start..] {
                let Some(i) = v.as_int().filter(|&i| i <= hi) else {
                    if wide_cmp(v.to_wide(), at(hi)).is_gt() {
                        break;
                    }
                    continue;
                };
                out[(i - lo) as usize].get_or_insert(ops);
            }
        }
        Ok(out)
    }

    fn table(&self, s: usize) -> &ReachTable<V> {
        self.tables[s]
            .as_deref()
            .expect("a usable sub-board's table is built before it is read")
    }

    /// The reachable value closest to `target` (the smaller one on a tie) and its distance,
    /// as the tables store them; `None` when `target` is not in the domain or nothing is
    /// reachable.
    pub fn closest(&mut self, target: i64) -> Result<Option<(f64, f64)>> {
        let Some(t) = V::from_int(target) else {
            return Ok(None);
        };
        if let Some(hi) = self.hi
            && (1..=hi).contains(&target)
        {
            let below = below(&self.union, target).filter(|&v| v >= 1);
            let above = above(&self.union, target).filter(|&v| v <= hi);
            let nearest = match (below, above) {
                (Some(b), Some(a)) if a - target < target - b => Some((a, a - target)),
                (Some(b), _) => Some((b, target - b)),
                (None, Some(a)) => Some((a, a - target)),
                (None, None) => None,
            };
            // Certain when every value as close lies in the window (nothing is below 1).
            if let Some((v, d)) = nearest
                && target + d <= hi
            {
                return Ok(Some((v as f64, d as f64)));
            }
        }
        self.complete()?;
        let tw = t.to_wide();
        let mut best: Option<(Wide, V)> = None;
        for s in self.usable() {
            let table = &self.table(s).values;
            let i = table.partition_point(|&v| v < t);
            for &v in &table[i.saturating_sub(1)..(i + 1).min(table.len())] {
                let Some(d) = v.to_wide().plus(tw.negated()) else {
                    continue;
                };
                let d = if d.num < 0 { d.negated() } else { d };
                match &mut best {
                    Some((bd, bv)) if wide_cmp(d, *bd).is_eq() => *bv = (*bv).min(v),
                    Some((bd, _)) if wide_cmp(d, *bd).is_gt() => {}
                    b => *b = Some((d, v)),
                }
            }
        }
        Ok(best.map(|(d, v)| (to_f64(v.to_wide()), to_f64(d))))
    }

    /// Every value a usable sub-board reaches, ascending, with the fewest operations that
    /// reach it.
    pub fn all_min_ops(&mut self) -> Result<Vec<(V, u8)>> {
        self.complete()?;
        let mut all: Vec<(V, u8)> = Vec::new();
        for s in self.usable() {
            let ops = u8::try_from(self.subs.size(s) - 1).unwrap_or(u8::MAX);
            all.extend(self.table(s).values.iter().map(|&v| (v, ops)));
        }
        // Smallest size first within a value, then keep the first of each value.
        all.sort_by_key(|&(v, ops)| (v, ops));
        all.dedup_by_key(|&mut (v, _)| v);
        Ok(all)
    }
}

fn to_f64(w: Wide) -> f64 {
    w.num as f64 / w.den as f64
}

/// The tables of every proper non-empty sub-board, smallest first: from `source` where it has
/// them, else built from the tables of their splits.
fn proper_tables<V: Number>(
    subs: &SubBoards,
    rules: &Rules,
    bits_hi: Option<i64>,
    source: Option<&dyn ReachSource<V>>,
) -> Result<Vec<Option<Arc<ReachTable<V>>>>> {
    let full = subs.full();
    let mut tables: Vec<Option<Arc<ReachTable<V>>>> = vec![None; subs.count()];
    let mut numbers = Vec::with_capacity(subs.size(full));
    for &s in subs.in_size_order() {
        if s == 0 || s == full {
            continue;
        }
        numbers.clear();
        for (i, &v) in subs.values.iter().enumerate() {
            numbers.extend(std::iter::repeat_n(v, usize::from(subs.count_of(s, i))));
        }
        let shared = source.and_then(|src| src.reach_table(&numbers));
        tables[s] = Some(match shared {
            Some(t) => t,
            None => Arc::new(build_sub(subs, s, &tables, rules, bits_hi)?),
        });
    }
    Ok(tables)
}

/// The complete table of sub-board `s` from the tables of its splits (all built).
fn build_sub<V: Number>(
    subs: &SubBoards,
    s: usize,
    tables: &[Option<Arc<ReachTable<V>>>],
    rules: &Rules,
    bits_hi: Option<i64>,
) -> Result<ReachTable<V>> {
    if subs.size(s) == 1 {
        let i = subs
            .min_value(s)
            .expect("a sub-board of one number holds a value");
        return ReachTable::lone(subs.values[i], rules, bits_hi);
    }
    let built = |a: usize| -> &ReachTable<V> {
        tables[a]
            .as_deref()
            .expect("sub-boards are built smallest first")
    };
    let splits = subs
        .subs_of(s)
        .into_iter()
        .filter(|&a| a != 0 && a <= s - a)
        .map(|a| (built(a), built(s - a), a == s - a));
    Ok(ReachTable::of_splits(
        splits,
        &joined(rules, &subs.numbers(s)),
        rules,
        bits_hi,
    ))
}
