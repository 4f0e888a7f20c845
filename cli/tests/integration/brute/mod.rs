//! Independent brute-force references used only by the integration tests.
//!
//! This module is written from the domain definitions alone and does not share any code
//! with the fast engine in `src/`: the tests compare the engine against it, so it favours
//! plain, obviously correct enumeration over speed. It holds two references for the
//! solution counts, built differently so that each checks the other:
//!
//! * [`solve_all`], a count DP over the sub-multisets of the board with hash-consed
//!   canonical forms (described below), fast enough for boards of 5 or 6 numbers;
//! * [`solve_all_by_strings`], a plain enumerator that builds every valid tree over every
//!   set of board *positions*, writes each one out as a string under each convention (as
//!   written; with the operands of `+` and `×` sorted; flattened into sorted chains) and
//!   counts the distinct strings per value. It shares no code with [`solve_all`] but the
//!   10^12 bound (it has its own arithmetic) and is meant for boards of at most 4 numbers.
//!
//! The property tests compare the engine with [`solve_all`] on random boards, and the two
//! references with each other (and with the engine) on boards of at most 4 numbers.
//!
//! How [`solve_all`] counts:
//!
//! * Values are exact reduced fractions ([`Q`]). Every operation is computed exactly in
//!   `i128` (operands are bounded by 10^12, so nothing can overflow or wrap) and a result
//!   whose reduced `|numerator|` or denominator exceeds 10^12 is excluded. So a result is
//!   kept exactly when its exact reduced value is within the bound, even if a naive `i64`
//!   cross-multiplication would have overflowed on the way.
//! * Expression trees are counted per sub-multiset of the board: a tree over a multiset
//!   `M` is a leaf (when `|M| = 1`) or `op(left, right)` for an ordered split of `M` into two
//!   non-empty sub-multisets. Splitting *multisets* (not board positions) yields every
//!   value-labelled tree exactly once, so trees differing only by swapping equal board
//!   numbers are never counted twice. Validity depends only on the children's values, so
//!   each multiset keeps a map value -> number of trees, and the trees with child values
//!   `(a, b)` number `count_left[a] * count_right[b]`.
//! * Expressions (trees modulo commutativity) are counted the same way, keeping one
//!   orientation of each `+`/`×` node: the split with the smaller left multiset, or, when
//!   both sides are the same multiset, each unordered pair of child expressions once.
//! * With unary minus, every node (leaf or internal, root included) may also be negated,
//!   which doubles the trees (and expressions) rooted at each node.
//! * Distinct solutions (modulo commutativity and associativity) are canonical forms built
//!   bottom-up: chains of `+`/`−` are flattened into sorted multisets of positive and
//!   negative terms, chains of `×`/`÷` into sorted numerator and denominator multisets,
//!   and `^` is an opaque node. Forms are hash-consed into an arena, so equal forms share
//!   one id and the forms over each multiset are deduplicated as a set of ids. Unless
//!   `use_all`, a form with a product node that has a proper, non-empty sub-collection of
//!   factors whose ratio is exactly 1 is not counted (compared with a tiny big integer).
//! * With joined digits (`concat`), a multiset of two or more digits is also a leaf for
//!   each number its digits spell in some order without a leading 0 ([`join::spelled`]):
//!   one tree, one expression and one canonical form (a leaf) each.
//! * Player move sequences are a plain depth-first search without memoization over the moves
//!   of SPEC §2 read word for word ([`convention_moves`]: `x × 1`, `1 × x`, `x ÷ 1` skipped
//!   only where numbers need not all be used); with joined digits, every ordered pair of
//!   positions holding board digits (or numbers joined from them) may also be written side by
//!   side. [`player_moves`] lists a board's moves as the simulated player counts them, from
//!   its definition.

#![allow(dead_code)]

mod arith;
mod counts;
mod forms;
mod join;
mod moves;
mod parse;
mod strings;
mod values;

pub use counts::{count_unchecked, solve_all};
pub use moves::{Tile, convention_moves, moves, player_moves};
pub use parse::eval_printed;
pub use strings::{BruteTrail, first_moves, solve_all_by_strings, trails};
pub use values::targets_reached;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arith {
    PositiveIntegers,
    /// 0, 1, 2, …
    WholeNumbers,
    /// Every integer.
    Integers,
    Rationals,
}

#[derive(Clone, Copy, Debug)]
pub struct BruteRules {
    pub arith: Arith,
    /// Must every board number be used (24 game: true).
    pub use_all: bool,
    /// Allow exponentiation a^b.
    pub pow: bool,
    /// Allow unary minus (only meaningful with Rationals).
    pub unary_minus: bool,
    /// Board digits written side by side are a leaf too: the numbers they spell.
    pub concat: bool,
}

impl BruteRules {
    /// The 24 game's rules, written out here rather than read from the engine's preset:
    /// exact rationals, every number used, nothing else.
    pub fn twenty_four() -> BruteRules {
        BruteRules {
            arith: Arith::Rationals,
            use_all: true,
            pow: false,
            unary_minus: false,
            concat: false,
        }
    }

    /// The brute force's form of the engine's rules.
    pub fn of(rules: &digits_lab::game::rules::Rules) -> BruteRules {
        use digits_lab::game::rules::Arithmetic;
        BruteRules {
            arith: match rules.arithmetic {
                Arithmetic::PositiveIntegers => Arith::PositiveIntegers,
                Arithmetic::WholeNumbers => Arith::WholeNumbers,
                Arithmetic::Integers => Arith::Integers,
                Arithmetic::Rationals => Arith::Rationals,
            },
            use_all: rules.use_all,
            pow: rules.pow,
            unary_minus: rules.unary_minus,
            concat: rules.concat,
        }
    }
}

/// A value: reduced fraction num/den with den > 0 (integers have den 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Q {
    pub num: i64,
    pub den: i64,
}

impl Q {
    pub fn int(n: i64) -> Q {
        Q { num: n, den: 1 }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BruteCounts {
    pub trees: u64,
    pub expressions: u64,
    /// Not computed (left 0) when unary minus is allowed.
    pub distinct: u64,
    pub min_ops: u32,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BruteMoves {
    pub by_length: Vec<u64>,
    pub sequences: u64,
    pub boards_visited: u64,
}
