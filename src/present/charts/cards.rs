//! A game whose target is a card (Krypto): the probability that a deal can be solved, per
//! target card, one line per rule set, each target marked.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::theme::{
    AXIS, ChartResult, PALETTE, int_label, legend, mesh, plot_area, titled, x_range,
};

pub(super) fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    lines: &[(String, Vec<(i64, f64)>)],
) -> ChartResult<DB> {
    let area = titled(root, title)?;
    let xs = x_range(lines.iter().flat_map(|l| l.1.iter().map(|p| p.0)));
    // Nearly every deal can be solved: the axis starts just below the least likely card, so
    // that the differences between cards show.
    let low = lines
        .iter()
        .flat_map(|l| l.1.iter().map(|p| p.1))
        .fold(1.0f64, f64::min);
    let bottom = ((low - 0.005) * 100.0).floor() / 100.0;
    let mut chart = plot_area(&area, 80).build_cartesian_2d(xs, bottom.max(0.0)..1.0f64)?;
    mesh(&mut chart, AXIS)
        .x_desc("target card")
        .y_desc("probability that a deal with this target can be solved")
        .x_labels(25)
        .x_label_formatter(&int_label)
        .y_label_formatter(&|v| format!("{v:.3}"))
        .draw()?;
    for (i, (label, pts)) in lines.iter().enumerate() {
        let colour = PALETTE[i % PALETTE.len()];
        chart
            .draw_series(LineSeries::new(
                pts.iter().map(|&(t, p)| (t as f64, p)),
                colour.stroke_width(3),
            ))?
            .label(label.as_str())
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(3))
            });
        chart.draw_series(
            pts.iter()
                .map(|&(t, p)| Circle::new((t as f64, p), 5, colour.filled())),
        )?;
    }
    legend(&mut chart, SeriesLabelPosition::LowerLeft)
}
