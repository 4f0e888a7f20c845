//! The card pool a board is drawn from (values and copies, as `1-10x2,25,50,75,100`) and
//! target ranges as typed, with the bounds every input is held to.

use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

use serde::Serialize;

use crate::error::{Error, Result};
use crate::game::words::{self, NotWhole};

/// The numbers a board may hold and how many copies of each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pool {
    /// `(low, high, copies)`: every value in `low..=high` has `copies` copies; where segments
    /// overlap their copies add up.
    pub segments: Vec<(i64, i64, u32)>,
    /// Text the pool was written as, for messages and metadata.
    pub text: String,
}

impl Pool {
    /// How many copies of `value` the pool has (0 if none).
    pub fn copies(&self, value: i64) -> u32 {
        self.segments
            .iter()
            .filter(|&&(lo, hi, _)| (lo..=hi).contains(&value))
            .fold(0u32, |sum, &(_, _, c)| sum.saturating_add(c))
    }

    /// Every value of the pool with its copies, ascending. One pass over the ranges, sorted
    /// once, so that a pool of many overlapping ranges costs no more than their values.
    pub fn cards(&self) -> Vec<(i64, u32)> {
        let mut values: Vec<(i64, u32)> = self
            .segments
            .iter()
            .flat_map(|&(lo, hi, c)| (lo..=hi).map(move |v| (v, c)))
            .collect();
        values.sort_by_key(|&(v, _)| v);
        let mut cards: Vec<(i64, u32)> = Vec::with_capacity(values.len());
        for (v, c) in values {
            match cards.last_mut() {
                Some((last, copies)) if *last == v => *copies = copies.saturating_add(c),
                _ => cards.push((v, c)),
            }
        }
        cards
    }

    /// How many distinct values the pool has.
    pub fn len(&self) -> u64 {
        self.segments
            .iter()
            .map(|&(lo, hi, _)| (hi - lo + 1) as u64)
            .sum()
    }

    pub fn is_empty(&self) -> bool {
        self.segments.is_empty()
    }
}

/// In JSON: the pool as written and its ranges, `{"text": "1-10x2,25", "ranges": [{"lo": 1,
/// "hi": 10, "copies": 2}, …]}`.
impl Serialize for Pool {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Range {
            lo: i64,
            hi: i64,
            copies: u32,
        }
        #[derive(Serialize)]
        struct Written<'a> {
            text: &'a str,
            ranges: Vec<Range>,
        }
        Written {
            text: &self.text,
            ranges: self
                .segments
                .iter()
                .map(|&(lo, hi, copies)| Range { lo, hi, copies })
                .collect(),
        }
        .serialize(s)
    }
}

impl fmt::Display for Pool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// The largest pool value accepted, so that products of a board stay far from overflow.
pub const MAX_CARD: i64 = 1_000_000;

/// The most values a pool's ranges may cover in all (overlaps counted again), so that
/// listing its cards stays within a few tens of MiB whatever is typed.
pub const MAX_POOL_VALUES: u64 = 2 * MAX_CARD as u64;

/// The largest magnitude of a target, at either end of a `--targets` range.
pub const MAX_TARGET: i64 = MAX_CARD * 1000;

impl FromStr for Pool {
    type Err = Error;

    /// Parses `1-10x2,25,50,75,100`: comma-separated values or ranges `lo-hi`, each optionally
    /// followed by `xN` copies (default 1).
    fn from_str(s: &str) -> Result<Pool> {
        let bad = |why: &str| Error::input(format!("bad pool `{s}`: {why}"));
        let within = format!("values must be within 0..{MAX_CARD}, low to high");
        let mut segments = Vec::new();
        let mut covered: u64 = 0;
        for item in s.split(',').map(str::trim) {
            let (range, copies) = match item.split_once(['x', '*']) {
                Some((r, c)) => (
                    r,
                    c.trim()
                        .parse::<u32>()
                        .ok()
                        .filter(|&c| (1..=16).contains(&c))
                        .ok_or_else(|| bad("copies must be 1..16"))?,
                ),
                None => (item, 1),
            };
            let range = range.trim();
            if range.starts_with('-') {
                // `-5`: a negative value, not a range with its low end left out.
                return Err(bad(&within));
            }
            let (lo, hi) = match range.split_once('-') {
                Some((lo, hi)) => (lo.trim(), hi.trim()),
                None => (range, range),
            };
            let parse = |t: &str| {
                words::whole(t).map_err(|e| match e {
                    NotWhole::NotANumber => bad(&e.describe(t)),
                    _ => bad(&format!("{}: {within}", e.describe(t))),
                })
            };
            let (lo, hi) = (parse(lo)?, parse(hi)?);
            if lo < 0 || hi > MAX_CARD || lo > hi {
                return Err(bad(&within));
            }
            covered += (hi - lo + 1) as u64;
            if covered > MAX_POOL_VALUES {
                return Err(bad(&format!(
                    "its ranges cover more than {} values",
                    crate::game::words::grouped(MAX_POOL_VALUES)
                )));
            }
            segments.push((lo, hi, copies));
        }
        Ok(Pool {
            segments,
            text: s.to_string(),
        })
    }
}

/// Parses a target range written `lo-hi` (or `lo..hi`, `lo..=hi`) or a single target `t`;
/// either end within ±[`MAX_TARGET`].
pub fn parse_targets(s: &str) -> Result<RangeInclusive<i64>> {
    let bad = |why: &str| Error::input(format!("bad target range `{s}`: {why}"));
    let form = || bad("write it as LO-HI, e.g. 100-999");
    let t = s.trim();
    // The `-` between the ends, not the sign of the low end (`-5-5`).
    let dash = || {
        let i = t.get(1..)?.find('-')? + 1;
        Some((&t[..i], &t[i + 1..]))
    };
    let (lo, hi) = match t.split_once("..").or_else(dash) {
        Some((lo, hi)) => (lo.trim(), hi.trim().trim_start_matches('=')),
        None => (t, t),
    };
    let beyond = |e: NotWhole, text: &str| {
        bad(&format!(
            "{}: targets are within ±{MAX_TARGET}",
            e.describe(text)
        ))
    };
    let end = |text: &str| match words::whole(text) {
        Ok(v) if v.unsigned_abs() <= MAX_TARGET.unsigned_abs() => Ok(v),
        Ok(v) if v > 0 => Err(beyond(NotWhole::TooLarge, text)),
        Ok(_) => Err(beyond(NotWhole::TooSmall, text)),
        Err(NotWhole::NotANumber) => Err(form()),
        Err(e) => Err(beyond(e, text)),
    };
    let (lo, hi) = (end(lo)?, end(hi)?);
    if lo > hi {
        return Err(bad(&format!("{lo} is above {hi}: write the low end first")));
    }
    Ok(lo..=hi)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pools_parse_copies_and_ranges() {
        let p: Pool = "1-10x2,25,50,75,100".parse().unwrap();
        assert_eq!(p.cards().len(), 14);
        assert_eq!(p.len(), 14);
        assert_eq!(p.copies(7), 2);
        assert_eq!(p.copies(25), 1);
        assert_eq!(p.copies(11), 0);
        // 0 is a value a pool may hold; whether a game allows it is `Game::check`'s to say.
        assert_eq!("0-5".parse::<Pool>().unwrap().copies(0), 1);
        assert!("5-1".parse::<Pool>().is_err());
        assert!("a".parse::<Pool>().is_err());
        assert!("1-3x0".parse::<Pool>().is_err());
    }

    #[test]
    fn target_ranges_parse() {
        assert_eq!(parse_targets("100-999").unwrap(), 100..=999);
        assert_eq!(parse_targets("1..=100").unwrap(), 1..=100);
        assert_eq!(parse_targets("24").unwrap(), 24..=24);
        assert!(parse_targets("9-1").is_err());
        assert_eq!(parse_targets("-5-5").unwrap(), -5..=5);
        assert_eq!(parse_targets("-9--3").unwrap(), -9..=-3);
        assert_eq!(parse_targets(" -7 ").unwrap(), -7..=-7);
        // Found by fuzzing: `abs` of the least i64 is itself, negative, so this range was
        // once accepted (and its length overflowed).
        let err = parse_targets("-9223372036854775808..5")
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("`-9223372036854775808` is too small: targets are within ±1000000000"),
            "{err}"
        );
        let err = parse_targets("1-99999999999999999999")
            .unwrap_err()
            .to_string();
        assert!(err.contains("`99999999999999999999` is too large"), "{err}");
        let err = parse_targets("9-1").unwrap_err().to_string();
        assert!(err.contains("9 is above 1"), "{err}");
        let err = parse_targets("a-b").unwrap_err().to_string();
        assert!(err.contains("write it as LO-HI"), "{err}");
    }

    #[test]
    fn pools_bound_what_they_cover() {
        let err = |p: &str| p.parse::<Pool>().unwrap_err().to_string();
        assert!(err("99999999999999999999").contains("is too large: values must be within"));
        assert!(err("-5").contains("values must be within 0..1000000"));
        // Found by fuzzing: a pool of many overlapping ranges once took minutes and GiBs to
        // list its cards.
        let many = ["1-1000000"; 3].join(",");
        assert!(err(&many).contains("its ranges cover more than 2,000,000 values"));
        let p: Pool = "1-3x2,2-4,3".parse().unwrap();
        assert_eq!(p.cards(), vec![(1, 2), (2, 3), (3, 4), (4, 1)]);
        assert_eq!(p.copies(3), 4);
    }
}
