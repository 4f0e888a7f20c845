//! `cover`: how far a board covers every target from 1, or the boards of `K` numbers, the
//! i-th at most `Bᵢ`, that cover furthest.

use crate::engine::reach::covers::covers_to;
use crate::error::{Error, Result};
use crate::progress::Progress;
use crate::variant::cover;

pub use crate::variant::cover::CoverReport;

use super::{Bound, RulesOptions, pool};

/// A board's number, or a searched number's bound (`--max`).
pub const NUMBER: Bound = Bound::new("a board's number", 1, 10_000);
/// The searched boards' size (`--size`).
pub const SIZE: Bound = Bound::new("--size", 1, 7);
/// A searched number's bound (`--max`).
pub const MAX: Bound = Bound::new("--max", 1, 10_000);

/// One board measured, or a search.
#[derive(Clone, Debug, Default)]
pub struct CoverRequest {
    /// The rules the boards are played under (Digits' and Countdown's by default).
    pub rules: RulesOptions,
    /// A board's numbers, each 1 to 10000 (or search with `size` and `max`).
    pub numbers: Vec<u64>,
    /// Search boards of this many numbers.
    pub size: Option<u64>,
    /// Upper bounds of the searched boards' numbers, smallest number first.
    pub max: Vec<u64>,
    /// Worker threads for a search (one per core when not given).
    pub threads: Option<u16>,
}

impl CoverRequest {
    pub fn run(&self, progress: &dyn Progress) -> Result<CoverReport> {
        let rules = self.rules.game()?.rules;
        let Some(size) = self.size else {
            if self.numbers.is_empty() {
                return Err(Error::input(
                    "give a board's numbers, or --size K --max B1,...,BK",
                ));
            }
            for &n in &self.numbers {
                NUMBER.check(n)?;
            }
            let numbers: Vec<i64> = self.numbers.iter().map(|&n| n as i64).collect();
            let covers = covers_to(&rules, &numbers)?;
            return Ok(CoverReport::Board {
                numbers: self.numbers.clone(),
                covers,
            });
        };
        SIZE.check(size)?;
        if !self.numbers.is_empty() {
            return Err(Error::input("give a board's numbers or --size, not both"));
        }
        if self.max.len() as u64 != size {
            return Err(Error::input(format!(
                "--max gives {} bounds for boards of --size {size}",
                self.max.len()
            )));
        }
        for &b in &self.max {
            MAX.check(b)?;
        }
        let boards = cover::check(&self.max)?;
        let workers = pool(self.threads)?;
        progress.start("cover", "boards", Some(boards));
        let found = workers.install(|| cover::search(&rules, &self.max, &|n| progress.advance(n)));
        progress.finish();
        Ok(CoverReport::Search {
            max: self.max.clone(),
            found: found?,
        })
    }
}
