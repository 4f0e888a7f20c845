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

/// `a + b` in lowest terms (Knuth, TAOCP 4.5.1): with `g = gcd(b.den, a.den)`, only the
/// factor `gcd(t, g)` of the new numerator `t` can be shared with the new denominator, so the
/// one gcd of two full-size parts [`Wide::plus`] takes is never needed. The same value as
/// `Wide::plus` (lowest terms are unique), several times faster; `None` only where `t` itself
/// would pass 128 bits, where `Wide` decides.
#[inline]
fn sum(a: Rational, b: Rational) -> Option<Wide> {
    if a.den == 1 && b.den == 1 {
        return Some(Wide {
            num: i128::from(a.num) + i128::from(b.num),
            den: 1,
        });
    }
    // Denominators are positive, so every gcd here fits an i64 and divides in 64 bits.
    let g = gcd(a.den, b.den);
    let (ad, bd) = (a.den / g, b.den / g);
    let Some(t) =
        (i128::from(a.num) * i128::from(bd)).checked_add(i128::from(b.num) * i128::from(ad))
    else {
        return a.to_wide().plus(b.to_wide());
    };
    if g == 1 {
        return Some(Wide {
            num: t,
            den: i128::from(a.den) * i128::from(b.den),
        });
    }
    let (num, g2) = match i64::try_from(t) {
        Ok(t) => {
            let g2 = gcd(t, g);
            (i128::from(t / g2), g2)
        }
        Err(_) => {
            let g2 = super::wide::gcd128(t, i128::from(g)).max(1);
            (t / g2, g2 as i64)
        }
    };
    Some(Wide {
        num,
        den: i128::from(ad) * i128::from(b.den / g2),
    })
}

/// `a × b` in lowest terms: cancelling across (`a.num` with `b.den`, `b.num` with `a.den`)
/// leaves nothing to cancel (both are in lowest terms, `b.den > 0`).
#[inline]
fn product(a: Rational, b: Rational) -> Wide {
    if a.num == 0 || b.num == 0 {
        return Wide::ZERO;
    }
    let g1 = gcd(a.num, b.den);
    let g2 = gcd(b.num, a.den);
    Wide {
        num: i128::from(a.num / g1) * i128::from(b.num / g2),
        den: i128::from(a.den / g2) * i128::from(b.den / g1),
    }
}

/// `gcd(|a|, |b|)` for `b > 0`: at most `b`, so an `i64`, at least 1.
#[inline]
fn gcd(a: i64, b: i64) -> i64 {
    debug_assert!(b > 0);
    super::wide::gcd64(a.unsigned_abs(), b.unsigned_abs()) as i64
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
            Op::Add => sum(self, other)?,
            // −b and 1/b leave 64 bits only for b's numerator −2^63: `Wide` then decides.
            Op::Sub => match other.negate() {
                Some(minus) => sum(self, minus)?,
                None => a.plus(b.negated())?,
            },
            Op::Mul => product(self, other),
            Op::Div => {
                if other.num == 0 {
                    return None;
                }
                match other.num.checked_abs() {
                    Some(den) => product(
                        self,
                        Rational {
                            num: other.num.signum() * other.den,
                            den,
                        },
                    ),
                    None => a.times(b.recip()?)?,
                }
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
        // Sums and products in lowest terms without the wide gcd: the same as `Wide`'s.
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        let mut next = |bits: u32| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> (64 - bits)) as i64 - (1 << (bits - 1))
        };
        let q = |n: i64, d: i64| Rational::from_wide(Wide::new(n as i128, d as i128).unwrap(), L);
        let mut tried = 0;
        for i in 0..50_000 {
            let bits = [8, 20, 33, 63][i % 4];
            let (Some(a), Some(b)) = (
                q(next(bits), next(bits).abs().max(1)),
                q(next(bits), next(bits).abs().max(1)),
            ) else {
                continue;
            };
            let (wa, wb) = (a.to_wide(), b.to_wide());
            let wide = |w: Option<Wide>| w.and_then(|w| Rational::from_wide(w, L));
            assert_eq!(a.apply(Op::Add, b, L), wide(wa.plus(wb)), "{a} + {b}");
            assert_eq!(
                a.apply(Op::Sub, b, L),
                wide(wa.plus(wb.negated())),
                "{a} - {b}"
            );
            assert_eq!(a.apply(Op::Mul, b, L), wide(wa.times(wb)), "{a} * {b}");
            let div = wb.recip().and_then(|r| wa.times(r));
            assert_eq!(
                a.apply(Op::Div, b, L),
                wide(div.filter(|_| b.num != 0)),
                "{a} / {b}"
            );
            tried += 1;
        }
        assert!(tried > 40_000);
        let extreme = Rational {
            num: i64::MIN,
            den: 1,
        };
        let minus_one = r(-1);
        assert_eq!(minus_one.apply(Op::Sub, extreme, L), Some(r(i64::MAX)));
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
