//! Where a chart puts things, worked out as plain values before anything is drawn: each
//! panel's value axis (fitted to the data and its intervals, with round ends), the pixel
//! boxes of every point, bar, line and interval, and the boxes of the legend and the labels,
//! placed where they cover none of them. The chart is then drawn from this [`Layout`], and a
//! test checks it.

use std::ops::Range;

/// A box in pixels of the whole chart: `left..right` by `top..bottom`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rect {
    pub left: i32,
    pub top: i32,
    pub right: i32,
    pub bottom: i32,
}

impl Rect {
    pub fn new((left, top): (i32, i32), (width, height): (i32, i32)) -> Rect {
        Rect {
            left,
            top,
            right: left + width,
            bottom: top + height,
        }
    }

    /// The box `r` pixels around `(x, y)` each way.
    pub fn around((x, y): (i32, i32), r: i32) -> Rect {
        Rect {
            left: x - r,
            top: y - r,
            right: x + r,
            bottom: y + r,
        }
    }

    /// Whether the boxes share a pixel.
    pub fn intersects(&self, o: &Rect) -> bool {
        self.left <= o.right && o.left <= self.right && self.top <= o.bottom && o.top <= self.bottom
    }

    /// Whether `o` lies within this box.
    pub fn contains(&self, o: &Rect) -> bool {
        o.left >= self.left && o.right <= self.right && o.top >= self.top && o.bottom <= self.bottom
    }

    fn grown(self, by: i32) -> Rect {
        Rect {
            left: self.left - by,
            top: self.top - by,
            right: self.right + by,
            bottom: self.bottom + by,
        }
    }

    pub fn size(&self) -> (i32, i32) {
        (self.right - self.left, self.bottom - self.top)
    }
}

/// An axis: the values it spans, mapped linearly or by their logarithm.
#[derive(Clone, Debug, PartialEq)]
pub enum Scale {
    Linear(Range<f64>),
    Log(Range<f64>),
}

impl Scale {
    pub fn range(&self) -> Range<f64> {
        match self {
            Scale::Linear(r) | Scale::Log(r) => r.clone(),
        }
    }

    /// Where `v` falls along the axis: 0 at its start, 1 at its end.
    pub fn fraction(&self, v: f64) -> f64 {
        let (v, r) = match self {
            Scale::Linear(r) => (v, r.clone()),
            Scale::Log(r) => (v.log10(), r.start.log10()..r.end.log10()),
        };
        (v - r.start) / (r.end - r.start)
    }

    /// Whether `v` is on the axis.
    pub fn contains(&self, v: f64) -> bool {
        let f = self.fraction(v);
        (-1e-9..=1.0 + 1e-9).contains(&f)
    }

    /// The share of the axis's length that `values` span (on a log axis, in decades).
    pub fn filled_by(&self, values: &[f64]) -> f64 {
        let f = values.iter().map(|&v| self.fraction(v));
        let (lo, hi) = f.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| {
            (a.min(v), b.max(v))
        });
        if lo > hi { 0.0 } else { hi - lo }
    }

    /// The pixel of `v` along `from..to` (plotters' own rounding).
    fn pixel(&self, v: f64, (from, to): (i32, i32)) -> i32 {
        from + (f64::from(to - from) * self.fraction(v) + 1e-3).floor() as i32
    }
}

/// How far past its data an axis reaches each way, as a share of the data's span.
const PAD: f64 = 0.05;

/// The largest of 1, 2 and 5 times a power of ten that is at most `x`.
fn step_below(x: f64) -> f64 {
    let p = 10f64.powf(x.log10().floor());
    [5.0, 2.0, 1.0]
        .into_iter()
        .map(|m| m * p)
        .find(|&s| s <= x * (1.0 + 1e-9))
        .unwrap_or(p)
}

/// A linear value axis for `values` (the finite ones): padded a little past them, its ends
/// rounded outward to a round step (1, 2 or 5 times a power of ten, about a sixth of the
/// span), and kept within `limits` (a share's are 0 and 1) except by the padding where the
/// data reach a limit, so that a point there is drawn whole. Values that do not vary are
/// shown on the whole of finite limits.
pub fn linear_axis(values: impl Iterator<Item = f64>, limits: Range<f64>) -> Range<f64> {
    let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
    for v in values.filter(|v| v.is_finite()) {
        lo = lo.min(v);
        hi = hi.max(v);
    }
    if lo > hi {
        return limits.start.max(0.0)..limits.end.min(1.0).max(limits.start.max(0.0) + 1.0);
    }
    if hi - lo < 1e-9 {
        // Values that do not vary: a share is shown on its whole range, a count around it.
        (lo, hi) = if limits.start.is_finite() && limits.end.is_finite() {
            (limits.start.min(lo), limits.end.max(hi))
        } else {
            let half = (hi.abs() * 0.1).max(0.5);
            (lo - half, hi + half)
        };
    }
    let pad = (hi - lo) * PAD;
    let step = step_below((hi - lo + 2.0 * pad) / 6.0);
    let start = ((lo - pad) / step).floor() * step;
    let end = ((hi + pad) / step).ceil() * step;
    start.max(limits.start).min(lo - pad)..end.min(limits.end).max(hi + pad)
}

/// How many decimals tell apart the ticks of an axis over `r` (about ten ticks apart).
pub fn decimals(r: &Range<f64>) -> usize {
    let step = (r.end - r.start) / 10.0;
    if step.is_finite() && step > 0.0 {
        (-step.log10().floor()).clamp(0.0, 6.0) as usize
    } else {
        0
    }
}

/// A log value axis for `values` (the positive finite ones, kept within `1e-3..1e15`: a
/// value next to 0 would otherwise ask plotters for ticks over hundreds of decades): padded
/// a little past them, its ends rounded outward to 1, 2, 3 or 5 times a power of ten, and
/// holding at least one power of ten (plotters labels a log axis from those).
pub fn log_axis(values: impl Iterator<Item = f64>) -> Range<f64> {
    let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
    for v in values.filter(|v| v.is_finite() && *v > 0.0) {
        let v = v.clamp(1e-3, 1e15).log10();
        lo = lo.min(v);
        hi = hi.max(v);
    }
    if lo > hi {
        return 1.0..10.0;
    }
    let pad = ((hi - lo) * PAD).max(0.02);
    let (lo, hi) = (10f64.powf(lo - pad), 10f64.powf(hi + pad));
    let round = |v: f64, up: bool| {
        let p = 10f64.powf(v.log10().floor());
        let steps = [1.0, 2.0, 3.0, 5.0, 10.0].map(|m| m * p);
        if up {
            steps
                .into_iter()
                .find(|&s| s >= v * (1.0 - 1e-9))
                .unwrap_or(10.0 * p)
        } else {
            steps
                .into_iter()
                .rev()
                .find(|&s| s <= v * (1.0 + 1e-9))
                .unwrap_or(p)
        }
    };
    let (start, end) = (round(lo, false), round(hi, true));
    let decade = 10f64.powf(end.log10().floor());
    if decade < start * (1.0 - 1e-9) {
        decade..end
    } else {
        start..end
    }
}

/// What a chart draws, in the values of its axes.
#[derive(Clone, Debug, PartialEq)]
pub enum Mark {
    /// A dot of this radius in pixels.
    Point { at: (f64, f64), radius: i32 },
    /// A line through the points (an interval is a line of two), this many pixels wide.
    Line { points: Vec<(f64, f64)>, width: i32 },
    /// A bar between two corners.
    Bar { from: (f64, f64), to: (f64, f64) },
}

/// One plotting area of a chart and what is drawn in it.
#[derive(Clone, Debug, PartialEq)]
pub struct Panel {
    /// The plotting area, in pixels of the chart.
    pub plot: Rect,
    pub x: Scale,
    /// The value axis.
    pub y: Scale,
    /// Every value drawn along the value axis: points, line vertices and interval ends.
    pub values: Vec<f64>,
    /// The pixel boxes of every point, bar, stretch of line and interval.
    pub marks: Vec<Rect>,
}

impl Panel {
    pub fn new(plot: Rect, x: Scale, y: Scale, marks: &[Mark]) -> Panel {
        let mut p = Panel {
            plot,
            x,
            y,
            values: Vec::new(),
            marks: Vec::new(),
        };
        for m in marks {
            match m {
                Mark::Point { at, radius } => {
                    p.values.push(at.1);
                    p.marks.push(Rect::around(p.pixel(*at), *radius));
                }
                Mark::Line { points, width } => {
                    p.values.extend(points.iter().map(|q| q.1));
                    let px: Vec<(i32, i32)> = points.iter().map(|&q| p.pixel(q)).collect();
                    p.marks.extend(along(&px, (width / 2).max(1)));
                }
                Mark::Bar { from, to } => {
                    p.values.extend([from.1, to.1]);
                    let (a, b) = (p.pixel(*from), p.pixel(*to));
                    p.marks.push(Rect {
                        left: a.0.min(b.0),
                        top: a.1.min(b.1),
                        right: a.0.max(b.0),
                        bottom: a.1.max(b.1),
                    });
                }
            }
        }
        p
    }

    /// The pixel of a point.
    pub fn pixel(&self, (x, y): (f64, f64)) -> (i32, i32) {
        let p = &self.plot;
        (
            self.x.pixel(x, (p.left, p.right)),
            self.y.pixel(y, (p.bottom, p.top)),
        )
    }

    /// Whether `r` is clear of every mark (by a gap of a few pixels).
    pub fn clear(&self, r: &Rect) -> bool {
        let r = r.grown(6);
        !self.marks.iter().any(|m| m.intersects(&r))
    }
}

/// Boxes every few pixels along a polyline, `half` pixels each way.
fn along(px: &[(i32, i32)], half: i32) -> Vec<Rect> {
    if let [one] = px {
        return vec![Rect::around(*one, half)];
    }
    let mut out = Vec::new();
    for w in px.windows(2) {
        let ((x0, y0), (x1, y1)) = (w[0], w[1]);
        let steps = ((x1 - x0).abs().max((y1 - y0).abs()) / 3).max(1);
        for k in 0..=steps {
            let at = (x0 + (x1 - x0) * k / steps, y0 + (y1 - y0) * k / steps);
            out.push(Rect::around(at, half));
        }
    }
    out
}

/// What a chart's layout is: its panels and the boxes of its legend and labels.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    pub panels: Vec<Panel>,
    /// Legend and label boxes, in pixels of the chart.
    pub boxes: Vec<Rect>,
}

/// How far a legend stands in from the plot's edges, in pixels.
const INSET: i32 = 10;

/// A legend of `size` in the first corner of the panel's plot (upper right, upper left,
/// lower right, lower left) clear of every mark, or `None` when no corner is.
pub fn corner(panel: &Panel, (w, h): (i32, i32)) -> Option<Rect> {
    let p = &panel.plot;
    let (left, right) = (p.left + INSET, p.right - INSET - w);
    let (top, bottom) = (p.top + INSET, p.bottom - INSET - h);
    [(right, top), (left, top), (right, bottom), (left, bottom)]
        .into_iter()
        .map(|at| Rect::new(at, (w, h)))
        .find(|r| p.contains(r) && panel.clear(r))
}

/// The box of a `w` × `h` label of the point at `(x, y)`: the nearest spot around it, on
/// rings of growing radius in twelve directions, inside the plot and clear of every mark
/// and every box `taken`; `None` when there is none within reach.
pub fn label_spot(
    panel: &Panel,
    (x, y): (i32, i32),
    (w, h): (i32, i32),
    taken: &[Rect],
) -> Option<Rect> {
    (1..=16)
        .flat_map(|r| {
            (0..12).map(move |k| {
                let a = std::f64::consts::PI * 2.0 * f64::from(k) / 12.0;
                let d = 10.0 + 9.0 * f64::from(r - 1);
                let cx = x + (a.cos() * (d + f64::from(w) / 2.0)) as i32;
                let cy = y - (a.sin() * (d + f64::from(h) / 2.0)) as i32;
                Rect::new((cx - w / 2, cy - h / 2), (w, h))
            })
        })
        .find(|b| {
            panel.plot.contains(b)
                && panel.clear(b)
                && !taken.iter().any(|t| t.grown(2).intersects(b))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_small_share_gets_a_small_round_axis() {
        let r = linear_axis([0.02, 0.16, 0.07].into_iter(), 0.0..1.0);
        assert!(
            r.start >= 0.0 && r.start <= 0.02 && r.end >= 0.16 && r.end <= 0.2,
            "{r:?}"
        );
        assert!(
            (r.end * 100.0 - (r.end * 100.0).round()).abs() < 1e-6,
            "{r:?}"
        );
        // Data reaching both limits keep them, padded so the points are whole.
        let r = linear_axis([0.0, 1.0].into_iter(), 0.0..1.0);
        assert_eq!(r, -0.05..1.05);
        assert_eq!(linear_axis([1.0, 1.0].into_iter(), 0.0..1.0), -0.05..1.05);
        let r = linear_axis([3.0, 3.0].into_iter(), 0.0..f64::INFINITY);
        assert!(
            (r.start - 2.4).abs() < 1e-9 && (r.end - 3.6).abs() < 1e-9,
            "{r:?}"
        );
        assert_eq!(decimals(&(0.0..0.18)), 2);
        assert_eq!(decimals(&(2.0..4.5)), 1);
        assert_eq!(decimals(&(0.0..40.0)), 0);
    }

    #[test]
    fn a_log_axis_holds_a_power_of_ten_and_stays_within_bounds() {
        assert_eq!(log_axis([2.0, 50.0].into_iter()), 1.0..100.0);
        assert_eq!(log_axis([3.0, 400.0].into_iter()), 2.0..1000.0);
        assert_eq!(log_axis([f64::NAN, 0.0, -3.0].into_iter()), 1.0..10.0);
        let r = log_axis([1.274_611_502_979_050_9e-307, 20.0, f64::INFINITY].into_iter());
        assert!(r.start >= 4e-4 && r.end <= 50.0, "{r:?}");
        assert_eq!(log_axis([30.0, 60.0].into_iter()), 20.0..100.0);
        assert_eq!(log_axis([3.0, 210.0].into_iter()), 2.0..300.0);
    }

    #[test]
    fn a_legend_takes_the_first_empty_corner() {
        let plot = Rect::new((0, 0), (400, 300));
        let s = Scale::Linear(0.0..1.0);
        let crowded = [(0.95, 0.95), (0.05, 0.95)].map(|at| Mark::Point { at, radius: 4 });
        let panel = Panel::new(plot, s.clone(), s, &crowded);
        let r = corner(&panel, (100, 50)).unwrap();
        assert_eq!((r.left, r.top), (290, 240), "{r:?}");
        assert!(panel.clear(&r));
    }
}
