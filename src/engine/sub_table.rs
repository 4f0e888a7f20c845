//! The table of one sub-board ([`SubTable`]): every value it reaches, ascending, and the items
//! that flat sums and products over it may use; and where tables shared between boards come
//! from ([`SubTableSource`]).

use std::sync::{Arc, OnceLock};

use crate::game::number::Number;

use super::entry::Entry;

/// The table of one sub-board: every value it reaches, and the items that flat nodes over it
/// may use.
#[derive(Clone, Debug)]
pub struct SubTable<V> {
    /// Entries ascending by value.
    pub entries: Vec<Entry<V>>,
    /// Whether factors worth 1 are left out of the factors (see
    /// [`Rules::drops_unit_factors`]).
    pub(super) drop_units: bool,
    /// `(value, forms)` usable as sum terms, ascending by value. Built on first use: the
    /// whole board's items are needed only when its part is shared with a larger board.
    pub(super) terms: OnceLock<Vec<(V, u64)>>,
    /// `(value, forms)` usable as product factors, ascending by value; built on first use.
    pub(super) factors: OnceLock<Vec<(V, u64)>>,
    /// The signed flat sums of two or more terms worth 0 (`a − a` over two blocks that
    /// reach the same value), which a larger sub-board's sums by the lead need
    /// ([`super::lead_sums`]); 0 where its sums are walked.
    pub(super) zero_sums: u64,
}

impl<V> SubTable<V> {
    /// Bytes the table holds once its item lists are built, counting those lists at their
    /// largest (one item per entry). It depends only on the entries, so a budget filled
    /// with it keeps the same tables on every run (allocation slack is not counted: it
    /// depends on how the threads split the build).
    pub fn bytes(&self) -> usize {
        use std::mem::size_of;
        size_of::<Self>() + self.entries.len() * (size_of::<Entry<V>>() + 2 * size_of::<(V, u64)>())
    }
}

impl<V: Number> SubTable<V> {
    /// The part of a sub-board with these entries.
    pub(super) fn new(entries: Vec<Entry<V>>, drop_units: bool) -> SubTable<V> {
        SubTable {
            entries,
            drop_units,
            terms: OnceLock::new(),
            factors: OnceLock::new(),
            zero_sums: 0,
        }
    }

    pub(super) fn terms(&self) -> &[(V, u64)] {
        self.terms.get_or_init(|| {
            self.entries
                .iter()
                .filter(|e| e.non_sum() > 0)
                .map(|e| (e.value, e.non_sum()))
                .collect()
        })
    }

    pub(super) fn factors(&self) -> &[(V, u64)] {
        self.factors.get_or_init(|| {
            self.entries
                .iter()
                .filter(|e| e.non_product() > 0 && !(self.drop_units && e.value.is_one()))
                .map(|e| (e.value, e.non_product()))
                .collect()
        })
    }
}

impl<V> Default for SubTable<V> {
    fn default() -> Self {
        SubTable {
            entries: Vec::new(),
            drop_units: false,
            terms: OnceLock::new(),
            factors: OnceLock::new(),
            zero_sums: 0,
        }
    }
}

/// Tables of sub-boards computed once and shared by every board that contains them (see
/// `corpus::cache::SubTableCache`). A part depends only on the sub-board's numbers and the rules, so a
/// source must only be used with the rules its parts were built under.
pub trait SubTableSource<V>: Sync {
    /// The part of the sub-board with these numbers (ascending), if the source has it.
    fn sub_table(&self, numbers: &[i64]) -> Option<Arc<SubTable<V>>>;
}
