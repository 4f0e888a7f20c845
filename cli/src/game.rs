//! The flags that choose and change a game, shared by the commands that take them:
//! [`RulesArgs`] (the arithmetic, for `phase` and `cover`) inside [`GameArgs`] (the whole
//! game, for `solve` and `generate`), parsed into the request layer's options.

use std::path::PathBuf;

use clap::Args;

use digits_lab::request::{GameOptions, RulesOptions};

/// Flags that choose a game's rules and change its arithmetic.
#[derive(Debug, Args, Clone)]
pub struct RulesArgs {
    /// The game whose rules apply: digits (the default), countdown, 24, make10 or krypto.
    #[arg(long)]
    pub game: Option<String>,
    /// A rule set kept in a TOML file (docs/RULES.md), instead of --game; the flags below
    /// change it further.
    #[arg(long, conflicts_with = "game")]
    pub rules: Option<PathBuf>,
    /// Allow exponentiation `a ^ b` (integer exponent; results bounded by 10^12).
    #[arg(long)]
    pub pow: bool,
    /// Allow a unary minus on any number or intermediate (in a domain with negative numbers:
    /// --negatives or --fractions).
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
    pub fn options(&self) -> RulesOptions {
        RulesOptions::switched(self.game.clone(), self.rules.clone(), |name| {
            self.switch(name).ok_or_else(|| name.to_string())
        })
        .unwrap_or_else(|name| unreachable!("the command line has no flag for switch `{name}`"))
    }

    /// The flag of the switch `name` (a name of [`digits_lab::game::options::SWITCHES`]).
    fn switch(&self, name: &str) -> Option<bool> {
        Some(match name {
            "pow" => self.pow,
            "unary_minus" => self.unary_minus,
            "concat" => self.concat,
            "use_all" => self.use_all,
            "zero" => self.zero,
            "negatives" => self.negatives,
            "fractions" => self.fractions,
            _ => return None,
        })
    }
}

/// Flags that choose and change the whole game: its rules, pool and targets.
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
    pub fn options(&self) -> GameOptions {
        GameOptions {
            rules: self.rules.options(),
            pool: self.pool.clone(),
            targets: self.targets.clone(),
            size: self.size,
            inline: None,
        }
    }
}
