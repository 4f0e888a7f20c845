//! `Wide`: an exact rational with `i128` parts, the common ground every domain's values
//! convert to where partial results may leave the domain.

/// An exact rational with `i128` parts, used where partial results may leave the domain
/// (a partial sum below zero, a partial product that is a fraction).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Wide {
    pub num: i128,
    pub den: i128,
}

/// `gcd(|a|, |b|)`: Euclid's on 64 bits when both fit (nearly always: the domains keep `i64`
/// parts), else on 128 bits. A 128-bit remainder is a library call several times slower than
/// the processor's 64-bit one, and was most of an exact-rational board's time.
pub(super) fn gcd128(a: i128, b: i128) -> i128 {
    let (ua, ub) = (a.unsigned_abs(), b.unsigned_abs());
    if let (Ok(x), Ok(y)) = (u64::try_from(ua), u64::try_from(ub)) {
        return i128::from(gcd64(x, y));
    }
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Euclid's gcd on 64 bits (measured faster here than the binary gcd's shifts: boards of six
/// rationals, 0.08 s against 0.11 s a board).
pub(super) fn gcd64(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// `x / g` for a positive `g`, in 64 bits when both fit.
#[inline(always)]
fn div(x: i128, g: i128) -> i128 {
    match (i64::try_from(x), i64::try_from(g)) {
        (Ok(x), Ok(g)) if g > 0 => i128::from(x / g),
        _ => x / g,
    }
}

impl Wide {
    pub const ZERO: Wide = Wide { num: 0, den: 1 };
    pub const ONE: Wide = Wide { num: 1, den: 1 };

    pub fn new(num: i128, den: i128) -> Option<Wide> {
        if den == 0 {
            return None;
        }
        let g = gcd128(num, den);
        let (mut num, mut den) = (div(num, g), div(den, g));
        if den < 0 {
            num = num.checked_neg()?;
            den = den.checked_neg()?;
        }
        Some(Wide { num, den })
    }

    pub fn plus(self, o: Wide) -> Option<Wide> {
        let g = gcd128(self.den, o.den);
        let l = div(self.den, g);
        let num = self
            .num
            .checked_mul(div(o.den, g))?
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
        let num = div(self.num, g1).checked_mul(div(o.num, g2))?;
        let den = div(self.den, g2).checked_mul(div(o.den, g1))?;
        Wide::new(num, den)
    }

    pub fn recip(self) -> Option<Wide> {
        Wide::new(self.den, self.num)
    }

    pub fn is_one(self) -> bool {
        self.num == 1 && self.den == 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 64-bit paths against Euclid's on 128 bits, signs, zeros and extremes included.
    #[test]
    fn gcd_and_division_agree_with_euclid() {
        let euclid = |a: i128, b: i128| {
            let (mut a, mut b) = (a.abs(), b.abs());
            while b != 0 {
                (a, b) = (b, a % b);
            }
            a
        };
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let edges = [
            0i128,
            1,
            -1,
            2,
            6,
            -12,
            i64::MAX as i128,
            i64::MIN as i128,
            1 << 70,
        ];
        for &a in &edges {
            for &b in &edges {
                assert_eq!(gcd128(a, b), euclid(a, b), "{a} {b}");
            }
        }
        for _ in 0..20_000 {
            let (a, b) = (
                next() as i64 as i128,
                (next() >> (next() % 60)) as i64 as i128,
            );
            let g = gcd128(a, b);
            assert_eq!(g, euclid(a, b), "{a} {b}");
            if g > 0 {
                assert_eq!(div(a, g), a / g);
                assert_eq!(div(b * 3, g), b * 3 / g);
            }
        }
    }
}
