//! A game as data: its arithmetic ([`Rules`]), its pool, board size, targets (a range, and a
//! fixed target where the game has one), how boards are dealt ([`Deal`]) and its scoring.
//! `digits`, `countdown`, `24`, `make10` and `krypto` are presets of one [`Game`] type; variants (`^`,
//! unary minus, other pools, sizes, targets, a rules file) are options on it, checked together
//! by [`Game::check`], not new code paths.

use std::ops::RangeInclusive;

use serde::Serialize;

use crate::error::{Error, Result};
use crate::game::pool::{MAX_CARD, MAX_TARGET, Pool};
use crate::game::rules::{Arithmetic, POW_LIMIT, Rules};
use crate::game::words::{self, NotWhole};

/// The most numbers the engine takes: the DP's work grows about tenfold per extra number.
pub const MAX_NUMBERS: usize = 7;

/// The named games: the three of the SPEC, make-10 and Krypto.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum GameKind {
    /// NYT Digits: distinct positive numbers, positive-integer arithmetic, any subset.
    #[serde(rename = "digits")]
    Digits,
    /// The UK Countdown numbers round: six cards, positive-integer arithmetic, any subset.
    #[serde(rename = "countdown")]
    Countdown,
    /// The 24 game: four cards, exact rationals, every card used.
    #[serde(rename = "24")]
    TwentyFour,
    /// The make-10 ticket puzzle (Japan's 10パズル): a ticket's four digits 0–9, exact
    /// rationals, every digit used, make 10.
    #[serde(rename = "make10")]
    Make10,
    /// Krypto: five cards of a 56-card deck and a sixth turned up as the target, whole
    /// numbers (0 allowed, no negatives, no fractions), every card used.
    #[serde(rename = "krypto")]
    Krypto,
}

// Its name on the command line, in JSON and in the tables' metadata.
crate::game::named::named!(GameKind, "game", {
    Digits => "digits",
    Countdown => "countdown",
    TwentyFour => "24",
    Make10 => "make10",
    Krypto => "krypto",
});

/// How a missed target is scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Scoring {
    /// Digits: 3 stars exact, 2 within 10, 1 within 25.
    Stars,
    /// Countdown: 10 points exact, 7 within 5, 5 within 10.
    Points,
    /// The 24 game: solved or not.
    None,
}

impl Scoring {
    /// The score for a result `distance` away from the target, with its unit.
    pub fn score(self, distance: f64) -> Option<(u32, &'static str)> {
        // (points, within this distance), best first; anything further scores 0.
        let (bands, unit): (&[(u32, f64)], _) = match self {
            Scoring::Stars => (&[(3, 0.0), (2, 10.0), (1, 25.0)], "stars"),
            Scoring::Points => (&[(10, 0.0), (7, 5.0), (5, 10.0)], "points"),
            Scoring::None => return None,
        };
        let points = bands
            .iter()
            .find(|&&(_, within)| distance <= within)
            .map_or(0, |&(p, _)| p);
        Some((points, unit))
    }
}

/// How a game's boards are dealt, which sets each board's weight in a corpus.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Deal {
    /// Cards drawn from a deck without replacement: a board's chance is the product of
    /// C(copies, used) over its values, over C(cards, size) (Countdown, the 24 game).
    #[default]
    Deck,
    /// Each number drawn on its own from the pool's values, as the digits of a ticket: a
    /// board's chance is its orderings, size! / Π used!, over values^size (make-10's 10,000
    /// tickets).
    Ticket,
    /// The board from a deck, then one more card of the same deck turned up as the target
    /// (Krypto): a puzzle's chance is its board's, times the copies of the target left in
    /// the deck over the cards left.
    DeckAndTarget,
}

impl Deal {
    fn is_deck(&self) -> bool {
        *self == Deal::Deck
    }

    /// Every deal, in the order messages list them.
    pub const ALL: [Deal; 3] = [Deal::Deck, Deal::Ticket, Deal::DeckAndTarget];

    /// Its name in a rules file.
    pub fn name(self) -> &'static str {
        match self {
            Deal::Deck => "deck",
            Deal::Ticket => "ticket",
            Deal::DeckAndTarget => "deck-and-target",
        }
    }

    /// Whether cards come from a deck without replacement.
    pub fn from_deck(self) -> bool {
        self != Deal::Ticket
    }
}

/// A game: its rules, its board size, its card pool, its target range and how it is dealt.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Game {
    pub kind: GameKind,
    pub rules: Rules,
    /// Numbers on a board of the standard game.
    pub size: usize,
    /// Whether the numbers of a board must be distinct.
    pub distinct: bool,
    pub pool: Pool,
    /// The targets a corpus of the game is analysed for.
    #[serde(serialize_with = "lo_hi")]
    pub targets: RangeInclusive<i64>,
    /// The target every deal plays for when the game fixes one (24, make-10's 10): `solve`
    /// then takes numbers only. `None` when each puzzle comes with its own target.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<i64>,
    /// How boards are dealt (written only when not from a deck, so that the presets' tables
    /// keep their bytes).
    #[serde(skip_serializing_if = "Deal::is_deck")]
    pub deal: Deal,
    pub scoring: Scoring,
}

/// A target range in JSON: `{"lo": 1, "hi": 999}`, as `--targets LO-HI` writes it.
fn lo_hi<S: serde::Serializer>(
    r: &RangeInclusive<i64>,
    s: S,
) -> std::result::Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    struct LoHi {
        lo: i64,
        hi: i64,
    }
    LoHi {
        lo: *r.start(),
        hi: *r.end(),
    }
    .serialize(s)
}

impl Game {
    /// The standard rules of `kind` (SPEC §1).
    pub fn preset(kind: GameKind) -> Game {
        let integers = Rules {
            arithmetic: Arithmetic::PositiveIntegers,
            use_all: false,
            pow: false,
            unary_minus: false,
            concat: false,
            limit: i64::MAX,
        };
        let rationals_use_all = Rules {
            arithmetic: Arithmetic::Rationals,
            use_all: true,
            ..integers
        };
        let pool = |s: &str| s.parse::<Pool>().expect("preset pools parse");
        match kind {
            GameKind::Digits => Game {
                kind,
                rules: integers,
                size: 6,
                distinct: true,
                pool: pool(&format!("1-{MAX_CARD}")),
                targets: 1..=999,
                target: None,
                deal: Deal::Deck,
                scoring: Scoring::Stars,
            },
            GameKind::Countdown => Game {
                kind,
                rules: integers,
                size: 6,
                distinct: false,
                pool: pool("1-10x2,25,50,75,100"),
                targets: 100..=999,
                target: None,
                deal: Deal::Deck,
                scoring: Scoring::Points,
            },
            GameKind::TwentyFour => Game {
                kind,
                rules: rationals_use_all,
                size: 4,
                distinct: false,
                pool: pool("1-13x4"),
                targets: 1..=100,
                target: Some(24),
                deal: Deal::Deck,
                scoring: Scoring::None,
            },
            GameKind::Make10 => Game {
                kind,
                rules: rationals_use_all,
                size: 4,
                distinct: false,
                pool: pool("0-9x4"),
                targets: 10..=10,
                target: Some(10),
                deal: Deal::Ticket,
                scoring: Scoring::None,
            },
            GameKind::Krypto => Game {
                kind,
                rules: Rules {
                    arithmetic: Arithmetic::WholeNumbers,
                    use_all: true,
                    ..integers
                },
                size: 5,
                distinct: false,
                pool: pool("1-6x3,7-10x4,11-17x2,18-25"),
                targets: 1..=25,
                target: None,
                deal: Deal::DeckAndTarget,
                scoring: Scoring::None,
            },
        }
    }

    /// Allows `^`, bounding results by [`POW_LIMIT`].
    pub fn with_pow(mut self) -> Game {
        self.rules.pow = true;
        self.rules.limit = self.rules.limit.min(POW_LIMIT);
        self
    }

    /// Allows unary minus; only a domain with negative numbers can express one.
    pub fn with_unary_minus(mut self) -> Result<Game> {
        if !self.rules.arithmetic.has_negatives() {
            return Err(Error::input(format!(
                "unary minus needs negative numbers, which {} does not allow",
                self.kind
            )));
        }
        self.rules.unary_minus = true;
        Ok(self)
    }
}

impl Game {
    /// Checks that the rules make sense together: a one-line error naming the first field
    /// (as a rules file and the flags call it) that does not.
    pub fn check(&self) -> Result<()> {
        let bad = |field: &str, why: String| Err(Error::input(format!("`{field}`: {why}")));
        let domain = self.rules.arithmetic;
        if !domain.has_zero() && self.pool.copies(0) > 0 {
            return bad(
                "pool",
                format!(
                    "the pool {} has 0, but {} numbers are positive (allow 0 with `zero`)",
                    self.pool, self.kind
                ),
            );
        }
        if !domain.has_negatives() && self.rules.unary_minus {
            return bad(
                "unary-minus",
                format!(
                    "unary minus needs negative numbers, which {} do not have (`negatives`)",
                    domain.describe()
                ),
            );
        }
        if self.rules.concat
            && let Some(most) = self.pool.cards().iter().map(|&(v, _)| v).max()
            && most > 9
        {
            return bad(
                "concat",
                format!(
                    "joining digits needs a pool of digits 0–9 (`--pool 1-9`), but the pool {} \
                     goes up to {most}",
                    self.pool
                ),
            );
        }
        if self.size == 0 || self.size > MAX_NUMBERS {
            return bad(
                "size",
                format!(
                    "a board of {} numbers: boards hold 1 to {MAX_NUMBERS}",
                    self.size
                ),
            );
        }
        if self.deal.from_deck() {
            let cards: u64 = if self.distinct {
                self.pool.len()
            } else {
                self.pool.cards().iter().map(|&(_, c)| u64::from(c)).sum()
            };
            let needed = self.size as u64 + u64::from(self.deal == Deal::DeckAndTarget);
            if cards < needed {
                return bad(
                    "size",
                    format!(
                        "a board of {} numbers{} from a pool of {cards}{} cards ({})",
                        self.size,
                        if needed > self.size as u64 {
                            " and a target card"
                        } else {
                            ""
                        },
                        if self.distinct { " distinct" } else { "" },
                        self.pool
                    ),
                );
            }
        }
        if self.deal == Deal::DeckAndTarget && self.target.is_some() {
            return bad(
                "target",
                "a fixed target, but the deal turns a target card up (`deal`)".into(),
            );
        }
        if self.deal == Deal::Ticket
            && let Some(&(v, c)) = self
                .pool
                .cards()
                .iter()
                .find(|&&(_, c)| (c as usize) < self.size)
        {
            return bad(
                "deal",
                format!(
                    "a ticket draws each of its {} numbers on its own, so every value may come \
                     up {} times, but the pool {} has {c} of {v} (write it x{})",
                    self.size, self.size, self.pool, self.size
                ),
            );
        }
        if let Some(t) = self.target
            && (t.unsigned_abs() > MAX_TARGET.unsigned_abs()
                || (t < 1 && !domain.has_zero())
                || (t < 0 && !domain.has_negatives()))
        {
            return bad(
                "target",
                format!("{t} cannot be made in {}", self.describe_domain()),
            );
        }
        Ok(())
    }

    /// The number domain in words, for messages.
    fn describe_domain(&self) -> &'static str {
        match self.rules.arithmetic {
            Arithmetic::Rationals => "exact rationals within the target bound",
            a => a.describe(),
        }
    }
}

impl Game {
    /// The ways the target `t` is turned up once `board` is dealt: the copies of `t` left in
    /// the deck where the deal draws the target from it ([`Deal::DeckAndTarget`]), else 1 (a
    /// puzzle's chance is its board's).
    pub fn target_ways(&self, board: &[i64], t: i64) -> u64 {
        if self.deal != Deal::DeckAndTarget {
            return 1;
        }
        let used = board.iter().filter(|&&n| n == t).count() as u64;
        u64::from(self.pool.copies(t)).saturating_sub(used)
    }

    /// A target as typed, checked against this game's target range.
    pub fn parse_target(&self, text: &str) -> Result<i64> {
        let range = || {
            format!(
                "{} targets are {}..{} (--targets changes the range, within ±{MAX_TARGET})",
                self.kind,
                self.targets.start(),
                self.targets.end()
            )
        };
        let target = words::whole(text).map_err(|e| match e {
            NotWhole::NotANumber => Error::input(format!("target {}", e.describe(text))),
            _ => Error::input(format!("target {}: {}", e.describe(text), range())),
        })?;
        if !self.targets.contains(&target) {
            return Err(Error::input(format!(
                "target {target} is out of range: {}",
                range()
            )));
        }
        Ok(target)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_say_why_they_are_refused() {
        let digits = Game::preset(GameKind::Digits);
        assert_eq!(digits.parse_target(" 765 ").unwrap(), 765);
        let err = |t: &str| digits.parse_target(t).unwrap_err().to_string();
        assert_eq!(err("abc"), "target `abc` is not a whole number");
        assert_eq!(
            err("99999999999999999999"),
            "target `99999999999999999999` is too large: digits targets are 1..999 \
             (--targets changes the range, within ±1000000000)"
        );
        assert!(err("1000").starts_with("target 1000 is out of range: digits targets are 1..999"));
    }

    #[test]
    fn scores_follow_the_published_bands() {
        assert_eq!(Scoring::Stars.score(0.0), Some((3, "stars")));
        assert_eq!(Scoring::Stars.score(10.0), Some((2, "stars")));
        assert_eq!(Scoring::Stars.score(25.0), Some((1, "stars")));
        assert_eq!(Scoring::Stars.score(26.0), Some((0, "stars")));
        assert_eq!(Scoring::Points.score(5.0), Some((7, "points")));
        assert_eq!(Scoring::Points.score(10.0), Some((5, "points")));
        assert_eq!(Scoring::Points.score(11.0), Some((0, "points")));
        assert_eq!(Scoring::None.score(0.0), None);
    }
}
