//! Expected solutions when solvable against the target, one line per convention (log scale).

use plotters::coord::Shift;
use plotters::prelude::*;

use super::layout::{Scale, log_axis};
use super::theme::{BLUE, Drawn, GREEN, PURPLE, VERMILLION, count_label, int_label, x_range};
use super::xy::{Xy, at_x, keyed};

use crate::engine::Convention;

pub(super) fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    lines: &[(Convention, Vec<(i64, f64)>)],
) -> Drawn<DB> {
    let xs = x_range(lines.iter().flat_map(|l| l.1.iter().map(|p| p.0)));
    let ys = log_axis(lines.iter().flat_map(|l| l.1.iter().map(|p| p.1)));
    let mut chart = Xy {
        x_ticks: 12,
        x_label: &int_label,
        y_label: Some(&count_label),
        y_label_area: 100,
        ..Xy::new(
            Scale::Linear(xs),
            Scale::Log(ys),
            "target",
            "expected solutions when solvable (log scale)",
        )
    };
    for (conv, pts) in lines {
        let colour = match conv {
            Convention::Trees => VERMILLION,
            Convention::Expressions => BLUE,
            Convention::Distinct => GREEN,
            Convention::Inequivalent => PURPLE,
        };
        // A target with no solution has no point on a log axis.
        let pts = at_x(pts).into_iter().filter(|p| p.1 > 0.0).collect();
        let (line, key) = keyed(format!("{conv}"), pts, colour);
        chart.series.push(line);
        chart.keys.push(key);
    }
    chart.draw(root, title)
}
