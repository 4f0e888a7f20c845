//! `Wide`: an exact rational with `i128` parts, the common ground every domain's values
//! convert to where partial results may leave the domain.

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
