//! One puzzle: the report `solve` prints ([`solve`]), solutions written out from the engine's
//! tables ([`solution`]), the player's move sequences ([`sequences`]) and how hard the puzzle is
//! for a person ([`difficulty`]); one board against a range of targets as a corpus table
//! scores it ([`board_run`]: `generate` and `audit` score through it).

pub mod board_run;
pub mod difficulty;
pub mod explain;
pub mod sequences;
pub mod solution;
pub mod solve;
