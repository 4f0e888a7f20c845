//! Exact fractions for the flat-node walk: kept unreduced with 128-bit parts so that a step
//! multiplies and adds without a gcd, reduced only when a step would overflow.

use crate::error::{Error, Result};
use crate::game::number::{Number, Wide};

/// An exact fraction kept unreduced (denominator positive) so the flat-node walk multiplies
/// and adds without a gcd per step; it is reduced only when a step would overflow.
#[derive(Clone, Copy, Debug)]
pub(super) struct Frac {
    pub(super) num: i128,
    pub(super) den: i128,
}

/// `a × b`, `None` on overflow. i128 `checked_mul` is a slow library call, so products of
/// two operands that fit in 64 bits (which cannot overflow 128) are multiplied directly.
#[inline]
pub(super) fn mul128(a: i128, b: i128) -> Option<i128> {
    if a as i64 as i128 == a && b as i64 as i128 == b {
        Some(a * b)
    } else {
        a.checked_mul(b)
    }
}

impl Frac {
    pub(super) const ZERO: Frac = Frac { num: 0, den: 1 };
    pub(super) const ONE: Frac = Frac { num: 1, den: 1 };

    pub(super) fn of<V: Number>(v: V) -> Frac {
        let w = v.to_wide();
        Frac {
            num: w.num,
            den: w.den,
        }
    }

    pub(super) fn reduced(self) -> Frac {
        let w = Wide::new(self.num, self.den).expect("denominator is positive");
        Frac {
            num: w.num,
            den: w.den,
        }
    }

    pub(super) fn try_add(self, o: Frac) -> Option<Frac> {
        if self.den == 1 && o.den == 1 {
            return Some(Frac {
                num: self.num.checked_add(o.num)?,
                den: 1,
            });
        }
        Some(Frac {
            num: mul128(self.num, o.den)?.checked_add(mul128(o.num, self.den)?)?,
            den: mul128(self.den, o.den)?,
        })
    }

    pub(super) fn add(self, o: Frac) -> Option<Frac> {
        self.try_add(o)
            .or_else(|| self.reduced().try_add(o.reduced()))
    }

    pub(super) fn try_mul(self, o: Frac) -> Option<Frac> {
        Some(Frac {
            num: mul128(self.num, o.num)?,
            den: mul128(self.den, o.den)?,
        })
    }

    pub(super) fn mul(self, o: Frac) -> Option<Frac> {
        self.try_mul(o)
            .or_else(|| self.reduced().try_mul(o.reduced()))
    }

    pub(super) fn neg(self) -> Frac {
        Frac {
            num: -self.num,
            den: self.den,
        }
    }

    /// `1 / self`; `None` for zero.
    pub(super) fn recip(self) -> Option<Frac> {
        match self.num {
            0 => None,
            n if n < 0 => Some(Frac {
                num: -self.den,
                den: -n,
            }),
            n => Some(Frac {
                num: self.den,
                den: n,
            }),
        }
    }

    pub(super) fn is_one(self) -> bool {
        self.num == self.den
    }

    /// Whether `self × other == 1`.
    pub(super) fn times_is_one(self, other: Frac) -> Result<bool> {
        match (mul128(self.num, other.num), mul128(self.den, other.den)) {
            (Some(a), Some(b)) => Ok(a == b),
            _ => {
                let (x, y) = (self.reduced(), other.reduced());
                Ok(x.num
                    .checked_mul(y.num)
                    .ok_or_else(|| Error::ArithmeticOverflow)?
                    == x.den
                        .checked_mul(y.den)
                        .ok_or_else(|| Error::ArithmeticOverflow)?)
            }
        }
    }

    /// The value in the domain, if it is one of its values.
    pub(super) fn value<V: Number>(self, limit: i64) -> Option<V> {
        if self.den == 1 {
            return V::from_wide(
                Wide {
                    num: self.num,
                    den: 1,
                },
                limit,
            );
        }
        if V::POSITIVE {
            // Positive integers: only an exact quotient is a value, so no gcd is needed;
            // i128 division is a slow library call, so divide in 64 bits when possible.
            let q = match (i64::try_from(self.num), i64::try_from(self.den)) {
                (Ok(n), Ok(d)) => (n % d == 0).then(|| (n / d) as i128),
                _ => (self.num % self.den == 0).then(|| self.num / self.den),
            }?;
            return V::from_wide(Wide { num: q, den: 1 }, limit);
        }
        V::from_wide(Wide::new(self.num, self.den)?, limit)
    }
}

/// A fraction in lowest terms with 64-bit parts (denominator positive), for the last item
/// of a flat node in the positive integers, where 128-bit division would be a library call.
#[derive(Clone, Copy, Debug)]
pub(super) struct SmallFrac {
    pub(super) num: i64,
    pub(super) den: i64,
}

/// Binary gcd: shifts and subtractions rather than a division per step.
pub(super) fn gcd64(mut a: u64, mut b: u64) -> u64 {
    if a == 0 || b == 0 {
        return a | b;
    }
    let shift = (a | b).trailing_zeros();
    a >>= a.trailing_zeros();
    loop {
        b >>= b.trailing_zeros();
        if a > b {
            std::mem::swap(&mut a, &mut b);
        }
        b -= a;
        if b == 0 {
            return a << shift;
        }
    }
}

impl Frac {
    /// `self` in lowest terms, if both parts then fit in 64 bits (with room to add an item).
    pub(super) fn small(self) -> Option<SmallFrac> {
        let fits = |x: i128| x.unsigned_abs() < 1 << 62;
        if self.den == 1 {
            return fits(self.num).then_some(SmallFrac {
                num: self.num as i64,
                den: 1,
            });
        }
        let (num, den) = if fits(self.num) && fits(self.den) {
            let (num, den) = (self.num as i64, self.den as i64);
            let g = gcd64(num.unsigned_abs(), den as u64) as i64;
            ((num / g).into(), (den / g).into())
        } else {
            let r = self.reduced();
            (r.num, r.den)
        };
        (fits(num) && fits(den)).then_some(SmallFrac {
            num: num as i64,
            den: den as i64,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binary_gcd_agrees_with_euclid() {
        fn euclid(a: u64, b: u64) -> u64 {
            if b == 0 { a } else { euclid(b, a % b) }
        }
        let samples = (0..200u64).chain([1 << 40, 3 << 50, u64::MAX, u64::MAX - 1, 999_999_937]);
        let samples: Vec<u64> = samples.collect();
        for &a in &samples {
            for &b in &samples {
                assert_eq!(gcd64(a, b), euclid(a, b), "gcd({a}, {b})");
            }
        }
    }
}
