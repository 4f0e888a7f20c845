//! The report's questions: why 24, and which targets would be better; how the counting
//! convention changes which puzzles look hardest; whether unary minus or `^` changes which
//! 24-game sets are solvable.

use std::fmt::Write as _;

use crate::corpus::CorpusId;
use crate::engine::Convention;
use crate::findings::facts::{Facts, HARDEST_KEPT};
use crate::findings::targets::{main_convention, pareto_front, trade_off};
use crate::findings::variants::EXAMPLE;
use crate::present::numbers::{f2, f4, grouped, list, or_dash};
use crate::store::rows::TargetRow;

pub(super) fn why_24(w: &mut String, facts: &Facts) {
    let _ = writeln!(
        w,
        "### Why is 24 the usual target, and which targets would be better?\n"
    );
    let Some(c) = facts.corpus(&CorpusId::TwentyFour) else {
        let _ = writeln!(w, "Skipped: the `24` corpus is missing.\n");
        return;
    };
    let rows = c.all_targets();
    let Some(r24) = rows.iter().find(|r| r.target == 24) else {
        let _ = writeln!(w, "Skipped: the `24` corpus has no target 24.\n");
        return;
    };
    how_often_24(w, &rows, r24);
    trade_off_24(
        w,
        &rows,
        r24,
        main_convention(c).unwrap_or(Convention::Expressions),
    );
    if let Some(n) = facts.corpus(&CorpusId::TwentyFourNine)
        && let Some(r) = n.all_targets().into_iter().find(|r| r.target == 24)
    {
        let _ = writeln!(
            w,
            "- With a 36-card deck (cards 1–9, corpus `24-nine`) 24 is made with probability {}.",
            f4(r.probability)
        );
    }
    let _ = writeln!(w);
}

/// How often a dealt hand makes 24, its rank among the targets, the targets made more often,
/// and what divisors do.
fn how_often_24(w: &mut String, rows: &[&TargetRow], r24: &TargetRow) {
    let rank = 1 + rows
        .iter()
        .filter(|r| r.probability > r24.probability)
        .count();
    let better: Vec<String> = rows
        .iter()
        .filter(|r| r.probability > r24.probability)
        .map(|r| r.target.to_string())
        .collect();
    let _ = writeln!(
        w,
        "- A hand dealt from a 52-card deck makes 24 with probability **{}** ({} of {} card \
         sets); 24 ranks {} of the {} targets {}–{} by that probability.",
        f4(r24.probability),
        grouped(r24.solving as u64),
        grouped(r24.boards as u64),
        rank,
        rows.len(),
        rows.first().map_or(0, |r| r.target),
        rows.last().map_or(0, |r| r.target),
    );
    let _ = writeln!(
        w,
        "- The targets dealt hands make more often: {}. Among them the largest is {}: large \
         targets are rarely made, small ones are easy.",
        list(&better),
        rows.iter()
            .filter(|r| r.probability > r24.probability)
            .map(|r| r.target)
            .max()
            .map_or("–".into(), |t| t.to_string())
    );
    // Divisibility: multiples of 12 against their neighbours.
    let near = |r: &&&TargetRow| (12..=96).contains(&r.target);
    let (m12, other): (Vec<&&TargetRow>, Vec<&&TargetRow>) =
        rows.iter().filter(near).partition(|r| r.target % 12 == 0);
    let mean =
        |v: &[&&TargetRow]| v.iter().map(|r| r.probability).sum::<f64>() / v.len().max(1) as f64;
    let _ = writeln!(
        w,
        "- Targets with many divisors are easier to make: over 12–96, the multiples of 12 are \
         made with mean probability {} against {} for the other targets. 24 is the \
         smallest target past the easy small numbers with that many divisors (1, 2, 3, 4, 6, 8, \
         12, 24).",
        f4(mean(&m12)),
        f4(mean(&other))
    );
}

/// 24 on the trade-off between how often a target is made and how many solutions it has:
/// the Pareto front, the targets better on both counts, the harder ones nearly as often made.
fn trade_off_24(w: &mut String, rows: &[&TargetRow], r24: &TargetRow, conv: Convention) {
    let points = trade_off(rows, conv);
    let front = pareto_front(&points);
    let on = front.contains(&24);
    let ex24 = r24.expected(conv);
    let _ = writeln!(
        w,
        "- When it is solvable, 24 has {} `{conv}` solutions on average. A good target is \
         made often yet not trivially (few solutions). The targets no other target beats on \
         both counts (the Pareto front of the trade-off chart) are {}; 24 is {}on it.",
        or_dash(ex24, f2),
        list(&{
            let mut f = front.clone();
            f.sort_unstable();
            f.iter().map(|t| t.to_string()).collect::<Vec<_>>()
        }),
        if on { "" } else { "not " }
    );
    let dominating: Vec<String> = points
        .iter()
        .filter(|p| {
            p.0 != 24
                && ex24.is_some_and(|e| p.1 <= e && p.2 >= r24.probability)
                && ex24.is_some_and(|e| p.1 < e || p.2 > r24.probability)
        })
        .map(|p| p.0.to_string())
        .collect();
    let harder: Vec<String> = points
        .iter()
        .filter(|p| {
            p.0 != 24
                && front.contains(&p.0)
                && ex24.is_some_and(|e| p.1 < e)
                && p.2 >= r24.probability - 0.05
        })
        .map(|p| format!("{} ({}, {} solutions)", p.0, f4(p.2), f2(p.1)))
        .collect();
    let _ = writeln!(
        w,
        "- Better than 24 on both counts: {}. Front targets within 0.05 of 24's probability \
         with fewer solutions (harder, nearly as often solvable): {}.",
        list(&dominating),
        list(&harder)
    );
}

pub(super) fn conventions_section(w: &mut String, facts: &Facts) {
    let _ = writeln!(
        w,
        "### How does the counting convention change which puzzles look hardest?\n"
    );
    let mut any = false;
    for c in &facts.corpora {
        if c.hardest_counts.is_empty() {
            continue;
        }
        any = true;
        let lists = c.compared_lists();
        let scope = if c.hardest_at_24.is_empty() {
            "over every target"
        } else {
            "at target 24"
        };
        let counts = &c.hardest_counts;
        let _ = writeln!(
            w,
            "**`{}`, {scope}** — the {} hardest puzzles (fewest solutions) under each \
             convention, with their counts under every convention:\n",
            c.name(),
            HARDEST_KEPT
        );
        let convs: Vec<Convention> = lists.iter().map(|(c, _)| *c).collect();
        let _ = writeln!(
            w,
            "| hardest under | board | target | {} |",
            convs
                .iter()
                .map(|c| format!("`{c}`"))
                .collect::<Vec<_>>()
                .join(" | ")
        );
        let _ = writeln!(w, "|---|---|--:|{}", "--:|".repeat(convs.len()));
        for (conv, l) in lists {
            for r in l.iter().take(5) {
                let cs = counts.get(&(r.board_id, r.target));
                let _ = writeln!(
                    w,
                    "| `{conv}` | `{}` | {} | {} |",
                    c.board(r.board_id).unwrap_or("?"),
                    r.target,
                    convs
                        .iter()
                        .map(|k| cs.and_then(|x| x[k.index()]).map_or("–".into(), grouped))
                        .collect::<Vec<_>>()
                        .join(" | ")
                );
            }
        }
        let _ = writeln!(w);
        for &(conv, min, n) in &c.min_classes.at_min {
            let _ = writeln!(
                w,
                "- Under `{conv}` the fewest solutions is {}, and {} puzzle{} {scope} {} it.",
                grouped(min),
                grouped(n),
                if n == 1 { "" } else { "s" },
                if n == 1 { "has" } else { "have" }
            );
        }
        for &(a, b, n) in &c.min_classes.both {
            let _ = writeln!(
                w,
                "- {} puzzle{} {} the fewest solutions under both `{a}` and `{b}`.",
                grouped(n),
                if n == 1 { "" } else { "s" },
                if n == 1 { "has" } else { "have" }
            );
        }
        let _ = writeln!(w);
    }
    if any {
        let _ = writeln!(
            w,
            "`trees` counts both orders of every `+` and `×` (unless the two sides are equal), so \
             the puzzles that look hardest under it are those whose solutions avoid commutative \
             operations; `expressions` forgets that order, and `distinct` also forgets grouping, \
             so they rank puzzles by how many genuinely different ideas solve them. The class \
             sizes above show how much the choice of convention changes which puzzles count \
             as hardest.\n"
        );
    } else {
        let _ = writeln!(
            w,
            "Skipped: no corpus among `24`, `digits`, `countdown` with two conventions is present.\n"
        );
    }
}

pub(super) fn variants_section(w: &mut String, facts: &Facts) {
    let _ = writeln!(
        w,
        "### Does unary minus or `^` change which 24-game sets are solvable?\n"
    );
    let Some(comparisons) = &facts.variants else {
        let _ = writeln!(w, "Skipped: the `24` corpus is missing.\n");
        return;
    };
    for (id, what) in [
        (CorpusId::TwentyFourMinus, "unary minus"),
        (CorpusId::TwentyFourPow, "`^`"),
    ] {
        let Some(v) = comparisons.iter().find(|v| v.variant == id) else {
            let _ = writeln!(w, "- `{id}` is missing: {what} not compared.");
            continue;
        };
        let gained: Vec<String> = v.gained_24.iter().map(|b| format!("`{b}`")).collect();
        let shown = &gained[..gained.len().min(12)];
        let _ = writeln!(
            w,
            "- With {what} (corpus `{id}`), {} sets make 24 against {} without: {} more{}. \
             {} sets lose 24. Over every target 1–100, {} (set, target) pairs become solvable \
             and {} stop being solvable.",
            grouped(v.variant_24 as u64),
            grouped(v.base_24 as u64),
            grouped(gained.len() as u64),
            if gained.is_empty() {
                String::new()
            } else {
                format!(
                    " ({}{})",
                    shown.join(", "),
                    if gained.len() > shown.len() {
                        ", …"
                    } else {
                        ""
                    }
                )
            },
            if v.lost_24.is_empty() {
                "No".to_string()
            } else {
                grouped(v.lost_24.len() as u64)
            },
            grouped(v.pairs_gained as u64),
            grouped(v.pairs_lost as u64)
        );
        if let Some((a, b)) = v.example {
            let word = |s: bool| if s { "solvable" } else { "not solvable" };
            let _ = writeln!(
                w,
                "  - `{EXAMPLE}` → 24 is {} without {what} and {} with it.",
                word(a),
                word(b)
            );
        }
    }
    if comparisons.is_empty() {
        let _ = writeln!(w, "\nNeither variant corpus is present.");
    }
    let _ = writeln!(w);
}
