//! The `hardest` command's list as people and scripts read it: an aligned table (its
//! `Display`), CSV or JSON ([`listed`]).

use std::fmt::{self, Write as _};

use crate::digest::By;
use crate::digest::hardest::query::{HardPuzzle, HardestReport};
use crate::present::numbers::{column_widths, grouped};
use crate::present::output_format::Format;

/// The list as an aligned table.
impl fmt::Display for HardestReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&table(self))
    }
}

/// The list as text in `format` (`--format`).
pub fn listed(report: &HardestReport, format: Format) -> String {
    let list = &report.puzzles;
    match format {
        Format::Json => super::json(list),
        Format::Csv => {
            let mut w = csv::Writer::from_writer(Vec::new());
            let _ = w.write_record([
                "rank",
                "board",
                "target",
                "convention",
                "count",
                "min_ops",
                "difficulty",
                "features",
                "distinct_total",
                "solutions",
            ]);
            for h in list {
                let _ = w.write_record([
                    h.rank.to_string(),
                    h.board_text(),
                    h.target.to_string(),
                    h.convention.to_string(),
                    h.count.to_string(),
                    h.min_ops.map_or(String::new(), |m| m.to_string()),
                    h.difficulty.map_or(String::new(), |d| d.to_string()),
                    notable(h),
                    h.distinct_total.map_or(String::new(), |d| d.to_string()),
                    h.solutions.join(" | "),
                ]);
            }
            String::from_utf8(w.into_inner().expect("writes to memory")).expect("utf-8")
        }
        Format::Table => table(report),
    }
}

fn table(q: &HardestReport) -> String {
    let list = &q.puzzles;
    let mut o = String::new();
    let at = q
        .target
        .map_or("every target".into(), |t| format!("target {t}"));
    let order = match q.by {
        By::Count => format!("fewest `{}` solutions first", q.convention),
        By::Difficulty => match q.walked {
            Some(n) => format!(
                "highest difficulty first, by the player's exact walk of the tables' {} highest",
                grouped(n as u64)
            ),
            None => "highest difficulty first".to_string(),
        },
    };
    let _ = writeln!(
        o,
        "corpus {} · {at} · {order} · {} puzzle{}",
        q.corpus,
        list.len(),
        if list.len() == 1 { "" } else { "s" }
    );
    if list.is_empty() {
        let _ = writeln!(o, "no solvable puzzle");
        return o;
    }
    let diff = list.iter().any(|h| h.difficulty.is_some());
    let conv = q.convention.to_string();
    let rows: Vec<[String; 6]> = list
        .iter()
        .map(|h| {
            [
                h.rank.to_string(),
                h.board_text(),
                h.target.to_string(),
                grouped(h.count),
                h.min_ops.map_or("–".into(), |m| m.to_string()),
                h.difficulty.map_or("–".into(), |d| format!("{d:.2}")),
            ]
        })
        .collect();
    let head = [
        "#",
        "board",
        "target",
        conv.as_str(),
        "min_ops",
        "difficulty",
    ];
    let cols = if diff { 6 } else { 5 };
    let width = column_widths(&head, &rows, cols);
    let line = |cells: [&str; 6]| -> String {
        let mut s = String::new();
        for k in 0..cols {
            // Board left-aligned, numbers right-aligned.
            if k == 1 {
                let _ = write!(s, "{:<w$}  ", cells[k], w = width[k]);
            } else {
                let _ = write!(s, "{:>w$}  ", cells[k], w = width[k]);
            }
        }
        s
    };
    let _ = writeln!(
        o,
        "{}solutions",
        line([head[0], head[1], head[2], head[3], head[4], head[5]])
    );
    let indent = " ".repeat(line(["", "", "", "", "", ""]).chars().count());
    for (h, r) in list.iter().zip(&rows) {
        let first = line([&r[0], &r[1], &r[2], &r[3], &r[4], &r[5]]);
        let mut sols = h.solutions.iter();
        let _ = writeln!(o, "{first}{}", sols.next().map_or("", |s| s.as_str()));
        for s in sols {
            let _ = writeln!(o, "{indent}{s}");
        }
        if let Some(n) = h.distinct_total
            && n > h.solutions.len()
        {
            let _ = writeln!(
                o,
                "{indent}… and {} more distinct solutions",
                grouped((n - h.solutions.len()) as u64)
            );
        }
        let features = notable(h);
        if !features.is_empty() {
            let _ = writeln!(o, "{indent}({features})");
        }
    }
    o
}

/// The puzzle's notable difficulty features, comma-separated.
fn notable(h: &HardPuzzle) -> String {
    h.features
        .map(|f| f.notable(h.target).join(", "))
        .unwrap_or_default()
}
