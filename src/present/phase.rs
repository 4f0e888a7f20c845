//! `phase`'s report (the sweep found and written, and the report drawn from it) and how a
//! person reads it: the sweep as a table, how the budget shaped it, the critical `k` per `M`.

use std::fmt;
use std::path::PathBuf;

use crate::present::numbers::grouped;
use crate::present::plots::PlotsReport;
use crate::variant::phase::{self, Cell, Method};

/// What a sweep found and wrote.
#[derive(Clone, Debug)]
pub struct PhaseReport {
    pub cells: Vec<Cell>,
    /// The rules in words.
    pub rules: String,
    /// Whether the rules are Countdown's (the sweep of the paper).
    pub countdown: bool,
    /// `phase.parquet`.
    pub path: PathBuf,
    /// Whether `phase.parquet` was this build's for the same sweep, and kept.
    pub kept: bool,
    /// The charts and report, unless not asked for.
    pub drawn: Option<PlotsReport>,
    /// The budget (CPU seconds), the plan's estimate of the sweep (CPU seconds) and the
    /// boards a sampled cell gets when the budget allows.
    pub budget: u64,
    pub estimate: f64,
    pub samples: u64,
    /// Cells the plan skipped for the budget (others skipped were beyond what one board
    /// may keep).
    pub over_budget: usize,
}

/// The sweep as a text table, the critical `k` per `M`, and where it was written.
impl fmt::Display for PhaseReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&text(self))
    }
}

fn text(r: &PhaseReport) -> String {
    let under = match r.countdown {
        true => "Countdown's rules",
        false => &r.rules,
    };
    let mut o = format!(
        "P(k, M): k numbers and a target drawn from 1..M, {under}\n     k        M        P   95% interval        boards  method        q\n",
    );
    for c in &r.cells {
        let (p, interval, q) = match c.method {
            Method::Exact => (format!("{:.4}", c.p), "exact".into(), format!("{:.3}", c.q)),
            Method::Sampled => (
                format!("{:.4}", c.p),
                format!("{:.4}–{:.4}", c.lo, c.hi),
                format!("{:.3}", c.q),
            ),
            Method::Skipped => ("–".into(), "–".into(), "–".into()),
        };
        o.push_str(&format!(
            "{:>6} {:>8} {:>8} {:>14} {:>13}  {:<8} {:>7}\n",
            c.k,
            grouped(c.m),
            p,
            interval,
            grouped(c.boards),
            c.method.name(),
            q
        ));
    }
    o.push_str(&plan_text(r));
    let mut ms: Vec<u64> = r.cells.iter().map(|c| c.m).collect();
    ms.sort_unstable();
    ms.dedup();
    let crit: Vec<String> = ms
        .iter()
        .map(|&m| {
            let k =
                phase::critical_k(&r.cells, m).map_or("not crossed".into(), |k| format!("{k:.2}"));
            format!("M = {}: {k}", grouped(m))
        })
        .collect();
    o.push_str(&format!("critical k (P = 1/2): {}\n", crit.join(" · ")));
    o.push_str(&format!("wrote {}\n", r.path.display()));
    o
}

/// How the budget shaped the sweep, in one line.
fn plan_text(r: &PhaseReport) -> String {
    let count = |m: Method| r.cells.iter().filter(|c| c.method == m).count();
    let fewer = r
        .cells
        .iter()
        .filter(|c| c.method == Method::Sampled && c.boards < r.samples)
        .count();
    let fewer = match fewer {
        0 => String::new(),
        n => format!(" ({n} with fewer boards than --samples, to fit)"),
    };
    let beyond = count(Method::Skipped) - r.over_budget;
    let mut skipped = String::new();
    if r.over_budget > 0 {
        skipped += &format!(
            ", {} skipped over the budget (a larger --budget computes them)",
            r.over_budget
        );
    }
    if beyond > 0 {
        skipped +=
            &format!(", {beyond} skipped: a board makes more values than one board may keep");
    }
    let estimate = match r.estimate < 10.0 {
        true => format!("{:.1}", r.estimate),
        false => format!("{:.0}", r.estimate),
    };
    format!(
        "plan: {} exact, {} sampled{fewer}{skipped}; estimated {estimate} s of CPU within the budget of {} s (--budget)\n",
        count(Method::Exact),
        count(Method::Sampled),
        r.budget,
    )
}
