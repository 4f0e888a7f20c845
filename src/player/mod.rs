//! A simulated player: a model of how a person plays a target-number puzzle, move by move,
//! and what that predicts about how long the puzzle takes.
//!
//! The player plays the game's own moves ([`crate::game::moves`], the same the `moves` count
//! and the study page enumerate): it picks two numbers on the board and an operation (`^`
//! where the rules allow it, joining digits where they join), and the result replaces them.
//! It chooses each move with a probability from a softmax over a few interpretable features
//! of the move ([`move_features`]): whether the result hits
//! the target, how far it lands from it on a log scale, whether it is a factor of it, whether
//! it leaves the whole numbers, the operation, whether it uses a 1, whether it climbs past
//! everything in sight. An attempt ends when the target is on the board where the game
//! allows unused numbers, or when one number is left where it does not (the 24 game); a
//! failed attempt is followed by a fresh one from the start.
//!
//! [`graph`] builds, by a memoized walk, every state an attempt can reach; [`restart`]
//! computes over it, exactly and deterministically (no sampling), the probability that one attempt reaches the target and the expected
//! number of moves to the first success with restarts. This follows the simulated solver
//! Pelánek (2011) used to rate Sudoku for people, and the forward, target-seeking habit van
//! der Maas & Nyamsuren (2017) saw in children's arithmetic answers. [`search`] plays the
//! same preferences as a person who remembers what they tried: depth first, never the same
//! move twice, and gives its expected moves to the first solution as exactly. The player's
//! few weights, and which of the two ways it plays ([`Strategy`]), are fitted to 24-game
//! players' times by `digits-lab fit` (`crate::model`).
//!
//! The player is neither the engine (it counts nothing) nor the fit (it knows no data): it is
//! a policy and its exact consequences.

pub mod graph;
pub mod move_features;
pub mod restart;
pub mod search;
pub mod strategy;

pub use graph::{Graph, Prepared, StateGraphTooLarge};
pub use move_features::{FEATURES, Feature, MoveFeatures, Step, Weights, features};
pub use restart::{Outcome, play};
pub use strategy::{Player, Strategy};
