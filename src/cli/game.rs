//! The options that change a game's rules, shared by the commands that take them.

use clap::Args;

use crate::error::Error;
use crate::game::rules::{Game, GameKind, Pool, parse_targets};

use super::one_of;

/// Options that change the game's rules.
#[derive(Debug, Args, Clone)]
pub struct GameArgs {
    /// The game whose rules apply.
    #[arg(long, default_value = "digits", value_parser = one_of::<GameKind>(&["digits", "countdown", "24"]))]
    pub game: GameKind,
    /// Allow exponentiation `a ^ b` (integer exponent; results bounded by 10^12).
    #[arg(long)]
    pub pow: bool,
    /// Allow a unary minus on any number or intermediate (24 game only).
    #[arg(long)]
    pub unary_minus: bool,
    /// Card pool instead of the game's, e.g. `1-10x2,25,50,75,100` (value or range, `xN` copies).
    #[arg(long)]
    pub pool: Option<String>,
    /// Target range instead of the game's, e.g. `100-999`.
    #[arg(long, allow_hyphen_values = true)]
    pub targets: Option<String>,
}

impl GameArgs {
    /// The game these options describe.
    pub fn game(&self) -> Result<Game, Error> {
        let mut game = Game::preset(self.game);
        if self.pow {
            game = game.with_pow();
        }
        if self.unary_minus {
            game = game.with_unary_minus()?;
        }
        if let Some(p) = &self.pool {
            game.pool = p.parse::<Pool>()?;
        }
        if let Some(t) = &self.targets {
            game.targets = parse_targets(t)?;
        }
        Ok(game)
    }
}
