//! The trade-off of a target: how often it is solvable against how many solutions it has,
//! with the Pareto front labelled.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::layout::{Scale, linear_axis, log_axis};
use super::theme::{BLUE, Drawn, GREY, VERMILLION, count_label};
use super::xy::{Key, Label, Series, Xy};

use crate::engine::Convention;

pub(super) fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    convention: Convention,
    points: &[(i64, f64, f64)],
    front: &[i64],
) -> Drawn<DB> {
    // Zoomed to the data's probabilities, so that the crowded part of the front has room.
    let ys = linear_axis(points.iter().map(|p| p.2), 0.0..1.0);
    let xs = log_axis(points.iter().map(|p| p.1));
    let on_front: Vec<(f64, f64)> = front
        .iter()
        .filter_map(|t| points.iter().find(|p| p.0 == *t))
        .map(|p| (p.1, p.2))
        .collect();
    let ring = points.iter().find(|p| p.0 == 24);
    let x_desc =
        format!("expected {convention} solutions when solvable (log scale) — fewer is harder");
    let mut chart = Xy {
        x_label: &count_label,
        ..Xy::new(
            Scale::Log(xs),
            Scale::Linear(ys),
            &x_desc,
            "probability that a dealt hand can make the target",
        )
    };
    let at = |p: &(i64, f64, f64)| (p.1, p.2);
    chart.series = vec![
        Series::dots(points.iter().map(at).collect(), 4, GREY.mix(0.6).filled()),
        Series::line(on_front.clone(), VERMILLION.stroke_width(2)).dotted(6, VERMILLION.filled()),
        Series::dots(
            ring.iter().map(|p| at(p)).collect(),
            9,
            BLUE.stroke_width(3),
        ),
    ];
    chart.keys = vec![
        ("a target".into(), Key::Dot(4, GREY.filled())),
        (
            "Pareto front: no target is solvable more often with fewer solutions".into(),
            Key::Line(VERMILLION.stroke_width(2)),
        ),
        (
            "target 24 (ringed)".into(),
            Key::Dot(7, BLUE.stroke_width(3)),
        ),
    ];
    // Labels: the front's targets and 24, each at the nearest spot around its point that
    // covers nothing (the layout's), with a thin leader line when it had to move away.
    let label = |p: &(i64, f64, f64), colour| Label {
        text: p.0.to_string(),
        at: at(p),
        colour,
    };
    chart.labels = (front.iter())
        .filter_map(|t| points.iter().find(|p| p.0 == *t))
        .map(|p| label(p, VERMILLION))
        .chain(
            ring.filter(|_| !front.contains(&24))
                .map(|p| label(p, BLUE)),
        )
        .collect();
    chart.draw(root, title)
}
