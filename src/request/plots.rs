//! `plots`: the charts and `REPORT.md` from the tables.

use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

use crate::error::Result;
use crate::error::file_error;
use crate::present::report;

pub use crate::present::plots::PlotsReport;
use crate::store::fingerprint::Made;

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

/// The record of the tables a report was drawn from, in the report's folder.
pub const RECORD: &str = "report.made.json";

impl PlotsRequest {
    pub fn run(&self) -> Result<PlotsReport> {
        let data = places::data(self.data.as_deref());
        let reports = places::reports(self.data.as_deref(), self.reports.as_deref());
        draw(&data, &reports, false)
    }
}

/// Draws the charts and writes `REPORT.md` under `reports` from the tables under `data`, and
/// the record of the tables it read; with `keep`, keeps a report this build drew from the
/// very same table files.
pub(super) fn draw(data: &Path, reports: &Path, keep: bool) -> Result<PlotsReport> {
    let made = Made::of(&inputs(data)?)?;
    let record = reports.join(RECORD);
    let kept = keep
        && made.recorded_at(&record)
        && reports.join("REPORT.md").is_file()
        && reports.join("charts").is_dir();
    let drawn = match kept {
        true => None,
        false => {
            let drawn = report::generate(data, reports)?;
            made.write(&record)?;
            Some(drawn)
        }
    };
    Ok(PlotsReport {
        data: data.to_path_buf(),
        reports: reports.to_path_buf(),
        drawn,
    })
}

/// Every table file under `data` (what a report reads), with its size and time of change:
/// a table written again, by any run, changes the record.
fn inputs(data: &Path) -> Result<Vec<(String, u64, u128)>> {
    fn walk(dir: &Path, root: &Path, out: &mut Vec<(String, u64, u128)>) -> Result<()> {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return Ok(());
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.starts_with('.') {
                continue;
            }
            let meta = entry.metadata().map_err(|e| file_error(&path, e))?;
            if meta.is_dir() {
                walk(&path, root, out)?;
            } else if name.ends_with(".parquet") {
                let changed = meta
                    .modified()
                    .ok()
                    .and_then(|t| t.duration_since(UNIX_EPOCH).ok());
                let relative = path.strip_prefix(root).unwrap_or(&path);
                out.push((
                    relative.to_string_lossy().into_owned(),
                    meta.len(),
                    changed.map_or(0, |d| d.as_nanos()),
                ));
            }
        }
        Ok(())
    }
    let mut out = Vec::new();
    walk(data, data, &mut out)?;
    out.sort();
    Ok(out)
}
