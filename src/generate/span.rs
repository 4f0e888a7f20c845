//! What a constraint asks for, as typed: a count or a range of counts (`1`, `2-5`, `3-`), and
//! a difficulty as a named band or a range of predicted seconds (`hard`, `20-60`).

use std::fmt;
use std::str::FromStr;

use crate::error::{Error, Result};

use super::bands::Band;

/// A whole number or an inclusive range of them: `1`, `2-5`, `3-` (3 or more).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    pub lo: u64,
    pub hi: u64,
}

impl Span {
    pub fn contains(&self, n: u64) -> bool {
        (self.lo..=self.hi).contains(&n)
    }
}

impl FromStr for Span {
    type Err = Error;

    fn from_str(s: &str) -> Result<Span> {
        let bad = || {
            Error::input(format!(
                "`{s}` is not a count or a range: write 1, 2-5 or 3- (3 or more)"
            ))
        };
        let int = |t: &str| t.trim().parse::<u64>().map_err(|_| bad());
        let span = match s.trim().split_once('-') {
            None => {
                let n = int(s)?;
                Span { lo: n, hi: n }
            }
            Some((lo, hi)) if hi.trim().is_empty() => Span {
                lo: int(lo)?,
                hi: u64::MAX,
            },
            Some((lo, hi)) => Span {
                lo: int(lo)?,
                hi: int(hi)?,
            },
        };
        if span.lo > span.hi {
            return Err(bad());
        }
        Ok(span)
    }
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.lo, self.hi) {
            (lo, hi) if lo == hi => write!(f, "{lo}"),
            (lo, u64::MAX) => write!(f, "{lo}-"),
            (lo, hi) => write!(f, "{lo}-{hi}"),
        }
    }
}

/// The difficulty asked for: one of the game's named bands, or a range of predicted mean
/// solve times in seconds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Wanted {
    Band(Band),
    /// Seconds, `lo ≤ time ≤ hi`.
    Seconds {
        lo: f64,
        hi: f64,
    },
}

impl FromStr for Wanted {
    type Err = Error;

    fn from_str(s: &str) -> Result<Wanted> {
        if let Ok(b) = s.trim().parse::<Band>() {
            return Ok(Wanted::Band(b));
        }
        let bad = || {
            Error::input(format!(
                "difficulty `{s}` is neither a band (easy, medium, hard, fiendish) nor seconds \
                 (e.g. 20-60, or 30- for 30 or more)"
            ))
        };
        let secs = |t: &str| {
            t.trim()
                .trim_end_matches('s')
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite() && *x >= 0.0)
                .ok_or_else(bad)
        };
        let (lo, hi) = match s.trim().split_once('-') {
            None => return Err(bad()),
            Some((lo, hi)) if hi.trim().is_empty() => (secs(lo)?, f64::INFINITY),
            Some((lo, hi)) => (secs(lo)?, secs(hi)?),
        };
        if lo > hi {
            return Err(bad());
        }
        Ok(Wanted::Seconds { lo, hi })
    }
}

impl fmt::Display for Wanted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Wanted::Band(b) => write!(f, "{b}"),
            Wanted::Seconds { lo, hi } if hi.is_infinite() => write!(f, "{lo}-"),
            Wanted::Seconds { lo, hi } => write!(f, "{lo}-{hi}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_parse_counts_ranges_and_open_ends() {
        assert_eq!("1".parse::<Span>().unwrap(), Span { lo: 1, hi: 1 });
        assert_eq!("2-5".parse::<Span>().unwrap(), Span { lo: 2, hi: 5 });
        assert_eq!(
            " 3- ".parse::<Span>().unwrap(),
            Span {
                lo: 3,
                hi: u64::MAX
            }
        );
        for bad in ["", "5-2", "x", "-3", "1.5", "1-2-3"] {
            assert!(bad.parse::<Span>().is_err(), "{bad}");
        }
        assert_eq!("3-".parse::<Span>().unwrap().to_string(), "3-");
    }

    #[test]
    fn difficulty_is_a_band_or_seconds() {
        assert_eq!("hard".parse::<Wanted>().unwrap(), Wanted::Band(Band::Hard));
        assert_eq!(
            "20-60".parse::<Wanted>().unwrap(),
            Wanted::Seconds { lo: 20.0, hi: 60.0 }
        );
        assert_eq!(
            "30s-".parse::<Wanted>().unwrap(),
            Wanted::Seconds {
                lo: 30.0,
                hi: f64::INFINITY
            }
        );
        for bad in ["", "30", "60-20", "NaN-1", "hardest", "-5"] {
            assert!(bad.parse::<Wanted>().is_err(), "{bad}");
        }
    }
}
