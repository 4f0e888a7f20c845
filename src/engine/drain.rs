//! Turning accumulators into a sorted table: the values credited are cut into ranges
//! ([`Span`]) that workers drain in parallel, each merging every worker's accumulators; a
//! sub-board's own accumulators are drained whole ([`Accumulators::drain_sorted`]).

use crate::game::number::Number;

use super::accumulators::Accumulators;
use super::entry::Entry;

/// A range of the values of accumulators whose map's keys are sorted: the small values if
/// `small`, and the map's values from `from` up to, not including, `to` (`None`: unbounded).
pub(super) struct Span<V> {
    pub(super) small: bool,
    pub(super) from: Option<V>,
    pub(super) to: Option<V>,
}

impl<V: Number> Span<V> {
    pub(super) fn all() -> Span<V> {
        Span {
            small: true,
            from: None,
            to: None,
        }
    }

    /// The ranges that split the values of `sources` into at most `parts` shares of about
    /// the same size, ascending, judged by the source with the most values.
    pub(super) fn split(sources: &[&Accumulators<V>], parts: usize) -> Vec<Span<V>> {
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
    pub(super) fn keys<'a>(&self, keys: &'a [(V, u32)]) -> &'a [(V, u32)] {
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
pub(super) fn gather<V: Number>(
    sources: &[&Accumulators<V>],
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
            let word_of = |a: &Accumulators<V>| a.small.touched.get(w).copied().unwrap_or(0);
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
    let acc = |a: &Accumulators<V>, i: u32| a.large.accs[i as usize].1;
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

/// [`gather`]'s merge of the sorted keys of any number of sources.
pub(super) fn merge_keys<V: Number>(
    sources: &[&Accumulators<V>],
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

impl<V: Number> Accumulators<V> {
    /// Every value credited, ascending, leaving the accumulators empty for the next sub-board.
    pub(super) fn drain_sorted(&mut self) -> Option<Vec<Entry<V>>> {
        self.sort_keys();
        let entries = gather(&[self], &Span::all(), 0);
        self.reset();
        entries
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::accumulators::{SMALL, Sink, Small};
    use crate::engine::entry::Trail;
    use crate::game::number::Int;

    /// Accumulators with a small-value array, credited `(value, trees)`.
    fn credited(credits: &[(i64, u64)]) -> Accumulators<Int> {
        let mut accs = Accumulators {
            small: Small::allocated(),
            ..Accumulators::default()
        };
        for &(v, trees) in credits {
            let trail = Trail {
                peak: v as u64,
                flags: Trail::INTEGRAL,
                fractions: 0,
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
            let mut parts: Vec<Accumulators<Int>> = (0..workers)
                .map(|w| {
                    let mine: Vec<_> = credits.iter().copied().skip(w).step_by(workers).collect();
                    credited(&mine)
                })
                .collect();
            parts.iter_mut().for_each(Accumulators::sort_keys);
            let sources: Vec<&Accumulators<Int>> = parts.iter().collect();
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
