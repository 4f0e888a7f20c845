//! The report's section on the phase transition (Lacasa & Luque 2012), from
//! `phase.parquet`: `P(k, M)` for every cell of the sweep, the critical `k` per `M` beside
//! the paper's headline, and how well the rescaled parameter collapses the curves. Written
//! only when `digits-lab phase` has run (the section is absent otherwise).

use std::fmt::Write as _;

use crate::findings::facts::Facts;
use crate::present::numbers::{f2, f4, grouped};
use crate::variant::phase::{Cell, Method, critical_k};

pub(super) fn phase_section(w: &mut String, facts: &Facts) {
    let Some(cells) = facts.phase.as_ref().filter(|c| !c.is_empty()) else {
        return;
    };
    let _ = writeln!(w, "## Phase transition\n");
    let rules = match &facts.phase_rules {
        None => "under Countdown's rules (each number at most once, unused numbers allowed, \
                 every step a positive whole number)"
            .to_string(),
        Some(r) => format!("under other rules than Countdown's: {r} (`phase --game`, `--rules`)"),
    };
    let _ = writeln!(
        w,
        "From `phase.parquet` (`digits-lab phase`). A board of `k` numbers drawn uniformly, \
         with replacement, from 1..M and a target drawn from 1..M, {rules}. `P(k, M)` is \
         the probability that the target is reachable. Exact cells run over every multiset \
         of `k` numbers, weighted by its ordered draws; sampled cells over seeded random \
         boards, with the 95% interval in brackets (docs/PHASE.md).\n"
    );
    let mut ms: Vec<u64> = cells.iter().map(|c| c.m).collect();
    ms.sort_unstable();
    ms.dedup();
    grid(w, cells, &ms);
    // The rest reads `P`: skipped cells have none.
    let computed: Vec<Cell> = cells
        .iter()
        .filter(|c| c.method != Method::Skipped)
        .cloned()
        .collect();
    let cells = &computed[..];
    critical(w, cells, &ms);
    rescaled(w, cells);
}

/// `P` for every cell, `k` by `M`, and how many cells are exact, sampled or skipped.
fn grid(w: &mut String, cells: &[Cell], ms: &[u64]) {
    let mut ks: Vec<u32> = cells.iter().map(|c| c.k).collect();
    ks.sort_unstable();
    ks.dedup();
    let mut header = "| k |".to_string();
    let mut rule = "|--:|".to_string();
    for m in ms {
        let _ = write!(header, " M = {} |", grouped(*m));
        rule.push_str("--:|");
    }
    let _ = writeln!(w, "{header}\n{rule}");
    for k in &ks {
        let mut line = format!("| {k} |");
        for m in ms {
            let text = cells
                .iter()
                .find(|c| c.k == *k && c.m == *m)
                .map_or("–".to_string(), cell_text);
            let _ = write!(line, " {text} |");
        }
        let _ = writeln!(w, "{line}");
    }
    let exact = cells.iter().filter(|c| c.method == Method::Exact).count();
    let skipped = cells.iter().filter(|c| c.method == Method::Skipped).count();
    let skipped = match skipped {
        0 => String::new(),
        n => format!(
            " {n} skipped (over the sweep's budget even at their fewest boards, \
             or beyond what one board may keep)."
        ),
    };
    let _ = writeln!(
        w,
        "\n{exact} of {} cells exact; {} boards in all.{skipped}\n",
        cells.len(),
        grouped(cells.iter().map(|c| c.boards).sum())
    );
}

/// The critical `k` for each `M`, `P` at `k = 6`, and the paper's headline.
fn critical(w: &mut String, cells: &[Cell], ms: &[u64]) {
    let _ = writeln!(
        w,
        "**Critical k** (`P = ½`, interpolated linearly in `k`):\n"
    );
    let _ = writeln!(w, "| M | critical k | P at k = 6 |\n|--:|--:|--:|");
    for m in ms {
        let kc = critical_k(cells, *m).map_or_else(|| below_or_beyond(cells, *m), f2);
        let p6 = cells
            .iter()
            .find(|c| c.k == 6 && c.m == *m)
            .map_or("–".to_string(), cell_text);
        let _ = writeln!(w, "| {} | {kc} | {p6} |", grouped(*m));
    }
    let _ = writeln!(
        w,
        "\nThe paper's headline: for sizes like the quiz show's, the threshold between \
         impossible (`P ≈ 0`) and easy (`P ≈ 1`) sits at `k = 6`. {}\n",
        headline(cells)
    );
}

/// How far the rescaled parameter's curve is from any cell's `P`.
fn rescaled(w: &mut String, cells: &[Cell]) {
    let worst = cells
        .iter()
        .map(|c| (c, (c.p - (1.0 - (-c.q).exp())).abs()))
        .max_by(|a, b| a.1.total_cmp(&b.1));
    if let Some((c, gap)) = worst {
        let _ = writeln!(
            w,
            "**Rescaled parameter.** `q` counts, per integer of 1..M, the (sub-board, value) \
             pairs with the value in 1..M: how many times each integer is reached on \
             average, once per sub-board that makes it. Were those values scattered at \
             random, a target would be missed with probability `e^(−q)`; the chart \
             `phase-rescaled` draws every cell against `q` beside `1 − e^(−q)`. The largest \
             gap between `P` and `1 − e^(−q)` is {} (k = {}, M = {}).\n",
            f4(gap),
            c.k,
            grouped(c.m)
        );
    }
}

fn cell_text(c: &Cell) -> String {
    match c.method {
        Method::Exact => f4(c.p),
        Method::Sampled => format!("{} ({}–{})", f4(c.p), f4(c.lo), f4(c.hi)),
        Method::Skipped => "skipped".into(),
    }
}

/// Where `P = ½` lies when the row does not cross it.
fn below_or_beyond(cells: &[Cell], m: u64) -> String {
    let row: Vec<&Cell> = cells.iter().filter(|c| c.m == m).collect();
    let (Some(lo), Some(hi)) = (
        row.iter().min_by_key(|c| c.k),
        row.iter().max_by_key(|c| c.k),
    ) else {
        return "–".into();
    };
    if lo.p >= 0.5 {
        format!("≤ {}", lo.k)
    } else if hi.p < 0.5 {
        format!("> {}", hi.k)
    } else {
        "–".into()
    }
}

/// This sweep's side of the comparison with the paper: the row whose `M` is closest to the
/// quiz show's targets (up to 1,000), where `P` passes ½ and where it first reaches 0.9.
fn headline(cells: &[Cell]) -> String {
    let Some(m) = cells.iter().map(|c| c.m).min_by_key(|m| m.abs_diff(1_000)) else {
        return String::new();
    };
    let mut row: Vec<&Cell> = cells.iter().filter(|c| c.m == m).collect();
    row.sort_by_key(|c| c.k);
    let kc = critical_k(cells, m).map_or_else(|| below_or_beyond(cells, m), f2);
    let easy = row
        .iter()
        .find(|c| c.p >= 0.9)
        .map_or("no k of the sweep".to_string(), |c| format!("k = {}", c.k));
    format!(
        "Here, at M = {} (the quiz show's targets go to 999), `P` passes ½ at k = {kc} \
         and first reaches 0.9 at {easy}.",
        grouped(m)
    )
}
