//! `digits-lab plots`: the charts and `REPORT.md` from the tables.

use std::path::{Path, PathBuf};

use clap::Args;

use crate::error::Error;
use crate::present::charts::ChartError;
use crate::present::report;

use super::places;

#[derive(Debug, Args)]
pub struct PlotsArgs {
    /// The folder holding one folder of tables per corpus [default: data].
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
    /// Where REPORT.md and charts/ go [default: DATA/reports with --data, else reports]
    /// (`--out` is an older name of this flag).
    #[arg(long, value_name = "DIR", alias = "out")]
    pub reports: Option<PathBuf>,
}

pub(super) fn run(args: &PlotsArgs) -> anyhow::Result<()> {
    let data = places::data(args.data.as_deref());
    let reports = places::reports(args.data.as_deref(), args.reports.as_deref());
    report(&data, &reports, false)
}

/// Draws the charts and writes REPORT.md under `out` from the tables under `data`, saying
/// what it wrote unless `quiet`.
pub(super) fn report(data: &Path, out: &Path, quiet: bool) -> anyhow::Result<()> {
    let g = report::generate(data, out).map_err(|e| match e {
        ChartError::Read(r) if r.is_input() => anyhow::Error::from(Error::input(r.to_string())),
        e => e.into(),
    })?;
    if quiet {
        return Ok(());
    }
    for s in &g.skipped {
        eprintln!("skipped corpus `{s}`: no folder {}", data.join(s).display());
    }
    for s in &g.reach_only {
        eprintln!(
            "corpus `{s}`: reach-only tables (`analyze --reach-only`): its headline figures only, \
             no charts"
        );
    }
    println!(
        "wrote {} and {} charts (PNG and SVG) under {}",
        g.report.display(),
        g.charts.len(),
        out.join("charts").display()
    );
    Ok(())
}
