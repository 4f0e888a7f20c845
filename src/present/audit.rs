//! `audit`'s summary as a person reads it: how the rows fared, unique solutions, the fewest
//! operations, the difficulty bands beside the game's, and where the rows went.

use std::fmt;

use crate::dataset::audit::AuditReport;
use crate::present::numbers::grouped as g;

/// The summary, the game's bands beside the set's where they are known, and the file written.
impl fmt::Display for AuditReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&summary(self))?;
        writeln!(f, "wrote {}", self.out.display())
    }
}

fn summary(report: &AuditReport) -> String {
    let (s, bands) = (&report.summary, &report.shares);
    let pct = |n: u64| {
        if s.rows == 0 {
            0.0
        } else {
            100.0 * n as f64 / s.rows as f64
        }
    };
    let mut o = format!(
        "{} rows: {} solvable ({:.1}%), {} unsolvable ({:.1}%), {} invalid, {} duplicates\n",
        g(s.rows),
        g(s.ok),
        pct(s.ok),
        g(s.unsolvable),
        pct(s.unsolvable),
        g(s.invalid),
        g(s.duplicate)
    );
    if s.ok > 0 && s.unique_undefined == s.ok {
        o.push_str("  unique solution: undefined (unary minus leaves `distinct` undefined)\n");
    } else if s.ok > 0 {
        o.push_str(&format!(
            "  unique solution: {} of the {} solvable\n",
            g(s.unique),
            g(s.ok)
        ));
    }
    if s.ok > 0 {
        let ops: Vec<String> = (s.min_ops.iter())
            .map(|(m, n)| format!("{m}: {}", g(*n)))
            .collect();
        o.push_str(&format!("  fewest operations: {}\n", ops.join(", ")));
    }
    if !s.bands.is_empty() {
        let total: u64 = s.bands.values().sum();
        let parts: Vec<String> = bands
            .iter()
            .map(|&(name, share)| {
                let n = s.bands.get(name).copied().unwrap_or(0);
                format!(
                    "{name} {:.0}% (game {:.0}%)",
                    100.0 * n as f64 / total as f64,
                    100.0 * share
                )
            })
            .collect();
        o.push_str(&format!("  difficulty bands: {}\n", parts.join(", ")));
    }
    o
}
