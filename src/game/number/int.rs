//! `Int`: the positive integers, the domain of Digits and Countdown.

use std::fmt;

use super::{Number, Op, Wide, within};

/// A positive integer, the domain of Digits and Countdown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Int(pub i64);

impl fmt::Display for Int {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
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
}
