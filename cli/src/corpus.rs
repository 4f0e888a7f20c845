//! The flags that choose the corpora of a corpus run (`analyze`, `gather`), parsed into
//! [`CorpusOptions`].

use std::path::PathBuf;

use clap::Args;

use digits_lab::request::{CorpusOptions, RulesOptions};

#[derive(Debug, Args)]
pub struct CorpusArgs {
    /// The corpus: digits, countdown, 24, 24-nine, 24-pow, 24-minus, nyt, make10,
    /// make10-concat, krypto, a comma-separated list of them, `all` of them,
    /// krypto-fractions (not in `all`), or `custom` (a game's boards changed by --rules,
    /// --pool, --size, --distinct, --targets).
    #[arg(long, default_value_t = CorpusOptions::default().corpus)]
    pub corpus: String,
    /// A file of NYT puzzles for the `nyt` corpus instead of the archive built in (SPEC §6).
    #[arg(long)]
    pub nyt: Option<PathBuf>,
    /// Custom corpus: the game whose rules and defaults apply: digits (the default),
    /// countdown, 24, make10 or krypto.
    #[arg(long)]
    pub game: Option<String>,
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
    #[arg(long, default_value_t = CorpusOptions::default().name)]
    pub name: String,
}

impl CorpusArgs {
    pub fn options(&self) -> CorpusOptions {
        CorpusOptions {
            corpus: self.corpus.clone(),
            nyt: self.nyt.clone(),
            rules: RulesOptions {
                game: self.game.clone(),
                rules: self.rules.clone(),
                ..RulesOptions::default()
            },
            pool: self.pool.clone(),
            size: self.size,
            distinct: self.distinct,
            targets: self.targets.clone(),
            name: self.name.clone(),
        }
    }
}
