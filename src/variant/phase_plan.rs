//! The phase sweep's plan: for each cell `(k, M)`, whether it is exact (every multiset),
//! sampled (seeded random boards, and how many) or skipped, by an estimate of its cost under
//! the rule set ([`super::phase_costs`]) against a budget of CPU time for the whole sweep.
//! The estimate is made of constants, never of a clock, so a plan is the same on every
//! machine and at every thread count, and so are the bytes of `phase.parquet`.
//!
//! How a plan is made (costs in estimated CPU nanoseconds, `c` one board's):
//! 1. **What each cell would like**: exact when it has at most `min(samples, exact_limit)`
//!    multisets (fewer boards than a sample, every one of them), else `samples` boards.
//! 2. **If that exceeds the budget**, the costliest cells give way first: each cell gets at
//!    most a share `X` of time, the largest `X` for which the whole sweep fits, and a cell
//!    whose wish costs more than `X` is sampled with `X / c` boards, never fewer than
//!    [`MIN_SAMPLES`]; when even [`MIN_SAMPLES`] boards of every cell do not fit, the cells
//!    whose minimum costs most are skipped until the rest fit.
//! 3. **If budget is left**, sampled cells become exact, the cheapest step up first, as long
//!    as they have at most `exact_limit` multisets and the sweep still fits.

use serde::Serialize;

use crate::engine::reach::bounded::MAX_NUMBERS;
use crate::error::{Error, Result};
use crate::game::rules::Rules;

use super::phase::{Method, multisets};
use super::phase_costs::board_ns;

/// The fewest boards a sampled cell gets: below it a 95% interval from the normal
/// approximation means little, so the cell is skipped instead.
pub const MIN_SAMPLES: u64 = 20;

/// The default budget, in CPU seconds: the default sweep under any named game fits
/// (Countdown's, estimated at 124 s, keeps every exact cell and 10,000 boards per sampled
/// cell), about a minute and a half of wall time on two free cores.
pub const DEFAULT_BUDGET: u64 = 180;

/// The largest `M` a sweep takes: the windowed reach of 7 numbers of at most 10,000 keeps
/// every value it must inside 64 bits (a sub-board of 4 makes at most 10^16; larger ones
/// have windows of at most 10^12), so no board of the sweep can overflow.
pub const MAX_M: u64 = 10_000;

/// What to sweep and how.
#[derive(Clone, Debug, Serialize)]
pub struct Plan {
    /// The rules boards are played under.
    pub rules: Rules,
    pub ks: Vec<u32>,
    pub ms: Vec<u64>,
    /// A cell is exact only when it has at most this many multisets.
    pub exact_limit: u64,
    /// Boards per sampled cell (fewer when the budget asks).
    pub samples: u64,
    pub seed: u64,
    /// The estimated CPU seconds the whole sweep may take.
    pub budget: u64,
}

/// One cell as planned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Planned {
    pub k: u32,
    pub m: u64,
    pub method: Method,
    /// Boards to evaluate: every multiset, the sample, or none when skipped.
    pub boards: u64,
    /// Estimated CPU nanoseconds of one board.
    pub board_ns: u64,
}

impl Planned {
    /// The cell's estimated CPU nanoseconds.
    pub fn ns(&self) -> u128 {
        u128::from(self.boards) * u128::from(self.board_ns)
    }
}

impl Plan {
    /// Refuses a grid the sweep cannot take, before any work.
    pub fn check(&self) -> Result<()> {
        if self.ks.is_empty() || self.ms.is_empty() {
            return Err(Error::input("the sweep needs at least one k and one M"));
        }
        if let Some(&k) = self
            .ks
            .iter()
            .find(|&&k| k == 0 || k as usize > MAX_NUMBERS)
        {
            return Err(Error::input(format!(
                "k = {k} is out of range: k goes from 1 to {MAX_NUMBERS}"
            )));
        }
        if let Some(&m) = self.ms.iter().find(|&&m| m == 0 || m > MAX_M) {
            return Err(Error::input(format!(
                "M = {m} is out of range: M goes from 1 to {MAX_M}"
            )));
        }
        if self.samples < 2 {
            return Err(Error::input("a sampled cell needs at least 2 boards"));
        }
        if self.budget == 0 {
            return Err(Error::input("the budget must be at least 1 second"));
        }
        Ok(())
    }

    /// Boards the whole sweep measures, for a progress bar.
    pub fn boards(&self) -> u64 {
        self.cells().iter().map(|c| c.boards).sum()
    }

    /// The estimated CPU seconds of the whole sweep as planned.
    pub fn seconds(&self) -> f64 {
        self.cells().iter().map(|c| c.ns()).sum::<u128>() as f64 / 1e9
    }

    /// The cells in sweep order (by `M`, then `k`) and how each will be computed.
    pub fn cells(&self) -> Vec<Planned> {
        let budget = u128::from(self.budget) * 1_000_000_000;
        let min = MIN_SAMPLES.min(self.samples);
        // 1. What each cell would like.
        let mut cells: Vec<(Planned, Option<u128>)> = Vec::new();
        for &m in &self.ms {
            for &k in &self.ks {
                let n = multisets(k, m).filter(|&n| n <= u128::from(self.exact_limit));
                let board_ns = board_ns(&self.rules, k, m).max(1);
                let (method, boards) = match n {
                    Some(n) if n <= u128::from(self.samples) => (Method::Exact, n as u64),
                    _ => (Method::Sampled, self.samples),
                };
                let cell = Planned {
                    k,
                    m,
                    method,
                    boards,
                    board_ns,
                };
                cells.push((cell, n));
            }
        }
        let total = |cells: &[(Planned, Option<u128>)]| cells.iter().map(|c| c.0.ns()).sum();
        let wished: u128 = total(&cells);
        if wished > budget {
            fit(&mut cells, budget, min);
        } else {
            step_up(&mut cells, budget - wished);
        }
        cells.into_iter().map(|c| c.0).collect()
    }
}

/// Step 2: shares of at most `X` each, the largest `X` that fits, skipping first if need be.
fn fit(cells: &mut [(Planned, Option<u128>)], budget: u128, min: u64) {
    // The least each cell can cost: its wish, or `min` boards.
    let least = |c: &Planned| c.ns().min(u128::from(min) * u128::from(c.board_ns));
    let mut floor: u128 = cells.iter().map(|c| least(&c.0)).sum();
    // Skip the costliest minimums (the later cell first among equals) until the rest fit.
    let mut order: Vec<usize> = (0..cells.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(least(&cells[i].0)), std::cmp::Reverse(i)));
    for &i in &order {
        if floor <= budget {
            break;
        }
        floor -= least(&cells[i].0);
        cells[i].0.method = Method::Skipped;
        cells[i].0.boards = 0;
    }
    let live = |c: &Planned| c.method != Method::Skipped;
    let spent = |x: u128, cells: &[(Planned, Option<u128>)]| -> u128 {
        cells
            .iter()
            .filter(|c| live(&c.0))
            .map(|c| c.0.ns().min(x.max(least(&c.0))))
            .sum()
    };
    // The largest share that fits, by bisection on whole nanoseconds.
    let (mut lo, mut hi) = (0u128, cells.iter().map(|c| c.0.ns()).max().unwrap_or(0));
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if spent(mid, cells) <= budget {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    for (c, _) in cells.iter_mut().filter(|c| live(&c.0)) {
        if c.ns() > lo.max(least(c)) {
            let n = (lo / u128::from(c.board_ns)) as u64;
            c.method = Method::Sampled;
            c.boards = n.max(min);
        }
    }
}

/// Step 3: sampled cells made exact, the cheapest step up first, while the sweep fits.
fn step_up(cells: &mut [(Planned, Option<u128>)], mut left: u128) {
    let mut ups: Vec<(u128, usize)> = cells
        .iter()
        .enumerate()
        .filter_map(|(i, (c, n))| {
            let n = (*n)?;
            (c.method == Method::Sampled).then(|| {
                let exact = n.saturating_mul(u128::from(c.board_ns));
                (exact.saturating_sub(c.ns()), i)
            })
        })
        .collect();
    ups.sort_unstable();
    for (extra, i) in ups {
        if extra > left {
            continue;
        }
        left -= extra;
        let (c, n) = &mut cells[i];
        c.method = Method::Exact;
        c.boards = n.expect("only cells with a count step up") as u64;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rule_set::{Game, GameKind};

    fn plan(kind: GameKind, budget: u64) -> Plan {
        Plan {
            rules: Game::preset(kind).rules,
            ks: vec![2, 3, 4, 5, 6, 7],
            ms: vec![10, 100, 1000, 10000],
            exact_limit: 5_000_000,
            samples: 10_000,
            seed: 2012,
            budget,
        }
    }

    fn methods(cells: &[Planned]) -> Vec<(u32, u64, Method, u64)> {
        cells
            .iter()
            .map(|c| (c.k, c.m, c.method, c.boards))
            .collect()
    }

    /// Countdown's default sweep keeps the cells it had before the plan went by cost: exact
    /// where a cell has at most 5,000,000 multisets, 10,000 boards elsewhere.
    #[test]
    fn countdowns_default_sweep_is_planned_as_before() {
        let p = plan(GameKind::Countdown, DEFAULT_BUDGET);
        let cells = p.cells();
        assert_eq!(cells.len(), 24);
        for c in &cells {
            let n = multisets(c.k, c.m).unwrap();
            if n <= 5_000_000 {
                assert_eq!(
                    (c.method, u128::from(c.boards)),
                    (Method::Exact, n),
                    "{c:?}"
                );
            } else {
                assert_eq!((c.method, c.boards), (Method::Sampled, 10_000), "{c:?}");
            }
        }
        assert_eq!(
            cells.iter().filter(|c| c.method == Method::Exact).count(),
            10
        );
        assert!(p.seconds() <= DEFAULT_BUDGET as f64, "{}", p.seconds());
    }

    /// Every named game's default sweep fits the default budget with every cell computed,
    /// each sampled cell with at least the fewest boards, and the same plan every time.
    #[test]
    fn every_named_games_default_sweep_fits_the_budget() {
        for kind in GameKind::ALL {
            let p = plan(kind, DEFAULT_BUDGET);
            let cells = p.cells();
            assert_eq!(methods(&cells), methods(&p.cells()), "{kind:?}");
            let spent: u128 = cells.iter().map(Planned::ns).sum();
            assert!(
                spent <= u128::from(DEFAULT_BUDGET) * 1_000_000_000,
                "{kind:?}"
            );
            for c in &cells {
                assert_ne!(c.method, Method::Skipped, "{kind:?} {c:?}");
                assert!(c.boards >= MIN_SAMPLES.min(multisets(c.k, c.m).unwrap() as u64));
                assert!(c.boards <= 10_000 || c.method == Method::Exact);
            }
        }
        // The 24 game's boards of seven rationals cost far more than Countdown's: its costly
        // cells get fewer boards, the cheap ones keep theirs.
        let cells = plan(GameKind::TwentyFour, DEFAULT_BUDGET).cells();
        let at = |k, m| cells.iter().find(|c| c.k == k && c.m == m).unwrap();
        assert_eq!(at(2, 10).method, Method::Exact);
        assert!(at(7, 10_000).boards < 10_000);
        assert_eq!(at(2, 10_000).boards, 10_000);
    }

    /// A larger budget never computes less: every cell keeps at least its boards, or becomes
    /// exact; a tiny one skips the costliest cells first; `exact_limit` caps exact cells.
    #[test]
    fn the_budget_decides_monotonically_and_exact_limit_caps() {
        let mut before = plan(GameKind::TwentyFour, 1).cells();
        assert!(before.iter().any(|c| c.method == Method::Skipped));
        // What is skipped costs at least as much at its fewest boards as what is not.
        let least = |c: &Planned| u128::from(MIN_SAMPLES) * u128::from(c.board_ns);
        let skipped = before.iter().filter(|c| c.method == Method::Skipped);
        let kept_max = before
            .iter()
            .filter(|c| c.method == Method::Sampled)
            .map(least)
            .max()
            .unwrap_or(0);
        assert!(skipped.map(least).all(|s| s >= kept_max));
        for budget in [5, 30, 100, 240, 1_000, 10_000, 100_000] {
            let p = plan(GameKind::TwentyFour, budget);
            let now = p.cells();
            assert!(p.seconds() <= budget as f64 + 1e-9, "budget {budget}");
            for (a, b) in before.iter().zip(&now) {
                let more = b.method == Method::Exact
                    || (a.method != Method::Exact && b.boards >= a.boards);
                assert!(more, "budget {budget}: {a:?} then {b:?}");
            }
            before = now;
        }
        let mut p = plan(GameKind::Countdown, 100_000);
        p.exact_limit = 0;
        assert!(p.cells().iter().all(|c| c.method == Method::Sampled));
        p.exact_limit = 300;
        for c in p.cells() {
            let exact = multisets(c.k, c.m).unwrap() <= 300;
            assert_eq!(c.method == Method::Exact, exact, "{c:?}");
        }
    }
}
