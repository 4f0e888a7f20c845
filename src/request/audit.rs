//! `audit`: a puzzle dataset run through the engine under a game's rules.

use std::path::PathBuf;

use crate::dataset::audit::{self, AuditSummary};

pub use crate::dataset::audit::AuditReport;
use crate::dataset::input::Columns;
use crate::error::Result;
use crate::generate::bands::{Band, Bands};
use crate::progress::Progress;

use super::{GameOptions, pool};

/// A dataset to audit.
#[derive(Clone, Debug, Default)]
pub struct AuditRequest {
    pub game: GameOptions,
    /// A CSV, JSONL or Parquet file with the numbers and the target (unless the game fixes
    /// it) of each row.
    pub input: PathBuf,
    pub columns: Columns,
    /// Where the audited rows go (Parquet); `INPUT.audit.parquet` beside the input when not
    /// given.
    pub out: Option<PathBuf>,
    /// Worker threads (one per core when not given); the rows do not depend on it.
    pub threads: Option<u16>,
}

impl AuditRequest {
    /// Where the rows go.
    pub fn out(&self) -> PathBuf {
        (self.out.clone()).unwrap_or_else(|| super::places::beside(&self.input, "audit.parquet"))
    }

    pub fn run(&self, progress: &dyn Progress) -> Result<AuditReport> {
        let game = self.game.game()?;
        let out = self.out();
        // The difficulty bands of a standard game, whose cut points are constants; another
        // game's would take a sample of its puzzles to derive.
        let bands = Bands::known(&game);
        let band_of = bands.map(|b| move |score: f64| b.band_of(score).name());
        let rows = pool(self.threads)?.install(|| {
            audit::audit(
                &game,
                &self.input,
                &self.columns,
                band_of
                    .as_ref()
                    .map(|f| f as &(dyn Fn(f64) -> &'static str + Sync)),
                progress,
            )
        })?;
        audit::write(&out, &rows)?;
        let summary = AuditSummary::of(&rows);
        let shares = match bands {
            Some(_) => Band::ALL.map(|b| (b.name(), Bands::share(b))).to_vec(),
            None => Vec::new(),
        };
        Ok(AuditReport {
            out,
            summary,
            shares,
        })
    }
}
