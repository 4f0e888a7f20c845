//! A share with its interval at each level of a property, one line per group (an
//! evaluation's solved share by `min_ops`, by band, by predicted human time; one line per
//! model), each point with its 95% interval as a bar.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::layout::{Scale, decimals, linear_axis};
use super::theme::{Drawn, PALETTE};
use super::xy::{Xy, keyed};

/// One group's line: its name and, per level, `(share, lo, hi)` where it has answers.
pub type ShareLine = (String, Vec<Option<(f64, f64, f64)>>);

pub(super) fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    (x_desc, y_desc): (&str, &str),
    levels: &[String],
    lines: &[ShareLine],
) -> Drawn<DB> {
    let n = levels.len().max(1) as f64;
    let label = |v: &f64| {
        let i = v.round();
        if (v - i).abs() < 1e-6 && i >= 0.0 {
            levels.get(i as usize).cloned().unwrap_or_default()
        } else {
            String::new()
        }
    };
    // The value axis fits the shares and their intervals.
    let ends = lines.iter().flat_map(|l| l.1.iter().flatten());
    let ys = linear_axis(ends.flat_map(|&(s, lo, hi)| [s, lo, hi]), 0.0..1.0);
    // A narrow axis has ticks a fraction of a percent apart.
    let digits = decimals(&ys).saturating_sub(2);
    let percent = move |v: &f64| format!("{:.*}%", digits, v * 100.0);
    // Level i sits at x = i; the axis runs half a level past each end.
    let mut chart = Xy {
        x_ticks: levels.len() * 2 + 1,
        x_label: &label,
        y_label: Some(&percent),
        x_grid: false,
        ..Xy::new(
            Scale::Linear(-0.5..n - 0.5),
            Scale::Linear(ys),
            x_desc,
            y_desc,
        )
    };
    let groups = lines.len().max(1) as f64;
    for (g, (name, points)) in lines.iter().enumerate() {
        let colour = PALETTE[g % PALETTE.len()];
        // Each group's points sit side by side within a level, so that bars do not overlap.
        let x = |i: usize| i as f64 + ((g as f64 + 0.5) / groups - 0.5) * 0.5;
        let pts: Vec<(f64, (f64, f64, f64))> = (points.iter().enumerate())
            .filter_map(|(i, p)| p.map(|p| (x(i), p)))
            .collect();
        let (line, key) = keyed(
            name.clone(),
            pts.iter().map(|&(x, p)| (x, p.0)).collect(),
            colour,
        );
        let intervals = pts.iter().map(|&(x, (_, lo, hi))| (x, lo, hi)).collect();
        chart.series.push(
            line.with_intervals(intervals, colour.stroke_width(2))
                .dotted(5, colour.filled()),
        );
        chart.keys.push(key);
    }
    chart.draw(root, title)
}
