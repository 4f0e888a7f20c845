//! `digits-lab plots`: the charts and `REPORT.md` from the tables.

use std::path::PathBuf;

use clap::Args;

use digits_lab::present;
use digits_lab::request::{PlotsReport, PlotsRequest};

#[derive(Debug, Args)]
pub struct PlotsArgs {
    /// The folder holding one folder of tables per corpus [default: data].
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
    /// Where REPORT.md and charts/ go [default: DATA/reports with --data, else reports]
    /// (`--out` is an older name of this flag).
    #[arg(long, value_name = "DIR", alias = "out")]
    pub reports: Option<PathBuf>,
    /// No notes on standard error (what was skipped); what was written is still printed.
    #[arg(long)]
    pub quiet: bool,
}

impl PlotsArgs {
    pub fn request(&self) -> PlotsRequest {
        PlotsRequest {
            data: self.data.clone(),
            reports: self.reports.clone(),
        }
    }
}

pub(super) fn run(args: &PlotsArgs) -> anyhow::Result<()> {
    print(&args.request().run()?, args.quiet);
    Ok(())
}

/// What was skipped on standard error (unless `quiet`), what was written on standard output.
pub(super) fn print(report: &PlotsReport, quiet: bool) {
    if !quiet {
        for line in present::plots::notes(report) {
            eprintln!("{line}");
        }
    }
    print!("{report}");
}
