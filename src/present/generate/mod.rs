//! `generate`'s renderings: the puzzles as a list (a table for people, CSV and JSON for
//! programs), the line it ends with on standard error ([`Made`]), and the card of a Hugging
//! Face dataset folder ([`card`], with what it says of a language model that chose the
//! puzzles, [`model_note`]). The dataset files themselves (JSON lines, Parquet) are data, and
//! `crate::generate` writes them.

mod card;

use std::fmt::{self, Write as _};

use crate::generate::Generated;
use crate::generate::puzzle::Puzzle;
use crate::present::numbers::{column_widths, grouped};
use crate::present::output_format::Format;

pub use card::{Provenance, card, model_note};

/// The puzzles in `format`; `title` heads the table; `model`: they were chosen by a
/// language model's predicted success, which every format then shows (`model_success`).
pub fn list(puzzles: &[Puzzle], format: Format, title: &str, model: bool) -> String {
    match format {
        Format::Json => {
            serde_json::to_string_pretty(puzzles).expect("plain data serializes") + "\n"
        }
        Format::Csv => csv(puzzles, model),
        Format::Table => table(puzzles, title, model),
    }
}

fn board_text(p: &Puzzle) -> String {
    p.board
        .iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

fn opt(n: Option<u64>) -> String {
    n.map_or(String::new(), |n| n.to_string())
}

/// The columns of a list, the same in CSV and in the table but for how each names the
/// prediction: the day and slot of a day's puzzles (else the table's row number), the
/// counts and scores, then the predicted time (CSV: with the solve rate, and the band before
/// the model's success; the table: rounded, the band last). The solution follows.
fn head(days: bool, model: bool, csv: bool) -> Vec<&'static str> {
    let mut head = match (days, csv) {
        (true, _) => vec!["day", "slot"],
        (false, true) => vec![],
        (false, false) => vec!["#"],
    };
    head.extend([
        "board",
        "target",
        "trees",
        "expressions",
        "distinct",
        "min_ops",
        "difficulty",
    ]);
    if csv {
        head.extend(["predicted_time_s", "predicted_solve_rate", "band"]);
    } else {
        head.push("time");
    }
    if model {
        head.push("model_success");
    }
    if !csv {
        head.push("band");
    }
    head
}

fn csv(puzzles: &[Puzzle], model: bool) -> String {
    let days = puzzles.iter().any(|p| p.day.is_some());
    let all = puzzles.iter().any(|p| p.solutions.is_some());
    let mut head = head(days, model, true);
    head.push("solution");
    if all {
        head.push("solutions");
    }
    let mut w = csv::Writer::from_writer(Vec::new());
    let _ = w.write_record(&head);
    for p in puzzles {
        let mut row = Vec::new();
        if days {
            row.extend([opt(p.day), opt(p.slot.map(u64::from))]);
        }
        row.extend([
            board_text(p),
            p.target.to_string(),
            p.trees.to_string(),
            p.expressions.to_string(),
            opt(p.distinct),
            p.min_ops.to_string(),
            p.difficulty.to_string(),
            p.predicted_time_s.to_string(),
            p.predicted_solve_rate.to_string(),
            p.band.map_or(String::new(), |b| b.to_string()),
        ]);
        if model {
            row.push(p.model_success.map_or(String::new(), |s| s.to_string()));
        }
        row.push(p.solution.clone());
        if all {
            row.push(p.solutions.as_deref().unwrap_or_default().join(" | "));
        }
        let _ = w.write_record(&row);
    }
    String::from_utf8(w.into_inner().expect("writes to memory")).expect("utf-8")
}

fn table(puzzles: &[Puzzle], title: &str, model: bool) -> String {
    let mut o = String::new();
    let _ = writeln!(o, "{title}");
    let days = puzzles.iter().any(|p| p.day.is_some());
    let head = head(days, model, false);
    let board_col = head
        .iter()
        .position(|&h| h == "board")
        .expect("a board column");
    let rows: Vec<Vec<String>> = puzzles
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let mut r = match (p.day, p.slot) {
                (Some(d), Some(s)) => vec![d.to_string(), s.to_string()],
                _ => vec![(i + 1).to_string()],
            };
            r.extend([
                board_text(p),
                p.target.to_string(),
                grouped(p.trees),
                grouped(p.expressions),
                p.distinct.map_or("n/a".into(), grouped),
                p.min_ops.to_string(),
                format!("{:.2}", p.difficulty),
                format!("~{:.0} s", p.predicted_time_s),
            ]);
            if model {
                // The model's predicted success, as a share of its answers.
                r.push(
                    p.model_success
                        .map_or("–".into(), |s| format!("{:.0}%", s * 100.0)),
                );
            }
            r.push(p.band.map_or("–".into(), |b| b.to_string()));
            r
        })
        .collect();
    let width = column_widths(&head, &rows, head.len());
    let line = |cells: &[&str]| -> String {
        let mut s = String::new();
        for (k, c) in cells.iter().enumerate() {
            // Board and band left-aligned, numbers right-aligned.
            if k == board_col || k == head.len() - 1 {
                let _ = write!(s, "{c:<w$}  ", w = width[k]);
            } else {
                let _ = write!(s, "{c:>w$}  ", w = width[k]);
            }
        }
        s
    };
    let _ = writeln!(o, "{}solution", line(&head));
    for (p, r) in puzzles.iter().zip(&rows) {
        let cells: Vec<&str> = r.iter().map(String::as_str).collect();
        let _ = writeln!(o, "{}{}", line(&cells), p.solution);
        if let Some(all) = &p.solutions {
            let _ = writeln!(
                o,
                "   all {} distinct solutions, fewest numbers first:",
                grouped(all.len() as u64)
            );
            let width = all.len().to_string().len();
            for (i, s) in all.iter().enumerate() {
                let _ = writeln!(o, "   {:>width$}. {s}", i + 1);
            }
        }
    }
    o
}

/// The line `generate` ends with on standard error: how many puzzles, from how many
/// boards, in how long.
pub struct Made<'a> {
    pub generated: &'a Generated,
    pub seconds: f64,
}

impl fmt::Display for Made<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} puzzles from {} boards in {:.2} s",
            self.generated.puzzles.len(),
            self.generated.boards,
            self.seconds
        )
    }
}
