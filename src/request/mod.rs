//! The requests: each command's work as a plain library value — typed fields with the
//! command's defaults (`Default`), checked here with the library's errors and exit codes —
//! whose `run` does the work and returns the report the command prints. The command line
//! (`cli/`) only parses flags into requests and prints reports; the Python package builds
//! the same requests from keyword arguments. Nothing here knows how a request was typed.
//!
//! - [`GameOptions`] and [`RulesOptions`], the options that choose and change a game (defined
//!   in [`crate::game::options`], below the stages, which read them too);
//!   [`corpus_options`]: which corpora a corpus run covers ([`CorpusOptions`]);
//! - [`places`]: where outputs go when not told;
//! - one file per command: [`solve`] (and [`solve_tables`], many puzzles as tables, for
//!   Python), [`analyze`] (the whole main job), [`gather`], [`plots`], [`hardest`], [`fit`],
//!   [`generate`] (what it writes: `generate::output`), [`phase`], [`cover`], [`check`],
//!   [`audit`], [`evaluate`], [`serve`]; [`move_prefs`], the study's fit of the player's
//!   move preferences;
//! - [`Bound`]: a whole-number option's range, one message for every front end.
//!
//! A long request tells its caller how it advances through [`crate::progress::Progress`].

pub mod analyze;
pub mod audit;
pub mod check;
pub mod corpus_options;
pub mod cover;
pub mod evaluate;
pub mod fit;
pub mod gather;
pub mod generate;
pub mod hardest;
pub mod move_prefs;
pub mod phase;
pub mod places;
pub mod plots;
pub mod serve;
pub mod solve;
pub mod solve_tables;

use std::fmt;
use std::str::FromStr;

use crate::error::{Error, Result};

pub use crate::game::options::{GameOptions, RulesOptions};
pub use analyze::{AnalyzeReport, AnalyzeRequest};
pub use audit::{AuditReport, AuditRequest};
pub use check::{CheckFileRequest, CheckManyRequest, CheckRequest};
pub use corpus_options::CorpusOptions;
pub use cover::{CoverReport, CoverRequest};
pub use evaluate::EvaluateRequest;
pub use fit::{FitReport, FitRequest};
pub use gather::{GatherReport, GatherRequest};
pub use generate::{GenerateReport, GenerateRequest};
pub use hardest::{HardestReport, HardestRequest};
pub use move_prefs::{MovePrefsReport, MovePrefsRequest};
pub use phase::{PhaseReport, PhaseRequest};
pub use plots::{PlotsReport, PlotsRequest};
pub use serve::ServeRequest;
pub use solve::{SolveReport, SolveRequest};
pub use solve_tables::{SolveTablesReport, SolveTablesRequest};

/// A whole-number option: its name as the command line's flag and the values it takes. Every
/// front end turns what was typed into the option's type through [`Bound::fit`], so that a
/// value out of range gets the same one-line message from the command line and Python.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bound {
    pub flag: &'static str,
    pub lo: u64,
    pub hi: u64,
}

impl Bound {
    pub const fn new(flag: &'static str, lo: u64, hi: u64) -> Bound {
        Bound { flag, lo, hi }
    }

    /// `value` checked against the range.
    pub fn check(&self, value: u64) -> Result<u64> {
        self.fit(i128::from(value))
    }

    /// `value`, as typed, in the option's type when it is in the range (which every such
    /// type holds).
    pub fn fit<T: TryFrom<u64>>(&self, value: i128) -> Result<T> {
        if value < i128::from(self.lo) || value > i128::from(self.hi) {
            return Err(Error::input(format!(
                "invalid value '{value}' for '{}': {value} is not in {}..={}",
                self.flag, self.lo, self.hi
            )));
        }
        T::try_from(value as u64)
            .map_err(|_| Error::input(format!("{}: {value} is too large", self.flag)))
    }

    /// An optional value, as typed, through [`Bound::fit`].
    pub fn fit_opt<T: TryFrom<u64>>(&self, value: Option<i128>) -> Result<Option<T>> {
        value.map(|v| self.fit(v)).transpose()
    }

    /// Every value of a list, as typed, through [`Bound::fit`].
    pub fn fit_all<T: TryFrom<u64>>(&self, values: &[i128]) -> Result<Vec<T>> {
        values.iter().map(|&v| self.fit(v)).collect()
    }

    /// `text`, a whole number as typed, in the option's type when it is in the range.
    pub fn parse<T: TryFrom<u64>>(&self, text: &str) -> Result<T> {
        let value = text.trim().parse::<i128>().map_err(|_| {
            Error::input(format!(
                "invalid value '{text}' for '{}': not a whole number",
                self.flag
            ))
        })?;
        self.fit(value)
    }
}

impl fmt::Display for Bound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} to {}", self.lo, self.hi)
    }
}

/// A flag's text, as typed, parsed by the library's own parser; the error names the flag.
pub fn parsed<T: FromStr<Err = Error>>(flag: &str, typed: Option<&str>) -> Result<Option<T>> {
    typed
        .map(|text| {
            text.parse::<T>()
                .map_err(|e| Error::Input(format!("invalid value '{text}' for '{flag}': {e}")))
        })
        .transpose()
}

/// Worker threads (`--threads`); none means one per core.
pub const THREADS: Bound = Bound::new("--threads", 1, 1024);

/// A pool of `threads` workers (one per core when not given), checked.
pub fn pool(threads: Option<u16>) -> Result<rayon::ThreadPool> {
    if let Some(t) = threads {
        THREADS.check(u64::from(t))?;
    }
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.map_or(0, usize::from))
        .build()
        .map_err(|e| Error::failed("cannot start worker threads", e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bound_refuses_what_is_outside_it_in_one_message() {
        let b = Bound::new("--count", 1, 100_000);
        assert_eq!(b.fit::<u32>(7).unwrap(), 7);
        assert_eq!(b.fit::<u32>(100_000).unwrap(), 100_000);
        for bad in [0, -1, 100_001, i128::from(u64::MAX) + 1] {
            let e = b.fit::<u32>(bad).unwrap_err();
            assert_eq!(
                e.to_string(),
                format!("invalid value '{bad}' for '--count': {bad} is not in 1..=100000")
            );
            assert_eq!(e.exit_code(), 2);
        }
        assert!(THREADS.check(0).is_err());
        assert!(pool(Some(2)).is_ok());
    }
}
