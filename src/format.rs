//! How numbers are written for people: thousands separators, fixed decimals, shares as
//! percentages, and lists in words. One place, so that `solve`, `hardest`, the charts and the
//! report write the same number the same way.

/// `1234567` as `1,234,567`.
pub fn grouped(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
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

/// Items in words: `none`, `a`, `a and b`, `a, b and c`.
pub fn list(items: &[String]) -> String {
    match items.len() {
        0 => "none".into(),
        1 => items[0].clone(),
        n => format!("{} and {}", items[..n - 1].join(", "), items[n - 1]),
    }
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
    }
}
