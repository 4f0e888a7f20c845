//! The difficulty model against people: each training set's cross-validated predicted mean
//! solve time against the observed one, on log axes, with the line where they are equal.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::theme::{AXIS, BLUE, ChartResult, GREY, count_label, legend, mesh, plot_area, titled};

pub(super) fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    points: &[(f64, f64)],
    rho: f64,
) -> ChartResult<DB> {
    let area = titled(root, title)?;
    // One range for both axes, so that the diagonal is at 45°.
    let (lo, hi) = points
        .iter()
        .flat_map(|&(a, b)| [a, b])
        .fold((f64::INFINITY, 0f64), |(lo, hi), v| (lo.min(v), hi.max(v)));
    let range = if lo.is_finite() {
        (lo * 0.8).max(0.1)..hi * 1.25
    } else {
        1.0..100.0
    };
    let mut chart = plot_area(&area, 80)
        .build_cartesian_2d(range.clone().log_scale(), range.clone().log_scale())?;
    mesh(&mut chart, AXIS)
        .x_desc("observed mean solve time, seconds (log scale)")
        .y_desc("predicted, by a model fitted without the set (log scale)")
        .x_label_formatter(&count_label)
        .y_label_formatter(&count_label)
        .draw()?;
    chart
        .draw_series(LineSeries::new(
            [(range.start, range.start), (range.end, range.end)],
            GREY.stroke_width(2),
        ))?
        .label("predicted = observed")
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], GREY.stroke_width(2)));
    chart
        .draw_series(
            points
                .iter()
                .map(|&(o, p)| Circle::new((o, p), 3, BLUE.mix(0.5).filled())),
        )?
        .label(format!(
            "a 24-game set ({} sets; Spearman ρ {rho:.3})",
            points.len()
        ))
        .legend(|(x, y)| Circle::new((x + 10, y), 4, BLUE.filled()));
    legend(&mut chart, SeriesLabelPosition::UpperLeft)
}
