//! Expected solutions when solvable against the target, one line per convention (log scale).

use plotters::coord::Shift;
use plotters::prelude::*;

use super::style::{
    AXIS, BLUE, ChartResult, GREEN, LEGEND, TICK, VERMILLION, count_label, font, int_label,
    log_range, titled, x_range,
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
    let mut chart = ChartBuilder::on(&area)
        .margin(20)
        .x_label_area_size(60)
        .y_label_area_size(100)
        .build_cartesian_2d(xs, ys.log_scale())?;
    chart
        .configure_mesh()
        .x_desc("target")
        .y_desc("expected solutions when solvable (log scale)")
        .axis_desc_style(font(AXIS))
        .label_style(font(TICK))
        .x_labels(12)
        .x_label_formatter(&int_label)
        .y_label_formatter(&count_label)
        .light_line_style(WHITE.mix(0.0))
        .bold_line_style(BLACK.mix(0.08))
        .draw()?;
    for (conv, pts) in lines {
        let colour = match conv {
            Convention::Trees => VERMILLION,
            Convention::Expressions => BLUE,
            Convention::Distinct => GREEN,
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
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .label_font(font(LEGEND))
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK.mix(0.3))
        .margin(12)
        .draw()?;
    Ok(())
}
