//! `digits-lab plots`: the charts and `REPORT.md` from the tables.

use std::path::PathBuf;

use clap::Args;

use crate::request::{PlotsReport, PlotsRequest};

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
    let request = PlotsRequest {
        data: args.data.clone(),
        reports: args.reports.clone(),
    };
    print(&request.run()?);
    Ok(())
}

/// What was skipped on standard error, what was written on standard output.
pub(super) fn print(report: &PlotsReport) {
    for line in report.notes() {
        eprintln!("{line}");
    }
    print!("{}", report.to_text());
}
