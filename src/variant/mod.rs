//! Questions about a game's rules asked of random boards rather than of a corpus's tables:
//! the solvability phase transition `P(k, M)` ([`phase`]) and the boards that cover every
//! target from 1 ([`cover`]). Both compute, board by board, with the reach engine
//! ([`crate::engine::reach::bounded`]); `research/` only reads tables.

pub mod cover;
pub mod phase;
