//! The package's keyword arguments as the library's request options: a `Game` read from its
//! attributes, and `threads` checked as the command line checks `--threads`.

use std::path::PathBuf;

use pyo3::prelude::*;

use digits_lab::request::{GameOptions, RulesOptions, THREADS};

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
    size: Option<usize>,
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
            size: self.size,
            inline: None,
        }
    }
}

/// `threads` checked as `--threads` is.
pub fn threads(threads: Option<i128>) -> Result<Option<u16>, Failure> {
    Ok(THREADS.fit_opt(threads)?)
}
