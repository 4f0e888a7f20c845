//! The package's keyword arguments as the library's request options: a `Game` read from its
//! attributes, numbers checked through the request layer's bounds (the command line's own
//! messages), worker pools as the commands build theirs.

use std::path::PathBuf;

use pyo3::prelude::*;

use digits_lab::request::{Bound, GameOptions, RulesOptions, THREADS};

use crate::errors::Failure;

/// A `digits_lab.Game`, read attribute by attribute.
#[derive(Debug, FromPyObject)]
pub struct Game {
    kind: String,
    rules: Option<PathBuf>,
    pow: bool,
    unary_minus: bool,
    use_all: bool,
    zero: bool,
    negatives: bool,
    fractions: bool,
    concat: bool,
    pool: Option<String>,
    targets: Option<String>,
}

impl Game {
    /// The game's rules: its named game, or its rules file.
    pub fn rules(&self) -> RulesOptions {
        RulesOptions {
            game: self.rules.is_none().then(|| self.kind.clone()),
            rules: self.rules.clone(),
            pow: self.pow,
            unary_minus: self.unary_minus,
            concat: self.concat,
            use_all: self.use_all,
            zero: self.zero,
            negatives: self.negatives,
            fractions: self.fractions,
        }
    }

    /// The whole game.
    pub fn options(&self) -> GameOptions {
        GameOptions {
            rules: self.rules(),
            pool: self.pool.clone(),
            targets: self.targets.clone(),
            size: None,
        }
    }
}

/// `value` through `bound`, as the command line checks the flag.
pub fn fit<T: TryFrom<u64>>(bound: Bound, value: i128) -> Result<T, Failure> {
    Ok(bound.fit(value)?)
}

/// An optional value through `bound`.
pub fn fit_opt<T: TryFrom<u64>>(bound: Bound, value: Option<i128>) -> Result<Option<T>, Failure> {
    value.map(|v| fit(bound, v)).transpose()
}

/// A list of values through `bound`.
pub fn fit_all<T: TryFrom<u64>>(bound: Bound, values: &[i128]) -> Result<Vec<T>, Failure> {
    values.iter().map(|&v| fit(bound, v)).collect()
}

/// `threads` checked as `--threads` is.
pub fn threads(threads: Option<i128>) -> Result<Option<u16>, Failure> {
    fit_opt(THREADS, threads)
}
