//! `cover`'s report as a person reads it: how far a board covers, or the best boards of a
//! search.

use std::fmt;

use crate::present::numbers::grouped;
use crate::variant::cover::CoverReport;

/// The report as a person reads it.
impl fmt::Display for CoverReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&text_of(self))
    }
}

fn text_of(report: &CoverReport) -> String {
    match report {
        CoverReport::Board { numbers, covers: 0 } => {
            format!("covers nothing: {} cannot make 1\n", text(numbers))
        }
        CoverReport::Board { numbers, covers } => format!(
            "covers 1..{covers}\n{} makes every number from 1 to {covers}, not {}\n",
            text(numbers),
            covers + 1
        ),
        CoverReport::Search { max, found } => {
            let mut o = format!(
                "searched {} boards of {} numbers, the i-th at most {} ({} measured, the rest ruled out by a window)\n",
                grouped(found.searched),
                max.len(),
                text(max),
                grouped(found.measured)
            );
            if found.best == 0 {
                o.push_str("best: no board makes 1\n");
                return o;
            }
            let n = found.boards.len();
            o.push_str(&format!(
                "best: covers 1..{} ({n} board{})\n",
                found.best,
                if n == 1 { "" } else { "s" }
            ));
            for b in &found.boards {
                o.push_str(&format!("  {}\n", text(b)));
            }
            o
        }
    }
}

fn text<N: ToString>(numbers: &[N]) -> String {
    numbers
        .iter()
        .map(N::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}
