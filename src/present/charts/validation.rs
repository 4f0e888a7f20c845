//! The difficulty model against people: each training set's cross-validated predicted mean
//! solve time against the observed one, on log axes, with the line where they are equal.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::layout::{Scale, log_axis};
use super::theme::{BLUE, Drawn, GREY, count_label};
use super::xy::{Key, Series, Xy};

pub(super) fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    points: &[(f64, f64)],
    rho: f64,
) -> Drawn<DB> {
    // One range for both axes, so that the diagonal is at 45°.
    let range = log_axis(points.iter().flat_map(|&(a, b)| [a, b]));
    let equal = GREY.stroke_width(2);
    Xy {
        x_label: &count_label,
        y_label: Some(&count_label),
        series: vec![
            Series::line(
                vec![(range.start, range.start), (range.end, range.end)],
                equal,
            ),
            Series::dots(points.to_vec(), 3, BLUE.mix(0.5).filled()),
        ],
        keys: vec![
            ("predicted = observed".into(), Key::Line(equal)),
            (
                format!("a 24-game set ({} sets; Spearman ρ {rho:.3})", points.len()),
                Key::Dot(4, BLUE.filled()),
            ),
        ],
        ..Xy::new(
            Scale::Log(range.clone()),
            Scale::Log(range),
            "observed mean solve time, seconds (log scale)",
            "predicted, by a model fitted without the set (log scale)",
        )
    }
    .draw(root, title)
}
