//! `phase`: the solvability phase transition `P(k, M)` into `phase.parquet`, then the charts
//! and the report (as `analyze` does).

use std::path::PathBuf;

use crate::error::Result;
use crate::game::rule_set::{Game, GameKind};
use crate::progress::Progress;
use crate::store;
use crate::store::fingerprint::Made;
use crate::variant::phase::{self, MAX_M, Method, Plan};
use crate::variant::phase_plan::DEFAULT_BUDGET;

use super::plots;

use super::{Bound, RulesOptions, places, pool};
pub use crate::present::phase::PhaseReport;

/// The record of what made `phase.parquet`, beside it.
pub const RECORD: &str = "phase.made.json";

/// Board sizes (`--k`).
pub const K: Bound = Bound::new("--k", 1, 7);
/// Ranges `1..M` (`--m`).
pub const M: Bound = Bound::new("--m", 1, MAX_M);
/// Boards per sampled cell (`--samples`).
pub const SAMPLES: Bound = Bound::new("--samples", 2, 10_000_000);
/// The most multisets of an exact cell (`--exact-limit`).
pub const EXACT_LIMIT: Bound = Bound::new("--exact-limit", 0, 20_000_000);
/// The sweep's budget in estimated CPU seconds (`--budget`): up to a week.
pub const BUDGET: Bound = Bound::new("--budget", 1, 604_800);

/// A sweep of `P(k, M)`; the default is the main job's.
#[derive(Clone, Debug)]
pub struct PhaseRequest {
    /// The rules boards are played under (the game's pool and targets do not apply).
    pub rules: RulesOptions,
    /// The data folder `phase.parquet` goes to (`--out`; `data` when not given).
    pub out: Option<PathBuf>,
    /// Board sizes.
    pub k: Vec<u32>,
    /// Ranges `1..M` the numbers and targets are drawn from.
    pub m: Vec<u64>,
    /// Boards per sampled cell.
    pub samples: u64,
    /// A cell is exact only when it has at most this many multisets (and the budget allows).
    pub exact_limit: u64,
    /// The estimated CPU seconds the sweep may take ([`crate::variant::phase_plan`]).
    pub budget: u64,
    /// The seed of the sampled cells' boards.
    pub seed: u64,
    /// Worker threads (one per core when not given); the output is the same for any.
    pub threads: Option<u16>,
    /// Where the charts and `REPORT.md` go (`OUT/reports` when the data folder was given,
    /// else `reports`).
    pub reports: Option<PathBuf>,
    /// `phase.parquet` only: no charts, no report.
    pub no_report: bool,
    /// Keep a `phase.parquet` this build wrote for the same sweep (its record,
    /// `phase.made.json`, equal to this one's) instead of sweeping again: the main job's.
    pub keep: bool,
}

impl Default for PhaseRequest {
    fn default() -> Self {
        PhaseRequest {
            rules: RulesOptions::default(),
            out: None,
            k: vec![2, 3, 4, 5, 6, 7],
            m: vec![10, 100, 1000, 10000],
            samples: 10_000,
            exact_limit: 5_000_000,
            budget: DEFAULT_BUDGET,
            seed: 2012,
            threads: None,
            reports: None,
            no_report: false,
            keep: false,
        }
    }
}

impl PhaseRequest {
    /// The sweep asked for, checked.
    pub fn plan(&self) -> Result<Plan> {
        for &k in &self.k {
            K.check(u64::from(k))?;
        }
        for &m in &self.m {
            M.check(m)?;
        }
        SAMPLES.check(self.samples)?;
        EXACT_LIMIT.check(self.exact_limit)?;
        BUDGET.check(self.budget)?;
        let plan = Plan {
            rules: self.rules.game()?.rules,
            ks: self.k.clone(),
            ms: self.m.clone(),
            exact_limit: self.exact_limit,
            samples: self.samples,
            seed: self.seed,
            budget: self.budget,
        };
        plan.check()?;
        Ok(plan)
    }

    /// Sweeps (or keeps the sweep this build wrote, with `keep`), writes `phase.parquet`
    /// and its record, then draws the report unless told not to.
    pub fn run(&self, progress: &dyn Progress) -> Result<PhaseReport> {
        let plan = self.plan()?;
        let countdown = plan.rules == Game::preset(GameKind::Countdown).rules;
        let rules = plan.rules.describe();
        let data = places::data(self.out.as_deref());
        let made = Made::of(&plan)?;
        let record = data.join(RECORD);
        let before = match self.keep && made.recorded_at(&record) {
            true => store::phase::read(&data).ok().flatten(),
            false => None,
        };
        let kept = before.is_some();
        let (cells, path) = match before {
            Some(cells) => (cells, store::phase::path(&data)),
            None => {
                let workers = pool(self.threads)?;
                progress.start("phase", "boards", Some(plan.boards()));
                let cells = workers.install(|| phase::sweep(&plan, &|n| progress.advance(n)));
                progress.finish();
                let cells = cells?;
                let path = store::phase::write(&data, &cells, (!countdown).then_some(&rules[..]))?;
                made.write(&record)?;
                (cells, path)
            }
        };
        let drawn = match self.no_report {
            true => None,
            false => {
                let reports = places::reports(self.out.as_deref(), self.reports.as_deref());
                Some(plots::draw(&data, &reports, false)?)
            }
        };
        Ok(PhaseReport {
            cells,
            rules,
            countdown,
            path,
            kept,
            drawn,
            budget: plan.budget,
            estimate: plan.seconds(),
            samples: plan.samples,
            over_budget: plan
                .cells()
                .iter()
                .filter(|c| c.method == Method::Skipped)
                .count(),
        })
    }
}
