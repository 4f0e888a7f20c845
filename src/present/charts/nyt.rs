//! The real NYT puzzles by daily slot: one panel per metric, every puzzle a dot, the per-slot
//! summary a line.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::theme::{
    AXIS, BLUE, ChartResult, TICK, VERMILLION, count_label, font, int_label, log_range, mesh,
    titled,
};

use crate::findings::nyt::SlotPanel;

pub(super) fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    panels: &[SlotPanel],
) -> ChartResult<DB> {
    let area = titled(root, title)?;
    let (w, h) = area.dim_in_pixel();
    // A band at the bottom for the key, below every panel's axis.
    let (area, key) = area.split_vertically(h as i32 - 36);
    let cols = 3;
    let rows = panels.len().div_ceil(cols).max(1);
    let cells = area.split_evenly((rows, cols));
    for (panel, cell) in panels.iter().zip(cells.iter()) {
        let values = panel
            .points
            .iter()
            .map(|p| p.1)
            .chain(panel.summary.iter().map(|p| p.1));
        let mut builder = ChartBuilder::on(cell);
        builder
            .margin(14)
            .caption(
                format!("{} — {} per slot", panel.title, panel.summary_name),
                font(AXIS - 2),
            )
            .x_label_area_size(50)
            .y_label_area_size(70);
        let xs = 0.5f64..5.5f64;
        if panel.log {
            let ys = log_range(values);
            let mut chart = builder.build_cartesian_2d(xs, ys.log_scale())?;
            mesh(&mut chart, TICK)
                .x_desc("daily slot")
                .x_labels(11)
                .x_label_formatter(&int_label)
                .y_label_formatter(&count_label)
                .draw()?;
            draw_panel(&mut chart, panel)?;
        } else {
            let hi = values.fold(0f64, f64::max);
            let top = if hi <= 1.0 { 1.05 } else { hi * 1.15 };
            let mut chart = builder.build_cartesian_2d(xs, 0f64..top)?;
            mesh(&mut chart, TICK)
                .x_desc("daily slot")
                .x_labels(11)
                .x_label_formatter(&int_label)
                .y_label_formatter(&|v| format!("{v:.1}"))
                .draw()?;
            draw_panel(&mut chart, panel)?;
        }
    }
    // The key: what the dots and the line are.
    let (y, x) = (8, w as i32 / 2 - 280);
    key.draw(&Circle::new((x, y + 9), 4, BLUE.mix(0.5).filled()))?;
    key.draw(&Text::new("one real puzzle", (x + 12, y), font(TICK)))?;
    key.draw(&PathElement::new(
        vec![(x + 170, y + 9), (x + 200, y + 9)],
        VERMILLION.stroke_width(3),
    ))?;
    key.draw(&Text::new(
        "the per-slot summary named in each panel's title",
        (x + 208, y),
        font(TICK),
    ))?;
    Ok(())
}

/// One panel's dots (every puzzle) and line (the per-slot summary), on either y scale.
fn draw_panel<'a, DB, CT>(
    chart: &mut ChartContext<'a, DB, CT>,
    panel: &SlotPanel,
) -> ChartResult<DB>
where
    DB: DrawingBackend + 'a,
    CT: CoordTranslate<From = (f64, f64)>,
{
    // Per-puzzle points are spread sideways a little so that equal values stay visible.
    let jitter = |i: usize| ((i * 7919) % 13) as f64 / 13.0 * 0.36 - 0.18;
    chart.draw_series(
        panel
            .points
            .iter()
            .enumerate()
            .map(|(i, &(s, v))| Circle::new((s as f64 + jitter(i), v), 3, BLUE.mix(0.35).filled())),
    )?;
    chart.draw_series(LineSeries::new(
        panel.summary.iter().map(|&(s, v)| (s as f64, v)),
        VERMILLION.stroke_width(3),
    ))?;
    chart.draw_series(
        panel
            .summary
            .iter()
            .map(|&(s, v)| Circle::new((s as f64, v), 6, VERMILLION.filled())),
    )?;
    Ok(())
}
