//! The counting conventions: which solutions count as the same one. The three of SPEC §2 the
//! engine counts for every value; `inequivalent`, 4shu.net's count for the 24 game, is
//! counted apart ([`crate::engine::inequivalent`]) where the rules define it. Each has one
//! name, used for the CLI flag, the JSON field, the `puzzles` column and the chart label.

use super::Counts;

/// A counting convention with a count per value (and a column in `puzzles`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Convention {
    /// Ordered binary trees.
    Trees,
    /// Trees up to commutativity of `+` and `×`.
    Expressions,
    /// Expressions up to associativity as well (flat sums and products).
    Distinct,
    /// 4shu.net's count for the 24 game: `distinct`'s forms, further merged where they are
    /// equal only for the particular numbers (`× 1` moved, `+ a − a` moved, …).
    Inequivalent,
}

// A name is also its column in `puzzles` (and, prefixed with `expected_`, in `targets`).
crate::game::named::named!(Convention, "convention", {
    Trees => "trees",
    Expressions => "expressions",
    Distinct => "distinct",
    Inequivalent => "inequivalent",
});

impl Convention {
    /// Its position in [`Convention::ALL`] (and in per-convention arrays).
    pub fn index(self) -> usize {
        self as usize
    }

    /// Its count in the engine's `counts` (`None` for `distinct` where it is not defined,
    /// and for `inequivalent`, which the engine does not count).
    pub fn count(self, counts: &Counts) -> Option<u64> {
        match self {
            Convention::Trees => Some(counts.trees),
            Convention::Expressions => Some(counts.expressions),
            Convention::Distinct => counts.distinct,
            Convention::Inequivalent => None,
        }
    }
}

/// In JSON, its name.
impl serde::Serialize for Convention {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}
