//! Flat sums and products of three or more items for `distinct`: which kind a node is, what
//! an item is, and what is called for each node (enumerated in [`super::flat_nodes`]).

use crate::error::Result;
use crate::game::board::MAX_NUMBERS;

/// Which kind of flat node [`Dp::for_each_flat`] enumerates.
///
/// [`Dp::for_each_flat`]: super::Dp::for_each_flat
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flat {
    Sum,
    Product,
}

/// One item of a flat node: a form over sub-board `block` with value `items[block][index]`,
/// added or subtracted (sum) or multiplied or divided (product). Sixteen bytes, so that it
/// is passed in registers (sub-board indices are below `2^MAX_NUMBERS`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Item {
    pub block: u32,
    /// `true` for a subtracted term or a divisor.
    pub inverse: bool,
    pub index: usize,
}

// Sub-board indices (below `2^MAX_NUMBERS`) fit an item's `block`.
const _: () = assert!(MAX_NUMBERS < 32);

/// What [`Dp::for_each_flat`] calls for each flat node: its items, its value and its
/// number of canonical forms.
///
/// [`Dp::for_each_flat`]: super::Dp::for_each_flat
pub trait FlatFn<V>: FnMut(&[Item], V, u64) -> Result<()> {}

impl<V, F: FnMut(&[Item], V, u64) -> Result<()>> FlatFn<V> for F {}
