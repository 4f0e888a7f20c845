//! Questions about a game's rules asked of random boards rather than of a corpus's tables:
//! the solvability phase transition `P(k, M)` ([`phase`]) and the boards that cover every
//! target from 1 ([`cover`]). Both compute, board by board, with the reach engine
//! ([`crate::engine::reach::bounded`], [`crate::engine::reach::counts`]); `findings/` only
//! reads tables. The sweep's plan by cost is [`phase_plan`], on the measured per-board costs
//! of [`phase_costs`].

pub mod cover;
pub mod phase;
pub mod phase_costs;
pub mod phase_plan;
