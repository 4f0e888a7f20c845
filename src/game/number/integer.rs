//! `Integer`: the integers of a domain that holds 0 — the whole numbers (`Whole`, Krypto)
//! or every integer (`Signed`).

use std::fmt;

use super::{Number, Op, Wide, within};

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

#[cfg(test)]
mod tests {
    use super::*;

    const L: i64 = i64::MAX;

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
}
