//! Which corpora a command runs on: named ones, or a custom one built from a game's options.
//! Shared by `analyze` and `gather`.

use std::path::PathBuf;

use clap::Args;

use crate::corpus::nyt::Source;
use crate::corpus::{Corpus, CorpusId, Custom};
use crate::error::{Error, Result};
use crate::game::rule_file;
use crate::game::rule_set::{Game, GameKind};

use super::game::GAMES;
use super::one_of;

#[derive(Debug, Args)]
pub struct CorpusArgs {
    /// The corpus: digits, countdown, 24, 24-nine, 24-pow, 24-minus, nyt, make10, krypto, a
    /// comma-separated list of them, `all` of them, krypto-fractions (not in `all`), or
    /// `custom` (a game's boards changed by --rules, --pool, --size, --distinct, --targets).
    #[arg(long, default_value = "all")]
    pub corpus: String,
    /// A file of NYT puzzles for the `nyt` corpus instead of the archive built in (SPEC §6).
    #[arg(long)]
    pub nyt: Option<PathBuf>,
    /// Custom corpus: the game whose rules and defaults apply.
    #[arg(long, default_value = "digits", value_parser = one_of::<GameKind>(GAMES))]
    pub game: GameKind,
    /// Custom corpus: a rule set kept in a TOML file (docs/RULES.md), instead of --game.
    #[arg(long, conflicts_with = "game")]
    pub rules: Option<PathBuf>,
    /// Custom corpus: the card pool, e.g. `1-10x2,25,50,75,100`.
    #[arg(long)]
    pub pool: Option<String>,
    /// Custom corpus: numbers per board (1 to 7).
    #[arg(long)]
    pub size: Option<usize>,
    /// Custom corpus: whether a board's numbers must be distinct.
    #[arg(long)]
    pub distinct: Option<bool>,
    /// Custom corpus: the target range, e.g. `1-100`.
    #[arg(long, allow_hyphen_values = true)]
    pub targets: Option<String>,
    /// Custom corpus: its folder name under --out (letters, digits, `-`, `_` and `.`).
    #[arg(long, default_value = "custom", value_parser = folder_name)]
    pub name: String,
}

/// The corpora asked for, built one at a time (a corpus can hold millions of boards).
pub enum Corpora {
    Named(Vec<CorpusId>, Source),
    Custom(String, Game, Custom),
}

impl CorpusArgs {
    /// The corpora these options ask for, checked.
    pub fn corpora(&self) -> Result<Corpora> {
        let custom = Custom {
            pool: self.pool.clone(),
            size: self.size,
            distinct: self.distinct,
            targets: self.targets.clone(),
        };
        if self.corpus == "custom" {
            let game = match &self.rules {
                Some(path) => rule_file::read(path)?,
                None => Game::preset(self.game),
            };
            return Ok(Corpora::Custom(self.name.clone(), game, custom));
        }
        if self.rules.is_some() {
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

/// A custom corpus's name, which becomes a folder under `--out`: one plain path component.
fn folder_name(s: &str) -> std::result::Result<String, String> {
    let plain = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.');
    if s.is_empty() || s.len() > 64 || s.starts_with('.') || !s.chars().all(plain) {
        return Err(
            "a corpus name is 1 to 64 letters, digits, `-`, `_` or `.`, not starting with `.`"
                .into(),
        );
    }
    Ok(s.to_string())
}
