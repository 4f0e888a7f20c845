//! The real NYT puzzles by daily slot: one panel per metric, every puzzle a dot, the per-slot
//! summary a line.

use plotters::coord::Shift;
use plotters::prelude::*;

use plotters::coord::ranged1d::ValueFormatter;
use plotters::coord::types::RangedCoordf64;

use super::layout::{Layout, Mark, Panel, Rect, Scale, decimals, linear_axis, log_axis};
use super::theme::{
    AXIS, BLUE, Drawn, TICK, VERMILLION, count_label, font, int_label, mesh, titled,
};

use crate::findings::nyt::SlotPanel;

pub(super) fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    panels: &[SlotPanel],
) -> Drawn<DB> {
    let area = titled(root, title)?;
    let (w, h) = area.dim_in_pixel();
    // A band at the bottom for the key, below every panel's axis.
    let (area, key) = area.split_vertically(h as i32 - 36);
    let cols = 3;
    let rows = panels.len().div_ceil(cols).max(1);
    let cells = area.split_evenly((rows, cols));
    let mut laid = Vec::with_capacity(panels.len());
    for (panel, cell) in panels.iter().zip(cells.iter()) {
        let marks = marks(panel);
        let values = marks.iter().flat_map(|m| match m {
            Mark::Point { at, .. } => vec![at.1],
            Mark::Line { points, .. } => points.iter().map(|p| p.1).collect(),
            Mark::Bar { from, to } => vec![from.1, to.1],
        });
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
        let (plot, y) = if panel.log {
            let ys = log_axis(values);
            let mut chart = builder.build_cartesian_2d(xs.clone(), ys.clone().log_scale())?;
            slot_mesh(&mut chart, &count_label)?;
            draw_panel(&mut chart, panel)?;
            (chart.plotting_area().get_pixel_range(), Scale::Log(ys))
        } else {
            let values: Vec<f64> = values.collect();
            // A share's axis stays within 0..1; a count's starts at 0 at the lowest.
            let top = if values.iter().all(|&v| v <= 1.0) {
                1.0
            } else {
                f64::INFINITY
            };
            let ys = linear_axis(values.into_iter(), 0.0..top);
            let mut chart = builder.build_cartesian_2d(xs.clone(), ys.clone())?;
            let digits = decimals(&ys);
            slot_mesh(&mut chart, &|v| format!("{v:.digits$}"))?;
            draw_panel(&mut chart, panel)?;
            (chart.plotting_area().get_pixel_range(), Scale::Linear(ys))
        };
        let plot = Rect {
            left: plot.0.start,
            top: plot.1.start,
            right: plot.0.end,
            bottom: plot.1.end,
        };
        laid.push(Panel::new(plot, Scale::Linear(xs), y, &marks));
    }
    // The key: what the dots and the line are.
    let (y, x) = (8, w as i32 / 2 - 280);
    let words = "the per-slot summary named in each panel's title";
    key.draw(&Circle::new((x, y + 9), 4, BLUE.mix(0.5).filled()))?;
    key.draw(&Text::new("one real puzzle", (x + 12, y), font(TICK)))?;
    key.draw(&PathElement::new(
        vec![(x + 170, y + 9), (x + 200, y + 9)],
        VERMILLION.stroke_width(3),
    ))?;
    key.draw(&Text::new(words, (x + 208, y), font(TICK)))?;
    let (tw, th) = key.estimate_text_size(words, &font(TICK))?;
    let (kx, ky) = key.get_pixel_range();
    let at = (kx.start + x - 4, ky.start + y);
    let boxes = vec![Rect::new(at, (212 + tw as i32, th.max(18) as i32))];
    Ok(Layout {
        panels: laid,
        boxes,
    })
}

/// What a panel draws: every puzzle's dot, and the per-slot summary's line and dots.
fn marks(panel: &SlotPanel) -> Vec<Mark> {
    let summary: Vec<(f64, f64)> = panel
        .summary
        .iter()
        .map(|&(s, v)| (f64::from(s), v))
        .collect();
    let dots = panel.points.iter().enumerate();
    let dots = dots.map(|(i, &(s, v))| Mark::Point {
        at: (jittered(i, s), v),
        radius: 3,
    });
    let line = Mark::Line {
        points: summary.clone(),
        width: 3,
    };
    let ends = summary.into_iter().map(|at| Mark::Point { at, radius: 6 });
    dots.chain(std::iter::once(line)).chain(ends).collect()
}

/// A panel's mesh: the slots along x, `y_label` writing the values.
fn slot_mesh<DB, Y>(
    chart: &mut ChartContext<'_, DB, Cartesian2d<RangedCoordf64, Y>>,
    y_label: &dyn Fn(&f64) -> String,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>>
where
    DB: DrawingBackend,
    Y: Ranged<ValueType = f64> + ValueFormatter<f64>,
{
    mesh(chart, TICK)
        .x_desc("daily slot")
        .x_labels(11)
        .x_label_formatter(&int_label)
        // Few enough ticks that a log axis over one decade labels only its round values.
        .y_labels(6)
        .y_label_formatter(&y_label)
        .draw()
}

/// One panel's dots (every puzzle) and line (the per-slot summary), on either y scale.
fn draw_panel<'a, DB, CT>(
    chart: &mut ChartContext<'a, DB, CT>,
    panel: &SlotPanel,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>>
where
    DB: DrawingBackend + 'a,
    CT: CoordTranslate<From = (f64, f64)>,
{
    chart.draw_series(
        panel
            .points
            .iter()
            .enumerate()
            .map(|(i, &(s, v))| Circle::new((jittered(i, s), v), 3, BLUE.mix(0.35).filled())),
    )?;
    let summary = panel.summary.iter().map(|&(s, v)| (f64::from(s), v));
    chart.draw_series(LineSeries::new(summary.clone(), VERMILLION.stroke_width(3)))?;
    chart.draw_series(summary.map(|p| Circle::new(p, 6, VERMILLION.filled())))?;
    Ok(())
}

/// Where a puzzle's dot goes along x: its slot, spread sideways a little so that equal
/// values stay visible.
fn jittered(i: usize, slot: u8) -> f64 {
    f64::from(slot) + ((i * 7919) % 13) as f64 / 13.0 * 0.36 - 0.18
}
