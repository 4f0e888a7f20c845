//! `Rational`: exact rationals in lowest terms, the domain of the 24 game and make-10.

use std::fmt;

use super::{Number, Op, Wide, within};

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
