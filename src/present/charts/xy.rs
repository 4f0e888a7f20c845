//! A chart of one plotting area (every family but the stacked bars and the NYT panels),
//! given as values — its axes, its series, its legend's rows and its labels — laid out
//! first ([`super::layout`]: the legend in an empty corner or above the plot, each label
//! where it covers nothing) and then drawn from that layout.

use plotters::coord::Shift;
use plotters::coord::ranged1d::{AsRangedCoord, ValueFormatter};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::layout::{Layout, Mark, Panel, Rect, Scale, corner, decimals, label_spot};
use super::theme::{AXIS, Drawn, LEGEND, font, mesh, titled};

/// A series: points, with a line through them, a dot at each, or both, and intervals.
#[derive(Clone, Debug)]
pub(super) struct Series {
    pub points: Vec<(f64, f64)>,
    pub line: Option<ShapeStyle>,
    /// A dot at each point: its radius and style (filled, or a ring).
    pub dots: Option<(i32, ShapeStyle)>,
    /// Intervals `(x, lo, hi)`, drawn as upright bars, and their style.
    pub intervals: Vec<(f64, f64, f64)>,
    pub interval: ShapeStyle,
}

impl Series {
    /// A line through `points`.
    pub fn line(points: Vec<(f64, f64)>, style: impl Into<ShapeStyle>) -> Series {
        Series {
            points,
            line: Some(style.into()),
            dots: None,
            intervals: Vec::new(),
            interval: BLACK.into(),
        }
    }

    /// A dot of `radius` at each of `points`, with no line.
    pub fn dots(points: Vec<(f64, f64)>, radius: i32, style: impl Into<ShapeStyle>) -> Series {
        Series {
            dots: Some((radius, style.into())),
            line: None,
            ..Series::line(points, BLACK)
        }
    }

    /// The same series with a dot at each point too.
    pub fn dotted(self, radius: i32, style: impl Into<ShapeStyle>) -> Series {
        Series {
            dots: Some((radius, style.into())),
            ..self
        }
    }

    /// The same series with intervals.
    pub fn with_intervals(
        self,
        intervals: Vec<(f64, f64, f64)>,
        style: impl Into<ShapeStyle>,
    ) -> Series {
        Series {
            intervals,
            interval: style.into(),
            ..self
        }
    }

    fn marks(&self) -> Vec<Mark> {
        let width = |s: &ShapeStyle| s.stroke_width as i32;
        let mut out = Vec::new();
        if let Some(style) = &self.line {
            out.push(Mark::Line {
                points: self.points.clone(),
                width: width(style),
            });
        }
        if let Some((radius, _)) = self.dots {
            out.extend(self.points.iter().map(|&at| Mark::Point { at, radius }));
        }
        out.extend(self.intervals.iter().map(|&(x, lo, hi)| Mark::Line {
            points: vec![(x, lo), (x, hi)],
            width: width(&self.interval),
        }));
        out
    }

    /// Draws the series: its line, then its intervals, then its dots.
    fn draw<'a, DB, CT>(&self, chart: &mut ChartContext<'a, DB, CT>) -> Result<(), Failed<DB>>
    where
        DB: DrawingBackend + 'a,
        CT: CoordTranslate<From = (f64, f64)>,
    {
        if let Some(style) = self.line {
            chart.draw_series(LineSeries::new(self.points.iter().copied(), style))?;
        }
        chart.draw_series(
            self.intervals
                .iter()
                .map(|&(x, lo, hi)| PathElement::new(vec![(x, lo), (x, hi)], self.interval)),
        )?;
        if let Some((radius, style)) = self.dots {
            chart.draw_series(self.points.iter().map(|&p| Circle::new(p, radius, style)))?;
        }
        Ok(())
    }
}

type Failed<DB> = DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>;

/// What a legend row shows beside its words.
#[derive(Clone, Copy, Debug)]
pub(super) enum Key {
    Line(ShapeStyle),
    Dot(i32, ShapeStyle),
}

/// A label written beside a point.
#[derive(Clone, Debug)]
pub(super) struct Label {
    pub text: String,
    pub at: (f64, f64),
    pub colour: RGBColor,
}

/// A one-panel chart as values.
pub(super) struct Xy<'a> {
    pub x: Scale,
    /// The value axis.
    pub y: Scale,
    pub x_desc: String,
    pub y_desc: String,
    /// How many x ticks plotters aims at.
    pub x_ticks: usize,
    pub x_label: &'a dyn Fn(&f64) -> String,
    /// How the value axis writes its ticks; by default, as numbers with the decimals that
    /// tell them apart.
    pub y_label: Option<&'a dyn Fn(&f64) -> String>,
    /// The width of the value axis's labels, in pixels.
    pub y_label_area: u32,
    /// Whether the x axis draws grid lines.
    pub x_grid: bool,
    /// Reference lines drawn under the data (a threshold, a multiple of 12), within the axes.
    pub guides: Vec<Series>,
    pub series: Vec<Series>,
    pub keys: Vec<(String, Key)>,
    pub labels: Vec<Label>,
}

/// The chart's margin and the height of the x axis's labels, in pixels.
const MARGIN: i32 = 20;
const X_LABEL_AREA: u32 = 60;
/// A legend's padding and row height, and a key's width, in pixels.
const PADDING: i32 = 10;
const ROW: i32 = 26;
const KEY: i32 = 24;

impl Xy<'static> {
    /// A chart of `x` by the value axis `y`, with no series yet; ticks written as numbers.
    pub fn new(x: Scale, y: Scale, x_desc: &str, y_desc: &str) -> Xy<'static> {
        Xy {
            x,
            y,
            x_desc: x_desc.to_string(),
            y_desc: y_desc.to_string(),
            x_ticks: 10,
            x_label: &|v| format!("{v}"),
            y_label: None,
            y_label_area: 80,
            x_grid: true,
            guides: Vec::new(),
            series: Vec::new(),
            keys: Vec::new(),
            labels: Vec::new(),
        }
    }
}

/// A group's line, 3 pixels wide in `colour`, and its legend row.
pub(super) fn keyed(
    label: String,
    points: Vec<(f64, f64)>,
    colour: RGBColor,
) -> (Series, (String, Key)) {
    let style = colour.stroke_width(3);
    (Series::line(points, style), (label, Key::Line(style)))
}

/// Integer `x` as the axis's value.
pub(super) fn at_x(points: &[(i64, f64)]) -> Vec<(f64, f64)> {
    points.iter().map(|&(x, y)| (x as f64, y)).collect()
}

impl Xy<'_> {
    /// Lays the chart out on `root` (its title on top), then draws it.
    pub fn draw<DB: DrawingBackend>(
        &self,
        root: &DrawingArea<DB, Shift>,
        title: &str,
    ) -> Drawn<DB> {
        let area = titled(root, title)?;
        let text = |s: &str| -> Result<(i32, i32), Failed<DB>> {
            let (w, h) = root.estimate_text_size(s, &font(LEGEND))?;
            Ok((w as i32, h as i32))
        };
        let mut widest = 0;
        for (words, _) in &self.keys {
            widest = widest.max(text(words)?.0);
        }
        let key = (!self.keys.is_empty()).then(|| {
            let n = self.keys.len() as i32;
            (2 * PADDING + KEY + 8 + widest, 2 * PADDING + ROW * n)
        });
        let mut sizes = Vec::with_capacity(self.labels.len());
        for l in &self.labels {
            sizes.push(text(&l.text)?);
        }
        let (x, y) = area.get_pixel_range();
        let whole = Rect {
            left: x.start,
            top: y.start,
            right: x.end,
            bottom: y.end,
        };
        let (layout, band) = self.arrange(whole, key, &sizes);
        let area = if band > 0 {
            area.split_vertically(band).1
        } else {
            area
        };
        match (&self.x, &self.y) {
            (Scale::Linear(x), Scale::Linear(y)) => self.plot_on(&area, x.clone(), y.clone()),
            (Scale::Log(x), Scale::Linear(y)) => {
                self.plot_on(&area, x.clone().log_scale(), y.clone())
            }
            (Scale::Linear(x), Scale::Log(y)) => {
                self.plot_on(&area, x.clone(), y.clone().log_scale())
            }
            (Scale::Log(x), Scale::Log(y)) => {
                self.plot_on(&area, x.clone().log_scale(), y.clone().log_scale())
            }
        }?;
        let mut boxes = layout.boxes.iter();
        if key.is_some()
            && let Some(r) = boxes.next()
        {
            draw_keys(root, r, &self.keys)?;
        }
        for (label, r) in self.labels.iter().zip(boxes) {
            draw_label(root, &layout.panels[0], label, r)?;
        }
        Ok(layout)
    }

    /// Where everything goes within `whole` (the area below the title): the plot, the
    /// legend of `key` size (in an empty corner, else in a band of its height above the
    /// plot) and the labels of `sizes`; with the band's height, 0 without one.
    fn arrange(&self, whole: Rect, key: Option<(i32, i32)>, sizes: &[(i32, i32)]) -> (Layout, i32) {
        let plot = Rect {
            left: whole.left + MARGIN + self.y_label_area as i32,
            top: whole.top + MARGIN,
            right: whole.right - MARGIN,
            bottom: whole.bottom - MARGIN - X_LABEL_AREA as i32,
        };
        let marks: Vec<Mark> = self.series.iter().flat_map(Series::marks).collect();
        let mut panel = Panel::new(plot, self.x.clone(), self.y.clone(), &marks);
        let (mut boxes, mut band) = (Vec::new(), 0);
        if let Some(size) = key {
            match corner(&panel, size) {
                Some(r) => boxes.push(r),
                None => {
                    // Above the plot, the rows go in as many columns as its width holds.
                    let n = self.keys.len().max(1) as i32;
                    let step = size.0 - PADDING;
                    let fit = ((plot.right - plot.left - PADDING) / step).clamp(1, n);
                    let rows = (n + fit - 1) / fit;
                    let cols = (n + rows - 1) / rows;
                    let size = (PADDING + cols * step, 2 * PADDING + ROW * rows);
                    band = size.1 + PADDING;
                    let lower = Rect {
                        top: plot.top + band,
                        ..plot
                    };
                    panel = Panel::new(lower, self.x.clone(), self.y.clone(), &marks);
                    boxes.push(Rect::new((plot.left, plot.top), size));
                }
            }
        }
        for (label, &size) in self.labels.iter().zip(sizes) {
            let (x, y) = panel.pixel(label.at);
            let spot = label_spot(&panel, (x, y), size, &boxes)
                .unwrap_or_else(|| Rect::new((x + 8, y - size.1 - 4), size));
            boxes.push(spot);
        }
        let layout = Layout {
            panels: vec![panel],
            boxes,
        };
        (layout, band)
    }

    fn plot_on<DB, X, Y>(
        &self,
        area: &DrawingArea<DB, Shift>,
        xs: X,
        ys: Y,
    ) -> Result<(), Failed<DB>>
    where
        DB: DrawingBackend,
        X: AsRangedCoord<Value = f64>,
        Y: AsRangedCoord<Value = f64>,
        X::CoordDescType: ValueFormatter<f64>,
        Y::CoordDescType: ValueFormatter<f64>,
    {
        let mut chart = ChartBuilder::on(area)
            .margin(MARGIN as u32)
            .x_label_area_size(X_LABEL_AREA)
            .y_label_area_size(self.y_label_area)
            .build_cartesian_2d(xs, ys)?;
        let digits = decimals(&self.y.range());
        let numbers = move |v: &f64| format!("{v:.digits$}");
        let mut m = mesh(&mut chart, AXIS);
        m.x_desc(self.x_desc.as_str())
            .y_desc(self.y_desc.as_str())
            .x_labels(self.x_ticks)
            .x_label_formatter(self.x_label)
            .y_label_formatter(self.y_label.unwrap_or(&numbers));
        if !self.x_grid {
            m.disable_x_mesh();
        }
        m.draw()?;
        for s in self.guides.iter().chain(&self.series) {
            s.draw(&mut chart)?;
        }
        Ok(())
    }
}

/// The legend: a light box at `r`, one row per key, in as many columns as `r` is laid out
/// for.
fn draw_keys<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    r: &Rect,
    keys: &[(String, Key)],
) -> Result<(), Failed<DB>> {
    let rows = ((r.bottom - r.top - 2 * PADDING) / ROW).max(1);
    let cols = (keys.len() as i32 + rows - 1) / rows;
    let step = (r.right - r.left - PADDING) / cols.max(1);
    let corners = [(r.left, r.top), (r.right, r.bottom)];
    root.draw(&Rectangle::new(corners, WHITE.mix(0.9).filled()))?;
    root.draw(&Rectangle::new(corners, BLACK.mix(0.3)))?;
    let style = font(LEGEND).pos(Pos::new(HPos::Left, VPos::Center));
    for (i, (words, key)) in keys.iter().enumerate() {
        let (col, row) = (i as i32 / rows, i as i32 % rows);
        let (x, y) = (
            r.left + PADDING + step * col,
            r.top + PADDING + ROW * row + ROW / 2,
        );
        match *key {
            Key::Line(s) => root.draw(&PathElement::new(vec![(x, y), (x + KEY, y)], s))?,
            Key::Dot(radius, s) => root.draw(&Circle::new((x + KEY / 2, y), radius, s))?,
        }
        root.draw(&Text::new(words.clone(), (x + KEY + 8, y), style.clone()))?;
    }
    Ok(())
}

/// A label in its box `r`, with a thin leader line to its point when it had to move away.
fn draw_label<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    panel: &Panel,
    label: &Label,
    r: &Rect,
) -> Result<(), Failed<DB>> {
    let (x, y) = panel.pixel(label.at);
    let (w, h) = r.size();
    let (cx, cy) = ((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    if (cx - x).abs() > w / 2 + 14 || (cy - y).abs() > h / 2 + 14 {
        let ex = cx
            .clamp(r.left, r.right)
            .clamp(x.min(r.right), x.max(r.left));
        let ey = if cy < y { r.bottom } else { r.top };
        root.draw(&PathElement::new(
            vec![(x, y), (ex, ey)],
            label.colour.mix(0.5),
        ))?;
    }
    let style = font(LEGEND).color(&label.colour);
    root.draw(&Text::new(label.text.clone(), (r.left, r.top), style))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The layout's plot and pixels are plotters' own.
    #[test]
    fn the_layout_maps_values_as_plotters_does() {
        let mut svg = String::new();
        let root = SVGBackend::with_string(&mut svg, (1200, 800)).into_drawing_area();
        let xy = Xy::new(Scale::Linear(0.0..10.0), Scale::Log(1.0..1000.0), "", "");
        let whole = Rect::new((0, 0), (1200, 800));
        let (layout, _) = xy.arrange(whole, None, &[]);
        let chart = ChartBuilder::on(&root)
            .margin(MARGIN as u32)
            .x_label_area_size(X_LABEL_AREA)
            .y_label_area_size(80)
            .build_cartesian_2d(0f64..10f64, (1f64..1000f64).log_scale())
            .unwrap();
        let (x, y) = chart.plotting_area().get_pixel_range();
        let p = &layout.panels[0];
        assert_eq!((p.plot.left, p.plot.right), (x.start, x.end));
        assert_eq!((p.plot.top, p.plot.bottom), (y.start, y.end));
        for v in [(0.0, 1.0), (2.5, 10.0), (7.0, 300.0), (10.0, 1000.0)] {
            let (a, b) = (p.pixel(v), chart.backend_coord(&v));
            assert!(
                (a.0 - b.0).abs() <= 1 && (a.1 - b.1).abs() <= 1,
                "{v:?}: {a:?} {b:?}"
            );
        }
    }
}
