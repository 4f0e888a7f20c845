//! The values of the inequivalent count: the engine's exact rationals, combined by the one
//! arithmetic every engine uses ([`Rules::apply`] under the 24 game's rules), so that an
//! overflow leaves an expression out here exactly as it does in the counting engine.

use crate::game::number::{Number, Op, Rational};
use crate::game::rules::{Arithmetic, Rules};

/// Exact rationals, every number used, no `^`, no unary minus; bounded only by overflow.
const RULES: Rules = Rules {
    arithmetic: Arithmetic::Rationals,
    use_all: true,
    pow: false,
    unary_minus: false,
    concat: false,
    limit: i64::MAX,
};

/// A value: an exact rational in lowest terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Rat(Rational);

impl Rat {
    pub(crate) fn int(n: i64) -> Rat {
        Rat(Rational::from_int(n).expect("every integer is a rational"))
    }

    /// The integer value, if this is an integer.
    pub(crate) fn as_int(self) -> Option<i64> {
        self.0.as_int()
    }

    pub(crate) fn is_zero(self) -> bool {
        self.0.numer() == 0
    }

    pub(crate) fn is_neg(self) -> bool {
        self.0.is_negative()
    }

    /// `|self| == 1`.
    pub(crate) fn is_unit(self) -> bool {
        self.0.denom() == 1 && self.0.numer().unsigned_abs() == 1
    }

    pub(crate) fn neg(self) -> Option<Rat> {
        self.0.negate().map(Rat)
    }

    pub(crate) fn abs(self) -> Option<Rat> {
        if self.is_neg() {
            self.neg()
        } else {
            Some(self)
        }
    }

    fn apply(self, op: Op, o: Rat) -> Option<Rat> {
        RULES.apply(op, self.0, o.0).map(Rat)
    }

    pub(crate) fn add(self, o: Rat) -> Option<Rat> {
        self.apply(Op::Add, o)
    }

    pub(crate) fn sub(self, o: Rat) -> Option<Rat> {
        self.apply(Op::Sub, o)
    }

    pub(crate) fn mul(self, o: Rat) -> Option<Rat> {
        self.apply(Op::Mul, o)
    }

    /// `None` when dividing by zero.
    pub(crate) fn div(self, o: Rat) -> Option<Rat> {
        self.apply(Op::Div, o)
    }
}

#[cfg(test)]
mod tests {
    use super::Rat;

    #[test]
    fn arithmetic_is_exact_and_normalized() {
        let third = Rat::int(1).div(Rat::int(3)).unwrap();
        let two_thirds = third.add(third).unwrap();
        assert_eq!(two_thirds, Rat::int(4).div(Rat::int(6)).unwrap());
        assert_eq!(
            Rat::int(8).div(Rat::int(1).sub(two_thirds).unwrap()),
            Some(Rat::int(24))
        );
        assert!(Rat::int(1).div(Rat::int(-2)).unwrap().is_neg());
        assert_eq!(Rat::int(5).div(Rat::int(0)), None);
    }

    #[test]
    fn overflow_is_none_not_panic() {
        assert_eq!(Rat::int(i64::MAX).add(Rat::int(1)), None);
        assert_eq!(Rat::int(i64::MAX).mul(Rat::int(2)), None);
        assert_eq!(Rat::int(i64::MIN).neg(), None);
        let tiny = Rat::int(1).div(Rat::int(i64::MAX)).unwrap();
        assert_eq!(tiny.mul(tiny), None);
    }
}
