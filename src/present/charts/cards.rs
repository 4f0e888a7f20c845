//! A game whose target is a card (Krypto): the probability that a deal can be solved, per
//! target card, one line per rule set, each target marked.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::layout::{Scale, linear_axis};
use super::theme::{Drawn, PALETTE, int_label, x_range};
use super::xy::{Xy, at_x, keyed};

pub(super) fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    lines: &[(String, Vec<(i64, f64)>)],
) -> Drawn<DB> {
    // Nearly every deal can be solved: the axis fits the cards' probabilities, so that the
    // differences between cards show.
    let ys = linear_axis(lines.iter().flat_map(|l| l.1.iter().map(|p| p.1)), 0.0..1.0);
    let xs = x_range(lines.iter().flat_map(|l| l.1.iter().map(|p| p.0)));
    let mut chart = Xy {
        x_ticks: 25,
        x_label: &int_label,
        ..Xy::new(
            Scale::Linear(xs),
            Scale::Linear(ys),
            "target card",
            "probability that a deal with this target can be solved",
        )
    };
    for (i, (label, pts)) in lines.iter().enumerate() {
        let colour = PALETTE[i % PALETTE.len()];
        let (line, key) = keyed(label.clone(), at_x(pts), colour);
        chart.series.push(line.dotted(5, colour.filled()));
        chart.keys.push(key);
    }
    chart.draw(root, title)
}
