//! The phase-transition charts, from `phase.parquet`: the probability of winning against
//! the number of cards `k`, one line per `M` (whiskers: the 95% interval of sampled
//! cells), and the same points against the rescaled parameter `q`, where the lines should
//! fall on one curve, drawn beside `1 − e^{−q}` (every sub-board's values landing at
//! random).

use plotters::coord::Shift;
use plotters::prelude::*;

use crate::present::numbers::grouped;
use crate::variant::phase::Cell;

use super::theme::{AXIS, ChartResult, GREY, INK, PALETTE, legend, mesh, plot_area, titled};

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
) -> ChartResult<DB> {
    let area = titled(root, title)?;
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
    let mut chart = plot_area(&area, 80).build_cartesian_2d(xs.clone(), 0f64..1.05f64)?;
    let x_desc = if rescaled {
        "q: sub-board values in 1..M per integer of 1..M (log scale)"
    } else {
        "k: numbers on the board"
    };
    mesh(&mut chart, AXIS)
        .x_desc(x_desc)
        .y_desc("P: probability that a random target in 1..M is reachable")
        .x_label_formatter(&|v| {
            if rescaled {
                q_label(10f64.powf(*v))
            } else if (v - v.round()).abs() < 1e-9 {
                format!("{}", v.round() as i64)
            } else {
                String::new()
            }
        })
        .y_label_formatter(&|v| format!("{v:.1}"))
        .draw()?;
    // P = ½, the threshold the critical k is read at.
    chart.draw_series(std::iter::once(PathElement::new(
        vec![(xs.start, 0.5), (xs.end, 0.5)],
        INK.mix(0.25),
    )))?;
    if rescaled {
        let steps = 200;
        let curve = (0..=steps).map(|i| {
            let v = xs.start + (xs.end - xs.start) * f64::from(i) / f64::from(steps);
            (v, 1.0 - (-(10f64.powf(v))).exp())
        });
        chart
            .draw_series(LineSeries::new(curve, GREY.stroke_width(2)))?
            .label("1 − exp(−q)")
            .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], GREY.stroke_width(2)));
    }
    for (i, (m, row)) in lines(cells).iter().enumerate() {
        let colour = PALETTE[i % PALETTE.len()];
        chart
            .draw_series(LineSeries::new(
                row.iter().map(|c| (x(c), c.p)),
                colour.stroke_width(3),
            ))?
            .label(format!("M = {}", grouped(*m)))
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(3))
            });
        chart.draw_series(
            row.iter()
                .map(|c| Circle::new((x(c), c.p), 5, colour.filled())),
        )?;
        chart.draw_series(
            row.iter().filter(|c| c.hi > c.lo).map(|c| {
                PathElement::new(vec![(x(c), c.lo), (x(c), c.hi)], colour.stroke_width(2))
            }),
        )?;
    }
    legend(&mut chart, SeriesLabelPosition::UpperLeft)
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
