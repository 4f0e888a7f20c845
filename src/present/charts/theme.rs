//! What every chart shares: the embedded font, the colours (the Okabe–Ito palette, which
//! stays distinguishable for the common forms of colour blindness), sizes, the x range, tick
//! labels, the mesh and the legend drawn beside a chart.

use std::sync::Once;

use plotters::chart::MeshStyle;
use plotters::coord::Shift;
use plotters::coord::ranged1d::ValueFormatter;
use plotters::prelude::*;
use plotters::style::FontStyle;

use crate::present::numbers::grouped;

use super::layout::{Layout, Rect};

/// The font family every chart uses; registered from the embedded file on first use.
pub(super) const FONT: &str = "sans-serif";
static FONT_BYTES: &[u8] = include_bytes!("../../../assets/DejaVuSans.ttf");

pub(super) fn register_font() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // Bold falls back to the regular face, which keeps one embedded file.
        if plotters::style::register_font(FONT, FontStyle::Normal, FONT_BYTES).is_err() {
            panic!("the embedded DejaVu Sans font does not parse");
        }
    });
}

/// Okabe–Ito colours.
pub(super) const BLUE: RGBColor = RGBColor(0, 114, 178);
pub(super) const VERMILLION: RGBColor = RGBColor(213, 94, 0);
pub(super) const GREEN: RGBColor = RGBColor(0, 158, 115);
pub(super) const PURPLE: RGBColor = RGBColor(204, 121, 167);
pub(super) const ORANGE: RGBColor = RGBColor(230, 159, 0);
pub(super) const SKY: RGBColor = RGBColor(86, 180, 233);
pub(super) const YELLOW: RGBColor = RGBColor(240, 228, 66);
pub(super) const GREY: RGBColor = RGBColor(140, 140, 140);
pub(super) const INK: RGBColor = RGBColor(30, 30, 30);
pub(super) const PALETTE: [RGBColor; 8] =
    [BLUE, VERMILLION, GREEN, PURPLE, ORANGE, SKY, YELLOW, INK];

/// Pixel size of every chart.
pub const WIDTH: u32 = 1200;
pub const HEIGHT: u32 = 800;

/// Text sizes: title, axis descriptions, tick labels, legends.
pub(super) const TITLE: u32 = 30;
pub(super) const AXIS: u32 = 22;
pub(super) const TICK: u32 = 17;
pub(super) const LEGEND: u32 = 18;

/// What drawing a chart on the backend `DB` gives: where everything went, or plotters' own
/// error, which keeps the backend's.
pub type Drawn<DB> = Result<Layout, DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;

pub(super) fn font(size: u32) -> TextStyle<'static> {
    (FONT, size).into_font().color(&INK)
}

/// The title band on top and the plotting area below it.
pub(super) fn titled<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
) -> Result<DrawingArea<DB, Shift>, DrawingAreaErrorKind<DB::ErrorType>> {
    root.titled(title, font(TITLE))
}

pub(super) fn x_range(points: impl Iterator<Item = i64>) -> std::ops::Range<f64> {
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

pub(super) fn int_label(v: &f64) -> String {
    if (v - v.round()).abs() < 1e-9 {
        format!("{}", v.round() as i64)
    } else {
        String::new()
    }
}

pub(super) fn count_label(v: &f64) -> String {
    if *v >= 1.0 && (v - v.round()).abs() < 1e-9 {
        grouped(v.round() as u64)
    } else {
        format!("{v}")
    }
}

/// A legend drawn in its own area (so it never covers data), one row per item; returns its
/// box in pixels of the chart.
pub(super) fn side_legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    heading: &str,
    items: &[(String, RGBColor)],
) -> Result<Rect, DrawingAreaErrorKind<DB::ErrorType>> {
    let top = 60;
    let (mut right, mut bottom) = (0, top);
    let mut text = |words: &str, at: (i32, i32)| {
        let (w, h) = area.estimate_text_size(words, &font(LEGEND))?;
        right = right.max(at.0 + w as i32);
        bottom = bottom.max(at.1 + h as i32);
        area.draw(&Text::new(words.to_string(), at, font(LEGEND)))
    };
    text(heading, (10, top))?;
    for (i, (label, _)) in items.iter().enumerate() {
        text(label, (44, top + 36 + 32 * i as i32))?;
    }
    for (i, (_, colour)) in items.iter().enumerate() {
        let y = top + 36 + 32 * i as i32;
        area.draw(&Rectangle::new([(10, y), (34, y + 20)], colour.filled()))?;
        area.draw(&Rectangle::new([(10, y), (34, y + 20)], BLACK.mix(0.4)))?;
        bottom = bottom.max(y + 20);
    }
    let (x, y) = area.get_pixel_range();
    Ok(Rect {
        left: x.start + 10,
        top: y.start + top,
        right: x.start + right,
        bottom: y.start + bottom,
    })
}

/// Colours for ordered categories: a sequential (viridis) ramp, so that order reads as
/// order, with the last category (unsolvable) in grey.
pub(super) fn category_colours(n: usize) -> Vec<RGBColor> {
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

/// The mesh every chart draws: axis text in the chart font, no minor grid lines and faint
/// major ones. The caller adds the descriptions and label formats, then draws it.
pub(super) fn mesh<'a, 'b, DB, X, Y>(
    chart: &'b mut ChartContext<'a, DB, Cartesian2d<X, Y>>,
    desc: u32,
) -> MeshStyle<'a, 'b, X, Y, DB>
where
    DB: DrawingBackend,
    X: Ranged + ValueFormatter<X::ValueType>,
    Y: Ranged + ValueFormatter<Y::ValueType>,
{
    let mut m = chart.configure_mesh();
    m.axis_desc_style(font(desc))
        .label_style(font(TICK))
        .light_line_style(WHITE.mix(0.0))
        .bold_line_style(BLACK.mix(0.08));
    m
}
