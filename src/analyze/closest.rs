//! The closest reachable value of every missed target of a board, found for all of them at
//! once rather than by one [`Dp::closest`] call (a binary search in every usable sub-board's
//! table) per target. The answers are those of [`Dp::closest`]: the nearest value, the
//! smaller one on a tie.
//!
//! - Integer games: the targets' counts, gathered anyway, say which integers around the
//!   target range a usable sub-board reaches (their `run`). The nearest reached integers below
//!   and above each target are read off that run; the answer is certain when every value as
//!   close lies inside the run (there is nothing below 1). The rare target whose nearest value
//!   might lie beyond the run is asked of the engine as before.
//! - Rationals (the 24 game): one merge of the missed targets with each usable table.

use crate::engine::{Dp, wide_cmp};
use crate::error::Result;
use crate::game::number::{Number, Wide};

/// `(closest value, distance)` of a missed target, as the tables store them.
pub(super) type Closest = Option<(f64, f64)>;

/// The integers `lo, lo + 1, …` and whether a usable sub-board of the board reaches each.
pub(super) struct Run<'a> {
    pub lo: i64,
    pub reached: &'a [bool],
}

/// The closest values of the `missed` targets (ascending, each unreachable and in the
/// domain) of the board of `dp`. For a target whose closest value might lie beyond the
/// window, the board without a window is asked: `whole`, built by `build` on first use.
pub(super) fn of_missed<V: Number>(
    dp: &Dp<V>,
    missed: &[V],
    run: &Run,
    whole: &mut Option<Dp<V>>,
    build: &dyn Fn() -> Result<Dp<V>>,
) -> Result<Vec<Closest>> {
    if missed.is_empty() {
        return Ok(Vec::new());
    }
    if !V::POSITIVE {
        return Ok(merged(dp, missed));
    }
    let (prev, next) = neighbours(run.reached);
    // What the run tells for certain: every integer from `known_lo` to `known_hi`, and, in
    // the positive integers, that nothing lies below 1.
    let mut known_lo = if run.lo <= 1 { i64::MIN } else { run.lo };
    let mut known_hi = run.lo + run.reached.len() as i64 - 1;
    if let Some(w) = dp.window() {
        if w.lo > 1 {
            known_lo = known_lo.max(w.lo);
        }
        known_hi = known_hi.min(w.hi);
    }
    let mut out = Vec::with_capacity(missed.len());
    for &target in missed {
        let t = target
            .as_int()
            .expect("the integer games' targets are integers");
        let at = usize::try_from(t - run.lo).ok().filter(|&i| i < prev.len());
        let below = at.and_then(|i| prev[i]).map(|j| run.lo + j as i64);
        let above = at.and_then(|i| next[i]).map(|j| run.lo + j as i64);
        let nearest = match (below, above) {
            (Some(b), Some(a)) if a - t < t - b => Some((a, a - t)),
            (Some(b), _) => Some((b, t - b)),
            (None, Some(a)) => Some((a, a - t)),
            (None, None) => None,
        };
        out.push(match nearest {
            Some((v, d)) if t - d >= known_lo && t + d <= known_hi => Some((v as f64, d as f64)),
            _ => asked(dp, target, whole, build)?,
        });
    }
    Ok(out)
}

/// Per integer of a run, the position of the nearest reached integer strictly below it and
/// strictly above it.
fn neighbours(reached: &[bool]) -> (Vec<Option<u32>>, Vec<Option<u32>>) {
    let n = reached.len();
    let mut prev = vec![None; n];
    let mut next = vec![None; n];
    let mut last = None;
    for i in 0..n {
        prev[i] = last;
        if reached[i] {
            last = Some(i as u32);
        }
    }
    last = None;
    for i in (0..n).rev() {
        next[i] = last;
        if reached[i] {
            last = Some(i as u32);
        }
    }
    (prev, next)
}

/// One target's closest value as the engine gives it, rebuilding the board without its window
/// when the windowed table cannot be sure.
fn asked<V: Number>(
    dp: &Dp<V>,
    target: V,
    whole: &mut Option<Dp<V>>,
    build: &dyn Fn() -> Result<Dp<V>>,
) -> Result<Closest> {
    let t = to_f64(target.to_wide());
    let mut found = dp.closest(target);
    let certain = match (dp.window(), &found) {
        (None, _) => true,
        (Some(w), Some((d, _))) => to_f64(*d) + t <= w.hi as f64,
        (Some(_), None) => false,
    };
    if !certain {
        if whole.is_none() {
            *whole = Some(build()?);
        }
        found = whole.as_ref().and_then(|w| w.closest(target));
    }
    Ok(found.map(|(d, vs)| (to_f64(vs[0].to_wide()), to_f64(d))))
}

/// The closest values of the `missed` targets (ascending) by one merge with each usable
/// table: for each table, the values just below and just above each target.
fn merged<V: Number>(dp: &Dp<V>, missed: &[V]) -> Vec<Closest> {
    let mut best: Vec<Option<(Wide, V)>> = vec![None; missed.len()];
    let Some(&first) = missed.first() else {
        return Vec::new();
    };
    for s in dp.usable() {
        let table = dp.table(s);
        let mut i = table.partition_point(|e| e.value < first);
        for (j, &target) in missed.iter().enumerate() {
            while i < table.len() && table[i].value < target {
                i += 1;
            }
            let t = target.to_wide().negated();
            for e in &table[i.saturating_sub(1)..(i + 1).min(table.len())] {
                let Some(d) = e.value.to_wide().plus(t) else {
                    continue;
                };
                let d = if d.num < 0 { d.negated() } else { d };
                match &mut best[j] {
                    Some((bd, bv)) if wide_cmp(d, *bd).is_eq() => *bv = (*bv).min(e.value),
                    Some((bd, _)) if wide_cmp(d, *bd).is_gt() => {}
                    b => *b = Some((d, e.value)),
                }
            }
        }
    }
    best.into_iter()
        .map(|b| b.map(|(d, v)| (to_f64(v.to_wide()), to_f64(d))))
        .collect()
}

pub(super) fn to_f64(w: Wide) -> f64 {
    w.num as f64 / w.den as f64
}
