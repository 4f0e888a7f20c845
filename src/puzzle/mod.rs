//! One puzzle: the report `solve` prints ([`solve`]), solutions written out from the engine's
//! tables ([`solution`]), the player's move sequences ([`moves`]) and how hard the puzzle is
//! for a person ([`difficulty`]).

pub mod difficulty;
pub mod explain;
pub mod sequences;
pub mod solution;
pub mod solve;
