//! The options that choose and change a game's rules, shared by the commands that take them:
//! [`RulesArgs`] (the arithmetic, for `phase` and `cover`, whose numbers and targets come from
//! their own options) inside [`GameArgs`] (the whole game, for `solve` and `generate`).

use std::path::PathBuf;

use clap::Args;

use crate::error::Error;
use crate::game::pool::{Pool, parse_targets};
use crate::game::rule_file::{self, RuleFile};
use crate::game::rule_set::{Game, GameKind};

use super::one_of;

/// The games `--game` names.
pub(super) const GAMES: &[&str] = &["digits", "countdown", "24", "make10", "krypto"];

/// Options that choose a game's rules and change its arithmetic.
#[derive(Debug, Args, Clone)]
pub struct RulesArgs {
    /// The game whose rules apply.
    #[arg(long, default_value = "digits", value_parser = one_of::<GameKind>(GAMES))]
    pub game: GameKind,
    /// A rule set kept in a TOML file (docs/RULES.md), instead of --game; the flags below
    /// change it further.
    #[arg(long, conflicts_with = "game")]
    pub rules: Option<PathBuf>,
    /// Allow exponentiation `a ^ b` (integer exponent; results bounded by 10^12).
    #[arg(long)]
    pub pow: bool,
    /// Allow a unary minus on any number or intermediate (with fractions only).
    #[arg(long)]
    pub unary_minus: bool,
    /// Board digits may be joined into the numbers they spell: 1 and 2 make 12 or 21
    /// (make-10's variant; digit pools only).
    #[arg(long)]
    pub concat: bool,
    /// Every number of the board must be used.
    #[arg(long)]
    pub use_all: bool,
    /// 0 is a number: `a − a`, `0 × x`, 0 cards (whole numbers, as in Krypto).
    #[arg(long)]
    pub zero: bool,
    /// Negative numbers too (integers; implies --zero).
    #[arg(long)]
    pub negatives: bool,
    /// Exact rationals: fractions, negatives and zero allowed along the way (and 0 cards).
    #[arg(long)]
    pub fractions: bool,
}

impl RulesArgs {
    /// The game these options choose, its arithmetic changed by the flags (as a rules file
    /// naming them would), not yet checked.
    fn unchecked(&self) -> Result<Game, Error> {
        let game = match &self.rules {
            Some(path) => rule_file::read(path)?,
            None => Game::preset(self.game),
        };
        RuleFile {
            zero: self.zero.then_some(true),
            negatives: self.negatives.then_some(true),
            fractions: self.fractions.then_some(true),
            use_all: self.use_all.then_some(true),
            pow: self.pow.then_some(true),
            unary_minus: self.unary_minus.then_some(true),
            concat: self.concat.then_some(true),
            ..RuleFile::default()
        }
        .apply(game)
    }

    /// The game these options describe, checked.
    pub fn game(&self) -> Result<Game, Error> {
        let game = self.unchecked()?;
        game.check()?;
        Ok(game)
    }
}

/// Options that choose and change the whole game: its rules, pool and targets.
#[derive(Debug, Args, Clone)]
pub struct GameArgs {
    #[command(flatten)]
    pub rules: RulesArgs,
    /// Card pool instead of the game's, e.g. `1-10x2,25,50,75,100` (value or range, `xN` copies).
    #[arg(long)]
    pub pool: Option<String>,
    /// Target range instead of the game's, e.g. `100-999`.
    #[arg(long, allow_hyphen_values = true)]
    pub targets: Option<String>,
    /// Numbers on a board instead of the game's (the boards `generate` deals).
    #[arg(long)]
    pub size: Option<usize>,
}

impl GameArgs {
    /// The game these options describe, checked.
    pub fn game(&self) -> Result<Game, Error> {
        let mut game = self.rules.unchecked()?;
        if let Some(p) = &self.pool {
            game.pool = p.parse::<Pool>()?;
        }
        if let Some(t) = &self.targets {
            game.targets = parse_targets(t)?;
        }
        if let Some(n) = self.size {
            game.size = n;
        }
        game.check()?;
        Ok(game)
    }
}
