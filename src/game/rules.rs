//! The game rules as data: which number domain, which operations, whether every number must
//! be used, the card pool, the board size and the target range. `digits`, `countdown` and `24`
//! are presets of one [`Game`] type; variants (`^`, unary minus, other pools, sizes and target
//! ranges) are options on it, not new code paths.

use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

use serde::Serialize;

use crate::error::{Error, Result};
use crate::game::number::{Number, Op};
use crate::game::words::{self, NotWhole};

/// The number domain every intermediate result must stay in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Arithmetic {
    /// Every intermediate a positive integer: `a−b` only when `a>b`, `a÷b` only when `b` divides `a`.
    PositiveIntegers,
    /// Exact rationals: negative and fractional intermediates allowed, no division by zero.
    Rationals,
}

/// How an arithmetic variant behaves; everything the engine needs to know about a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Rules {
    pub arithmetic: Arithmetic,
    /// Whether every board number must be used (the 24 game).
    pub use_all: bool,
    /// Whether exponentiation `a^b` (integer exponent) is allowed.
    pub pow: bool,
    /// Whether a unary minus may be put in front of any number or intermediate (rationals only).
    pub unary_minus: bool,
    /// The largest magnitude (of an integer, or of a rational's numerator and denominator) a
    /// result may have; larger results are excluded. Bounds `^`. Written `null` in JSON when
    /// there is no bound but overflow.
    #[serde(serialize_with = "limit_or_null")]
    pub limit: i64,
}

/// `i64::MAX` (no bound but overflow) as JSON `null`, which scripts read exactly.
fn limit_or_null<S: serde::Serializer>(limit: &i64, s: S) -> std::result::Result<S::Ok, S::Error> {
    if *limit == i64::MAX {
        s.serialize_none()
    } else {
        s.serialize_some(limit)
    }
}

/// The default magnitude bound once `^` is allowed: 10^12.
pub const POW_LIMIT: i64 = 1_000_000_000_000;

impl Rules {
    /// Whether a product that multiplies or divides by something worth 1 counts again under
    /// `distinct` (SPEC §2: it does not, in games where numbers need not all be used).
    pub fn drops_unit_factors(&self) -> bool {
        !self.use_all
    }

    /// `a op b` under these rules: `None` when the operation is not allowed (`^` without
    /// `--pow`), when the domain forbids the result (`3 − 5` in positive integers, `x ÷ 0`),
    /// or when it would overflow or pass [`Rules::limit`]. This is the one overflow rule of
    /// every engine: such a result is left out, never wrapped and never an error.
    #[inline(always)]
    pub fn apply<V: Number>(&self, op: Op, a: V, b: V) -> Option<V> {
        if op == Op::Pow && !self.pow {
            return None;
        }
        a.apply(op, b, self.limit)
    }

    /// The one arithmetic every engine combines two values with: `put(op, swapped, v)` for
    /// each result `v` these rules allow of `a` and `b`, in a fixed order: `a + b`, `a × b`
    /// (once each: they commute), `a − b`, `b − a`, `a ÷ b`, `b ÷ a`, then `a ^ b`, `b ^ a`
    /// where `^` is allowed; `swapped` when the result is `b op a`. Stops at the first
    /// `None` `put` returns (a count that overflowed) and returns it.
    #[inline(always)]
    pub fn results<V: Number>(
        &self,
        a: V,
        b: V,
        put: &mut impl FnMut(Op, bool, V) -> Option<()>,
    ) -> Option<()> {
        // Written out rather than looped over, so that each call is compiled for its
        // operation: this is the innermost loop of every engine.
        if let Some(v) = self.apply(Op::Add, a, b) {
            put(Op::Add, false, v)?;
        }
        if let Some(v) = self.apply(Op::Mul, a, b) {
            put(Op::Mul, false, v)?;
        }
        if let Some(v) = self.apply(Op::Sub, a, b) {
            put(Op::Sub, false, v)?;
        }
        if let Some(v) = self.apply(Op::Sub, b, a) {
            put(Op::Sub, true, v)?;
        }
        if let Some(v) = self.apply(Op::Div, a, b) {
            put(Op::Div, false, v)?;
        }
        if let Some(v) = self.apply(Op::Div, b, a) {
            put(Op::Div, true, v)?;
        }
        if self.pow {
            if let Some(v) = self.apply(Op::Pow, a, b) {
                put(Op::Pow, false, v)?;
            }
            if let Some(v) = self.apply(Op::Pow, b, a) {
                put(Op::Pow, true, v)?;
            }
        }
        Some(())
    }

    /// [`Rules::results`] of the ordered pair `a`, `b` one way only: `a + b` and `a × b`
    /// when `commuting` (for a pair of values of one table met twice, as `(a, b)` and
    /// `(b, a)`, once), then `a − b`, `a ÷ b` and `a ^ b`.
    #[inline(always)]
    pub fn results_one_way<V: Number>(
        &self,
        a: V,
        b: V,
        commuting: bool,
        put: &mut impl FnMut(Op, V) -> Option<()>,
    ) -> Option<()> {
        for op in [Op::Add, Op::Mul, Op::Sub, Op::Div, Op::Pow] {
            if op.is_commutative() && !commuting {
                continue;
            }
            if let Some(v) = self.apply(op, a, b) {
                put(op, v)?;
            }
        }
        Some(())
    }
}

/// The three games of the SPEC.
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
}

impl GameKind {
    pub const ALL: [GameKind; 3] = [GameKind::Digits, GameKind::Countdown, GameKind::TwentyFour];

    /// Its name on the command line, in JSON and in the tables' metadata.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Digits => "digits",
            GameKind::Countdown => "countdown",
            GameKind::TwentyFour => "24",
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GameKind {
    type Err = Error;

    fn from_str(s: &str) -> Result<GameKind> {
        GameKind::ALL
            .into_iter()
            .find(|g| g.name() == s)
            .ok_or_else(|| {
                Error::input(format!("unknown game `{s}` (known: digits, countdown, 24)"))
            })
    }
}

/// The numbers a board may hold and how many copies of each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pool {
    /// `(low, high, copies)`: every value in `low..=high` has `copies` copies; where segments
    /// overlap their copies add up.
    pub segments: Vec<(i64, i64, u32)>,
    /// Text the pool was written as, for messages and metadata.
    pub text: String,
}

impl Pool {
    /// How many copies of `value` the pool has (0 if none).
    pub fn copies(&self, value: i64) -> u32 {
        self.segments
            .iter()
            .filter(|&&(lo, hi, _)| (lo..=hi).contains(&value))
            .fold(0u32, |sum, &(_, _, c)| sum.saturating_add(c))
    }

    /// Every value of the pool with its copies, ascending. One pass over the ranges, sorted
    /// once, so that a pool of many overlapping ranges costs no more than their values.
    pub fn cards(&self) -> Vec<(i64, u32)> {
        let mut values: Vec<(i64, u32)> = self
            .segments
            .iter()
            .flat_map(|&(lo, hi, c)| (lo..=hi).map(move |v| (v, c)))
            .collect();
        values.sort_by_key(|&(v, _)| v);
        let mut cards: Vec<(i64, u32)> = Vec::with_capacity(values.len());
        for (v, c) in values {
            match cards.last_mut() {
                Some((last, copies)) if *last == v => *copies = copies.saturating_add(c),
                _ => cards.push((v, c)),
            }
        }
        cards
    }

    /// How many distinct values the pool has.
    pub fn len(&self) -> u64 {
        self.segments
            .iter()
            .map(|&(lo, hi, _)| (hi - lo + 1) as u64)
            .sum()
    }

    pub fn is_empty(&self) -> bool {
        self.segments.is_empty()
    }
}

/// In JSON: the pool as written and its ranges, `{"text": "1-10x2,25", "ranges": [{"lo": 1,
/// "hi": 10, "copies": 2}, …]}`.
impl Serialize for Pool {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Range {
            lo: i64,
            hi: i64,
            copies: u32,
        }
        #[derive(Serialize)]
        struct Written<'a> {
            text: &'a str,
            ranges: Vec<Range>,
        }
        Written {
            text: &self.text,
            ranges: self
                .segments
                .iter()
                .map(|&(lo, hi, copies)| Range { lo, hi, copies })
                .collect(),
        }
        .serialize(s)
    }
}

impl fmt::Display for Pool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// The largest pool value accepted, so that products of a board stay far from overflow.
pub const MAX_CARD: i64 = 1_000_000;

/// The most values a pool's ranges may cover in all (overlaps counted again), so that
/// listing its cards stays within a few tens of MiB whatever is typed.
pub const MAX_POOL_VALUES: u64 = 2 * MAX_CARD as u64;

/// The largest magnitude of a target, at either end of a `--targets` range.
pub const MAX_TARGET: i64 = MAX_CARD * 1000;

impl FromStr for Pool {
    type Err = Error;

    /// Parses `1-10x2,25,50,75,100`: comma-separated values or ranges `lo-hi`, each optionally
    /// followed by `xN` copies (default 1).
    fn from_str(s: &str) -> Result<Pool> {
        let bad = |why: &str| Error::input(format!("bad pool `{s}`: {why}"));
        let within = format!("values must be within 1..{MAX_CARD}, low to high");
        let mut segments = Vec::new();
        let mut covered: u64 = 0;
        for item in s.split(',').map(str::trim) {
            let (range, copies) = match item.split_once(['x', '*']) {
                Some((r, c)) => (
                    r,
                    c.trim()
                        .parse::<u32>()
                        .ok()
                        .filter(|&c| (1..=16).contains(&c))
                        .ok_or_else(|| bad("copies must be 1..16"))?,
                ),
                None => (item, 1),
            };
            let range = range.trim();
            if range.starts_with('-') {
                // `-5`: a negative value, not a range with its low end left out.
                return Err(bad(&within));
            }
            let (lo, hi) = match range.split_once('-') {
                Some((lo, hi)) => (lo.trim(), hi.trim()),
                None => (range, range),
            };
            let parse = |t: &str| {
                words::whole(t).map_err(|e| match e {
                    NotWhole::NotANumber => bad(&e.describe(t)),
                    _ => bad(&format!("{}: {within}", e.describe(t))),
                })
            };
            let (lo, hi) = (parse(lo)?, parse(hi)?);
            if lo < 1 || hi > MAX_CARD || lo > hi {
                return Err(bad(&within));
            }
            covered += (hi - lo + 1) as u64;
            if covered > MAX_POOL_VALUES {
                return Err(bad(&format!(
                    "its ranges cover more than {} values",
                    crate::format::grouped(MAX_POOL_VALUES)
                )));
            }
            segments.push((lo, hi, copies));
        }
        Ok(Pool {
            segments,
            text: s.to_string(),
        })
    }
}

/// Parses a target range written `lo-hi` (or `lo..hi`, `lo..=hi`) or a single target `t`;
/// either end within ±[`MAX_TARGET`].
pub fn parse_targets(s: &str) -> Result<RangeInclusive<i64>> {
    let bad = |why: &str| Error::input(format!("bad target range `{s}`: {why}"));
    let form = || bad("write it as LO-HI, e.g. 100-999");
    let t = s.trim();
    // The `-` between the ends, not the sign of the low end (`-5-5`).
    let dash = || {
        let i = t.get(1..)?.find('-')? + 1;
        Some((&t[..i], &t[i + 1..]))
    };
    let (lo, hi) = match t.split_once("..").or_else(dash) {
        Some((lo, hi)) => (lo.trim(), hi.trim().trim_start_matches('=')),
        None => (t, t),
    };
    let beyond = |e: NotWhole, text: &str| {
        bad(&format!(
            "{}: targets are within ±{MAX_TARGET}",
            e.describe(text)
        ))
    };
    let end = |text: &str| match words::whole(text) {
        Ok(v) if v.unsigned_abs() <= MAX_TARGET.unsigned_abs() => Ok(v),
        Ok(v) if v > 0 => Err(beyond(NotWhole::TooLarge, text)),
        Ok(_) => Err(beyond(NotWhole::TooSmall, text)),
        Err(NotWhole::NotANumber) => Err(form()),
        Err(e) => Err(beyond(e, text)),
    };
    let (lo, hi) = (end(lo)?, end(hi)?);
    if lo > hi {
        return Err(bad(&format!("{lo} is above {hi}: write the low end first")));
    }
    Ok(lo..=hi)
}

impl Game {
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

/// A game: its rules, its board size, its card pool and its target range.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Game {
    pub kind: GameKind,
    pub rules: Rules,
    /// Numbers on a board of the standard game.
    pub size: usize,
    /// Whether the numbers of a board must be distinct.
    pub distinct: bool,
    pub pool: Pool,
    #[serde(serialize_with = "lo_hi")]
    pub targets: RangeInclusive<i64>,
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
            limit: i64::MAX,
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
                scoring: Scoring::Stars,
            },
            GameKind::Countdown => Game {
                kind,
                rules: integers,
                size: 6,
                distinct: false,
                pool: pool("1-10x2,25,50,75,100"),
                targets: 100..=999,
                scoring: Scoring::Points,
            },
            GameKind::TwentyFour => Game {
                kind,
                rules: Rules {
                    arithmetic: Arithmetic::Rationals,
                    use_all: true,
                    pow: false,
                    unary_minus: false,
                    limit: i64::MAX,
                },
                size: 4,
                distinct: false,
                pool: pool("1-13x4"),
                targets: 1..=100,
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

    /// Allows unary minus; only the rational games can express a negative number.
    pub fn with_unary_minus(mut self) -> Result<Game> {
        if self.rules.arithmetic != Arithmetic::Rationals {
            return Err(Error::input(format!(
                "unary minus needs negative numbers, which {} does not allow",
                self.kind
            )));
        }
        self.rules.unary_minus = true;
        Ok(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pools_parse_copies_and_ranges() {
        let p: Pool = "1-10x2,25,50,75,100".parse().unwrap();
        assert_eq!(p.cards().len(), 14);
        assert_eq!(p.len(), 14);
        assert_eq!(p.copies(7), 2);
        assert_eq!(p.copies(25), 1);
        assert_eq!(p.copies(11), 0);
        assert!("0-5".parse::<Pool>().is_err());
        assert!("5-1".parse::<Pool>().is_err());
        assert!("a".parse::<Pool>().is_err());
        assert!("1-3x0".parse::<Pool>().is_err());
    }

    #[test]
    fn target_ranges_parse() {
        assert_eq!(parse_targets("100-999").unwrap(), 100..=999);
        assert_eq!(parse_targets("1..=100").unwrap(), 1..=100);
        assert_eq!(parse_targets("24").unwrap(), 24..=24);
        assert!(parse_targets("9-1").is_err());
        assert_eq!(parse_targets("-5-5").unwrap(), -5..=5);
        assert_eq!(parse_targets("-9--3").unwrap(), -9..=-3);
        assert_eq!(parse_targets(" -7 ").unwrap(), -7..=-7);
        // Found by fuzzing: `abs` of the least i64 is itself, negative, so this range was
        // once accepted (and its length overflowed).
        let err = parse_targets("-9223372036854775808..5")
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("`-9223372036854775808` is too small: targets are within ±1000000000"),
            "{err}"
        );
        let err = parse_targets("1-99999999999999999999")
            .unwrap_err()
            .to_string();
        assert!(err.contains("`99999999999999999999` is too large"), "{err}");
        let err = parse_targets("9-1").unwrap_err().to_string();
        assert!(err.contains("9 is above 1"), "{err}");
        let err = parse_targets("a-b").unwrap_err().to_string();
        assert!(err.contains("write it as LO-HI"), "{err}");
    }

    #[test]
    fn targets_say_why_they_are_refused() {
        let digits = Game::preset(GameKind::Digits);
        assert_eq!(digits.parse_target(" 765 "), Ok(765));
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
    fn pools_bound_what_they_cover() {
        let err = |p: &str| p.parse::<Pool>().unwrap_err().to_string();
        assert!(err("99999999999999999999").contains("is too large: values must be within"));
        assert!(err("-5").contains("values must be within 1..1000000"));
        // Found by fuzzing: a pool of many overlapping ranges once took minutes and GiBs to
        // list its cards.
        let many = ["1-1000000"; 3].join(",");
        assert!(err(&many).contains("its ranges cover more than 2,000,000 values"));
        let p: Pool = "1-3x2,2-4,3".parse().unwrap();
        assert_eq!(p.cards(), vec![(1, 2), (2, 3), (3, 4), (4, 1)]);
        assert_eq!(p.copies(3), 4);
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
