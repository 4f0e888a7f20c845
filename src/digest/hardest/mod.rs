//! The hardest lists, in one place: the rankings by count and by `difficulty` folded over a
//! corpus's `puzzles` ([`rank`], and the hardest unique-solution puzzles, [`unique`]), a
//! ranking as the digest stores it ([`lists`]), the query `digits-lab hardest` answers from
//! the digest or, for a list it does not hold, from the tables and the player ([`query`]),
//! and the list written as a table, CSV or JSON ([`text`]).

pub mod lists;
pub mod query;
pub mod rank;
pub mod unique;
