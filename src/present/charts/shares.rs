//! A share with its interval at each level of a property, one line per group (an
//! evaluation's solved share by `min_ops`, by band, by predicted human time; one line per
//! model), each point with its 95% interval as a bar.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::theme::{AXIS, ChartResult, PALETTE, legend, mesh, plot_area, titled};

/// One group's line: its name and, per level, `(share, lo, hi)` where it has answers.
pub type ShareLine = (String, Vec<Option<(f64, f64, f64)>>);

pub(super) fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    (x_desc, y_desc): (&str, &str),
    levels: &[String],
    lines: &[ShareLine],
) -> ChartResult<DB> {
    let area = titled(root, title)?;
    let n = levels.len().max(1) as f64;
    // Level i sits at x = i; the axis runs half a level past each end.
    let mut chart = plot_area(&area, 80).build_cartesian_2d(-0.5f64..n - 0.5, 0f64..1f64)?;
    let label = |v: &f64| {
        let i = v.round();
        if (v - i).abs() < 1e-6 && i >= 0.0 {
            levels.get(i as usize).cloned().unwrap_or_default()
        } else {
            String::new()
        }
    };
    mesh(&mut chart, AXIS)
        .disable_x_mesh()
        .x_desc(x_desc)
        .y_desc(y_desc)
        .x_labels(levels.len() * 2 + 1)
        .x_label_formatter(&label)
        .y_label_formatter(&|v| format!("{:.0}%", v * 100.0))
        .draw()?;
    let groups = lines.len().max(1) as f64;
    for (g, (name, points)) in lines.iter().enumerate() {
        let colour = PALETTE[g % PALETTE.len()];
        // Each group's points sit side by side within a level, so that bars do not overlap.
        let x = |i: usize| i as f64 + ((g as f64 + 0.5) / groups - 0.5) * 0.5;
        let pts: Vec<(f64, (f64, f64, f64))> = (points.iter().enumerate())
            .filter_map(|(i, p)| p.map(|p| (x(i), p)))
            .collect();
        chart
            .draw_series(LineSeries::new(
                pts.iter().map(|&(x, (s, _, _))| (x, s)),
                colour.stroke_width(3),
            ))?
            .label(name.clone())
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(3))
            });
        chart.draw_series(pts.iter().map(|&(x, (_, lo, hi))| {
            PathElement::new(vec![(x, lo), (x, hi)], colour.stroke_width(2))
        }))?;
        chart.draw_series(
            pts.iter()
                .map(|&(x, (s, _, _))| Circle::new((x, s), 5, colour.filled())),
        )?;
    }
    legend(&mut chart, SeriesLabelPosition::LowerLeft)
}
