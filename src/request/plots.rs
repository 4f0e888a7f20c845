//! `plots`: the charts and `REPORT.md` from the tables.

use std::path::{Path, PathBuf};

use crate::error::{Error, Result};
use crate::present::charts::ChartError;
use crate::present::report::{self, Generated};

use super::places;

/// The charts and the report drawn from a data folder's tables.
#[derive(Clone, Debug, Default)]
pub struct PlotsRequest {
    /// The folder holding one folder of tables per corpus (`--data`; `data` when not given).
    pub data: Option<PathBuf>,
    /// Where `REPORT.md` and `charts/` go (`--reports`; `DATA/reports` when the data folder
    /// was given, else `reports`).
    pub reports: Option<PathBuf>,
}

/// What `plots` drew, from which data folder.
#[derive(Clone, Debug)]
pub struct PlotsReport {
    pub data: PathBuf,
    pub reports: PathBuf,
    pub drawn: Generated,
}

impl PlotsRequest {
    pub fn run(&self) -> Result<PlotsReport> {
        let data = places::data(self.data.as_deref());
        let reports = places::reports(self.data.as_deref(), self.reports.as_deref());
        draw(&data, &reports)
    }
}

/// Draws the charts and writes `REPORT.md` under `reports` from the tables under `data`.
pub(super) fn draw(data: &Path, reports: &Path) -> Result<PlotsReport> {
    let drawn = report::generate(data, reports).map_err(|e| match e {
        ChartError::Read(r) if r.is_input() => Error::input(r.to_string()),
        ChartError::Write(e) => e,
        e => Error::Io(e.to_string()),
    })?;
    Ok(PlotsReport {
        data: data.to_path_buf(),
        reports: reports.to_path_buf(),
        drawn,
    })
}

impl PlotsReport {
    /// What was skipped and why, one line each (standard error).
    pub fn notes(&self) -> Vec<String> {
        let mut o: Vec<String> = (self.drawn.skipped.iter())
            .map(|s| {
                format!(
                    "skipped corpus `{s}`: no folder {}",
                    self.data.join(s).display()
                )
            })
            .collect();
        o.extend(self.drawn.reach_only.iter().map(|s| {
            format!(
                "corpus `{s}`: reach-only tables (`analyze --reach-only`): its headline figures \
                 only, no charts"
            )
        }));
        o
    }

    /// What was written (standard output).
    pub fn to_text(&self) -> String {
        format!(
            "wrote {} and {} charts (PNG and SVG) under {}\n",
            self.drawn.report.display(),
            self.drawn.charts.len(),
            self.reports.join("charts").display()
        )
    }
}
