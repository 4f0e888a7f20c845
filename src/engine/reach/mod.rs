//! Reachability only: which values each sub-board of a board reaches, with no solution
//! counts, for `analyze --reach-only`. Solvable, `min_ops` and the closest value of a missed
//! target follow from which values each sub-board reaches, so none of the counting the full
//! engine does (`trees`, `expressions`, the flat nodes of `distinct`, the difficulty trail)
//! is needed: a sub-board's table is its set of values, built from the sets of its splits
//! under every operation the rules allow, through the same kernel as the full engine's
//! tables ([`crate::game::rules::Rules::results`]: the same checked arithmetic, the same
//! closure under negation with unary minus), so a value is in one exactly when it is in the
//! other.
//!
//! - `table`: one sub-board's values ([`ReachTable`]) and where shared tables come from
//!   ([`ReachSource`]);
//! - `collect`: the values a build finds gathered into one ascending list, each once;
//! - `window`: the whole board's values in the target window, as bits (the kernel's
//!   positive-integer rules, bit-parallel);
//! - `board_reach`: one board ([`Reach`]): `min_ops` per target and closest values;
//! - `bounded`: any game's rules, for random boards one at a time (the phase sweep and
//!   `cover`): every sub-board's values cut by a bound on what can still land in `1..=hi`
//!   where the domain allows it ([`bounded::Bounded`]), where a corpus run shares whole
//!   sub-board tables instead;
//! - `counts`: what one board reaches in `1..=m`, counted without building the whole board
//!   (the phase sweep's boards of six and seven numbers in any domain);
//! - `keep`: what a build keeps of a sub-board's values (its window, and beside the one or two
//!   numbers left, what they can still take to a target);
//! - `covers`: how far a board covers the targets from 1 (`cover`, `covers_to`).

mod board_reach;
pub mod bounded;
mod collect;
pub mod counts;
pub mod covers;
mod keep;
mod table;
mod window;

pub use board_reach::Reach;

/// The largest window top a corpus run gives the reachability engine: every table then
/// carries bits over `0..=2·hi`, 16 KB at this bound (Countdown and Digits need 1,108). A
/// target range beyond it is answered from complete tables instead.
pub const MAX_WINDOW: i64 = 1 << 16;
pub use table::{ReachSource, ReachTable};
