//! What the tables say, read from them and never recomputed: the figures the report and
//! charts use, gathered once ([`facts`]: the hardest lists and tallies as the corpus's digest
//! stores them, [`crate::digest`]), the real NYT puzzles by slot ([`nyt`]), what rule
//! variants change ([`variants`]), which targets make good puzzles ([`targets`]), and the
//! difficulty model judged against people ([`validation`]). Nothing here walks the player or
//! solves a board: `analyze` did, into the digest; only tables without one (an older build's)
//! have it computed for them, as `analyze` would. The `hardest` command's list is the
//! digest's ([`crate::digest::hardest::query`]).

pub mod facts;
pub mod nyt;
pub mod targets;
pub mod validation;
pub mod variants;
