//! The package's keyword arguments as the library's request options: a `Game` read from its
//! attributes, and `threads` checked as the command line checks `--threads`.

use std::path::PathBuf;

use pyo3::prelude::*;

use digits_lab::request::{GameOptions, RulesOptions, THREADS};

use crate::errors::Failure;

/// A `digits_lab.Game`, read attribute by attribute: the switches by their names in the
/// library's [`digits_lab::game::options::SWITCHES`], which maps them to the rules.
#[derive(Debug)]
pub struct Game {
    rules: RulesOptions,
    pool: Option<String>,
    targets: Option<String>,
    size: Option<usize>,
}

impl<'a, 'py> FromPyObject<'a, 'py> for Game {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Game> {
        fn get<'py, T: for<'b> FromPyObject<'b, 'py>>(
            obj: &Bound<'py, PyAny>,
            name: &str,
        ) -> PyResult<T> {
            obj.getattr(name)?.extract().map_err(Into::into)
        }
        let obj: &Bound<'py, PyAny> = &obj;
        let kind: String = get(obj, "kind")?;
        let file: Option<PathBuf> = get(obj, "rules")?;
        Ok(Game {
            rules: RulesOptions::switched(file.is_none().then_some(kind), file, |name| {
                get(obj, name)
            })?,
            pool: get(obj, "pool")?,
            targets: get(obj, "targets")?,
            size: get(obj, "size")?,
        })
    }
}

impl Game {
    /// The game's rules: its named game, or its rules file.
    pub fn rules(&self) -> RulesOptions {
        self.rules.clone()
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
