//! `analyze`'s report (each corpus's summary, the phase sweep and the report when drawn) and
//! its lines for standard error: one per corpus as it finishes, the phase sweep kept, and
//! why no report was drawn yet.

use std::path::{Path, PathBuf};

use crate::analyze::Summary;
use crate::digest::Status;
use crate::present::phase::PhaseReport;
use crate::present::plots::PlotsReport;

/// What the run did: each corpus's summary, the phase sweep and the report when drawn.
#[derive(Clone, Debug, Default)]
pub struct AnalyzeReport {
    pub out: PathBuf,
    pub corpora: Vec<Summary>,
    pub phase: Option<PhaseReport>,
    pub drawn: Option<PlotsReport>,
    /// No report yet because other shards are still to come.
    pub waiting_for_shards: bool,
}

/// What `analyze` says beyond the report's own lines (standard error).
pub fn notes(report: &AnalyzeReport) -> Vec<String> {
    match report.waiting_for_shards {
        true => vec![
            "no report yet: other shards are still to come (`digits-lab plots` draws it once \
             every shard is in)"
                .to_string(),
        ],
        false => Vec::new(),
    }
}

/// The phase sweep kept (standard error).
pub fn phase_kept(phase: &PhaseReport) -> String {
    format!(
        "phase: up to date, kept (written by this build for the same sweep) → {}",
        phase.path.display()
    )
}

/// One corpus's line (standard error, as it finishes): its boards, puzzles, time and folder
/// under `out`.
pub fn corpus_line(out: &Path, s: &Summary, reach_only: bool) -> String {
    let folder = out.join(&s.corpus);
    // A digest written now beside tables kept or computed: what it took.
    let digest = match s.digest {
        Some(Status::Written) => {
            format!(", hardest lists {:.1} s", s.digest_seconds)
        }
        _ => String::new(),
    };
    if s.kept {
        return format!(
            "{}: up to date, kept ({} boards, {} puzzles, written by this build for the same \
             request{digest}) → {}",
            s.corpus,
            s.boards,
            s.puzzles,
            folder.display()
        );
    }
    let resumed = match s.pieces_resumed {
        0 => String::new(),
        r => format!(", {r} of {} pieces kept from before", s.pieces),
    };
    let unique = match reach_only {
        true => String::new(),
        false => format!(", {} unique", s.unique),
    };
    format!(
        "{}: {} boards, {} puzzles ({} solvable{unique}) in {:.1} s{digest}{resumed} → {}",
        s.corpus,
        s.boards,
        s.puzzles,
        s.solvable,
        s.seconds,
        folder.display()
    )
}
