//! The phase-transition charts, from `phase.parquet`: the probability of winning against
//! the number of cards `k`, one line per `M` (whiskers: the 95% interval of sampled
//! cells), and the same points against the rescaled parameter `q`, where the lines should
//! fall on one curve, drawn beside `1 − e^{−q}` (every sub-board's values landing at
//! random).

use plotters::coord::Shift;
use plotters::prelude::*;

use crate::present::numbers::grouped;
use crate::variant::phase::Cell;

use super::layout::{Scale, linear_axis};
use super::theme::{Drawn, GREY, INK, PALETTE, int_label};
use super::xy::{Key, Series, Xy, keyed};

/// One line per `M`, ascending, its cells by `k`.
pub(super) fn lines(cells: &[Cell]) -> Vec<(u64, Vec<Cell>)> {
    let mut ms: Vec<u64> = cells.iter().map(|c| c.m).collect();
    ms.sort_unstable();
    ms.dedup();
    ms.into_iter()
        .map(|m| {
            let mut row: Vec<Cell> = cells.iter().filter(|c| c.m == m).cloned().collect();
            row.sort_by_key(|c| c.k);
            (m, row)
        })
        .collect()
}

pub(super) fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    cells: &[Cell],
    rescaled: bool,
) -> Drawn<DB> {
    let x = |c: &Cell| {
        if rescaled {
            c.q.max(1e-6).log10()
        } else {
            f64::from(c.k)
        }
    };
    let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
    for c in cells {
        lo = lo.min(x(c));
        hi = hi.max(x(c));
    }
    if lo > hi {
        (lo, hi) = (0.0, 1.0);
    }
    let pad = ((hi - lo) * 0.03).max(0.1);
    let xs = lo - pad..hi + pad;
    let mut series = Vec::new();
    let mut keys = Vec::new();
    if rescaled {
        let steps = 200;
        let curve = (0..=steps).map(|i| {
            let v = xs.start + (xs.end - xs.start) * f64::from(i) / f64::from(steps);
            (v, 1.0 - (-(10f64.powf(v))).exp())
        });
        let style = GREY.stroke_width(2);
        series.push(Series::line(curve.collect(), style));
        keys.push(("1 − exp(−q)".to_string(), Key::Line(style)));
    }
    for (i, (m, row)) in lines(cells).iter().enumerate() {
        let colour = PALETTE[i % PALETTE.len()];
        // A skipped cell (NaN) has no point.
        let row: Vec<&Cell> = row.iter().filter(|c| c.p.is_finite()).collect();
        let points = row.iter().map(|c| (x(c), c.p)).collect();
        let (line, key) = keyed(format!("M = {}", grouped(*m)), points, colour);
        let whiskers = row.iter().filter(|c| c.hi > c.lo);
        let whiskers = whiskers.map(|c| (x(c), c.lo, c.hi)).collect();
        series.push(
            line.dotted(5, colour.filled())
                .with_intervals(whiskers, colour.stroke_width(2)),
        );
        keys.push(key);
    }
    let values = series.iter().flat_map(|s| {
        let ends = s.intervals.iter().flat_map(|&(_, lo, hi)| [lo, hi]);
        s.points.iter().map(|p| p.1).chain(ends)
    });
    let ys = linear_axis(values, 0.0..1.0);
    let x_label = |v: &f64| {
        if rescaled {
            q_label(10f64.powf(*v))
        } else {
            int_label(v)
        }
    };
    // P = ½, the threshold the critical k is read at, where the axis reaches it.
    let half = ys
        .contains(&0.5)
        .then(|| Series::line(vec![(xs.start, 0.5), (xs.end, 0.5)], INK.mix(0.25)));
    Xy {
        x_label: &x_label,
        guides: half.into_iter().collect(),
        series,
        keys,
        ..Xy::new(
            Scale::Linear(xs),
            Scale::Linear(ys),
            if rescaled {
                "q: sub-board values in 1..M per integer of 1..M (log scale)"
            } else {
                "k: numbers on the board"
            },
            "P: probability that a random target in 1..M is reachable",
        )
    }
    .draw(root, title)
}

/// A value of `q` with two significant digits (0.00031, 0.032, 3.2, 32).
fn q_label(q: f64) -> String {
    if q >= 10.0 {
        format!("{q:.0}")
    } else {
        let digits = (1.0 - q.log10().floor()).max(1.0) as usize;
        format!("{q:.digits$}")
    }
}
