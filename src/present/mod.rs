//! Every rendering of what the library computes, one module per command's report: its
//! terminal text (the report's `Display`, and the lines for standard error), the files that
//! are renderings (the charts, [`charts`], one file per chart family; `REPORT.md`,
//! [`report`], both drawn from [`crate::findings::facts::Facts`]; an evaluation's and a fit's
//! Markdown reports; a list as a table, CSV or JSON; a dataset card), and JSON ([`json`]).
//! The numbers, shares and tables in all of them are written by [`numbers`]; the formats a
//! list is written in are [`output_format`]'s.

use serde::Serialize;

pub mod analyze;
pub mod audit;
pub mod charts;
pub mod check;
pub mod cover;
pub mod evaluate;
pub mod fit;
pub mod gather;
pub mod generate;
pub mod hardest;
pub mod move_prefs;
pub mod numbers;
pub mod output_format;
pub mod phase;
pub mod plots;
pub mod report;
pub mod serve;
pub mod solve;

/// A report value as JSON, indented, with a final newline: what `--json` and `--format json`
/// print.
pub fn json<T: Serialize + ?Sized>(value: &T) -> String {
    serde_json::to_string_pretty(value).expect("a report is plain data") + "\n"
}
