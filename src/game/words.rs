//! Whole numbers as people type them (board numbers, targets, pool values, the numbers of a
//! CSV row), with the reason when text is not one: a 20-digit target is a whole number too
//! large for any game, and the message says so rather than "not a whole number". And the two
//! writers the messages of every layer need ([`grouped`], [`list`]): defined here, at the
//! bottom, once; every rendering takes them from `present::numbers`, which re-exports them.

use std::num::IntErrorKind;

/// Why typed text is not a usable whole number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotWhole {
    /// Not a whole number at all (`x`, `1.5`, `1e3`, nothing).
    NotANumber,
    /// A whole number above what 64 bits hold.
    TooLarge,
    /// A whole number below what 64 bits hold.
    TooSmall,
}

impl NotWhole {
    /// `` `text` is not a whole number``, `` `text` is too large``, …, for messages.
    pub fn describe(self, text: &str) -> String {
        match self {
            NotWhole::NotANumber => format!("`{text}` is not a whole number"),
            NotWhole::TooLarge => format!("`{text}` is too large"),
            NotWhole::TooSmall => format!("`{text}` is too small"),
        }
    }
}

/// The whole number `text` (surrounding spaces ignored), or why it is not one.
pub fn whole(text: &str) -> Result<i64, NotWhole> {
    text.trim().parse::<i64>().map_err(|e| match e.kind() {
        IntErrorKind::PosOverflow => NotWhole::TooLarge,
        IntErrorKind::NegOverflow => NotWhole::TooSmall,
        _ => NotWhole::NotANumber,
    })
}

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

/// Items in words: `none`, `a`, `a and b`, `a, b and c`.
pub fn list(items: &[String]) -> String {
    match items.len() {
        0 => "none".into(),
        1 => items[0].clone(),
        n => format!("{} and {}", items[..n - 1].join(", "), items[n - 1]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn large_numbers_are_told_apart_from_text() {
        assert_eq!(whole(" 42 "), Ok(42));
        assert_eq!(whole("+7"), Ok(7));
        assert_eq!(whole("-3"), Ok(-3));
        assert_eq!(whole("99999999999999999999"), Err(NotWhole::TooLarge));
        assert_eq!(whole("-99999999999999999999"), Err(NotWhole::TooSmall));
        for t in ["", "x", "1.5", "1e3", "0x10", "½", "--1"] {
            assert_eq!(whole(t), Err(NotWhole::NotANumber), "{t}");
        }
        assert_eq!(
            NotWhole::TooLarge.describe("99999999999999999999"),
            "`99999999999999999999` is too large"
        );
    }
}
