//! What the reach engine keeps of a sub-board's values while it builds them, so that values
//! no target can use are never sorted or combined again: those within the sub-board's window
//! ([`super::bounded`]'s module docs prove it), and, for the phase sweep's sub-boards one or
//! two numbers short of the board, only those the numbers left can still take to a target.
//!
//! **One number `c` left** (asked about `1..=hi`). With `c` a value `x` makes `x + c`,
//! `x × c`, `x − c`, `c − x`, `x ÷ c` and `c ÷ x`; each lies in `1..=hi` only if
//! `x ≤ hi + c`, except `x ÷ c`, which needs `c` to divide `x` (the window,
//! `(hi + 1) · c − 1`, caps `x` at `hi · c`); `x` alone is a target only if `x ≤ hi`. So a
//! value above `hi + c` that `c` does not divide is needed by no expression over the board
//! that ends in `1..=hi`: exactly the values left out.
//!
//! **Two numbers `c₁`, `c₂` left.** A value `x` goes on through `S ∪ {c₁}` (which keeps, as
//! above, `y ≤ hi + c₂` or `y` a multiple of `c₂` up to `hi · c₂`), through `S ∪ {c₂}`
//! likewise, or meets a value `w` of `{c₁, c₂}` (`c₁ + c₂`, `c₁ × c₂`, `|c₁ − c₂|`, a
//! quotient) in a target. Every way ends within `1..=hi` only if `x ≤ hi + c₁ + c₂ + c₁c₂`
//! (sums, differences and small products), or `x` is a multiple of `c₁`, of `c₂` or of a `w`
//! (`x ÷ …`), or `x ± c₁` is a multiple of `c₂` (or `x ± c₂` of `c₁`), or `x × c₁` is a
//! multiple of `c₂` no larger than `hi · c₂` (or `x × c₂` of `c₁`, within `hi · c₁`). A
//! value that is none of these is left out; some values kept are not needed (the test is a
//! superset, each way tested on its own), none needed is left out.

use crate::game::number::Number;

/// What a build keeps of a sub-board's values (module docs).
#[derive(Clone, Copy, Debug)]
pub(super) struct Keep {
    pub window: Option<i64>,
    /// Values up to this are kept whatever the numbers left are.
    most: i64,
    left: Left,
}

/// The numbers left on the board beside the sub-board being built, where they can cut it.
#[derive(Clone, Copy, Debug)]
enum Left {
    Any,
    One(i64),
    Two(Two),
}

/// Two numbers left, with the residues and divisors the test reads (module docs).
#[derive(Clone, Copy, Debug)]
struct Two {
    c1: i64,
    c2: i64,
    /// `x ± c₂ ≡ 0 (mod c₁)`: `x mod c₁` is one of these.
    r1: [i64; 2],
    /// `x ± c₁ ≡ 0 (mod c₂)`.
    r2: [i64; 2],
    /// `x × c₂ ≡ 0 (mod c₁)` exactly when `q1 | x`; likewise `q2`.
    q1: i64,
    q2: i64,
    /// The caps of those two ways: `x × c₂ ≤ hi · c₁`, `x × c₁ ≤ hi · c₂`.
    cap1: i128,
    cap2: i128,
    /// The values of `{c₁, c₂}` a multiple of which may be divided down (0: none).
    w: [i64; 3],
    hi: i64,
}

fn gcd(mut a: i64, mut b: i64) -> i64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Keep {
    /// Every value within `window`.
    pub fn within(window: Option<i64>) -> Keep {
        Keep {
            window,
            most: i64::MAX,
            left: Left::Any,
        }
    }

    /// Within `window`, and what `left` (one or two positive numbers) can still take into
    /// `1..=hi`; with more numbers left, or without a window, what `window` keeps.
    pub fn beside(window: Option<i64>, left: &[i64], hi: i64) -> Keep {
        match (window, left) {
            (Some(_), &[c]) => Keep {
                window,
                most: hi.saturating_add(c),
                left: Left::One(c),
            },
            (Some(_), &[c1, c2]) => {
                let g = gcd(c1, c2);
                let (big, small) = (c1.max(c2), c1.min(c2));
                Keep {
                    window,
                    most: hi
                        .saturating_add(c1)
                        .saturating_add(c2)
                        .saturating_add(c1.saturating_mul(c2)),
                    left: Left::Two(Two {
                        c1,
                        c2,
                        r1: [c2 % c1, (c1 - c2 % c1) % c1],
                        r2: [c1 % c2, (c2 - c1 % c2) % c2],
                        q1: c1 / g,
                        q2: c2 / g,
                        cap1: i128::from(hi) * i128::from(c1),
                        cap2: i128::from(hi) * i128::from(c2),
                        w: [
                            c1 + c2,
                            big - small,
                            if big % small == 0 { big / small } else { 0 },
                        ],
                        hi,
                    }),
                }
            }
            _ => Keep::within(window),
        }
    }

    /// Whether a value is left out.
    #[inline(always)]
    pub fn drops<V: Number>(self, v: V) -> bool {
        v.as_int().is_some_and(|i| {
            self.window.is_some_and(|w| i > w)
                || i > self.most
                    && match self.left {
                        Left::Any => false,
                        Left::One(c) => i % c != 0,
                        Left::Two(t) => !t.may_use(i),
                    }
        })
    }
}

impl Two {
    /// Whether some way of the module docs may still take `x` (above `most`) to a target.
    fn may_use(&self, x: i64) -> bool {
        let (a, b) = (x % self.c1, x % self.c2);
        let wide = i128::from(x);
        a == 0
            || b == 0
            || self.r1.contains(&a)
            || self.r2.contains(&b)
            || a % self.q1 == 0 && wide * i128::from(self.c2) <= self.cap1
            || b % self.q2 == 0 && wide * i128::from(self.c1) <= self.cap2
            || self
                .w
                .iter()
                .any(|&w| w > 1 && x % w == 0 && x / w <= self.hi)
    }
}
