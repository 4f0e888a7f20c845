//! Drawing the charts: each [`Chart`] drawn by the file of its family on any plotters
//! backend ([`Chart::draw`] is generic over it, so the PNG and the SVG come from the same
//! code), and written as `<stem>.png` and `<stem>.svg`, each atomically.
//!
//! Text is drawn with DejaVu Sans compiled into the binary (`assets/DejaVuSans.ttf`,
//! registered with plotters' ab_glyph backend), so rendering needs no system font and gives
//! the same pixels on every machine.

use std::path::{Path, PathBuf};

use plotters::coord::Shift;
use plotters::prelude::*;

use crate::findings::facts::Facts;

use super::choose::{Chart, charts};
use super::layout::Layout;
use super::theme::{Drawn, HEIGHT, WIDTH, register_font};
use super::{
    cards, countdown, expected, nyt, phase, probability, shares, stacked, tradeoff, validation,
};

pub use crate::error::phase::ChartError;

/// A rendered chart: its files and what it shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rendered {
    pub stem: String,
    pub title: String,
    pub png: PathBuf,
    pub svg: PathBuf,
}

impl Chart {
    /// Draws the chart on `root`, which it fills; returns where everything went.
    pub fn draw<DB: DrawingBackend>(&self, root: &DrawingArea<DB, Shift>) -> Drawn<DB> {
        register_font();
        root.fill(&WHITE)?;
        let r = match self {
            Chart::Probability24 { decks } => probability::draw(root, &self.title(), decks),
            Chart::ExpectedSolutions { lines, .. } => expected::draw(root, &self.title(), lines),
            Chart::TradeOff {
                convention,
                points,
                front,
                ..
            } => tradeoff::draw(root, &self.title(), *convention, points, front),
            Chart::CountdownLarge { lines } => countdown::draw(root, &self.title(), lines),
            Chart::TargetCards { lines } => cards::draw(root, &self.title(), lines),
            Chart::Stacked {
                x_desc,
                y_desc,
                bands,
                categories,
                shares,
                ..
            } => stacked::draw(
                root,
                &self.title(),
                (x_desc, y_desc),
                bands,
                categories,
                shares,
            ),
            Chart::NytSlots { panels } => nyt::draw(root, &self.title(), panels),
            Chart::Validation { points, rho } => {
                validation::draw(root, &self.title(), points, *rho)
            }
            Chart::Phase { rescaled, cells } => phase::draw(root, &self.title(), cells, *rescaled),
            Chart::Shares {
                x_desc,
                y_desc,
                levels,
                lines,
                ..
            } => shares::draw(root, &self.title(), (x_desc, y_desc), levels, lines),
        };
        let layout = r?;
        root.present()?;
        Ok(layout)
    }

    /// Where everything goes on the chart (its axes, the pixel boxes of what it plots and of
    /// its legend and labels), as it is drawn.
    pub fn layout(&self) -> Result<Layout, ChartError> {
        let mut svg = String::new();
        let root = SVGBackend::with_string(&mut svg, (WIDTH, HEIGHT)).into_drawing_area();
        self.draw(&root).map_err(|e| ChartError::Draw {
            chart: self.stem(),
            source: Box::new(e),
        })
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
        let err = |e: Box<dyn std::error::Error + Send + Sync>| ChartError::Draw {
            chart: stem.clone(),
            source: e,
        };
        // Each file is drawn under a hidden name of this process (with its extension, which
        // the backends read) and renamed into place once complete.
        let hidden = |ext: &str| dir.join(format!(".{stem}.{}.tmp.{ext}", std::process::id()));
        let (png_tmp, svg_tmp) = (hidden("png"), hidden("svg"));
        {
            let root = BitMapBackend::new(&png_tmp, (WIDTH, HEIGHT)).into_drawing_area();
            self.draw(&root).map_err(|e| err(Box::new(e)))?;
        }
        {
            let root = SVGBackend::new(&svg_tmp, (WIDTH, HEIGHT)).into_drawing_area();
            self.draw(&root).map_err(|e| err(Box::new(e)))?;
        }
        for (tmp, dest) in [(&png_tmp, &png), (&svg_tmp, &svg)] {
            std::fs::rename(tmp, dest).map_err(|source| ChartError::Io {
                path: dest.clone(),
                source,
            })?;
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
pub fn render_all(data: &Path, dir: &Path) -> crate::Result<Vec<Rendered>> {
    let facts = Facts::load(data)?;
    Ok(render_facts(&facts, dir)?)
}

/// Renders every chart the facts allow into `dir`.
pub fn render_facts(facts: &Facts, dir: &Path) -> Result<Vec<Rendered>, ChartError> {
    charts(facts).iter().map(|c| c.render(dir)).collect()
}
