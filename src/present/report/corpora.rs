//! The report's corpora: the headline figures of every corpus present, and the published
//! figures of SPEC §4 beside this run's.

use std::fmt::Write as _;

use crate::corpus::CorpusId;
use crate::engine::Convention;
use crate::findings::facts::{CorpusFacts, Facts};
use crate::present::numbers::{f4, grouped, out_of, pct};

pub(super) fn corpora_section(w: &mut String, facts: &Facts) {
    let _ = writeln!(w, "## Corpora\n");
    for m in &facts.missing {
        let _ = writeln!(
            w,
            "- `{m}`: skipped — its folder `{m}/` is not in the data folder."
        );
    }
    for r in &facts.reach_only {
        let mut all: Vec<_> = r.targets.iter().filter(|t| t.group == "all").collect();
        all.sort_by_key(|t| t.target);
        let puzzles: u64 = all.iter().map(|t| u64::from(t.boards)).sum();
        let solvable: u64 = all.iter().map(|t| u64::from(t.solving)).sum();
        let range = match (all.first(), all.last()) {
            (Some(a), Some(b)) => format!("targets {}–{}", a.target, b.target),
            _ => "no targets".into(),
        };
        let share = match puzzles {
            0 => "–".to_string(),
            p => pct(solvable as f64 / p as f64),
        };
        let _ = writeln!(
            w,
            "- `{}`: reach-only tables (`analyze --reach-only`): {} boards, {range}, {} puzzles, \
             {} solvable ({share}); left out of the figures and charts below, which need \
             solution counts.",
            r.name,
            grouped(all.first().map_or(0, |t| u64::from(t.boards))),
            grouped(puzzles),
            grouped(solvable),
        );
    }
    if !facts.missing.is_empty() || !facts.reach_only.is_empty() {
        let _ = writeln!(w);
    }
    if facts.corpora.is_empty() {
        if facts.reach_only.is_empty() {
            let _ = writeln!(w, "No corpus tables were found.\n");
        }
        return;
    }
    let _ = writeln!(
        w,
        "| corpus | boards | targets | puzzles | solvable | share solvable | one `distinct` solution | conventions |"
    );
    let _ = writeln!(w, "|---|--:|---|--:|--:|--:|--:|---|");
    for c in &facts.corpora {
        let rows = c.all_targets();
        // The `boards` table counts them; a target's row counts only the boards that can be
        // dealt with it (fewer where a card is turned up as the target).
        let boards = match c.boards.len() {
            0 => rows.first().map_or(0, |r| r.boards as u64),
            n => n as u64,
        };
        let puzzles: u64 = rows.iter().map(|r| r.boards as u64).sum();
        let solvable: u64 = rows.iter().map(|r| r.solving as u64).sum();
        let unique: u64 = rows.iter().map(|r| r.unique as u64).sum();
        let range = match (rows.first(), rows.last()) {
            (Some(a), Some(b)) => format!("{}–{}", a.target, b.target),
            _ => "–".into(),
        };
        let unique = if c.conventions.contains(&Convention::Distinct) {
            grouped(unique)
        } else {
            "n/a".into()
        };
        let _ = writeln!(
            w,
            "| `{}` | {} | {} | {} | {} | {} | {} | {} |",
            c.name(),
            grouped(boards),
            range,
            grouped(puzzles),
            grouped(solvable),
            if puzzles > 0 {
                pct(solvable as f64 / puzzles as f64)
            } else {
                "–".into()
            },
            unique,
            c.conventions
                .iter()
                .map(|c| format!("`{c}`"))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    let _ = writeln!(w);
}

pub(super) fn spec_section(w: &mut String, facts: &Facts) {
    let rows = spec_figures(facts);
    let _ = writeln!(w, "## Published figures (SPEC §4) beside this run's\n");
    if rows.is_empty() {
        let _ = writeln!(w, "None of the corpora these figures concern is present.\n");
        return;
    }
    let _ = writeln!(w, "| figure | SPEC | these tables | same? |");
    let _ = writeln!(w, "|---|---|---|---|");
    for [f, spec, ours] in rows {
        let same = if spec == ours { "yes" } else { "**no**" };
        let _ = writeln!(w, "| {f} | {spec} | {ours} | {same} |");
    }
    let _ = writeln!(
        w,
        "\nThe single-board figures of SPEC §4 (the `[1,3,7,10,25,50]` and `[1,2,4,5,10,25]` \
         boards) are not corpus figures; `just test` checks them against the engine.\n"
    );
}

/// Each published figure of the corpora present: what it is, SPEC's value, this run's.
fn spec_figures(facts: &Facts) -> Vec<[String; 3]> {
    let mut rows: Vec<[String; 3]> = Vec::new();
    if let Some(c) = facts.corpus(&CorpusId::TwentyFour)
        && let Some(r) = c.all_targets().into_iter().find(|r| r.target == 24)
    {
        rows.push([
            "`24`: sets of 4 cards (1–13) that make 24".into(),
            "1,362 of 1,820".into(),
            out_of(r.solving as u64, r.boards as u64),
        ]);
        rows.push([
            "`24`: probability that a dealt hand makes 24".into(),
            "0.8046".into(),
            f4(r.probability),
        ]);
    }
    if let Some(c) = facts.corpus(&CorpusId::TwentyFourNine) {
        rows.push([
            "`24-nine`: multisets of 4 cards from 1–9".into(),
            "495".into(),
            grouped(c.boards.len() as u64),
        ]);
    }
    if let Some(c) = facts.corpus(&CorpusId::Digits) {
        rows.push([
            "`digits`: sets of 6 distinct numbers from 1–25".into(),
            "177,100".into(),
            grouped(c.boards.len() as u64),
        ]);
    }
    if let Some(c) = facts.corpus(&CorpusId::Countdown) {
        countdown_figures(c, &mut rows);
    }
    if let Some(c) = facts.corpus(&CorpusId::Nyt) {
        rows.push([
            "`nyt`: real puzzles, 2023-04-10 to 2023-07-08".into(),
            "450".into(),
            grouped(c.nyt.as_ref().map_or(0, |p| p.len()) as u64),
        ]);
    }
    if let Some(c) = facts.corpus(&CorpusId::Make10)
        && let Some(r) = c.all_targets().into_iter().find(|r| r.target == 10)
    {
        // Japanese Wikipedia's テンパズル (as quoted in docs/RULES.md): the common rules.
        rows.push([
            "`make10`: multisets of four digits 0–9 that make 10".into(),
            "552 of 715".into(),
            out_of(r.solving as u64, r.boards as u64),
        ]);
        rows.push([
            "`make10`: tickets 0000–9999 that make 10".into(),
            "8,147 of 10,000".into(),
            format!(
                "{} of 10,000",
                grouped((r.probability * 10_000.0).round() as u64)
            ),
        ]);
    }
    rows
}

/// Countdown's published figures: its selections by large cards, its solvable pairs, and the
/// board that reaches no target.
fn countdown_figures(c: &CorpusFacts, rows: &mut Vec<[String; 3]>) {
    let by: Vec<String> = (0..=4)
        .map(|k| {
            let g = format!("{k} large");
            grouped(c.boards.iter().filter(|b| b.group == g).count() as u64)
        })
        .collect();
    rows.push([
        "`countdown`: card selections, by large cards 0–4".into(),
        "13,243 = 2,850 + 5,808 + 3,690 + 840 + 55".into(),
        format!("{} = {}", grouped(c.boards.len() as u64), by.join(" + ")),
    ]);
    let all = c.all_targets();
    let pairs: u64 = all.iter().map(|r| r.boards as u64).sum();
    let solving: u64 = all.iter().map(|r| r.solving as u64).sum();
    rows.push([
        "`countdown`: solvable (selection, target) pairs, targets 100–999".into(),
        "10,871,986 of 11,918,700".into(),
        out_of(solving, pairs),
    ]);
    if let Some(b) = c.boards.iter().find(|b| b.board == "1 1 2 2 3 3") {
        rows.push([
            "`countdown`: targets 100–999 reached by `1 1 2 2 3 3`".into(),
            "0".into(),
            grouped(b.targets_reached as u64),
        ]);
    }
}
