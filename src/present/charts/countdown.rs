//! Countdown's solvable share per target, one line per number of large cards: thin per
//! target, thick a moving average.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::theme::{
    AXIS, ChartResult, GREY, PALETTE, int_label, legend, mesh, plot_area, titled, x_range,
};

pub(super) fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    lines: &[(String, Vec<(i64, f64)>)],
) -> ChartResult<DB> {
    let area = titled(root, title)?;
    let xs = x_range(lines.iter().flat_map(|l| l.1.iter().map(|p| p.0)));
    let mut chart = plot_area(&area, 80).build_cartesian_2d(xs, 0f64..1.05f64)?;
    mesh(&mut chart, AXIS)
        .x_desc("target")
        .y_desc("share of card selections that can make the target")
        .x_labels(10)
        .x_label_formatter(&int_label)
        .y_label_formatter(&|v| format!("{v:.1}"))
        .draw()?;
    // Per-target shares jump between neighbours (primes, multiples of 25…): each group is
    // drawn thin per target and thick as a moving average, so the trend stays readable.
    for (i, (_, pts)) in lines.iter().enumerate() {
        let colour = PALETTE[i % PALETTE.len()];
        chart.draw_series(LineSeries::new(
            pts.iter().map(|&(t, v)| (t as f64, v)),
            colour.mix(0.25).stroke_width(1),
        ))?;
    }
    for (i, (label, pts)) in lines.iter().enumerate() {
        let colour = PALETTE[i % PALETTE.len()];
        chart
            .draw_series(LineSeries::new(
                moving_average(pts, SMOOTHING),
                colour.stroke_width(3),
            ))?
            .label(format!("{label} cards"))
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(3))
            });
    }
    chart
        .draw_series(std::iter::empty::<Circle<(f64, f64), i32>>())?
        .label(format!(
            "thick: mean of {SMOOTHING} neighbouring targets; thin: each target"
        ))
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], GREY.mix(0.5)));
    legend(&mut chart, SeriesLabelPosition::LowerLeft)
}

/// Width of the moving average on the Countdown chart, in targets.
const SMOOTHING: usize = 25;

/// The centred moving average of `pts` over `window` consecutive points.
fn moving_average(pts: &[(i64, f64)], window: usize) -> Vec<(f64, f64)> {
    let half = window / 2;
    (0..pts.len())
        .map(|i| {
            let lo = i.saturating_sub(half);
            let hi = (i + half + 1).min(pts.len());
            let mean = pts[lo..hi].iter().map(|p| p.1).sum::<f64>() / (hi - lo) as f64;
            (pts[i].0 as f64, mean)
        })
        .collect()
}
