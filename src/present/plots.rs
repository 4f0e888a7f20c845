//! `plots`'s report (what was drawn, from which data folder) and how a person reads it: what
//! was written on standard output, what was skipped and why on standard error. `analyze` and
//! `phase` print the same when they draw the report.

use std::fmt;
use std::path::PathBuf;

use crate::present::report::Generated;

/// What `plots` drew, from which data folder.
#[derive(Clone, Debug)]
pub struct PlotsReport {
    pub data: PathBuf,
    pub reports: PathBuf,
    /// What was drawn; `None` when the report was kept.
    pub drawn: Option<Generated>,
}

/// What was skipped and why, one line each (standard error).
pub fn notes(r: &PlotsReport) -> Vec<String> {
    let Some(drawn) = &r.drawn else {
        return vec![format!(
            "report: up to date, kept (drawn by this build from the same tables) → {}",
            r.reports.join("REPORT.md").display()
        )];
    };
    let mut o: Vec<String> = (drawn.skipped.iter())
        .map(|s| {
            format!(
                "skipped corpus `{s}`: no folder {}",
                r.data.join(s).display()
            )
        })
        .collect();
    if !drawn.digest_computed.is_empty() {
        let names: Vec<String> = (drawn.digest_computed.iter())
            .map(|s| format!("`{s}`"))
            .collect();
        o.push(format!(
            "corpora {}: tables without a digest of theirs (written by an older build): \
             their hardest lists were computed for this report, which is slower; `digits-lab \
             analyze` stores them",
            names.join(", ")
        ));
    }
    o.extend(drawn.reach_only.iter().map(|s| {
        format!(
            "corpus `{s}`: reach-only tables (`analyze --reach-only`): its headline figures \
             only, no charts"
        )
    }));
    o
}

/// What was written (standard output); nothing when the report was kept.
impl fmt::Display for PlotsReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(drawn) = &self.drawn else {
            return Ok(());
        };
        writeln!(
            f,
            "wrote {} and {} charts (PNG and SVG) under {}",
            drawn.report.display(),
            drawn.charts.len(),
            self.reports.join("charts").display()
        )
    }
}
