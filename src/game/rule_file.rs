//! A rule set kept in a file (`--rules FILE`, TOML), so that a variant can be kept and shared.
//! It starts from a named game and changes what it names; every key is optional, an unknown
//! key is refused, and the result is checked as the flags' is ([`Game::check`]).
//!
//! ```toml
//! game = "24"          # the preset it starts from (digits, countdown, 24, make10, krypto)
//! pool = "1-13x4"      # values and copies
//! size = 4             # numbers on a board
//! target = 24          # a fixed target (solve takes numbers only) …
//! targets = "1-100"    # … or the range a corpus is analysed for (not both)
//! use-all = true       # every number must be used
//! zero = true          # 0 is a number: a − a, 0 × x (whole numbers, Krypto) …
//! negatives = true     # … negative numbers too (integers) …
//! fractions = true     # … and fractions (exact rationals)
//! pow = false          # a ^ b
//! unary-minus = false  # −x (with fractions)
//! concat = false       # digits joined into numbers: 1 and 2 make 12 or 21 (digit pools)
//! distinct = false     # a board's numbers must differ
//! deal = "deck"        # or "ticket" (each number drawn on its own), or "deck-and-target"
//! ```

use std::path::Path;

use serde::Deserialize;

use crate::error::{Error, Result};
use crate::game::pool::{Pool, parse_targets};
use crate::game::rule_set::{Deal, Game, GameKind};
use crate::game::rules::Arithmetic;

/// The largest rules file read (a rule set is a dozen lines).
const MAX_BYTES: u64 = 64 * 1024;

/// What a rules file may say; `None` keeps the preset's.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct RuleFile {
    pub game: Option<String>,
    pub pool: Option<String>,
    pub size: Option<usize>,
    pub target: Option<i64>,
    pub targets: Option<String>,
    pub use_all: Option<bool>,
    pub zero: Option<bool>,
    pub negatives: Option<bool>,
    pub fractions: Option<bool>,
    pub pow: Option<bool>,
    pub unary_minus: Option<bool>,
    pub concat: Option<bool>,
    pub distinct: Option<bool>,
    pub deal: Option<String>,
}

/// Reads the rule set in `path`.
pub fn read(path: &Path) -> Result<Game> {
    let shown = path.display();
    let io = |e: std::io::Error| Error::input(format!("rules file {shown}: {e}"));
    let len = std::fs::metadata(path).map_err(io)?.len();
    if len > MAX_BYTES {
        return Err(Error::input(format!(
            "rules file {shown}: {len} bytes; a rule set is at most {MAX_BYTES}"
        )));
    }
    let text = std::fs::read_to_string(path).map_err(io)?;
    parse(&text).map_err(|e| Error::input(format!("rules file {shown}: {e}")))
}

/// The rule set written in `text`.
pub fn parse(text: &str) -> Result<Game> {
    let file: RuleFile = toml::from_str(text).map_err(|e| {
        // toml's message spans several lines (the line quoted, a caret); keep its first and
        // the line number, so that the error stays one line.
        let line = e
            .span()
            .map(|s| 1 + text[..s.start.min(text.len())].matches('\n').count());
        let first = e.message().lines().next().unwrap_or("not TOML").to_string();
        Error::input(match line {
            Some(l) => format!("line {l}: {first}"),
            None => first,
        })
    })?;
    file.game()
}

/// An error about the key `name`.
fn field(name: &str, e: Error) -> Error {
    Error::input(format!("`{name}`: {e}"))
}

impl RuleFile {
    /// The game this file describes, checked.
    pub fn game(&self) -> Result<Game> {
        let kind = match &self.game {
            Some(name) => name.parse::<GameKind>().map_err(|e| field("game", e))?,
            None => GameKind::Digits,
        };
        let game = self.apply(Game::preset(kind))?;
        game.check()?;
        Ok(game)
    }

    /// `game` changed by what this names (all but `game`), not yet checked: the one place a
    /// rule set is changed, for a file and for the flags alike.
    pub fn apply(&self, mut game: Game) -> Result<Game> {
        if let Some(p) = &self.pool {
            game.pool = p.parse::<Pool>().map_err(|e| field("pool", e))?;
        }
        if let Some(s) = self.size {
            game.size = s;
        }
        if let Some(d) = self.distinct {
            game.distinct = d;
        }
        game.rules.arithmetic = self.domain(game.rules.arithmetic)?;
        if let Some(u) = self.use_all {
            game.rules.use_all = u;
        }
        if self.pow == Some(true) {
            game = game.with_pow();
        } else if self.pow == Some(false) {
            game.rules.pow = false;
        }
        if let Some(u) = self.unary_minus {
            game.rules.unary_minus = u;
        }
        if let Some(c) = self.concat {
            game.rules.concat = c;
        }
        match (self.target, &self.targets) {
            (Some(_), Some(_)) => {
                return Err(Error::input(
                    "`target` and `targets` both given: a game has a fixed target or a range",
                ));
            }
            (Some(t), None) => {
                game.target = Some(t);
                game.targets = t..=t;
            }
            (None, Some(r)) => {
                game.targets = parse_targets(r).map_err(|e| field("targets", e))?;
                game.target = None;
            }
            (None, None) => {}
        }
        if let Some(d) = &self.deal {
            game.deal = Deal::ALL
                .into_iter()
                .find(|deal| deal.name() == d)
                .ok_or_else(|| {
                    let known: Vec<&str> = Deal::ALL.iter().map(|deal| deal.name()).collect();
                    Error::input(format!(
                        "`deal`: unknown deal `{d}` (known: {})",
                        known.join(", ")
                    ))
                })?;
        }
        Ok(game)
    }
}

/// The number domains from the smallest up: each holds the one before it, and each of
/// `zero`, `negatives` and `fractions` is what one step adds.
const DOMAINS: [Arithmetic; 4] = [
    Arithmetic::PositiveIntegers,
    Arithmetic::WholeNumbers,
    Arithmetic::Integers,
    Arithmetic::Rationals,
];

impl RuleFile {
    /// `from` changed by `zero`, `negatives` and `fractions`: a key set to true raises the
    /// domain to one that has it, a key set to false lowers it to one that has not
    /// (`fractions = false` in the 24 game leaves the integers). Keys that contradict each
    /// other (`fractions` without `negatives`: −1 = 1 − 2 is in every domain with fractions
    /// here) are refused.
    fn domain(&self, from: Arithmetic) -> Result<Arithmetic> {
        let keys = [
            ("zero", self.zero),
            ("negatives", self.negatives),
            ("fractions", self.fractions),
        ];
        let level = |a| DOMAINS.iter().position(|&d| d == a).expect("every domain");
        let (mut lo, mut hi) = (0, DOMAINS.len() - 1);
        let (mut lo_key, mut hi_key) = ("", "");
        for (step, (key, value)) in keys.into_iter().enumerate() {
            match value {
                Some(true) if step + 1 > lo => (lo, lo_key) = (step + 1, key),
                Some(false) if step < hi => (hi, hi_key) = (step, key),
                _ => {}
            }
        }
        if lo > hi {
            return Err(Error::input(format!(
                "`{lo_key}` = true needs `{hi_key}`: {} hold {hi_key}",
                DOMAINS[lo].describe()
            )));
        }
        Ok(DOMAINS[level(from).clamp(lo, hi)])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_naming_only_the_game_is_its_preset() {
        for kind in GameKind::ALL {
            let text = format!("game = \"{kind}\"\n");
            assert_eq!(parse(&text).unwrap(), Game::preset(kind), "{kind}");
        }
        assert_eq!(parse("").unwrap(), Game::preset(GameKind::Digits));
    }

    #[test]
    fn a_file_writing_out_a_preset_is_that_preset() {
        let text = r#"
            game = "24"
            pool = "1-13x4"
            size = 4
            targets = "1-100"
            use-all = true
            fractions = true
            pow = false
            unary-minus = false
            distinct = false
            deal = "deck"
        "#;
        let mut want = Game::preset(GameKind::TwentyFour);
        // A file that gives a range and no fixed target asks for a game without one.
        want.target = None;
        assert_eq!(parse(text).unwrap(), want);
        let fixed = parse("game = \"countdown\"\ntarget = 500\n").unwrap();
        assert_eq!((fixed.target, fixed.targets), (Some(500), 500..=500));
    }

    #[test]
    fn zero_negatives_and_fractions_move_the_domain_one_way_each() {
        let domain = |t: &str| parse(t).map(|g| g.rules.arithmetic);
        assert_eq!(domain("zero = true").unwrap(), Arithmetic::WholeNumbers);
        assert_eq!(domain("negatives = true").unwrap(), Arithmetic::Integers);
        assert_eq!(domain("fractions = true").unwrap(), Arithmetic::Rationals);
        assert_eq!(
            domain("game = \"24\"\nfractions = false").unwrap(),
            Arithmetic::Integers
        );
        assert_eq!(
            domain("game = \"24\"\nnegatives = false").unwrap(),
            Arithmetic::WholeNumbers
        );
        assert_eq!(
            domain("game = \"24\"\nzero = false\npool = \"1-13x4\"").unwrap(),
            Arithmetic::PositiveIntegers
        );
        assert_eq!(
            domain("zero = true\nfractions = false").unwrap(),
            Arithmetic::WholeNumbers
        );
        assert_eq!(
            parse("fractions = true\nnegatives = false")
                .unwrap_err()
                .to_string(),
            "`fractions` = true needs `negatives`: exact rationals hold negatives"
        );
    }

    #[test]
    fn bad_rules_are_refused_in_one_line_naming_the_field() {
        let err = |t: &str| parse(t).unwrap_err().to_string();
        for (text, want) in [
            ("colour = 3", "line 1: unknown field `colour`"),
            ("size = \"six\"", "line 1: invalid type"),
            ("game = \"chess\"", "`game`: unknown game `chess`"),
            ("pool = \"1-x\"", "`pool`: bad pool"),
            ("targets = \"9-1\"", "`targets`: bad target range"),
            (
                "target = 5\ntargets = \"1-9\"",
                "`target` and `targets` both given",
            ),
            ("deal = \"shuffle\"", "`deal`: unknown deal `shuffle`"),
            ("pool = \"0-9\"", "`pool`"),
            ("game = \"24\"\nsize = 60", "`size`"),
            (
                "game = \"countdown\"\nsize = 7\ndistinct = true\npool = \"1-5\"",
                "`size`",
            ),
            ("unary-minus = true", "`unary-minus`"),
            (
                "game = \"make10\"\npool = \"0-9\"",
                "`deal`: a ticket draws",
            ),
            ("game = [", "line 1:"),
        ] {
            let e = err(text);
            assert!(e.contains(want), "{text:?}: {e}");
            assert_eq!(e.lines().count(), 1, "{text:?}: {e}");
        }
    }
}
