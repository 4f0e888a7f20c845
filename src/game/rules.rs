//! The arithmetic of a game: which number domain, which operations, whether every number
//! must be used, and the one checked kernel ([`Rules::apply`], [`Rules::results`]) every engine
//! combines two values with. The rest of a game (its pool, board size, targets and deal) is in
//! [`crate::game::rule_set`].

use serde::Serialize;

use crate::game::number::{Number, Op};

/// The number domain every intermediate result must stay in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Arithmetic {
    /// Every intermediate a positive integer: `a−b` only when `a>b`, `a÷b` only when `b` divides `a`.
    PositiveIntegers,
    /// Whole numbers (Krypto): as positive integers, but 0 is a number: `a−a`, `0×x` and
    /// `0÷x` are allowed, `x÷0` is not.
    WholeNumbers,
    /// Every integer: negative intermediates allowed, `a÷b` only when `b` divides `a`.
    Integers,
    /// Exact rationals: negative and fractional intermediates allowed, no division by zero.
    Rationals,
}

impl Arithmetic {
    /// The domain in a few words: "positive integers", "whole numbers", …
    pub fn describe(self) -> &'static str {
        match self {
            Arithmetic::PositiveIntegers => "positive integers",
            Arithmetic::WholeNumbers => "whole numbers",
            Arithmetic::Integers => "integers",
            Arithmetic::Rationals => "exact rationals",
        }
    }

    /// Whether the domain holds 0 (and so may deal a 0 card).
    pub fn has_zero(self) -> bool {
        self != Arithmetic::PositiveIntegers
    }

    /// Whether the domain holds negative numbers (and so allows unary minus).
    pub fn has_negatives(self) -> bool {
        matches!(self, Arithmetic::Integers | Arithmetic::Rationals)
    }
}

/// Runs `$body` with `$V` the engine's number type for `$arithmetic`: the one place that maps
/// a domain to its type, so that every engine entry point handles every domain.
#[macro_export]
macro_rules! with_number_type {
    ($arithmetic:expr, $V:ident => $body:expr) => {
        match $arithmetic {
            $crate::game::rules::Arithmetic::PositiveIntegers => {
                type $V = $crate::game::number::Int;
                $body
            }
            $crate::game::rules::Arithmetic::WholeNumbers => {
                type $V = $crate::game::number::Whole;
                $body
            }
            $crate::game::rules::Arithmetic::Integers => {
                type $V = $crate::game::number::Signed;
                $body
            }
            $crate::game::rules::Arithmetic::Rationals => {
                type $V = $crate::game::number::Rational;
                $body
            }
        }
    };
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
    /// Whether board digits may be joined into the numbers they spell (make-10's variant,
    /// [`crate::game::join`]): every engine's leaves then include them.
    pub concat: bool,
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
    /// These rules in a few words, for tables and reports: "positive integers, any subset",
    /// "exact rationals, every number used, with ^".
    pub fn describe(&self) -> String {
        let mut words = vec![
            self.arithmetic.describe(),
            if self.use_all {
                "every number used"
            } else {
                "any subset"
            },
        ];
        if self.pow {
            words.push("with ^");
        }
        if self.unary_minus {
            words.push("with unary minus");
        }
        if self.concat {
            words.push("joining digits");
        }
        words.join(", ")
    }

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
