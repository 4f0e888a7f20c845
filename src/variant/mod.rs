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

/// What the tests of [`cover`] and [`phase`] both run on: Countdown's rules, and a progress
/// callback that ignores what it is told.
#[cfg(test)]
mod test_rules {
    use crate::game::rule_set::{Game, GameKind};
    use crate::game::rules::Rules;

    pub(super) fn none(_: u64) {}

    pub(super) fn countdown() -> Rules {
        Game::preset(GameKind::Countdown).rules
    }
}
