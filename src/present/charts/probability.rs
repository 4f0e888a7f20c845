//! The 24 game's chart of the probability that a dealt hand makes each target, one line per
//! deck, multiples of 12 circled.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::layout::{Scale, linear_axis};
use super::theme::{Drawn, INK, PALETTE, int_label, x_range};
use super::xy::{Key, Series, Xy, at_x, keyed};

pub(super) fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    decks: &[(String, Vec<(i64, f64)>)],
) -> Drawn<DB> {
    let xs = x_range(decks.iter().flat_map(|d| d.1.iter().map(|p| p.0)));
    let ys = linear_axis(decks.iter().flat_map(|d| d.1.iter().map(|p| p.1)), 0.0..1.0);
    let mut chart = Xy {
        x_ticks: 20,
        x_label: &int_label,
        ..Xy::new(
            Scale::Linear(xs.clone()),
            Scale::Linear(ys.clone()),
            "target",
            "probability that a dealt hand can make the target",
        )
    };
    // Multiples of 12 (24 among them): light vertical guides.
    chart.guides = (1..)
        .map(|k| (12 * k) as f64)
        .take_while(|&x| x <= xs.end)
        .map(|x| Series::line(vec![(x, ys.start), (x, ys.end)], INK.mix(0.18)))
        .collect();
    let ring = INK.stroke_width(2);
    chart
        .keys
        .push(("multiples of 12 (circled)".into(), Key::Dot(6, ring)));
    for (i, (label, pts)) in decks.iter().enumerate() {
        let (line, key) = keyed(label.clone(), at_x(pts), PALETTE[i % PALETTE.len()]);
        let twelves = pts.iter().filter(|p| p.0 % 12 == 0).copied();
        chart.series.push(line);
        chart
            .series
            .push(Series::dots(at_x(&twelves.collect::<Vec<_>>()), 6, ring));
        chart.keys.push(key);
    }
    chart.draw(root, title)
}
