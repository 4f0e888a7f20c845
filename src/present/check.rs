//! `check`'s output as a person reads it: a verdict in one line, and the tally of a file's
//! answers (`--batch`, on standard error).

use std::fmt;

use crate::check::Verdict;
use crate::dataset::check::Tally;
use crate::present::numbers::grouped as g;

/// One line: `solved: 765 in 3 operations (10 points)`, `valid: 760, 5 from 765 (7 points)`,
/// `invalid (not-on-board): 7 is not on the board (1 3 4 6)`.
impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(r) = &self.reason {
            return write!(f, "invalid ({}): {}", r.fault.name(), r.message);
        }
        if self.solved && self.value.is_none() {
            return f.write_str("solved: the puzzle has no solution, as the answer says");
        }
        let (Some(value), Some(distance), Some(ops)) = (&self.value, &self.distance, self.ops)
        else {
            return f.write_str("invalid");
        };
        let plural = if ops == 1 { "" } else { "s" };
        if self.solved {
            write!(f, "solved: {value} in {ops} operation{plural}")?;
        } else {
            write!(
                f,
                "valid: {value} in {ops} operation{plural}, {distance} from the target"
            )?;
        }
        if let (Some(score), Some(unit)) = (self.score, self.score_unit) {
            write!(f, " ({score} {unit})")?;
        }
        Ok(())
    }
}

/// `1,000 answers: 812 solved, 40 valid but missing the target, 148 invalid (…)`.
impl fmt::Display for Tally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&summary(self))
    }
}

fn summary(t: &Tally) -> String {
    let mut s = format!(
        "{} answers: {} solved, {} valid but missing the target, {} invalid",
        g(t.rows),
        g(t.solved),
        g(t.missed),
        g(t.invalid)
    );
    if !t.faults.is_empty() {
        let mut by: Vec<(&String, &u64)> = t.faults.iter().collect();
        by.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        let parts: Vec<String> = by.iter().map(|(f, n)| format!("{f} {}", g(**n))).collect();
        s.push_str(&format!(" ({})", parts.join(", ")));
        // Every row invalid is rarely every model's fault: the set's rules differ.
        if t.invalid == t.rows
            && let Some((row, why)) = t.first.get(by[0].0)
        {
            s.push_str(&format!(
                "; every row is invalid, the commonest as row {row}: {why}. The set was \
             probably made under other rules (--game, --pool, --size, --zero, \
             --negatives, --fractions, --use-all)"
            ));
        }
    }
    s
}
