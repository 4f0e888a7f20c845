//! Which corpus a run or a table folder is: the named corpora of SPEC §3 and their variants,
//! or a custom corpus a user named. Code that treats a corpus specially matches on
//! [`CorpusId`], never on its folder name.

use std::fmt;
use std::str::FromStr;

use crate::error::{Error, Result};
use crate::game::pool::Pool;
use crate::game::rule_set::{Game, GameKind};
use crate::game::rules::Arithmetic;

/// A corpus, by what it is.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CorpusId {
    /// Every set of 6 distinct numbers from 1–25, Digits rules.
    Digits,
    /// The 450 real NYT Digits puzzles.
    Nyt,
    /// Every distinct selection of 6 Countdown cards.
    Countdown,
    /// Every multiset of 4 cards from 1–13, 24-game rules.
    TwentyFour,
    /// Every multiset of 4 cards from 1–9.
    TwentyFourNine,
    /// As [`CorpusId::TwentyFour`], with `^` allowed.
    TwentyFourPow,
    /// As [`CorpusId::TwentyFour`], with unary minus allowed.
    TwentyFourMinus,
    /// The make-10 ticket puzzle: the 715 multisets of four digits 0–9, weighted by their
    /// share of the 10,000 tickets, target 10.
    Make10,
    /// As [`CorpusId::Make10`], with the digits joining (`concat`: 1 and 2 make 12 or 21),
    /// the variant some play: what that one rule changes.
    Make10Concat,
    /// Krypto: every five-card hand of its 56-card deck, weighted as dealt, for every target
    /// card 1–25, weighted by the copies of it left in the deck.
    Krypto,
    /// As [`CorpusId::Krypto`], with fractions allowed along the way: what that one rule
    /// changes. Not in `all` (six minutes of exact rationals on five cards).
    KryptoFractions,
    /// A corpus built from a game's options, under the name its user gave it.
    Custom(String),
}

impl CorpusId {
    /// The corpora `analyze --corpus all` runs, in that order (quick ones first).
    pub const DEFAULT: [CorpusId; 10] = [
        CorpusId::Make10,
        CorpusId::Make10Concat,
        CorpusId::TwentyFour,
        CorpusId::TwentyFourNine,
        CorpusId::TwentyFourPow,
        CorpusId::TwentyFourMinus,
        CorpusId::Nyt,
        CorpusId::Countdown,
        CorpusId::Krypto,
        CorpusId::Digits,
    ];

    /// The named corpora `all` leaves out for their cost; each is asked for by name.
    pub const OPTIONAL: [CorpusId; 1] = [CorpusId::KryptoFractions];

    /// The default corpora in the order the report presents them.
    pub const REPORT_ORDER: [CorpusId; 10] = [
        CorpusId::Digits,
        CorpusId::Countdown,
        CorpusId::TwentyFour,
        CorpusId::TwentyFourNine,
        CorpusId::TwentyFourPow,
        CorpusId::TwentyFourMinus,
        CorpusId::Nyt,
        CorpusId::Make10,
        CorpusId::Make10Concat,
        CorpusId::Krypto,
    ];

    /// The folder name of a named corpus.
    pub fn name(&self) -> &str {
        match self {
            CorpusId::Digits => "digits",
            CorpusId::Nyt => "nyt",
            CorpusId::Countdown => "countdown",
            CorpusId::TwentyFour => "24",
            CorpusId::TwentyFourNine => "24-nine",
            CorpusId::TwentyFourPow => "24-pow",
            CorpusId::TwentyFourMinus => "24-minus",
            CorpusId::Make10 => "make10",
            CorpusId::Make10Concat => "make10-concat",
            CorpusId::Krypto => "krypto",
            CorpusId::KryptoFractions => "krypto-fractions",
            CorpusId::Custom(name) => name,
        }
    }

    /// The corpus a table folder holds: a named one, or a custom one by its folder name.
    pub fn of_folder(name: &str) -> CorpusId {
        name.parse()
            .unwrap_or_else(|_| CorpusId::Custom(name.to_string()))
    }

    /// Whether the corpus may list the same board twice: the NYT archive holds a board for
    /// each day, and some boards were dealt on several days; a custom corpus is what its
    /// user made it. The enumerated corpora list each board once.
    pub fn may_repeat_boards(&self) -> bool {
        matches!(self, CorpusId::Nyt | CorpusId::Custom(_))
    }

    /// Whether the corpus is dealt from 24-game cards (its puzzles are about target 24).
    pub fn is_24_game(&self) -> bool {
        matches!(
            self,
            CorpusId::TwentyFour
                | CorpusId::TwentyFourNine
                | CorpusId::TwentyFourPow
                | CorpusId::TwentyFourMinus
        )
    }

    /// The game of a named corpus: its rules, pool, board size and target range. A custom
    /// corpus has none of its own.
    pub fn game(&self) -> Result<Game> {
        let preset = Game::preset;
        Ok(match self {
            CorpusId::Digits => Game {
                pool: "1-25".parse::<Pool>()?,
                ..preset(GameKind::Digits)
            },
            CorpusId::Nyt => preset(GameKind::Digits),
            CorpusId::Countdown => preset(GameKind::Countdown),
            CorpusId::TwentyFour => preset(GameKind::TwentyFour),
            CorpusId::TwentyFourNine => Game {
                pool: "1-9x4".parse::<Pool>()?,
                ..preset(GameKind::TwentyFour)
            },
            CorpusId::TwentyFourPow => preset(GameKind::TwentyFour).with_pow(),
            CorpusId::TwentyFourMinus => preset(GameKind::TwentyFour).with_unary_minus()?,
            CorpusId::Make10 => preset(GameKind::Make10),
            CorpusId::Make10Concat => {
                let mut game = preset(GameKind::Make10);
                game.rules.concat = true;
                game
            }
            CorpusId::Krypto => preset(GameKind::Krypto),
            CorpusId::KryptoFractions => {
                let mut game = preset(GameKind::Krypto);
                game.rules.arithmetic = Arithmetic::Rationals;
                game
            }
            CorpusId::Custom(name) => {
                return Err(Error::input(format!(
                    "`{name}` is a custom corpus: its game is given by --game, --pool, --size, --distinct and --targets"
                )));
            }
        })
    }

    /// The names of the named corpora, comma-separated, for messages.
    pub fn known() -> String {
        let names: Vec<&str> = Self::DEFAULT
            .iter()
            .chain(&Self::OPTIONAL)
            .map(CorpusId::name)
            .collect();
        names.join(", ")
    }
}

impl fmt::Display for CorpusId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for CorpusId {
    type Err = Error;

    /// A named corpus; any other name is refused with the list of known ones.
    fn from_str(s: &str) -> Result<CorpusId> {
        Self::DEFAULT
            .into_iter()
            .chain(Self::OPTIONAL)
            .find(|c| c.name() == s)
            .ok_or_else(|| {
                Error::input(format!(
                    "unknown corpus `{s}` (known: {}, all, custom)",
                    Self::known()
                ))
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_back_to_their_corpus() {
        for c in CorpusId::DEFAULT {
            assert_eq!(c.name().parse::<CorpusId>().unwrap(), c);
            assert!(CorpusId::REPORT_ORDER.contains(&c));
        }
        for c in CorpusId::OPTIONAL {
            assert_eq!(c.name().parse::<CorpusId>().unwrap(), c);
            assert!(!CorpusId::DEFAULT.contains(&c));
        }
        assert!("chess".parse::<CorpusId>().is_err());
        assert_eq!(
            CorpusId::of_folder("small"),
            CorpusId::Custom("small".into())
        );
        assert!(CorpusId::TwentyFourNine.is_24_game() && !CorpusId::Nyt.is_24_game());
    }
}
