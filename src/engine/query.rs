//! Reading a built board: a value's counts over the usable sub-boards, the counts of a range
//! of targets, the closest reachable value, and the size of the unpruned search space.

use rustc_hash::FxHashMap;

use crate::error::{Error, Result};
use crate::game::number::{Number, Wide};

use super::dp::Dp;
use super::entry::{Counts, Entry};

impl<V: Number> Dp<V> {
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
        self.subs.usable(&self.rules)
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
    pub(super) fn add_entry(
        &self,
        counts: &mut Option<Counts>,
        s: usize,
        e: &Entry<V>,
    ) -> Result<()> {
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

/// Compares two wide rationals (denominators positive).
pub fn wide_cmp(a: Wide, b: Wide) -> std::cmp::Ordering {
    (a.num * b.den).cmp(&(b.num * a.den))
}
