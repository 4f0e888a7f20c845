//! The number domains the games are played in: positive integers (Digits, Countdown), whole
//! numbers (Krypto: 0 allowed), integers (negatives allowed) and exact rationals (the 24
//! game, make-10), with every operation checked.
//!
//! An operation that is not allowed by the domain (`3 − 5` in positive integers, `x ÷ 0`), or
//! whose result would overflow or exceed the configured magnitude limit, yields `None`: the
//! result is excluded, never wrapped.

use std::fmt;
use std::hash::Hash;

use serde::Serialize;

/// A binary operation a player can apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Op {
    Add,
    Sub,
    Mul,
    Div,
    Pow,
}

impl Op {
    /// The symbol used when printing solutions.
    pub fn symbol(self) -> char {
        match self {
            Op::Add => '+',
            Op::Sub => '−',
            Op::Mul => '×',
            Op::Div => '÷',
            Op::Pow => '^',
        }
    }

    /// Binding strength when printing: `^` binds tightest, `+`/`−` loosest.
    pub fn precedence(self) -> u8 {
        match self {
            Op::Add | Op::Sub => 1,
            Op::Mul | Op::Div => 2,
            Op::Pow => 3,
        }
    }

    pub fn is_commutative(self) -> bool {
        matches!(self, Op::Add | Op::Mul)
    }
}

/// An exact rational with `i128` parts, used where partial results may leave the domain
/// (a partial sum below zero, a partial product that is a fraction).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Wide {
    pub num: i128,
    pub den: i128,
}

fn gcd128(mut a: i128, mut b: i128) -> i128 {
    a = a.abs();
    b = b.abs();
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Wide {
    pub const ZERO: Wide = Wide { num: 0, den: 1 };
    pub const ONE: Wide = Wide { num: 1, den: 1 };

    pub fn new(num: i128, den: i128) -> Option<Wide> {
        if den == 0 {
            return None;
        }
        let g = gcd128(num, den);
        let (mut num, mut den) = (num / g, den / g);
        if den < 0 {
            num = num.checked_neg()?;
            den = den.checked_neg()?;
        }
        Some(Wide { num, den })
    }

    pub fn plus(self, o: Wide) -> Option<Wide> {
        let g = gcd128(self.den, o.den);
        let l = self.den / g;
        let num = self
            .num
            .checked_mul(o.den / g)?
            .checked_add(o.num.checked_mul(l)?)?;
        Wide::new(num, l.checked_mul(o.den)?)
    }

    pub fn negated(self) -> Wide {
        Wide {
            num: -self.num,
            den: self.den,
        }
    }

    pub fn times(self, o: Wide) -> Option<Wide> {
        let g1 = gcd128(self.num, o.den).max(1);
        let g2 = gcd128(o.num, self.den).max(1);
        let num = (self.num / g1).checked_mul(o.num / g2)?;
        let den = (self.den / g2).checked_mul(o.den / g1)?;
        Wide::new(num, den)
    }

    pub fn recip(self) -> Option<Wide> {
        Wide::new(self.den, self.num)
    }

    pub fn is_one(self) -> bool {
        self.num == 1 && self.den == 1
    }
}

/// A value of a game's number domain.
pub trait Number:
    Copy + Ord + Eq + Hash + fmt::Debug + fmt::Display + Send + Sync + 'static
{
    /// Whether every value is a positive integer (Digits, Countdown): then the engine may
    /// keep values in arrays indexed by value and leave out what lies beyond a window, since
    /// no value can shrink to a small target by `× 0`, and no negative value can cancel.
    const POSITIVE: bool;

    /// A board number or target in this domain, if the domain holds it.
    fn from_int(n: i64) -> Option<Self>;
    /// The value as an exact wide rational.
    fn to_wide(self) -> Wide;
    /// The domain's value equal to `w`, if it holds it and it is within `limit`.
    fn from_wide(w: Wide, limit: i64) -> Option<Self>;
    /// `self op other`, or `None` when the domain forbids it or it exceeds `limit` in magnitude.
    fn apply(self, op: Op, other: Self, limit: i64) -> Option<Self>;
    fn is_one(self) -> bool;
    /// `−self`, for the unary-minus variant.
    fn negate(self) -> Option<Self>;
    /// The value as an integer, when it is one.
    fn as_int(self) -> Option<i64>;
    /// `|self|` rounded up.
    fn magnitude(self) -> u64;
    fn is_negative(self) -> bool;
    /// Sorts `(value, payload)` pairs by value.
    fn sort_pairs<T>(pairs: &mut [(Self, T)]) {
        pairs.sort_unstable_by_key(|&(v, _)| v);
    }
    /// Sorts values ascending without repeats.
    fn sort_dedup(values: &mut Vec<Self>) {
        values.sort_unstable();
        values.dedup();
    }
}

/// A positive integer, the domain of Digits and Countdown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Int(pub i64);

impl fmt::Display for Int {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

fn within(x: i64, limit: i64) -> Option<i64> {
    (x.checked_abs()? <= limit).then_some(x)
}

impl Number for Int {
    const POSITIVE: bool = true;

    fn from_int(n: i64) -> Option<Self> {
        (n > 0).then_some(Int(n))
    }

    /// By radix: a table's values are all distinct and fill only a few low bytes, so a radix
    /// sort makes three or four passes where a comparison sort makes `log2 n`.
    fn sort_pairs<T>(pairs: &mut [(Self, T)]) {
        if pairs.len() < 256 {
            pairs.sort_unstable_by_key(|&(v, _)| v);
            return;
        }
        radsort::sort_by_key(pairs, |&(v, _)| v.0 as u64);
    }

    /// A list of positive integers gathered from a split repeats a lot: one dense in its
    /// range is marked in a bitset and read back in order; a sparse one is radix-sorted, on
    /// 32-bit keys when it fits them (half the passes of 64-bit ones).
    fn sort_dedup(values: &mut Vec<Self>) {
        let Some(hi) = values.iter().map(|v| v.0).max() else {
            return;
        };
        let words = usize::try_from(hi / 64 + 1).unwrap_or(usize::MAX);
        if words <= values.len().saturating_mul(2) {
            let mut bits = vec![0u64; words];
            for v in values.iter() {
                bits[(v.0 / 64) as usize] |= 1 << (v.0 % 64);
            }
            values.clear();
            for (w, &word) in bits.iter().enumerate() {
                let mut word = word;
                while word != 0 {
                    values.push(Int(w as i64 * 64 + i64::from(word.trailing_zeros())));
                    word &= word - 1;
                }
            }
        } else if u32::try_from(hi).is_ok() {
            let mut narrow: Vec<u32> = values.iter().map(|v| v.0 as u32).collect();
            radsort::sort(&mut narrow);
            narrow.dedup();
            values.clear();
            values.extend(narrow.iter().map(|&v| Int(i64::from(v))));
        } else {
            radsort::sort_by_key(values, |v| v.0 as u64);
            values.dedup();
        }
    }

    fn to_wide(self) -> Wide {
        Wide {
            num: self.0 as i128,
            den: 1,
        }
    }

    fn from_wide(w: Wide, limit: i64) -> Option<Self> {
        if w.den != 1 || w.num <= 0 {
            return None;
        }
        let v = i64::try_from(w.num).ok()?;
        within(v, limit).map(Int)
    }

    #[inline]
    fn apply(self, op: Op, other: Self, limit: i64) -> Option<Self> {
        let (a, b) = (self.0, other.0);
        let r = match op {
            Op::Add => a.checked_add(b)?,
            Op::Sub => {
                if a <= b {
                    return None;
                }
                a - b
            }
            Op::Mul => a.checked_mul(b)?,
            Op::Div => {
                // The comparison spares a division whenever the quotient would be below 1.
                if a < b || a % b != 0 {
                    return None;
                }
                a / b
            }
            Op::Pow => {
                if a == 1 {
                    1
                } else {
                    a.checked_pow(u32::try_from(b).ok()?)?
                }
            }
        };
        // Every result is positive (a difference only when `a > b`), so its magnitude is
        // itself: one comparison, in the innermost loop of every engine.
        (r <= limit).then_some(Int(r))
    }

    fn is_one(self) -> bool {
        self.0 == 1
    }

    fn negate(self) -> Option<Self> {
        None
    }

    fn as_int(self) -> Option<i64> {
        Some(self.0)
    }

    #[inline]
    fn magnitude(self) -> u64 {
        self.0.unsigned_abs()
    }

    fn is_negative(self) -> bool {
        false
    }
}

/// An integer of a domain that holds 0: the whole numbers 0, 1, 2, … (Krypto) when
/// `NEGATIVES` is false, every integer when it is true. `a ÷ b` only when `b` divides `a`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Integer<const NEGATIVES: bool>(pub i64);

/// The whole numbers 0, 1, 2, …: `a − b` only when `a ≥ b`.
pub type Whole = Integer<false>;
/// Every integer.
pub type Signed = Integer<true>;

impl<const NEGATIVES: bool> fmt::Display for Integer<NEGATIVES> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl<const NEGATIVES: bool> Integer<NEGATIVES> {
    fn held(x: i64, limit: i64) -> Option<Self> {
        (NEGATIVES || x >= 0).then_some(())?;
        within(x, limit).map(Integer)
    }
}

impl<const NEGATIVES: bool> Number for Integer<NEGATIVES> {
    const POSITIVE: bool = false;

    fn from_int(n: i64) -> Option<Self> {
        (NEGATIVES || n >= 0).then_some(Integer(n))
    }

    fn to_wide(self) -> Wide {
        Wide {
            num: self.0 as i128,
            den: 1,
        }
    }

    fn from_wide(w: Wide, limit: i64) -> Option<Self> {
        if w.den != 1 {
            return None;
        }
        Self::held(i64::try_from(w.num).ok()?, limit)
    }

    #[inline]
    fn apply(self, op: Op, other: Self, limit: i64) -> Option<Self> {
        let (a, b) = (self.0, other.0);
        let r = match op {
            Op::Add => a.checked_add(b)?,
            Op::Sub => a.checked_sub(b)?,
            Op::Mul => a.checked_mul(b)?,
            Op::Div => {
                if b == 0 || a.checked_rem(b)? != 0 {
                    return None;
                }
                a.checked_div(b)?
            }
            // The integer powers: as in the rationals, 0^0 and 0^−e are undefined, and a
            // negative exponent leaves the integers unless the base is ±1.
            Op::Pow => match (a, b) {
                (1, _) => 1,
                (-1, _) => {
                    if b % 2 == 0 {
                        1
                    } else {
                        -1
                    }
                }
                (0, _) if b <= 0 => return None,
                (0, _) => 0,
                (_, _) if b < 0 => return None,
                _ => a.checked_pow(u32::try_from(b).ok()?)?,
            },
        };
        Self::held(r, limit)
    }

    fn is_one(self) -> bool {
        self.0 == 1
    }

    fn negate(self) -> Option<Self> {
        Self::held(self.0.checked_neg()?, i64::MAX)
    }

    fn as_int(self) -> Option<i64> {
        Some(self.0)
    }

    fn magnitude(self) -> u64 {
        self.0.unsigned_abs()
    }

    fn is_negative(self) -> bool {
        self.0 < 0
    }
}

/// An exact rational in lowest terms with a positive denominator, the domain of the 24 game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rational {
    num: i64,
    den: i64,
}

impl Rational {
    pub fn numer(self) -> i64 {
        self.num
    }

    pub fn denom(self) -> i64 {
        self.den
    }
}

impl Ord for Rational {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (self.num as i128 * other.den as i128).cmp(&(other.num as i128 * self.den as i128))
    }
}

impl PartialOrd for Rational {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Rational {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == 1 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}

impl Number for Rational {
    const POSITIVE: bool = false;

    fn from_int(n: i64) -> Option<Self> {
        Some(Rational { num: n, den: 1 })
    }

    fn to_wide(self) -> Wide {
        Wide {
            num: self.num as i128,
            den: self.den as i128,
        }
    }

    fn from_wide(w: Wide, limit: i64) -> Option<Self> {
        let num = within(i64::try_from(w.num).ok()?, limit)?;
        let den = within(i64::try_from(w.den).ok()?, limit)?;
        Some(Rational { num, den })
    }

    fn apply(self, op: Op, other: Self, limit: i64) -> Option<Self> {
        let (a, b) = (self.to_wide(), other.to_wide());
        let r = match op {
            Op::Add => a.plus(b)?,
            Op::Sub => a.plus(b.negated())?,
            Op::Mul => a.times(b)?,
            Op::Div => {
                if other.num == 0 {
                    return None;
                }
                a.times(b.recip()?)?
            }
            Op::Pow => {
                if other.den != 1 {
                    return None;
                }
                let e = other.num;
                if self.num == 0 {
                    // 0^e is 0 for any positive exponent, however large; 0^0 and 0^−e are undefined.
                    return (e > 0).then_some(Rational { num: 0, den: 1 });
                }
                if self.num.abs() == 1 && self.den == 1 {
                    // ±1 to any power stays small; avoid a huge exponent loop.
                    let sign = if self.num < 0 && e % 2 != 0 { -1 } else { 1 };
                    return Some(Rational { num: sign, den: 1 });
                }
                let e32 = u32::try_from(e.unsigned_abs()).ok()?;
                let p = Wide::new(a.num.checked_pow(e32)?, a.den.checked_pow(e32)?)?;
                if e < 0 { p.recip()? } else { p }
            }
        };
        Rational::from_wide(r, limit)
    }

    fn is_one(self) -> bool {
        self.num == 1 && self.den == 1
    }

    fn negate(self) -> Option<Self> {
        Some(Rational {
            num: self.num.checked_neg()?,
            den: self.den,
        })
    }

    fn as_int(self) -> Option<i64> {
        (self.den == 1).then_some(self.num)
    }

    fn magnitude(self) -> u64 {
        self.num.unsigned_abs().div_ceil(self.den.unsigned_abs())
    }

    fn is_negative(self) -> bool {
        self.num < 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const L: i64 = i64::MAX;

    #[test]
    fn positive_integers_refuse_what_the_game_forbids() {
        assert_eq!(Int(3).apply(Op::Sub, Int(5), L), None);
        assert_eq!(Int(5).apply(Op::Sub, Int(5), L), None);
        assert_eq!(Int(7).apply(Op::Div, Int(2), L), None);
        assert_eq!(Int(8).apply(Op::Div, Int(2), L), Some(Int(4)));
        assert_eq!(Int(i64::MAX).apply(Op::Add, Int(1), L), None);
        assert_eq!(Int(1 << 40).apply(Op::Mul, Int(1 << 40), L), None);
        assert_eq!(Int(2).apply(Op::Pow, Int(10), 1000), None);
        assert_eq!(Int(2).apply(Op::Pow, Int(9), 1000), Some(Int(512)));
    }

    #[test]
    fn whole_numbers_hold_zero_and_integers_negatives() {
        let w = |n| Whole::from_int(n).unwrap();
        assert_eq!(Whole::from_int(-1), None);
        assert_eq!(w(5).apply(Op::Sub, w(5), L), Some(w(0)));
        assert_eq!(w(3).apply(Op::Sub, w(5), L), None);
        assert_eq!(w(0).apply(Op::Div, w(7), L), Some(w(0)));
        assert_eq!(w(7).apply(Op::Div, w(0), L), None);
        assert_eq!(w(7).apply(Op::Div, w(2), L), None);
        assert_eq!(w(0).apply(Op::Mul, w(1 << 40), L), Some(w(0)));
        assert_eq!(w(0).apply(Op::Pow, w(0), L), None);
        assert_eq!(w(0).apply(Op::Pow, w(3), L), Some(w(0)));
        assert_eq!(w(5).apply(Op::Pow, w(0), L), Some(w(1)));
        assert_eq!(w(2).apply(Op::Pow, w(10), 1000), None);
        assert_eq!(w(5).negate(), None);
        let s = |n| Signed::from_int(n).unwrap();
        assert_eq!(s(3).apply(Op::Sub, s(5), L), Some(s(-2)));
        assert_eq!(s(-6).apply(Op::Div, s(3), L), Some(s(-2)));
        assert_eq!(s(i64::MIN).apply(Op::Div, s(-1), L), None);
        assert_eq!(s(2).apply(Op::Pow, s(-1), L), None);
        assert_eq!(s(-1).apply(Op::Pow, s(-3), L), Some(s(-1)));
        assert_eq!(s(-2).apply(Op::Pow, s(3), L), Some(s(-8)));
        assert_eq!(s(5).negate(), Some(s(-5)));
        assert_eq!(s(-5).magnitude(), 5);
    }

    #[test]
    fn rationals_are_exact_and_reduced() {
        let r = |n| Rational::from_int(n).unwrap();
        let third = r(1).apply(Op::Div, r(3), L).unwrap();
        assert_eq!(third.to_string(), "1/3");
        assert_eq!(third.apply(Op::Mul, r(3), L), Some(r(1)));
        assert_eq!(r(1).apply(Op::Sub, r(4), L), Some(r(-3)));
        assert_eq!(r(1).apply(Op::Div, r(0), L), None);
        assert_eq!(r(2).apply(Op::Pow, r(-2), L).unwrap().to_string(), "1/4");
        assert_eq!(r(0).apply(Op::Pow, r(0), L), None);
        assert_eq!(r(0).apply(Op::Pow, r(-1), L), None);
        assert_eq!(r(0).apply(Op::Pow, r(1 << 40), L), Some(r(0)));
        assert_eq!(r(-1).apply(Op::Pow, r((1 << 40) + 1), L), Some(r(-1)));
        assert!(third < r(1) && r(-3) < third);
        assert_eq!(
            (
                third.magnitude(),
                r(-3).magnitude(),
                r(-8).apply(Op::Div, r(3), L).unwrap().magnitude()
            ),
            (1, 3, 3)
        );
    }
}
