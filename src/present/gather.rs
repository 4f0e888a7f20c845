//! `gather`'s report as a person reads it: the summaries and digests written or kept.

use std::fmt;

use crate::analyze::GatherReport;
use crate::digest::Status;

/// One line per file written, or digest kept.
impl fmt::Display for GatherReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text: String = (self.written.iter())
            .map(|p| format!("wrote {}\n", p.display()))
            .collect();
        for (dir, status) in &self.digests {
            let files = format!(
                "{} and tallies.parquet",
                dir.join("hardest.parquet").display()
            );
            match status {
                Some(Status::Written) => text.push_str(&format!("wrote {files}\n")),
                Some(Status::Kept) => text.push_str(&format!(
                    "kept {files} (this build's, of the same tables)\n"
                )),
                None => {}
            }
        }
        f.write_str(&text)
    }
}
