//! How numbers are written for people: thousands separators, fixed decimals, shares as
//! percentages, lists in words, the widths of a text table's columns and a Markdown table's
//! rows. The one set of writers every rendering takes, so that `solve`, `hardest`, the charts
//! and the report write the same number the same way. [`grouped`] and [`list`] are defined in
//! [`crate::game::words`], at the bottom, because the library's messages (a refused pool, a
//! corpus too large) write numbers too; they are the same functions here.

pub use crate::game::words::{grouped, list};

/// A part of a whole, both grouped: `1,362 of 1,820`.
pub fn out_of(part: u64, whole: u64) -> String {
    format!("{} of {}", grouped(part), grouped(whole))
}

/// Four decimals: `0.8046`.
pub fn f4(x: f64) -> String {
    format!("{x:.4}")
}

/// Three decimals, for correlations: `0.715`.
pub fn f3(x: f64) -> String {
    format!("{x:.3}")
}

/// Two decimals: `12.50`.
pub fn f2(x: f64) -> String {
    format!("{x:.2}")
}

/// A share as a percentage with one decimal: `0.912` as `91.2%`.
pub fn pct(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

/// `x` written with `f`, or a dash when absent.
pub fn or_dash(x: Option<f64>, f: fn(f64) -> String) -> String {
    x.map_or("–".into(), f)
}

/// `n` and the noun, plural unless `n` is 1: `1 puzzle`, `3 puzzles`.
pub fn count_of(n: u64, noun: &str) -> String {
    format!("{} {noun}{}", grouped(n), if n == 1 { "" } else { "s" })
}

/// The width of each of the first `cols` columns of a text table: its widest cell, the
/// header's included, in characters (boards and solutions hold `×` and `−`).
pub fn column_widths<R: AsRef<[String]>>(head: &[&str], rows: &[R], cols: usize) -> Vec<usize> {
    (0..cols)
        .map(|k| {
            rows.iter()
                .map(|r| r.as_ref()[k].chars().count())
                .chain([head[k].chars().count()])
                .max()
                .unwrap_or(0)
        })
        .collect()
}

/// A Markdown table's column alignments: text to the left, numbers to the right.
pub const LEFT: &str = "---";
pub const RIGHT: &str = "--:";

/// One row of a Markdown table, and its newline: `| a | b | c |`.
pub fn md_row<S: AsRef<str>>(cells: &[S]) -> String {
    let cells: Vec<&str> = cells.iter().map(AsRef::as_ref).collect();
    format!("| {} |\n", cells.join(" | "))
}

/// A Markdown table's header row and the rule under it, each column aligned by `aligns`
/// ([`LEFT`], [`RIGHT`]): `| a | n |` and `|---|--:|`.
pub fn md_head<S: AsRef<str>>(head: &[S], aligns: &[&str]) -> String {
    format!("{}|{}|\n", md_row(head), aligns.join("|"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_written_the_same_everywhere() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1_000), "1,000");
        assert_eq!(grouped(33_665_406), "33,665,406");
        assert_eq!(
            (f4(0.80463), f2(12.5), pct(0.9123)),
            ("0.8046".into(), "12.50".into(), "91.2%".into())
        );
        assert_eq!(or_dash(None, f2), "–");
        assert_eq!(list(&[]), "none");
        assert_eq!(list(&["a".into(), "b".into(), "c".into()]), "a, b and c");
        assert_eq!(
            (count_of(1, "puzzle"), count_of(1_362, "set")),
            ("1 puzzle".into(), "1,362 sets".into())
        );
        assert_eq!(
            md_head(&["model", "puzzles"], &[LEFT, RIGHT]) + &md_row(&["a", "1,820"]),
            "| model | puzzles |\n|---|--:|\n| a | 1,820 |\n"
        );
    }
}
