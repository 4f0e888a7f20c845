//! What the tables say, read from them and never recomputed: rankings of the hardest puzzles
//! ([`rank`], the hardest with a unique solution in [`unique`], and the `hardest` command's
//! list in [`hardest_list`]), distributions by target band ([`target_bands`]), the real NYT puzzles by
//! slot ([`nyt`]), what rule variants change ([`variants`]), which targets make good puzzles
//! ([`targets`]), the difficulty model judged against people ([`validation`]), and
//! everything the report and charts use, gathered once ([`facts`]). Every summary of a
//! corpus's `puzzles` table is a fold of one pass over it ([`scan`]).

pub mod facts;
pub mod hardest_list;
pub mod nyt;
pub mod rank;
pub mod scan;
pub mod target_bands;
pub mod targets;
pub mod topk;
pub mod unique;
pub mod validation;
pub mod variants;
