//! Every chart family drawn on small tables made here (a series confined to a small range,
//! series with intervals, data crowding the corners where a legend used to go), checked on
//! the layout each chart is drawn from: every point and interval end lies on the value axis,
//! the data span at least half of it, and no legend or label box covers a point, bar, line or
//! interval.

use digits_lab::engine::Convention;
use digits_lab::findings::nyt::SlotPanel;
use digits_lab::present::charts::{Chart, HEIGHT, Layout, Rect, WIDTH};
use digits_lab::variant::phase::{Cell, Method};

/// The chart's layout, after checking the two properties on it.
fn laid_out(chart: &Chart) -> Layout {
    let layout = chart.layout().unwrap();
    let name = chart.stem();
    let whole = Rect::new((0, 0), (WIDTH as i32, HEIGHT as i32));
    assert!(!layout.panels.is_empty(), "{name}");
    for (i, p) in layout.panels.iter().enumerate() {
        assert!(!p.values.is_empty() && !p.marks.is_empty(), "{name} {i}");
        for &v in &p.values {
            assert!(p.y.contains(v), "{name} {i}: {v} off the axis {:?}", p.y);
        }
        let filled = p.y.filled_by(&p.values);
        assert!(
            filled >= 0.5,
            "{name} {i}: the data fill {filled:.2} of {:?}",
            p.y
        );
        for b in &layout.boxes {
            assert!(whole.contains(b), "{name}: {b:?} off the chart");
            if let Some(m) = p.marks.iter().find(|m| m.intersects(b)) {
                panic!("{name} {i}: the box {b:?} covers the mark {m:?}");
            }
        }
    }
    layout
}

fn targets(n: i64, f: impl Fn(f64) -> f64) -> Vec<(i64, f64)> {
    (1..=n).map(|t| (t, f(t as f64 / n as f64))).collect()
}

#[test]
fn a_small_share_with_intervals_gets_an_axis_of_its_own_and_a_free_corner() {
    let chart = |lines| Chart::Shares {
        stem: "solved-by-min-ops".into(),
        title: "Solved share by fewest operations, with 95% intervals".into(),
        x_desc: "fewest operations".into(),
        y_desc: "answers that solve the puzzle".into(),
        levels: ["1", "2", "3", "4"].map(String::from).to_vec(),
        lines,
    };
    // A weak model: 0–16%, as `evaluate`'s chart drew on a 0–100% axis.
    let weak = (
        "weak".to_string(),
        vec![
            Some((0.14, 0.07, 0.16)),
            Some((0.07, 0.03, 0.12)),
            None,
            Some((0.02, 0.0, 0.08)),
        ],
    );
    let layout = laid_out(&chart(vec![weak.clone()]));
    let axis = layout.panels[0].y.range();
    assert!(axis.start >= -0.01 && axis.end <= 0.2, "{axis:?}");
    let (plot, legend) = (layout.panels[0].plot, layout.boxes[0]);
    assert!(plot.contains(&legend), "{legend:?} {plot:?}");
    // Four models, the first and the last with an interval from 0 to 1 at the first and the
    // last level, beside the plot's edges: no corner is free, and the legend goes above the
    // plot.
    let edge = |at: usize| {
        let mut points = vec![None; 4];
        points[at] = Some((0.5, 0.0, 1.0));
        (format!("unsure at {at}"), points)
    };
    let strong = (
        "strong".to_string(),
        vec![Some((0.97, 0.9, 1.0)), Some((0.5, 0.1, 0.95)), None, None],
    );
    let layout = laid_out(&chart(vec![edge(0), weak, strong, edge(3)]));
    let (plot, legend) = (layout.panels[0].plot, layout.boxes[0]);
    assert!(legend.bottom < plot.top, "{legend:?} {plot:?}");
}

#[test]
fn every_line_chart_fits_its_data_and_keeps_its_legend_clear() {
    // The 24 game: a line rising to the upper right, one falling from the upper left.
    laid_out(&Chart::Probability24 {
        decks: vec![
            ("rising".into(), targets(60, |f| 0.3 + 0.65 * f)),
            ("falling".into(), targets(60, |f| 0.9 - 0.5 * f)),
        ],
    });
    let layout = laid_out(&Chart::CountdownLarge {
        lines: vec![
            (
                "0".into(),
                targets(300, |f| 0.6 + 0.3 * (f * 40.0).sin().abs()),
            ),
            ("2".into(), targets(300, |f| 0.7 + 0.25 * f)),
        ],
    });
    // Shares of 0.6–0.95 are drawn on an axis about that wide, not on 0–1.
    assert!(layout.panels[0].y.range().start >= 0.5);
    // Krypto's cards: every deal nearly always solvable, within a hundredth.
    let layout = laid_out(&Chart::TargetCards {
        lines: vec![
            ("standard".into(), targets(25, |f| 0.99 + 0.009 * f)),
            ("fractions".into(), targets(25, |f| 0.995 + 0.004 * f)),
        ],
    });
    assert!(layout.panels[0].y.range().start > 0.98);
    laid_out(&Chart::ExpectedSolutions {
        corpus: "24".into(),
        lines: vec![
            (Convention::Trees, targets(40, |f| 400.0 * (1.0 - f) + 3.0)),
            (
                Convention::Expressions,
                targets(40, |f| 90.0 * (1.0 - f) + 1.5),
            ),
        ],
    });
    laid_out(&Chart::Validation {
        points: vec![
            (4.0, 5.0),
            (8.0, 7.0),
            (15.0, 18.0),
            (40.0, 33.0),
            (90.0, 70.0),
        ],
        rho: 0.8,
    });
}

#[test]
fn the_trade_off_labels_its_front_where_they_cover_nothing() {
    let points: Vec<(i64, f64, f64)> = (1..=40)
        .map(|t| {
            let f = t as f64 / 40.0;
            (
                t,
                2.0 + 300.0 * f * f,
                0.4 + 0.55 * (1.0 - (1.0 - f).powi(3)),
            )
        })
        .collect();
    let layout = laid_out(&Chart::TradeOff {
        corpus: "24".into(),
        convention: Convention::Expressions,
        front: vec![1, 2, 5, 24, 40],
        points,
    });
    // The legend and a label per target of the front.
    assert_eq!(layout.boxes.len(), 1 + 5);
}

#[test]
fn the_phase_charts_fit_the_probabilities_and_their_intervals() {
    let cells: Vec<Cell> = [100u64, 1000]
        .iter()
        .flat_map(|&m| {
            (2..=7).map(move |k| {
                let q = f64::from(k).powi(3) / m as f64 * 20.0;
                let p = 1.0 - (-q).exp();
                Cell {
                    k,
                    m,
                    p,
                    lo: (p - 0.04).max(0.0),
                    hi: (p + 0.04).min(1.0),
                    boards: 400,
                    method: Method::Sampled,
                    q,
                }
            })
        })
        .collect();
    for rescaled in [false, true] {
        laid_out(&Chart::Phase {
            rescaled,
            cells: cells.clone(),
        });
    }
}

#[test]
fn stacked_bars_and_the_nyt_panels_keep_their_keys_outside() {
    laid_out(&Chart::Stacked {
        stem: "digits-min-ops".into(),
        title: "Fewest operations by target band".into(),
        x_desc: "target band".into(),
        y_desc: "share of puzzles".into(),
        bands: ["1–99", "100–299", "300–999"].map(String::from).to_vec(),
        categories: ["1", "2", "3", "unsolvable"].map(String::from).to_vec(),
        shares: vec![
            vec![0.4, 0.4, 0.2, 0.0],
            vec![0.1, 0.5, 0.3, 0.1],
            vec![0.0, 0.2, 0.5, 0.3],
        ],
    });
    let slots = |f: &dyn Fn(u8, usize) -> f64| -> Vec<(u8, f64)> {
        (1..=5u8)
            .flat_map(|s| (0..6).map(move |i| (s, i)))
            .map(|(s, i)| (s, f(s, i)))
            .collect()
    };
    let summary = |f: &dyn Fn(u8) -> f64| (1..=5u8).map(|s| (s, f(s))).collect();
    let layout = laid_out(&Chart::NytSlots {
        panels: vec![
            SlotPanel {
                title: "solutions".into(),
                log: true,
                points: slots(&|s, i| 3.0 * f64::from(s).powi(3) + i as f64),
                summary: summary(&|s| 3.0 * f64::from(s).powi(3) + 2.5),
                summary_name: "median".into(),
            },
            SlotPanel {
                title: "fewest operations".into(),
                log: false,
                points: slots(&|s, i| f64::from(s / 2 + 2) + (i % 2) as f64),
                summary: summary(&|s| f64::from(s / 2 + 2) + 0.5),
                summary_name: "mean".into(),
            },
            SlotPanel {
                title: "unique solution".into(),
                log: false,
                points: Vec::new(),
                summary: summary(&|s| 0.05 * f64::from(s)),
                summary_name: "share".into(),
            },
        ],
    });
    // A share of 5–25% is not drawn on 0–100%.
    assert!(
        layout.panels[2].y.range().end <= 0.3,
        "{:?}",
        layout.panels[2].y
    );
}
