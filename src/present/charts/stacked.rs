//! Shares of puzzles per category in each band, stacked (the Digits distribution charts, by
//! target band; make-10's tickets, by zeros).

use plotters::coord::Shift;
use plotters::prelude::*;

use super::layout::{Layout, Panel, Rect, Scale};
use super::theme::{AXIS, Drawn, WIDTH, category_colours, mesh, side_legend, titled};

use plotters::coord::ranged1d::SegmentValue;

pub(super) fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    (x_desc, y_desc): (&str, &str),
    bands: &[String],
    categories: &[String],
    shares: &[Vec<f64>],
) -> Drawn<DB> {
    let area = titled(root, title)?;
    let (plot, legend) = area.split_horizontally(WIDTH as i32 - 260);
    let n = bands.len() as u32;
    let mut chart = ChartBuilder::on(&plot)
        .margin(20)
        .x_label_area_size(60)
        .y_label_area_size(80)
        // A segmented `0..k` has k + 1 segments: one per band.
        .build_cartesian_2d((0u32..n.max(1) - 1).into_segmented(), 0f64..1f64)?;
    let label = |v: &SegmentValue<u32>| match v {
        SegmentValue::CenterOf(i) => bands.get(*i as usize).cloned().unwrap_or_default(),
        _ => String::new(),
    };
    mesh(&mut chart, AXIS)
        .disable_x_mesh()
        .x_desc(x_desc)
        .y_desc(y_desc)
        .x_labels(bands.len().max(1))
        .x_label_formatter(&label)
        .y_label_formatter(&|v| format!("{:.0}%", v * 100.0))
        .draw()?;
    // Categories in order from the bottom; "unsolvable" (the last or first) in grey.
    let mut order: Vec<usize> = (0..categories.len()).collect();
    // Unsolvable goes on top of the stack so the solvable part reads from the axis.
    if let Some(k) = categories.iter().position(|c| c == "unsolvable") {
        order.retain(|&i| i != k);
        order.push(k);
    }
    let colours = category_colours(order.len());
    let (xs, ys) = chart.plotting_area().get_pixel_range();
    let mut panel = Panel {
        plot: Rect {
            left: xs.start,
            top: ys.start,
            right: xs.end,
            bottom: ys.end,
        },
        x: Scale::Linear(0.0..f64::from(n.max(1))),
        // The stacks fill the axis: their shares add up to 1.
        y: Scale::Linear(0.0..1.0),
        values: Vec::new(),
        marks: Vec::new(),
    };
    for (i, band) in shares.iter().enumerate() {
        let mut base = 0.0;
        for (rank, &k) in order.iter().enumerate() {
            let h = band.get(k).copied().unwrap_or(0.0);
            if h > 0.0 {
                let (x0, x1) = (i as u32, i as u32 + 1);
                let (a, b) = (
                    chart.backend_coord(&(SegmentValue::Exact(x0), base)),
                    chart.backend_coord(&(SegmentValue::Exact(x1), base + h)),
                );
                panel.values.extend([base, base + h]);
                panel.marks.push(Rect {
                    left: a.0.min(b.0),
                    top: a.1.min(b.1),
                    right: a.0.max(b.0),
                    bottom: a.1.max(b.1),
                });
                chart.draw_series(std::iter::once(Rectangle::new(
                    [
                        (SegmentValue::Exact(x0), base),
                        (SegmentValue::Exact(x1), base + h),
                    ],
                    colours[rank].filled(),
                )))?;
                chart.draw_series(std::iter::once(Rectangle::new(
                    [
                        (SegmentValue::Exact(x0), base),
                        (SegmentValue::Exact(x1), base + h),
                    ],
                    WHITE.stroke_width(1),
                )))?;
            }
            base += h;
        }
    }
    // Legend from the top of the stack down, as the eye reads it.
    let items: Vec<(String, RGBColor)> = order
        .iter()
        .zip(&colours)
        .rev()
        .map(|(&k, &c)| (categories[k].clone(), c))
        .collect();
    let key = side_legend(&legend, "stacked, top to bottom:", &items)?;
    Ok(Layout {
        panels: vec![panel],
        boxes: vec![key],
    })
}
