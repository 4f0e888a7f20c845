//! `analyze`: corpora into tables, then — for the main job, every default corpus — the
//! default phase sweep, then the charts and the report. This is the main job's sequence;
//! every front end runs it through [`AnalyzeRequest::run`].

use std::path::PathBuf;

use crate::analyze::{self, Options};
use crate::corpus::Shard;
use crate::error::Result;
use crate::progress::Progress;

use crate::present;

use super::phase::PhaseRequest;
use super::plots;

use super::{Bound, CorpusOptions, places, pool};
pub use crate::present::analyze::AnalyzeReport;

/// Memory for shared sub-board tables, in MiB (`--cache-mb`).
pub const CACHE_MB: Bound = Bound::new("--cache-mb", 0, 1 << 20);
/// Its default.
pub const DEFAULT_CACHE_MB: u32 = 192;

/// Corpora to run, and what to draw from them.
#[derive(Clone, Debug)]
pub struct AnalyzeRequest {
    pub corpora: CorpusOptions,
    /// The folder that gets one sub-folder of tables per corpus (`data` when not given).
    pub out: Option<PathBuf>,
    /// Where the charts and `REPORT.md` go once every corpus's tables are complete
    /// (`OUT/reports` when the data folder was given, else `reports`).
    pub reports: Option<PathBuf>,
    /// The tables only: no phase sweep, no charts, no report.
    pub no_report: bool,
    /// Keep the pieces a stopped run of the same request finished.
    pub resume: bool,
    /// Worker threads (one per core when not given).
    pub threads: Option<u16>,
    /// Only this shard of the boards.
    pub shard: Shard,
    /// Memory for sub-board tables shared across boards, in MiB.
    pub cache_mb: u32,
    /// Only what reachability gives (solvable, `min_ops`, the closest value); no report.
    pub reach_only: bool,
    /// Recompute every table, the phase sweep and the report, even those this build
    /// already wrote for the same request (which are otherwise kept).
    pub force: bool,
}

impl Default for AnalyzeRequest {
    fn default() -> Self {
        AnalyzeRequest {
            corpora: CorpusOptions::default(),
            out: None,
            reports: None,
            no_report: false,
            resume: false,
            threads: None,
            shard: Shard::default(),
            cache_mb: DEFAULT_CACHE_MB,
            reach_only: false,
            force: false,
        }
    }
}

impl AnalyzeRequest {
    /// Runs every corpus asked for, one at a time (each is enumerated just before it runs,
    /// so that only one is in memory), telling `progress` of each as it finishes; then,
    /// when every corpus's tables are complete and a report is wanted, the main job's phase
    /// sweep (for every default corpus) and the report.
    pub fn run(&self, progress: &dyn Progress) -> Result<AnalyzeReport> {
        CACHE_MB.check(u64::from(self.cache_mb))?;
        let corpora = self.corpora.corpora()?;
        let opts = Options {
            out: places::data(self.out.as_deref()),
            shard: self.shard,
            cache_budget: (self.cache_mb as usize).saturating_mul(1 << 20),
            resume: self.resume,
            reach_only: self.reach_only,
            force: self.force,
        };
        let workers = pool(self.threads)?;
        let mut report = AnalyzeReport {
            out: opts.out.clone(),
            ..AnalyzeReport::default()
        };
        let mut complete = true;
        for i in 0..corpora.len() {
            let s = workers.install(|| analyze::analyze(&corpora.build(i)?, &opts, progress))?;
            complete &= s.targets_written;
            progress.note(&present::analyze::corpus_line(
                &report.out,
                &s,
                self.reach_only,
            ));
            report.corpora.push(s);
        }
        // The report is about whole corpora: a shard that leaves some to other shards draws
        // none. Nor does a reach-only run: the report needs solution counts, and would
        // replace one drawn from full tables.
        if self.no_report || self.reach_only {
            return Ok(report);
        }
        if !complete {
            report.waiting_for_shards = true;
            return Ok(report);
        }
        if self.corpora.is_all() {
            // The main job's report has the phase-transition section too: its default sweep
            // beside the corpora's tables.
            progress.note(
                "phase: the default sweep of P(k, M) for the report's phase-transition section",
            );
            let sweep = PhaseRequest {
                out: Some(opts.out.clone()),
                threads: self.threads,
                no_report: true,
                keep: !self.force,
                ..PhaseRequest::default()
            };
            let phase = sweep.run(progress)?;
            if phase.kept {
                progress.note(&present::analyze::phase_kept(&phase));
            }
            report.phase = Some(phase);
        }
        let reports = places::reports(self.out.as_deref(), self.reports.as_deref());
        report.drawn = Some(plots::draw(&opts.out, &reports, !self.force)?);
        Ok(report)
    }
}
