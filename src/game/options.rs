//! The options that choose and change a game, shared by the requests that take them:
//! [`RulesOptions`] (the arithmetic, for `phase` and `cover`, whose numbers and targets come
//! from their own options) inside [`GameOptions`] (the whole game, for `solve` and
//! `generate`).

use std::path::PathBuf;

use serde::Serialize;

use crate::error::{Error, Result};
use crate::game::pool::{Pool, parse_targets};
use crate::game::rule_file::{self, RuleFile};
use crate::game::rule_set::{Game, GameKind};

/// The games a request names, as typed (`--game`).
pub const GAMES: &[&str] = &["digits", "countdown", "24", "make10", "krypto"];

/// The switches that change a game's arithmetic, by the name both front ends give them: the
/// command line's flags (`--unary-minus` is `unary_minus`) and the attributes of Python's
/// `Game`; each with the field of [`RulesOptions`] it sets.
pub const SWITCHES: [(&str, Switch); 7] = [
    ("pow", |o| &mut o.pow),
    ("unary_minus", |o| &mut o.unary_minus),
    ("concat", |o| &mut o.concat),
    ("use_all", |o| &mut o.use_all),
    ("zero", |o| &mut o.zero),
    ("negatives", |o| &mut o.negatives),
    ("fractions", |o| &mut o.fractions),
];

/// The field of [`RulesOptions`] a switch sets.
pub type Switch = fn(&mut RulesOptions) -> &mut bool;

/// A game's rules: a named game or a rules file, its arithmetic changed by the switches.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct RulesOptions {
    /// The named game whose rules apply (`--game`; Digits when neither it nor `rules` is
    /// given).
    pub game: Option<String>,
    /// A rule set kept in a TOML file (docs/RULES.md), instead of `game`.
    pub rules: Option<PathBuf>,
    /// `a ^ b` allowed (`--pow`).
    pub pow: bool,
    /// A unary minus on any number or intermediate (`--unary-minus`).
    pub unary_minus: bool,
    /// Board digits joined into the numbers they spell (`--concat`).
    pub concat: bool,
    /// Every number of the board used (`--use-all`).
    pub use_all: bool,
    /// 0 is a number (`--zero`).
    pub zero: bool,
    /// Negative numbers too (`--negatives`).
    pub negatives: bool,
    /// Exact rationals (`--fractions`).
    pub fractions: bool,
}

impl RulesOptions {
    /// The rules of the named game `kind`, unchanged.
    pub fn named(kind: &str) -> RulesOptions {
        RulesOptions {
            game: Some(kind.to_string()),
            ..RulesOptions::default()
        }
    }

    /// The rules of the named `game` or of the `rules` file, each switch of [`SWITCHES`] on
    /// when `on(name)` says so: the one mapping of a front end's switches to the rules,
    /// which the command line and Python both call.
    pub fn switched<E>(
        game: Option<String>,
        rules: Option<PathBuf>,
        mut on: impl FnMut(&str) -> std::result::Result<bool, E>,
    ) -> std::result::Result<RulesOptions, E> {
        let mut o = RulesOptions {
            game,
            rules,
            ..RulesOptions::default()
        };
        for (name, field) in SWITCHES {
            *field(&mut o) = on(name)?;
        }
        Ok(o)
    }

    /// Each switch of [`SWITCHES`], by name, and whether it is on.
    pub fn switches(&self) -> [(&'static str, bool); 7] {
        let mut o = self.clone();
        SWITCHES.map(|(name, field)| (name, *field(&mut o)))
    }

    /// The named game (Digits when none is named).
    pub fn kind(&self) -> Result<GameKind> {
        self.game.as_deref().unwrap_or("digits").parse()
    }

    /// The game named, or read from the rules file, before the switches change it.
    pub fn base(&self) -> Result<Game> {
        match (&self.rules, &self.game) {
            (Some(_), Some(_)) => Err(Error::input(
                "--rules names a rule set of its own: give --rules or --game, not both",
            )),
            (Some(path), None) => rule_file::read(path),
            (None, _) => Ok(Game::preset(self.kind()?)),
        }
    }

    /// The game these options choose, its arithmetic changed by the switches (as a rules
    /// file naming them would), not yet checked.
    fn unchecked(&self) -> Result<Game> {
        let game = self.base()?;
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
    pub fn game(&self) -> Result<Game> {
        let game = self.unchecked()?;
        game.check()?;
        Ok(game)
    }
}

/// A whole game: its rules, and its pool, targets and board size when changed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct GameOptions {
    pub rules: RulesOptions,
    /// Card pool instead of the game's (`--pool`), e.g. `1-10x2,25,50,75,100`.
    pub pool: Option<String>,
    /// Target range instead of the game's (`--targets`), e.g. `100-999`.
    pub targets: Option<String>,
    /// Numbers on a board instead of the game's (`--size`: the boards `generate` deals).
    pub size: Option<usize>,
    /// A game given whole, as data (a study plan's rules), instead of the fields above,
    /// which are then not read. `generate` deals one equal to its preset as it deals the
    /// named game (Digits from 1–25), and any other from its own pool.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub inline: Option<Game>,
}

impl GameOptions {
    /// The named game `kind`, unchanged.
    pub fn named(kind: &str) -> GameOptions {
        GameOptions {
            rules: RulesOptions::named(kind),
            ..GameOptions::default()
        }
    }

    /// A game given whole.
    pub fn inline(game: Game) -> GameOptions {
        GameOptions {
            inline: Some(game),
            ..GameOptions::default()
        }
    }

    /// The game these options describe, checked.
    pub fn game(&self) -> Result<Game> {
        if let Some(game) = &self.inline {
            game.check()?;
            return Ok(game.clone());
        }
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

    /// The options as the flags that give them (`--game 24 --pool 1-100x6 …`).
    pub fn flags(&self) -> String {
        let r = &self.rules;
        let mut words = Vec::new();
        match (&r.rules, &r.game) {
            (Some(path), _) => words.push(format!("--rules {}", path.display())),
            (None, game) => words.push(format!("--game {}", game.as_deref().unwrap_or("digits"))),
        }
        words.extend(
            r.switches()
                .iter()
                .filter(|s| s.1)
                .map(|s| format!("--{}", s.0.replace('_', "-"))),
        );
        if let Some(p) = &self.pool {
            words.push(format!("--pool {p}"));
        }
        if let Some(t) = &self.targets {
            words.push(format!("--targets {t}"));
        }
        if let Some(n) = self.size {
            words.push(format!("--size {n}"));
        }
        words.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_named_game_with_switches_is_the_preset_changed() {
        let mut o = GameOptions::named("24");
        assert_eq!(o.game().unwrap(), Game::preset(GameKind::TwentyFour));
        o.rules.pow = true;
        assert!(o.game().unwrap().rules.pow);
        assert_eq!(
            GameOptions::named("chess").game().unwrap_err().to_string(),
            "unknown game `chess` (known: digits, countdown, 24, make10, krypto)"
        );
        let both = RulesOptions {
            rules: Some("x.toml".into()),
            ..RulesOptions::named("24")
        };
        assert!(both.game().unwrap_err().to_string().contains("not both"));
        assert_eq!(
            GameOptions::default().game().unwrap(),
            Game::preset(GameKind::Digits)
        );
    }

    #[test]
    fn each_switch_sets_its_own_field() {
        for (k, (name, _)) in SWITCHES.iter().enumerate() {
            let o =
                RulesOptions::switched::<()>(Some("24".into()), None, |n| Ok(n == *name)).unwrap();
            let on = [
                o.pow,
                o.unary_minus,
                o.concat,
                o.use_all,
                o.zero,
                o.negatives,
                o.fractions,
            ];
            let expected: Vec<bool> = (0..on.len()).map(|i| i == k).collect();
            assert_eq!(on.to_vec(), expected, "{name}");
            assert_eq!(o.game.as_deref(), Some("24"));
        }
        let o = RulesOptions::switched::<()>(None, None, |n| Ok(n.contains('_'))).unwrap();
        let on: Vec<&str> = o.switches().iter().filter(|s| s.1).map(|s| s.0).collect();
        assert_eq!(on, ["unary_minus", "use_all"]);
        let flagged = GameOptions {
            rules: RulesOptions::switched::<()>(Some("24".into()), None, |n| {
                Ok(matches!(n, "pow" | "use_all" | "fractions"))
            })
            .unwrap(),
            pool: Some("1-10".into()),
            ..GameOptions::default()
        };
        assert_eq!(
            flagged.flags(),
            "--game 24 --pow --use-all --fractions --pool 1-10"
        );
        let refused = RulesOptions::switched(None, None, |n| Err::<bool, _>(n.to_string()));
        assert_eq!(refused.unwrap_err(), "pow");
    }
}
