//! The trade-off of a target: how often it is solvable against how many solutions it has,
//! with the Pareto front labelled.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::theme::{
    AXIS, BLUE, ChartResult, GREY, LEGEND, VERMILLION, count_label, font, legend, log_range, mesh,
    plot_area, titled,
};

use crate::engine::Convention;

/// A box in pixels: left, top, right, bottom.
type PixelBox = (i32, i32, i32, i32);

/// Pixel boxes overlap (with a small gap)?
fn overlaps(a: PixelBox, b: PixelBox) -> bool {
    let gap = 2;
    a.0 < b.2 + gap && b.0 < a.2 + gap && a.1 < b.3 + gap && b.1 < a.3 + gap
}

pub(super) fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    convention: Convention,
    points: &[(i64, f64, f64)],
    front: &[i64],
) -> ChartResult<DB> {
    let area = titled(root, title)?;
    // Zoomed to the data's probabilities, so that the crowded part of the front has room.
    let fold = |f: fn(f64, f64) -> f64, init: f64, g: fn(&(i64, f64, f64)) -> f64| {
        points.iter().map(g).fold(init, f)
    };
    let (y0, y1) = (fold(f64::min, 1.0, |p| p.2), fold(f64::max, 0.0, |p| p.2));
    // The x range reaches down to 1 so that plotters' log axis has labelled ticks.
    let xs = log_range(points.iter().map(|p| p.1));
    let ys = (y0 - 0.06).max(0.0)..(y1 + 0.1).min(1.1);
    let mut chart = plot_area(&area, 80).build_cartesian_2d(xs.log_scale(), ys)?;
    mesh(&mut chart, AXIS)
        .x_desc(format!(
            "expected {convention} solutions when solvable (log scale) — fewer is harder"
        ))
        .y_desc("probability that a dealt hand can make the target")
        .x_label_formatter(&count_label)
        .y_label_formatter(&|v| format!("{v:.1}"))
        .draw()?;
    chart
        .draw_series(
            points
                .iter()
                .map(|&(_, x, y)| Circle::new((x, y), 4, GREY.mix(0.6).filled())),
        )?
        .label("a target")
        .legend(|(x, y)| Circle::new((x + 10, y), 4, GREY.filled()));
    let on_front: Vec<&(i64, f64, f64)> = front
        .iter()
        .filter_map(|t| points.iter().find(|p| p.0 == *t))
        .collect();
    chart
        .draw_series(LineSeries::new(
            on_front.iter().map(|p| (p.1, p.2)),
            VERMILLION.stroke_width(2),
        ))?
        .label("Pareto front: no target is solvable more often with fewer solutions")
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], VERMILLION.stroke_width(2)));
    chart.draw_series(
        on_front
            .iter()
            .map(|p| Circle::new((p.1, p.2), 6, VERMILLION.filled())),
    )?;
    // Labels: the front's targets and 24. Each goes at the nearest free spot around its
    // point — free of every point, the front's line and earlier labels — with a thin
    // leader line when it had to move away.
    let mut labelled: Vec<(&(i64, f64, f64), RGBColor)> =
        on_front.iter().map(|&p| (p, VERMILLION)).collect();
    let ring = points.iter().find(|p| p.0 == 24);
    if let Some(p) = ring
        && !front.contains(&24)
    {
        labelled.push((p, BLUE));
    }
    if let Some(p) = ring {
        chart.draw_series(std::iter::once(Circle::new(
            (p.1, p.2),
            9,
            BLUE.stroke_width(3),
        )))?;
    }
    let px = |p: &(i64, f64, f64)| chart.backend_coord(&(p.1, p.2));
    let mut taken = occupied(
        &points.iter().map(px).collect::<Vec<_>>(),
        &on_front.iter().map(|p| px(p)).collect::<Vec<_>>(),
    );
    let plot = chart.plotting_area().get_pixel_range();
    let style = font(LEGEND);
    for (p, colour) in &labelled {
        let text = p.0.to_string();
        let (w, h) = root.estimate_text_size(&text, &style)?;
        let (w, h) = (w as i32, h as i32);
        let (x, y) = px(p);
        let inside = |b: &PixelBox| {
            b.0 >= plot.0.start && b.2 <= plot.0.end && b.1 >= plot.1.start && b.3 <= plot.1.end
        };
        let spot = free_spot((x, y), (w, h), inside, &taken);
        taken.push(spot);
        let (cx, cy) = ((spot.0 + spot.2) / 2, (spot.1 + spot.3) / 2);
        if (cx - x).abs() > w / 2 + 14 || (cy - y).abs() > h / 2 + 14 {
            // Leader line from the point to the label's nearest edge.
            let ex = cx.clamp(spot.0, spot.2).clamp(x.min(spot.2), x.max(spot.0));
            let ey = if cy < y { spot.3 } else { spot.1 };
            root.draw(&PathElement::new(vec![(x, y), (ex, ey)], colour.mix(0.5)))?;
        }
        root.draw(&Text::new(
            text,
            (spot.0, spot.1),
            style.clone().color(colour),
        ))?;
    }
    chart
        .draw_series(std::iter::empty::<Circle<(f64, f64), i32>>())?
        .label("target 24 (ringed)")
        .legend(|(x, y)| Circle::new((x + 10, y), 7, BLUE.stroke_width(3)));
    legend(&mut chart, SeriesLabelPosition::UpperLeft)
}

/// Where no label may go, in pixels: around every point, and along the front's line (its
/// points `front`, in order).
fn occupied(points: &[(i32, i32)], front: &[(i32, i32)]) -> Vec<PixelBox> {
    let mut taken: Vec<PixelBox> = points
        .iter()
        .map(|&(x, y)| (x - 5, y - 5, x + 5, y + 5))
        .collect();
    for w in front.windows(2) {
        let ((x0, y0), (x1, y1)) = (w[0], w[1]);
        let steps = ((x1 - x0).abs().max((y1 - y0).abs()) / 4).max(1);
        for k in 0..=steps {
            let x = x0 + (x1 - x0) * k / steps;
            let y = y0 + (y1 - y0) * k / steps;
            taken.push((x - 2, y - 2, x + 2, y + 2));
        }
    }
    taken
}

/// The box of a `w` × `h` label of the point at `(x, y)`: the nearest spot around it, on
/// rings of growing radius in twelve directions, that is `inside` the plot and free of
/// every box `taken`; else just above and to the right.
fn free_spot(
    (x, y): (i32, i32),
    (w, h): (i32, i32),
    inside: impl Fn(&PixelBox) -> bool,
    taken: &[PixelBox],
) -> PixelBox {
    (1..=8)
        .flat_map(|r| {
            (0..12).map(move |k| {
                let a = std::f64::consts::PI * 2.0 * k as f64 / 12.0;
                let d = 10.0 + 9.0 * (r - 1) as f64;
                let cx = x + (a.cos() * (d + w as f64 / 2.0)) as i32;
                let cy = y - (a.sin() * (d + h as f64 / 2.0)) as i32;
                (cx - w / 2, cy - h / 2, cx - w / 2 + w, cy - h / 2 + h)
            })
        })
        .find(|b| inside(b) && !taken.iter().any(|t| overlaps(*b, *t)))
        .unwrap_or((x + 8, y - h - 4, x + 8 + w, y - 4))
}
