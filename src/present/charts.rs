//! The charts of `digits-lab plots`, rendered with plotters from the Parquet tables only
//! (through [`crate::store::read::Facts`]; nothing is recomputed), each as PNG and SVG.
//!
//! Text is drawn with DejaVu Sans compiled into the binary (`assets/DejaVuSans.ttf`,
//! registered with plotters' ab_glyph backend), so rendering needs no system font and gives
//! the same pixels on every machine. Colours are the Okabe–Ito palette, which stays
//! distinguishable for the common forms of colour blindness.
//!
//! Each chart is a [`Chart`] value holding the numbers it shows; [`Chart::draw`] is generic
//! over the drawing backend, so the PNG and the SVG come from the same code.

use std::path::{Path, PathBuf};
use std::sync::Once;

use plotters::coord::Shift;
use plotters::coord::ranged1d::SegmentValue;
use plotters::prelude::*;
use plotters::style::FontStyle;
use thiserror::Error;

use crate::store::read::{
    self, Convention, CorpusFacts, DISTINCT_BINS, Facts, NytPuzzle, ReadError, TargetBands,
};

/// Why the charts could not be rendered.
#[derive(Debug, Error)]
pub enum ChartError {
    #[error(transparent)]
    Read(#[from] ReadError),
    #[error("drawing chart `{chart}`: {message}")]
    Draw { chart: String, message: String },
    #[error("writing {}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
}

/// The font family every chart uses; registered from the embedded file on first use.
const FONT: &str = "sans-serif";
static FONT_BYTES: &[u8] = include_bytes!("../../assets/DejaVuSans.ttf");

fn register_font() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // Bold falls back to the regular face, which keeps one embedded file.
        if plotters::style::register_font(FONT, FontStyle::Normal, FONT_BYTES).is_err() {
            panic!("the embedded DejaVu Sans font does not parse");
        }
    });
}

/// Okabe–Ito colours.
const BLUE: RGBColor = RGBColor(0, 114, 178);
const VERMILLION: RGBColor = RGBColor(213, 94, 0);
const GREEN: RGBColor = RGBColor(0, 158, 115);
const PURPLE: RGBColor = RGBColor(204, 121, 167);
const ORANGE: RGBColor = RGBColor(230, 159, 0);
const SKY: RGBColor = RGBColor(86, 180, 233);
const YELLOW: RGBColor = RGBColor(240, 228, 66);
const GREY: RGBColor = RGBColor(140, 140, 140);
const INK: RGBColor = RGBColor(30, 30, 30);
const PALETTE: [RGBColor; 8] = [BLUE, VERMILLION, GREEN, PURPLE, ORANGE, SKY, YELLOW, INK];

/// Pixel size of every chart.
pub const WIDTH: u32 = 1200;
pub const HEIGHT: u32 = 800;

const TITLE: u32 = 30;
const AXIS: u32 = 22;
const TICK: u32 = 17;
const LEGEND: u32 = 18;

/// A chart and the numbers it draws.
#[derive(Clone, Debug, PartialEq)]
pub enum Chart {
    /// Probability that a dealt hand solves each target, one line per deck.
    Probability24 {
        decks: Vec<(String, Vec<(i64, f64)>)>,
    },
    /// Expected solutions given solvable vs target, one line per convention.
    ExpectedSolutions {
        corpus: String,
        lines: Vec<(Convention, Vec<(i64, f64)>)>,
    },
    /// Probability against expected solutions, one point per target, with the Pareto front.
    TradeOff {
        corpus: String,
        convention: Convention,
        /// `(target, expected solutions, probability)`.
        points: Vec<(i64, f64, f64)>,
        /// Targets on the front, by expected solutions.
        front: Vec<i64>,
    },
    /// Countdown's solvable share vs target, one line per number of large cards.
    CountdownLarge {
        lines: Vec<(String, Vec<(i64, f64)>)>,
    },
    /// Shares of puzzles per category in each target band, stacked.
    Stacked {
        stem: String,
        title: String,
        y_desc: String,
        bands: Vec<String>,
        categories: Vec<String>,
        /// `shares[band][category]`.
        shares: Vec<Vec<f64>>,
    },
    /// NYT metrics by daily slot, one panel per metric.
    NytSlots { panels: Vec<SlotPanel> },
}

/// One metric of the NYT slot chart.
#[derive(Clone, Debug, PartialEq)]
pub struct SlotPanel {
    pub title: String,
    pub log: bool,
    /// Every puzzle's value by slot (empty for shares).
    pub points: Vec<(u8, f64)>,
    /// The summary per slot (mean, median or share), slots 1..=5.
    pub summary: Vec<(u8, f64)>,
    pub summary_name: String,
}

/// A rendered chart: its files and what it shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rendered {
    pub stem: String,
    pub title: String,
    pub png: PathBuf,
    pub svg: PathBuf,
}

/// The Pareto front of `(target, expected, probability)`: targets no other target beats by
/// being solvable at least as often with at most as many solutions (and better in one).
/// A good target is reliably solvable yet not trivial, so it wants high probability and few
/// solutions; the two go together, which is the trade-off.
pub fn pareto_front(points: &[(i64, f64, f64)]) -> Vec<i64> {
    let mut sorted: Vec<&(i64, f64, f64)> = points.iter().collect();
    // By expected solutions ascending, then probability descending: a point is on the
    // front when its probability beats every point before it.
    sorted.sort_by(|a, b| {
        a.1.total_cmp(&b.1)
            .then(b.2.total_cmp(&a.2))
            .then(a.0.cmp(&b.0))
    });
    let mut best = f64::NEG_INFINITY;
    let mut front = Vec::new();
    for p in sorted {
        if p.2 > best {
            best = p.2;
            front.push(p.0);
        }
    }
    front
}

/// The convention a corpus's expected-solution summaries use: `distinct` when defined,
/// else `expressions`.
pub fn main_convention(c: &CorpusFacts) -> Option<Convention> {
    [Convention::Distinct, Convention::Expressions]
        .into_iter()
        .find(|x| c.conventions.contains(x))
}

/// The corpora whose expected-solutions chart is drawn.
const EXPECTED_FOR: [&str; 4] = ["digits", "countdown", "24", "24-nine"];

/// Every chart the facts allow, in report order.
pub fn charts(facts: &Facts) -> Vec<Chart> {
    let mut out = Vec::new();
    let decks: Vec<(String, Vec<(i64, f64)>)> = [
        ("24", "52-card deck (cards 1–13): corpus 24"),
        ("24-nine", "36-card deck (cards 1–9): corpus 24-nine"),
    ]
    .iter()
    .filter_map(|&(name, label)| {
        let c = facts.corpus(name)?;
        Some((
            label.to_string(),
            c.all_targets()
                .iter()
                .map(|r| (r.target, r.probability))
                .collect(),
        ))
    })
    .collect();
    if !decks.is_empty() {
        out.push(Chart::Probability24 { decks });
    }
    for name in EXPECTED_FOR {
        let Some(c) = facts.corpus(name) else {
            continue;
        };
        let lines: Vec<(Convention, Vec<(i64, f64)>)> = c
            .conventions
            .iter()
            .map(|&conv| {
                let pts = c
                    .all_targets()
                    .iter()
                    .filter_map(|r| Some((r.target, r.expected(conv)?)))
                    .filter(|p| p.1 > 0.0)
                    .collect();
                (conv, pts)
            })
            .collect();
        if lines.iter().any(|l| !l.1.is_empty()) {
            out.push(Chart::ExpectedSolutions {
                corpus: name.to_string(),
                lines,
            });
        }
    }
    if let Some(c) = facts.corpus("24")
        && let Some(conv) = main_convention(c)
    {
        let points: Vec<(i64, f64, f64)> = c
            .all_targets()
            .iter()
            .filter_map(|r| Some((r.target, r.expected(conv)?, r.probability)))
            .filter(|p| p.1 > 0.0)
            .collect();
        if !points.is_empty() {
            out.push(Chart::TradeOff {
                corpus: "24".into(),
                convention: conv,
                front: pareto_front(&points),
                points,
            });
        }
    }
    if let Some(c) = facts.corpus("countdown") {
        let lines: Vec<(String, Vec<(i64, f64)>)> = (0..=4)
            .map(|k| format!("{k} large"))
            .filter_map(|g| {
                let rows = c.group(&g);
                (!rows.is_empty()).then(|| {
                    let pts = rows.iter().map(|r| (r.target, r.solvable_share)).collect();
                    (g, pts)
                })
            })
            .collect();
        if !lines.is_empty() {
            out.push(Chart::CountdownLarge { lines });
        }
    }
    if let Some(b) = facts.corpus("digits").and_then(|c| c.bands.as_ref()) {
        out.extend(digits_charts(b));
    }
    if let Some(p) = facts.corpus("nyt").and_then(|c| c.nyt.as_ref())
        && !p.is_empty()
    {
        out.push(Chart::NytSlots {
            panels: nyt_panels(p),
        });
    }
    out
}

fn shares<const N: usize>(counts: &[u64; N]) -> Vec<f64> {
    let total: u64 = counts.iter().sum();
    counts
        .iter()
        .map(|&c| {
            if total > 0 {
                c as f64 / total as f64
            } else {
                0.0
            }
        })
        .collect()
}

fn digits_charts(b: &TargetBands) -> Vec<Chart> {
    let labels = |keys: Vec<i64>| -> Vec<String> {
        keys.into_iter()
            .map(|k| read::band_label(k, b.lo, b.hi))
            .collect()
    };
    let mut min_ops_cats: Vec<String> = (0..=5)
        .map(|k| format!("{k} operation{}", if k == 1 { "" } else { "s" }))
        .collect();
    min_ops_cats[5] = "5 operations".into();
    min_ops_cats.push("unsolvable".into());
    vec![
        Chart::Stacked {
            stem: "digits-distinct".into(),
            title: "Digits: distinct solutions per puzzle, by target band".into(),
            y_desc: "share of (board, target) puzzles".into(),
            bands: labels(b.distinct.keys().copied().collect()),
            categories: DISTINCT_BINS
                .iter()
                .map(|&(_, _, l)| {
                    if l == "unsolvable" {
                        l.to_string()
                    } else {
                        format!("{l} distinct")
                    }
                })
                .collect(),
            shares: b.distinct.values().map(shares).collect(),
        },
        Chart::Stacked {
            stem: "digits-min-ops".into(),
            title: "Digits: fewest operations (min_ops) per puzzle, by target band".into(),
            y_desc: "share of (board, target) puzzles".into(),
            bands: labels(b.min_ops.keys().copied().collect()),
            categories: min_ops_cats,
            shares: b.min_ops.values().map(shares).collect(),
        },
    ]
}

fn mean(v: &[f64]) -> Option<f64> {
    (!v.is_empty()).then(|| v.iter().sum::<f64>() / v.len() as f64)
}

/// The median (the mean of the two middle values for an even count).
pub fn median(v: &[f64]) -> Option<f64> {
    let mut s = v.to_vec();
    s.sort_by(f64::total_cmp);
    let n = s.len();
    match n {
        0 => None,
        _ if n % 2 == 1 => Some(s[n / 2]),
        _ => Some((s[n / 2 - 1] + s[n / 2]) / 2.0),
    }
}

/// Per-slot summaries of the real NYT puzzles: what each panel of the slot chart shows and
/// what the report's slot table lists.
pub fn nyt_panels(p: &[NytPuzzle]) -> Vec<SlotPanel> {
    let slots: Vec<u8> = (1..=5).collect();
    let by_slot = |f: &dyn Fn(&NytPuzzle) -> Option<f64>| -> Vec<(u8, Vec<f64>)> {
        slots
            .iter()
            .map(|&s| (s, p.iter().filter(|x| x.slot == s).filter_map(f).collect()))
            .collect()
    };
    let panel = |title: &str,
                 log: bool,
                 f: &dyn Fn(&NytPuzzle) -> Option<f64>,
                 summary: fn(&[f64]) -> Option<f64>,
                 summary_name: &str,
                 points: bool| {
        let groups = by_slot(f);
        SlotPanel {
            title: title.into(),
            log,
            points: if points {
                groups
                    .iter()
                    .flat_map(|(s, v)| v.iter().map(move |&x| (*s, x)))
                    .collect()
            } else {
                Vec::new()
            },
            summary: groups
                .iter()
                .filter_map(|(s, v)| Some((*s, summary(v)?)))
                .collect(),
            summary_name: summary_name.into(),
        }
    };
    let mut panels = vec![
        panel(
            "share solvable",
            false,
            &|x| Some(if x.solvable { 1.0 } else { 0.0 }),
            mean,
            "share",
            false,
        ),
        panel(
            "min_ops (fewest operations)",
            false,
            &|x| x.min_ops.filter(|_| x.solvable).map(|m| m as f64),
            mean,
            "mean",
            true,
        ),
        panel(
            "distinct solutions",
            true,
            &|x| x.distinct.filter(|&d| d > 0).map(|d| d as f64),
            median,
            "median",
            true,
        ),
        panel(
            "expressions solutions",
            true,
            &|x| x.expressions.filter(|&d| d > 0).map(|d| d as f64),
            median,
            "median",
            true,
        ),
        panel(
            "share with one distinct solution",
            false,
            &|x| {
                x.solvable
                    .then(|| if x.distinct == Some(1) { 1.0 } else { 0.0 })
            },
            mean,
            "share",
            false,
        ),
    ];
    if p.iter().any(|x| x.difficulty.is_some()) {
        panels.push(panel(
            "difficulty",
            false,
            &|x| x.difficulty,
            mean,
            "mean",
            true,
        ));
    }
    panels.retain(|x| !x.summary.is_empty());
    panels
}

impl Chart {
    /// The file name without extension.
    pub fn stem(&self) -> String {
        match self {
            Chart::Probability24 { .. } => "24-probability".into(),
            Chart::ExpectedSolutions { corpus, .. } => format!("expected-solutions-{corpus}"),
            Chart::TradeOff { corpus, .. } => format!("tradeoff-{corpus}"),
            Chart::CountdownLarge { .. } => "countdown-large".into(),
            Chart::Stacked { stem, .. } => stem.clone(),
            Chart::NytSlots { .. } => "nyt-slots".into(),
        }
    }

    /// The chart's title, as drawn and as the report's caption.
    pub fn title(&self) -> String {
        match self {
            Chart::Probability24 { .. } => {
                "24 game: probability that a dealt hand can make each target".into()
            }
            Chart::ExpectedSolutions { corpus, .. } => {
                format!("Corpus {corpus}: expected number of solutions when solvable")
            }
            Chart::TradeOff {
                corpus, convention, ..
            } => format!(
                "Corpus {corpus}: solvable probability vs expected {convention} solutions, per target"
            ),
            Chart::CountdownLarge { .. } => {
                "Countdown: share of card selections that can make each target".into()
            }
            Chart::Stacked { title, .. } => title.clone(),
            Chart::NytSlots { .. } => {
                "Digits as published by the NYT (2023): the real puzzles by daily slot".into()
            }
        }
    }

    /// Draws the chart on `root`, which it fills.
    pub fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Result<(), String> {
        register_font();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let r = match self {
            Chart::Probability24 { decks } => draw_probability(root, &self.title(), decks),
            Chart::ExpectedSolutions { lines, .. } => draw_expected(root, &self.title(), lines),
            Chart::TradeOff {
                convention,
                points,
                front,
                ..
            } => draw_tradeoff(root, &self.title(), *convention, points, front),
            Chart::CountdownLarge { lines } => draw_countdown(root, &self.title(), lines),
            Chart::Stacked {
                y_desc,
                bands,
                categories,
                shares,
                ..
            } => draw_stacked(root, &self.title(), y_desc, bands, categories, shares),
            Chart::NytSlots { panels } => draw_nyt(root, &self.title(), panels),
        };
        r.map_err(|e| e.to_string())?;
        root.present().map_err(|e| e.to_string())
    }

    /// Writes `<stem>.png` and `<stem>.svg` into `dir`.
    pub fn render(&self, dir: &Path) -> Result<Rendered, ChartError> {
        std::fs::create_dir_all(dir).map_err(|source| ChartError::Io {
            path: dir.to_path_buf(),
            source,
        })?;
        let stem = self.stem();
        let png = dir.join(format!("{stem}.png"));
        let svg = dir.join(format!("{stem}.svg"));
        let err = |message: String| ChartError::Draw {
            chart: stem.clone(),
            message,
        };
        {
            let root = BitMapBackend::new(&png, (WIDTH, HEIGHT)).into_drawing_area();
            self.draw(&root).map_err(err)?;
        }
        {
            let root = SVGBackend::new(&svg, (WIDTH, HEIGHT)).into_drawing_area();
            self.draw(&root).map_err(err)?;
        }
        Ok(Rendered {
            stem,
            title: self.title(),
            png,
            svg,
        })
    }
}

/// Renders every chart of the tables under `data` into `dir`.
pub fn render_all(data: &Path, dir: &Path) -> Result<Vec<Rendered>, ChartError> {
    let facts = Facts::load(data)?;
    render_facts(&facts, dir)
}

/// Renders every chart the facts allow into `dir`.
pub fn render_facts(facts: &Facts, dir: &Path) -> Result<Vec<Rendered>, ChartError> {
    charts(facts).iter().map(|c| c.render(dir)).collect()
}

type DrawResult<DB> = Result<(), DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;

fn font(size: u32) -> TextStyle<'static> {
    (FONT, size).into_font().color(&INK)
}

/// The title band on top and the plotting area below it.
fn titled<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
) -> Result<DrawingArea<DB, Shift>, DrawingAreaErrorKind<DB::ErrorType>> {
    root.titled(title, font(TITLE))
}

fn x_range(points: impl Iterator<Item = i64>) -> std::ops::Range<f64> {
    let (mut lo, mut hi) = (i64::MAX, i64::MIN);
    for t in points {
        lo = lo.min(t);
        hi = hi.max(t);
    }
    if lo > hi {
        return 0.0..1.0;
    }
    let pad = ((hi - lo) as f64 * 0.01).max(0.5);
    lo as f64 - pad..hi as f64 + pad
}

fn int_label(v: &f64) -> String {
    if (v - v.round()).abs() < 1e-9 {
        format!("{}", v.round() as i64)
    } else {
        String::new()
    }
}

fn count_label(v: &f64) -> String {
    if *v >= 1.0 && (v - v.round()).abs() < 1e-9 {
        crate::puzzle::solve::grouped(v.round() as u64)
    } else {
        format!("{v}")
    }
}

fn draw_probability<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    decks: &[(String, Vec<(i64, f64)>)],
) -> DrawResult<DB> {
    let area = titled(root, title)?;
    let xs = x_range(decks.iter().flat_map(|d| d.1.iter().map(|p| p.0)));
    let mut chart = ChartBuilder::on(&area)
        .margin(20)
        .x_label_area_size(60)
        .y_label_area_size(80)
        .build_cartesian_2d(xs.clone(), 0f64..1.05f64)?;
    chart
        .configure_mesh()
        .x_desc("target")
        .y_desc("probability that a dealt hand can make the target")
        .axis_desc_style(font(AXIS))
        .label_style(font(TICK))
        .x_labels(20)
        .x_label_formatter(&int_label)
        .y_label_formatter(&|v| format!("{v:.1}"))
        .light_line_style(WHITE.mix(0.0))
        .bold_line_style(BLACK.mix(0.08))
        .draw()?;
    // Multiples of 12 (24 among them): light vertical guides.
    let twelves: Vec<f64> = (1..)
        .map(|k| (12 * k) as f64)
        .take_while(|&x| x <= xs.end)
        .collect();
    chart
        .draw_series(
            twelves
                .iter()
                .map(|&x| PathElement::new(vec![(x, 0.0), (x, 1.05)], INK.mix(0.18))),
        )?
        .label("multiples of 12 (circled)")
        .legend(|(x, y)| Circle::new((x + 10, y), 6, INK.stroke_width(2)));
    for (i, (label, pts)) in decks.iter().enumerate() {
        let colour = PALETTE[i];
        chart
            .draw_series(LineSeries::new(
                pts.iter().map(|&(t, p)| (t as f64, p)),
                colour.stroke_width(3),
            ))?
            .label(label.as_str())
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(3))
            });
        chart.draw_series(
            pts.iter()
                .filter(|p| p.0 % 12 == 0)
                .map(|&(t, p)| Circle::new((t as f64, p), 6, INK.stroke_width(2))),
        )?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .label_font(font(LEGEND))
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK.mix(0.3))
        .margin(12)
        .draw()?;
    Ok(())
}

fn log_range(values: impl Iterator<Item = f64>) -> std::ops::Range<f64> {
    let (mut lo, mut hi) = (f64::INFINITY, 0f64);
    for v in values.filter(|v| *v > 0.0) {
        lo = lo.min(v);
        hi = hi.max(v);
    }
    if !lo.is_finite() {
        return 1.0..10.0;
    }
    (lo * 0.8).min(1.0)..(hi * 1.5).max(lo * 10.0)
}

fn draw_expected<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    lines: &[(Convention, Vec<(i64, f64)>)],
) -> DrawResult<DB> {
    let area = titled(root, title)?;
    let xs = x_range(lines.iter().flat_map(|l| l.1.iter().map(|p| p.0)));
    let ys = log_range(lines.iter().flat_map(|l| l.1.iter().map(|p| p.1)));
    let mut chart = ChartBuilder::on(&area)
        .margin(20)
        .x_label_area_size(60)
        .y_label_area_size(100)
        .build_cartesian_2d(xs, ys.log_scale())?;
    chart
        .configure_mesh()
        .x_desc("target")
        .y_desc("expected solutions when solvable (log scale)")
        .axis_desc_style(font(AXIS))
        .label_style(font(TICK))
        .x_labels(12)
        .x_label_formatter(&int_label)
        .y_label_formatter(&count_label)
        .light_line_style(WHITE.mix(0.0))
        .bold_line_style(BLACK.mix(0.08))
        .draw()?;
    for (conv, pts) in lines {
        let colour = match conv {
            Convention::Trees => VERMILLION,
            Convention::Expressions => BLUE,
            Convention::Distinct => GREEN,
        };
        chart
            .draw_series(LineSeries::new(
                pts.iter().map(|&(t, v)| (t as f64, v)),
                colour.stroke_width(3),
            ))?
            .label(format!("{conv}"))
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(3))
            });
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .label_font(font(LEGEND))
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK.mix(0.3))
        .margin(12)
        .draw()?;
    Ok(())
}

/// Pixel boxes overlap (with a small gap)?
fn overlaps(a: (i32, i32, i32, i32), b: (i32, i32, i32, i32)) -> bool {
    let gap = 2;
    a.0 < b.2 + gap && b.0 < a.2 + gap && a.1 < b.3 + gap && b.1 < a.3 + gap
}

fn draw_tradeoff<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    convention: Convention,
    points: &[(i64, f64, f64)],
    front: &[i64],
) -> DrawResult<DB> {
    let area = titled(root, title)?;
    // Zoomed to the data's probabilities, so that the crowded part of the front has room.
    let fold = |f: fn(f64, f64) -> f64, init: f64, g: fn(&(i64, f64, f64)) -> f64| {
        points.iter().map(g).fold(init, f)
    };
    let (y0, y1) = (fold(f64::min, 1.0, |p| p.2), fold(f64::max, 0.0, |p| p.2));
    // The x range reaches down to 1 so that plotters' log axis has labelled ticks.
    let xs = log_range(points.iter().map(|p| p.1));
    let ys = (y0 - 0.06).max(0.0)..(y1 + 0.1).min(1.1);
    let mut chart = ChartBuilder::on(&area)
        .margin(20)
        .x_label_area_size(60)
        .y_label_area_size(80)
        .build_cartesian_2d(xs.log_scale(), ys)?;
    chart
        .configure_mesh()
        .x_desc(format!(
            "expected {convention} solutions when solvable (log scale) — fewer is harder"
        ))
        .y_desc("probability that a dealt hand can make the target")
        .axis_desc_style(font(AXIS))
        .label_style(font(TICK))
        .x_label_formatter(&count_label)
        .y_label_formatter(&|v| format!("{v:.1}"))
        .light_line_style(WHITE.mix(0.0))
        .bold_line_style(BLACK.mix(0.08))
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
    let mut taken: Vec<(i32, i32, i32, i32)> = points
        .iter()
        .map(|p| {
            let (x, y) = px(p);
            (x - 5, y - 5, x + 5, y + 5)
        })
        .collect();
    for w in on_front.windows(2) {
        let ((x0, y0), (x1, y1)) = (px(w[0]), px(w[1]));
        let steps = ((x1 - x0).abs().max((y1 - y0).abs()) / 4).max(1);
        for k in 0..=steps {
            let x = x0 + (x1 - x0) * k / steps;
            let y = y0 + (y1 - y0) * k / steps;
            taken.push((x - 2, y - 2, x + 2, y + 2));
        }
    }
    let plot = chart.plotting_area().get_pixel_range();
    let style = font(LEGEND);
    for (p, colour) in &labelled {
        let text = p.0.to_string();
        let (w, h) = root.estimate_text_size(&text, &style)?;
        let (w, h) = (w as i32, h as i32);
        let (x, y) = px(p);
        let inside = |b: &(i32, i32, i32, i32)| {
            b.0 >= plot.0.start && b.2 <= plot.0.end && b.1 >= plot.1.start && b.3 <= plot.1.end
        };
        // Rings of growing radius, twelve directions each, nearest first.
        let spot = (1..=8)
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
            .unwrap_or((x + 8, y - h - 4, x + 8 + w, y - 4));
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
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .label_font(font(LEGEND))
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK.mix(0.3))
        .margin(12)
        .draw()?;
    Ok(())
}

fn draw_countdown<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    lines: &[(String, Vec<(i64, f64)>)],
) -> DrawResult<DB> {
    let area = titled(root, title)?;
    let xs = x_range(lines.iter().flat_map(|l| l.1.iter().map(|p| p.0)));
    let mut chart = ChartBuilder::on(&area)
        .margin(20)
        .x_label_area_size(60)
        .y_label_area_size(80)
        .build_cartesian_2d(xs, 0f64..1.05f64)?;
    chart
        .configure_mesh()
        .x_desc("target")
        .y_desc("share of card selections that can make the target")
        .axis_desc_style(font(AXIS))
        .label_style(font(TICK))
        .x_labels(10)
        .x_label_formatter(&int_label)
        .y_label_formatter(&|v| format!("{v:.1}"))
        .light_line_style(WHITE.mix(0.0))
        .bold_line_style(BLACK.mix(0.08))
        .draw()?;
    // Per-target shares jump between neighbours (primes, multiples of 25…): each group is
    // drawn thin per target and thick as a moving average, so the trend stays readable.
    for (i, (_, pts)) in lines.iter().enumerate() {
        let colour = PALETTE[i % PALETTE.len()];
        chart.draw_series(LineSeries::new(
            pts.iter().map(|&(t, v)| (t as f64, v)),
            colour.mix(0.25).stroke_width(1),
        ))?;
    }
    for (i, (label, pts)) in lines.iter().enumerate() {
        let colour = PALETTE[i % PALETTE.len()];
        chart
            .draw_series(LineSeries::new(
                moving_average(pts, SMOOTHING),
                colour.stroke_width(3),
            ))?
            .label(format!("{label} cards"))
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(3))
            });
    }
    chart
        .draw_series(std::iter::empty::<Circle<(f64, f64), i32>>())?
        .label(format!(
            "thick: mean of {SMOOTHING} neighbouring targets; thin: each target"
        ))
        .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], GREY.mix(0.5)));
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::LowerLeft)
        .label_font(font(LEGEND))
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK.mix(0.3))
        .margin(12)
        .draw()?;
    Ok(())
}

/// Width of the moving average on the Countdown chart, in targets.
const SMOOTHING: usize = 25;

/// The centred moving average of `pts` over `window` consecutive points.
fn moving_average(pts: &[(i64, f64)], window: usize) -> Vec<(f64, f64)> {
    let half = window / 2;
    (0..pts.len())
        .map(|i| {
            let lo = i.saturating_sub(half);
            let hi = (i + half + 1).min(pts.len());
            let mean = pts[lo..hi].iter().map(|p| p.1).sum::<f64>() / (hi - lo) as f64;
            (pts[i].0 as f64, mean)
        })
        .collect()
}

/// A legend drawn in its own area (so it never covers data), one row per item.
fn side_legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    heading: &str,
    items: &[(String, RGBColor)],
) -> DrawResult<DB> {
    let top = 60;
    area.draw(&Text::new(heading.to_string(), (10, top), font(LEGEND)))?;
    for (i, (label, colour)) in items.iter().enumerate() {
        let y = top + 36 + 32 * i as i32;
        area.draw(&Rectangle::new([(10, y), (34, y + 20)], colour.filled()))?;
        area.draw(&Rectangle::new([(10, y), (34, y + 20)], BLACK.mix(0.4)))?;
        area.draw(&Text::new(label.clone(), (44, y), font(LEGEND)))?;
    }
    Ok(())
}

/// Colours for ordered categories: a sequential (viridis) ramp, so that order reads as
/// order, with the last category (unsolvable) in grey.
fn category_colours(n: usize) -> Vec<RGBColor> {
    const VIRIDIS: [(u8, u8, u8); 8] = [
        (68, 1, 84),
        (70, 50, 126),
        (54, 92, 141),
        (39, 127, 142),
        (31, 161, 135),
        (74, 193, 109),
        (160, 218, 57),
        (253, 231, 37),
    ];
    let ramp = n.saturating_sub(1).max(1);
    let mut out: Vec<RGBColor> = (0..n)
        .map(|i| {
            let k = if ramp > 1 {
                i * (VIRIDIS.len() - 1) / (ramp - 1)
            } else {
                0
            };
            let (r, g, b) = VIRIDIS[k.min(VIRIDIS.len() - 1)];
            RGBColor(r, g, b)
        })
        .collect();
    if let Some(last) = out.last_mut() {
        *last = RGBColor(200, 200, 200);
    }
    out
}

fn draw_stacked<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    y_desc: &str,
    bands: &[String],
    categories: &[String],
    shares: &[Vec<f64>],
) -> DrawResult<DB> {
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
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_desc("target band")
        .y_desc(y_desc)
        .axis_desc_style(font(AXIS))
        .label_style(font(TICK))
        .x_labels(bands.len().max(1))
        .x_label_formatter(&label)
        .y_label_formatter(&|v| format!("{:.0}%", v * 100.0))
        .light_line_style(WHITE.mix(0.0))
        .bold_line_style(BLACK.mix(0.08))
        .draw()?;
    // Categories in order from the bottom; "unsolvable" (the last or first) in grey.
    let mut order: Vec<usize> = (0..categories.len()).collect();
    // Unsolvable goes on top of the stack so the solvable part reads from the axis.
    if let Some(k) = categories.iter().position(|c| c == "unsolvable") {
        order.retain(|&i| i != k);
        order.push(k);
    }
    let colours = category_colours(order.len());
    for (i, band) in shares.iter().enumerate() {
        let mut base = 0.0;
        for (rank, &k) in order.iter().enumerate() {
            let h = band.get(k).copied().unwrap_or(0.0);
            if h > 0.0 {
                let (x0, x1) = (i as u32, i as u32 + 1);
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
    side_legend(&legend, "stacked, top to bottom:", &items)
}

fn draw_nyt<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    panels: &[SlotPanel],
) -> DrawResult<DB> {
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
        // Per-puzzle points are spread sideways a little so that equal values stay visible.
        let jitter = |i: usize| ((i * 7919) % 13) as f64 / 13.0 * 0.36 - 0.18;
        if panel.log {
            let ys = log_range(values);
            let mut chart = builder.build_cartesian_2d(xs, ys.log_scale())?;
            chart
                .configure_mesh()
                .x_desc("daily slot")
                .axis_desc_style(font(TICK))
                .label_style(font(TICK))
                .x_labels(11)
                .x_label_formatter(&int_label)
                .y_label_formatter(&count_label)
                .light_line_style(WHITE.mix(0.0))
                .bold_line_style(BLACK.mix(0.08))
                .draw()?;
            chart.draw_series(panel.points.iter().enumerate().map(|(i, &(s, v))| {
                Circle::new((s as f64 + jitter(i), v), 3, BLUE.mix(0.35).filled())
            }))?;
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
        } else {
            let hi = values.fold(0f64, f64::max);
            let top = if hi <= 1.0 { 1.05 } else { hi * 1.15 };
            let mut chart = builder.build_cartesian_2d(xs, 0f64..top)?;
            chart
                .configure_mesh()
                .x_desc("daily slot")
                .axis_desc_style(font(TICK))
                .label_style(font(TICK))
                .x_labels(11)
                .x_label_formatter(&int_label)
                .y_label_formatter(&|v| format!("{v:.1}"))
                .light_line_style(WHITE.mix(0.0))
                .bold_line_style(BLACK.mix(0.08))
                .draw()?;
            chart.draw_series(panel.points.iter().enumerate().map(|(i, &(s, v))| {
                Circle::new((s as f64 + jitter(i), v), 3, BLUE.mix(0.35).filled())
            }))?;
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
