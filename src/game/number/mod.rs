//! The number domains the games are played in: positive integers (Digits, Countdown), whole
//! numbers (Krypto: 0 allowed), integers (negatives allowed) and exact rationals (the 24
//! game, make-10), with every operation checked.
//!
//! An operation that is not allowed by the domain (`3 − 5` in positive integers, `x ÷ 0`), or
//! whose result would overflow or exceed the configured magnitude limit, yields `None`: the
//! result is excluded, never wrapped.
//!
//! One file per type: the operations ([`Op`], `op.rs`), the wide rational every value converts
//! to ([`Wide`], `wide.rs`), and one file per domain — [`Int`] (`int.rs`), [`Whole`] and
//! [`Signed`] (`integer.rs`), [`Rational`] (`rational.rs`); here, the [`Number`] trait they
//! share.

mod int;
mod integer;
mod op;
mod rational;
mod wide;

use std::fmt;
use std::hash::Hash;

pub use int::Int;
pub use integer::{Integer, Signed, Whole};
pub use op::Op;
pub use rational::Rational;
pub use wide::Wide;

/// A value of a game's number domain.
pub trait Number:
    Copy + Ord + Eq + Hash + fmt::Debug + fmt::Display + Send + Sync + 'static
{
    /// Whether every value is a positive integer (Digits, Countdown): then the engine may
    /// keep values in arrays indexed by value and leave out what lies beyond a window, since
    /// no value can shrink to a small target by `× 0`, and no negative value can cancel.
    const POSITIVE: bool;

    /// A board number or target in this domain, if the domain holds it.
    fn from_int(n: i64) -> Option<Self>;
    /// The value as an exact wide rational.
    fn to_wide(self) -> Wide;
    /// The domain's value equal to `w`, if it holds it and it is within `limit`.
    fn from_wide(w: Wide, limit: i64) -> Option<Self>;
    /// `self op other`, or `None` when the domain forbids it or it exceeds `limit` in magnitude.
    fn apply(self, op: Op, other: Self, limit: i64) -> Option<Self>;
    fn is_one(self) -> bool;
    /// `−self`, for the unary-minus variant.
    fn negate(self) -> Option<Self>;
    /// The value as an integer, when it is one.
    fn as_int(self) -> Option<i64>;
    /// `|self|` rounded up.
    fn magnitude(self) -> u64;
    fn is_negative(self) -> bool;
    /// Sorts `(value, payload)` pairs by value.
    fn sort_pairs<T>(pairs: &mut [(Self, T)]) {
        pairs.sort_unstable_by_key(|&(v, _)| v);
    }
    /// Sorts values ascending without repeats.
    fn sort_dedup(values: &mut Vec<Self>) {
        values.sort_unstable();
        values.dedup();
    }
}

/// `x`, when its magnitude is within `limit`: the bound every domain keeps its values in.
fn within(x: i64, limit: i64) -> Option<i64> {
    (x.checked_abs()? <= limit).then_some(x)
}
