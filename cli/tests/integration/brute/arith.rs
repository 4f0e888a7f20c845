//! Exact arithmetic on reduced fractions within the 10^12 bound, under each game's rules.

use super::{Arith, BruteRules, Q};

/// Largest allowed `|numerator|` and denominator of any value.
pub(super) const BOUND: i128 = 1_000_000_000_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(super) enum Op {
    Add,
    Sub,
    Mul,
    Div,
    Pow,
}

pub(super) fn ops_for(rules: BruteRules) -> Vec<Op> {
    let mut ops = vec![Op::Add, Op::Sub, Op::Mul, Op::Div];
    if rules.pow {
        ops.push(Op::Pow);
    }
    ops
}

pub(super) fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The reduced fraction num/den, or None if den is 0 or the result is out of bounds.
pub(super) fn make_q(num: i128, den: i128) -> Option<Q> {
    if den == 0 {
        return None;
    }
    let g = gcd(num, den);
    let (mut n, mut d) = (num / g, den / g);
    if d < 0 {
        n = -n;
        d = -d;
    }
    if n.abs() > BOUND || d > BOUND {
        return None;
    }
    Some(Q {
        num: n as i64,
        den: d as i64,
    })
}

/// a^b for an integer b; None if b is not an integer, for 0^0 and 0^negative, or out of bounds.
pub(super) fn power(a: Q, b: Q) -> Option<Q> {
    if b.den != 1 {
        return None;
    }
    if a.num == 0 {
        return if b.num > 0 { Some(Q::int(0)) } else { None };
    }
    // Base p/q (reduced, q > 0); a negative exponent inverts the base.
    let (p, q) = if b.num >= 0 {
        (a.num as i128, a.den as i128)
    } else {
        (a.den as i128 * a.num.signum() as i128, a.num.abs() as i128)
    };
    let e = b.num.unsigned_abs();
    if q == 1 && p.abs() == 1 {
        let odd = e % 2 == 1;
        return Some(Q::int(if p == -1 && odd { -1 } else { 1 }));
    }
    // Here |p| >= 2 or q >= 2, so the loop leaves the bound after at most ~40 steps.
    // p^e / q^e is already reduced.
    let (mut rn, mut rd) = (1i128, 1i128);
    for _ in 0..e {
        rn *= p;
        rd *= q;
        if rn.abs() > BOUND || rd > BOUND {
            return None;
        }
    }
    make_q(rn, rd)
}

pub(super) fn valid_for(v: Q, rules: BruteRules) -> bool {
    match rules.arith {
        Arith::PositiveIntegers => v.den == 1 && v.num > 0,
        Arith::WholeNumbers => v.den == 1 && v.num >= 0,
        Arith::Integers => v.den == 1,
        Arith::Rationals => true,
    }
}

/// Result of `a op b` under the rules, or None when the operation is invalid.
pub(super) fn apply(op: Op, a: Q, b: Q, rules: BruteRules) -> Option<Q> {
    let (an, ad) = (a.num as i128, a.den as i128);
    let (bn, bd) = (b.num as i128, b.den as i128);
    let v = match op {
        Op::Add => make_q(an * bd + bn * ad, ad * bd)?,
        Op::Sub => make_q(an * bd - bn * ad, ad * bd)?,
        Op::Mul => make_q(an * bn, ad * bd)?,
        Op::Div => make_q(an * bd, ad * bn)?,
        Op::Pow => {
            if !rules.pow {
                return None;
            }
            power(a, b)?
        }
    };
    valid_for(v, rules).then_some(v)
}

/// Unary minus under the rules (None in PositiveIntegers, where it is never valid).
pub(super) fn negate(v: Q, rules: BruteRules) -> Option<Q> {
    let n = Q {
        num: -v.num,
        den: v.den,
    };
    (rules.unary_minus && valid_for(n, rules)).then_some(n)
}
