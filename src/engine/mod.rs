//! The exact engine: a memoized DP over the sub-boards of a board that finds every value each
//! sub-board reaches, and for each value its solution counts under `trees`, `expressions` and
//! `distinct` (SPEC §2). `min_ops` follows from the size of the smallest sub-board reaching a
//! value, since a tree over `k` numbers has `k − 1` operations.
//!
//! How each convention is counted:
//! - `trees` and `expressions` come from combining the value tables of every split of a
//!   sub-board into two complementary sub-boards. Sub-boards are sub-*multisets*, so trees
//!   that differ only by swapping equal numbers are never told apart; when both halves of a
//!   split are the same multiset, unordered pairs are counted as multisets of size two.
//! - `distinct` counts canonical forms: a flat sum (a multiset of signed terms, each a
//!   non-sum form), a flat product (numerator and denominator multisets of non-product
//!   forms), a power, or a number. Each entry therefore also keeps how many of its forms are
//!   sums, products, powers or the number itself. Flat nodes of two items come from the same
//!   pass as the trees; flat nodes of three or more items are enumerated over multiset
//!   partitions of the sub-board ([`Dp::for_each_flat`]), in one canonical order so each
//!   multiset of items is seen once. A sum is realizable when its value is in the domain (a
//!   positive integer for Digits: add the positive terms, then subtract the rest), a product
//!   when its value is (multiply, then divide). Where numbers need not all be used, a product
//!   with a proper part of its factors worth 1 is the same solution as the product without
//!   them, and is not counted.
//!
//! The parts, in the order a build uses them:
//! - `dp`: a board's [`Dp`] and how one sub-board's table is built;
//! - `team`: the build as one team of workers taking tasks in level order;
//! - `combine`: the trees of a split, every operand pair under every operation;
//! - `flat`, `flat_nodes`, `flat_walk` and `flat_int` (the walk in 64-bit integers): flat
//!   sums and products of three or more items;
//! - `fraction`: exact fractions for that walk;
//! - `accumulators`, `scratch` and `drain`: where counts are added up, kept per thread,
//!   and turned into sorted tables;
//! - `entry` and `sub_table`: what a table holds; `convention`: the conventions counted;
//! - `query`: reading a built board (counts, closest values);
//! - `reach`: reachability only, no counts, for `analyze --reach-only`;
//! - `inequivalent`: apart from the DP, the 24 game's `inequivalent` count (4shu.net's
//!   convention, which merges solutions equal only for the particular numbers) by canonical
//!   forms per sub-board and a union–find over the whole board's.

mod accumulators;
mod combine;
mod convention;
mod dp;
mod drain;
mod entry;
mod flat;
mod flat_int;
mod flat_nodes;
mod flat_walk;
mod fraction;
pub mod inequivalent;
mod lead_sums;
mod query;
pub mod reach;
mod scratch;
mod sub_table;
mod team;

pub use convention::Convention;
pub use dp::Dp;
pub use entry::{Counts, Entry, Trail};
pub use flat::{Flat, FlatFn, Item};
pub use query::{all_trees_unchecked, wide_cmp};
pub use sub_table::{SubTable, SubTableSource};

/// The targets a corpus run asks about: with a window, the whole board's table keeps only the
/// integer values in `lo..=hi` (the other sub-boards stay complete). Most of a board's values
/// are reached only by the whole board and lie far beyond any target, so this skips most of
/// the work; it applies to the positive-integer domain only, and is ignored for rationals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    pub lo: i64,
    pub hi: i64,
}
