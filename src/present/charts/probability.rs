//! The 24 game's chart of the probability that a dealt hand makes each target, one line per
//! deck, multiples of 12 circled.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::theme::{
    AXIS, ChartResult, INK, PALETTE, int_label, legend, mesh, plot_area, titled, x_range,
};

pub(super) fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    decks: &[(String, Vec<(i64, f64)>)],
) -> ChartResult<DB> {
    let area = titled(root, title)?;
    let xs = x_range(decks.iter().flat_map(|d| d.1.iter().map(|p| p.0)));
    let mut chart = plot_area(&area, 80).build_cartesian_2d(xs.clone(), 0f64..1.05f64)?;
    mesh(&mut chart, AXIS)
        .x_desc("target")
        .y_desc("probability that a dealt hand can make the target")
        .x_labels(20)
        .x_label_formatter(&int_label)
        .y_label_formatter(&|v| format!("{v:.1}"))
        .draw()?;
    // Multiples of 12 (24 among them): light vertical guides.
    let twelves: Vec<f64> = (1..)
        .map(|k| (12 * k) as f64)
        .take_while(|&x| x <= xs.end)
        .collect();
    chart
        .draw_series(
            twelves
                .iter()
                .map(|&x| PathElement::new(vec![(x, 0.0), (x, 1.05)], INK.mix(0.18))),
        )?
        .label("multiples of 12 (circled)")
        .legend(|(x, y)| Circle::new((x + 10, y), 6, INK.stroke_width(2)));
    for (i, (label, pts)) in decks.iter().enumerate() {
        let colour = PALETTE[i];
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
                .filter(|p| p.0 % 12 == 0)
                .map(|&(t, p)| Circle::new((t as f64, p), 6, INK.stroke_width(2))),
        )?;
    }
    legend(&mut chart, SeriesLabelPosition::UpperRight)
}
