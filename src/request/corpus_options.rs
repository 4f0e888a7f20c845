//! Which corpora a corpus run covers: named ones, or a custom one built from a game's
//! options. Shared by `analyze` and `gather`.

use std::path::PathBuf;

use serde::Serialize;

use crate::corpus::nyt::Source;
use crate::corpus::{Corpus, CorpusId, Custom};
use crate::error::{Error, Result};
use crate::game::rule_set::Game;

use super::RulesOptions;

/// The corpora asked for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CorpusOptions {
    /// A corpus name, a comma-separated list of them, `all` (every default corpus) or
    /// `custom` (`--corpus`).
    pub corpus: String,
    /// A file of NYT puzzles for the `nyt` corpus instead of the archive built in (`--nyt`).
    pub nyt: Option<PathBuf>,
    /// A custom corpus's game: a named game or a rules file (its switches are not taken:
    /// a rules file says them).
    pub rules: RulesOptions,
    /// A custom corpus's card pool (`--pool`).
    pub pool: Option<String>,
    /// A custom corpus's numbers per board (`--size`).
    pub size: Option<usize>,
    /// Whether a custom corpus's boards hold distinct numbers (`--distinct`).
    pub distinct: Option<bool>,
    /// A custom corpus's target range (`--targets`).
    pub targets: Option<String>,
    /// A custom corpus's folder name under the data folder (`--name`).
    pub name: String,
}

impl Default for CorpusOptions {
    fn default() -> Self {
        CorpusOptions {
            corpus: "all".to_string(),
            nyt: None,
            rules: RulesOptions::default(),
            pool: None,
            size: None,
            distinct: None,
            targets: None,
            name: "custom".to_string(),
        }
    }
}

/// The corpora asked for, built one at a time (a corpus can hold millions of boards).
pub enum Corpora {
    Named(Vec<CorpusId>, Source),
    Custom(String, Game, Custom),
}

impl CorpusOptions {
    /// Whether these are every default corpus: the main job, whose report has the phase
    /// sweep too.
    pub fn is_all(&self) -> bool {
        self.corpus == "all"
    }

    /// The corpora these options ask for, checked.
    pub fn corpora(&self) -> Result<Corpora> {
        let custom = Custom {
            pool: self.pool.clone(),
            size: self.size,
            distinct: self.distinct,
            targets: self.targets.clone(),
        };
        if self.corpus == "custom" {
            check_folder_name(&self.name)?;
            let game = self.rules.base()?;
            return Ok(Corpora::Custom(self.name.clone(), game, custom));
        }
        self.rules.kind()?;
        if self.rules.rules.is_some() {
            return Err(Error::input("--rules makes a `--corpus custom`"));
        }
        if custom.pool.is_some()
            || custom.size.is_some()
            || custom.distinct.is_some()
            || custom.targets.is_some()
        {
            return Err(Error::input(
                "--pool, --size, --distinct and --targets make a `--corpus custom`",
            ));
        }
        let ids = match self.corpus.as_str() {
            "all" => CorpusId::DEFAULT.to_vec(),
            list => list
                .split(',')
                .map(|n| n.trim().parse())
                .collect::<Result<_>>()?,
        };
        let nyt = self.nyt.clone().map_or(Source::Embedded, Source::File);
        Ok(Corpora::Named(ids, nyt))
    }
}

impl Corpora {
    /// How many corpora.
    pub fn len(&self) -> usize {
        match self {
            Corpora::Named(ids, _) => ids.len(),
            Corpora::Custom(..) => 1,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Corpus `i`, enumerated now.
    pub fn build(&self, i: usize) -> Result<Corpus> {
        match self {
            Corpora::Named(ids, nyt) => Corpus::named(ids[i].clone(), nyt),
            Corpora::Custom(name, game, custom) => Corpus::custom(name, game.clone(), custom),
        }
    }
}

/// A custom corpus's name, which becomes a folder under the data folder: one plain path
/// component.
pub fn check_folder_name(s: &str) -> Result<()> {
    let plain = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.');
    if s.is_empty() || s.len() > 64 || s.starts_with('.') || !s.chars().all(plain) {
        return Err(Error::input(format!(
            "invalid value '{s}' for '--name': a corpus name is 1 to 64 letters, digits, `-`, \
             `_` or `.`, not starting with `.`"
        )));
    }
    Ok(())
}
