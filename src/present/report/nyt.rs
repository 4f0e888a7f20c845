//! The report's question about the real NYT puzzles: do they get harder by daily slot?

use std::fmt::Write as _;

use crate::corpus::CorpusId;
use crate::findings::facts::Facts;
use crate::findings::nyt::{NytPuzzle, SlotPanel, nyt_panels};
use crate::present::numbers::{f2, or_dash};

/// How a series across the slots moves, given whether it never falls / never rises.
fn direction(up: bool, down: bool) -> &'static str {
    match (up, down) {
        (true, false) => ", rising at every step",
        (false, true) => ", falling at every step",
        _ => ", not monotonically",
    }
}

pub(super) fn nyt_section(w: &mut String, facts: &Facts) {
    let _ = writeln!(w, "### Do NYT puzzles get harder by slot?\n");
    let Some(p) = facts.corpus(&CorpusId::Nyt).and_then(|c| c.nyt.as_ref()) else {
        let _ = writeln!(w, "Skipped: the `nyt` corpus is missing.\n");
        return;
    };
    if p.is_empty() {
        let _ = writeln!(
            w,
            "Skipped: no real puzzle joined with the `puzzles` table.\n"
        );
        return;
    }
    let panels = nyt_panels(p);
    let _ = writeln!(
        w,
        "Each real puzzle is its board at its real target (`boards` joined with `puzzles` on \
         board_id and target).\n"
    );
    slot_table(w, p, &panels);
    let harder = trend(&panels, SOLUTIONS).is_some_and(|(a, b, _, _)| b < a)
        && trend(&panels, MIN_OPS).is_none_or(|(a, b, _, _)| b >= a);
    let _ = writeln!(
        w,
        "{}:\n",
        if harder {
            "Yes, later slots are harder"
        } else {
            "Not clearly"
        }
    );
    for f in findings(p, &panels) {
        let _ = writeln!(w, "- {f}.");
    }
    let _ = writeln!(w);
}

/// The panels' titles the findings read.
const SOLUTIONS: &str = "distinct solutions";
const MIN_OPS: &str = "min_ops (fewest operations)";

/// Per slot: its puzzles, their mean target and each panel's summary.
fn slot_table(w: &mut String, p: &[NytPuzzle], panels: &[SlotPanel]) {
    let mut header = "| slot | puzzles | mean target |".to_string();
    let mut rule = "|--:|--:|--:|".to_string();
    for panel in panels {
        let _ = write!(header, " {} ({}) |", panel.title, panel.summary_name);
        rule.push_str("--:|");
    }
    let _ = writeln!(w, "{header}\n{rule}");
    for slot in 1..=5u8 {
        let n = p.iter().filter(|x| x.slot == slot).count();
        if n == 0 {
            continue;
        }
        let mean_target = p
            .iter()
            .filter(|x| x.slot == slot)
            .map(|x| x.target as f64)
            .sum::<f64>()
            / n as f64;
        let mut line = format!("| {slot} | {n} | {:.0} |", mean_target);
        for panel in panels {
            let v = panel.summary.iter().find(|s| s.0 == slot).map(|s| s.1);
            let _ = write!(line, " {} |", or_dash(v, f2));
        }
        let _ = writeln!(w, "{line}");
    }
    let _ = writeln!(w);
}

/// A panel's summary from the first slot to the last: `(first, last, never falls, never
/// rises)`.
fn trend(panels: &[SlotPanel], title: &str) -> Option<(f64, f64, bool, bool)> {
    let s = &panels.iter().find(|x| x.title == title)?.summary;
    let (first, last) = (s.first()?.1, s.last()?.1);
    let up = s.windows(2).all(|x| x[1].1 >= x[0].1);
    let down = s.windows(2).all(|x| x[1].1 <= x[0].1);
    Some((first, last, up, down))
}

/// What moves from slot to slot: the solutions, `min_ops`, the score, the targets.
fn findings(p: &[NytPuzzle], panels: &[SlotPanel]) -> Vec<String> {
    let mut findings = Vec::new();
    if let Some((a, b, up, down)) = trend(panels, SOLUTIONS) {
        findings.push(format!(
            "the median number of `distinct` solutions goes from {} in slot 1 to {} in slot 5{}",
            f2(a),
            f2(b),
            direction(up, down)
        ));
    }
    if let Some((a, b, up, down)) = trend(panels, MIN_OPS) {
        findings.push(format!(
            "the mean `min_ops` goes from {} to {}{}",
            f2(a),
            f2(b),
            direction(up, down)
        ));
    }
    if let Some((a, b, up, down)) = trend(panels, "difficulty") {
        findings.push(format!(
            "the mean `difficulty` score goes from {} in slot 1 to {} in slot 5{}",
            f2(a),
            f2(b),
            direction(up, down)
        ));
    }
    let means: Vec<f64> = (1..=5u8)
        .filter_map(|s| {
            let t: Vec<f64> = p
                .iter()
                .filter(|x| x.slot == s)
                .map(|x| x.target as f64)
                .collect();
            (!t.is_empty()).then(|| t.iter().sum::<f64>() / t.len() as f64)
        })
        .collect();
    if means.len() >= 2 {
        let rising = means.windows(2).all(|x| x[1] > x[0]);
        findings.push(format!(
            "the published targets average {:.0} in the first slot and {:.0} in the last{}",
            means[0],
            means[means.len() - 1],
            if rising {
                ", rising with every slot: larger targets leave fewer ways to reach them"
            } else {
                ""
            }
        ));
    }
    findings
}
