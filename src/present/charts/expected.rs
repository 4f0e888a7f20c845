//! Expected solutions when solvable against the target, one line per convention (log scale).

use plotters::coord::Shift;
use plotters::prelude::*;

use super::theme::{
    AXIS, BLUE, ChartResult, GREEN, PURPLE, VERMILLION, count_label, int_label, legend, log_range,
    mesh, plot_area, titled, x_range,
};

use crate::engine::Convention;

pub(super) fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    lines: &[(Convention, Vec<(i64, f64)>)],
) -> ChartResult<DB> {
    let area = titled(root, title)?;
    let xs = x_range(lines.iter().flat_map(|l| l.1.iter().map(|p| p.0)));
    let ys = log_range(lines.iter().flat_map(|l| l.1.iter().map(|p| p.1)));
    let mut chart = plot_area(&area, 100).build_cartesian_2d(xs, ys.log_scale())?;
    mesh(&mut chart, AXIS)
        .x_desc("target")
        .y_desc("expected solutions when solvable (log scale)")
        .x_labels(12)
        .x_label_formatter(&int_label)
        .y_label_formatter(&count_label)
        .draw()?;
    for (conv, pts) in lines {
        let colour = match conv {
            Convention::Trees => VERMILLION,
            Convention::Expressions => BLUE,
            Convention::Distinct => GREEN,
            Convention::Inequivalent => PURPLE,
        };
        chart
            .draw_series(LineSeries::new(
                pts.iter().map(|&(t, v)| (t as f64, v)),
                colour.stroke_width(3),
            ))?
            .label(format!("{conv}"))
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(3))
            });
    }
    legend(&mut chart, SeriesLabelPosition::UpperRight)
}
