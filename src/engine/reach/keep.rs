//! What the reach engine keeps of a sub-board's values while it builds them, so that values
//! no target can use are never sorted or combined again: those within the sub-board's window
//! ([`super::bounded`]'s module docs prove it), and, for the phase sweep's sub-boards one
//! number short of the board, only those that number can still take to a target.

use crate::game::number::Number;

/// What a build keeps of a sub-board's values: those within its `window` (module docs), and,
/// for a sub-board one number `c` short of the whole board asked about `1..=hi`, only those
/// `c` can still take into `1..=hi`. With `c` a value `x` makes `x + c`, `x × c`, `x − c`,
/// `c − x`, `x ÷ c` and `c ÷ x`; each lies in `1..=hi` only if `x ≤ hi + c`, except `x ÷ c`,
/// which needs `c` to divide `x` (the window, `(hi + 1) · c − 1`, already caps `x` at
/// `hi · c`). `x` alone is a target only if `x ≤ hi`. So a value above `hi + c` that `c` does
/// not divide reaches no target: it is left out before it is sorted, and the whole board's
/// split with `c` reads the rest only. Exact: the values left out are the ones no expression
/// over the board that ends in `1..=hi` passes through.
#[derive(Clone, Copy, Debug)]
pub(super) struct Keep {
    pub window: Option<i64>,
    /// `(c, hi + c)`: the one number left, and the largest value kept that `c` does not
    /// divide.
    pub beside: Option<(i64, i64)>,
}

impl Keep {
    /// Whether a value is left out.
    #[inline(always)]
    pub fn drops<V: Number>(self, v: V) -> bool {
        v.as_int().is_some_and(|i| {
            self.window.is_some_and(|w| i > w)
                || self.beside.is_some_and(|(c, most)| i > most && i % c != 0)
        })
    }
}
