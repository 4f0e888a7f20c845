//! Countdown's solvable share per target, one line per number of large cards: thin per
//! target, thick a moving average.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::layout::{Scale, linear_axis};
use super::theme::{Drawn, GREY, PALETTE, int_label, x_range};
use super::xy::{Key, Series, Xy, at_x, keyed};

pub(super) fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    lines: &[(String, Vec<(i64, f64)>)],
) -> Drawn<DB> {
    let xs = x_range(lines.iter().flat_map(|l| l.1.iter().map(|p| p.0)));
    // Per-target shares jump between neighbours (primes, multiples of 25…): each group is
    // drawn thin per target and thick as a moving average, so the trend stays readable.
    let mut thin: Vec<Series> = Vec::new();
    let mut thick = Vec::new();
    let mut keys = Vec::new();
    for (i, (label, pts)) in lines.iter().enumerate() {
        let colour = PALETTE[i % PALETTE.len()];
        thin.push(Series::line(at_x(pts), colour.mix(0.25).stroke_width(1)));
        let (line, key) = keyed(
            format!("{label} cards"),
            moving_average(pts, SMOOTHING),
            colour,
        );
        thick.push(line);
        keys.push(key);
    }
    keys.push((
        format!("thick: mean of {SMOOTHING} neighbouring targets; thin: each target"),
        Key::Line(GREY.mix(0.5).into()),
    ));
    thin.extend(thick);
    let values = thin.iter().flat_map(|s| s.points.iter().map(|p| p.1));
    let ys = linear_axis(values, 0.0..1.0);
    Xy {
        x_label: &int_label,
        series: thin,
        keys,
        ..Xy::new(
            Scale::Linear(xs),
            Scale::Linear(ys),
            "target",
            "share of card selections that can make the target",
        )
    }
    .draw(root, title)
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
