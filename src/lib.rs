//! digits-lab: an exact solver and research pipeline for target-number puzzles — the NYT
//! *Digits* game, the UK *Countdown* numbers round and the *24 game*.
//!
//! The folders are the stages of the pipeline, in layers (docs/ARCHITECTURE.md draws them and
//! a test holds the code to them: a module imports only from its own layer or those below).
//! Data flows from a board to a chart:
//!
//! ```text
//!  game ───► engine ───► features ───► model ───► puzzle                one puzzle: `solve`
//!  rules,    the DP over  what the      the score  counts, solutions,
//!  numbers,  sub-boards;  solutions     (`fit`)    moves, difficulty
//!  boards    reach only   say              ▲
//!    │                               player: state graphs, expected moves
//!    ▼
//!  corpus ──► analyze ──► store ──► findings ──► present
//!  boards,    every board  Parquet   facts read   every rendering: each
//!  weights,   × target,    tables    from the     command's text, the
//!  shared     in parallel;    ▲      tables and   charts, REPORT.md,
//!  tables     then digest ────┤      the digest   JSON
//!                             │
//!  variant: P(k, M) and `cover` on random boards (phase.parquet)
//! ```
//!
//! - [`game`]: the games as data — rules and the one arithmetic every engine combines two
//!   values with, number domains, boards and their sub-boards, expressions.
//! - [`engine`]: the memoized DP ([`engine::Dp`]) that finds every value each sub-board of a
//!   board reaches, with its counts under every convention and the trail of features; and
//!   reachability alone ([`engine::reach`]).
//! - [`player`]: the simulated player — its move preferences, the state graph of a puzzle,
//!   and its expected moves to a solution, restarting or searching.
//! - [`features`]: a puzzle's difficulty features as the engine measures them.
//! - [`model`]: the difficulty model — the player and the features fitted to 24-game
//!   players' solve times by `digits-lab fit`, cross-validated, carried by the binary.
//! - [`puzzle`]: one puzzle — the `solve` report, solutions written out, move sequences,
//!   the difficulty score.
//! - [`corpus`]: the corpora ([`corpus::CorpusId`]) — their boards, weights and groups, the
//!   sub-board tables their boards share, shards.
//! - [`variant`]: rule questions asked of random boards — the phase transition and `cover`.
//! - [`store`]: the tables — their schema (one list of columns), writing them atomically,
//!   reading them back.
//! - [`digest`]: what the report and `hardest` read of a corpus beyond its rows — the
//!   hardest lists, walked by the player and solved, and the report's tallies — computed
//!   once its tables are complete.
//! - [`analyze`]: a corpus run — every board against every target, rows for the tables,
//!   then the digest.
//! - [`findings`]: what the tables say — rankings, distributions, the NYT slots, rule
//!   variants, good targets; gathered for the report in [`findings::facts::Facts`].
//! - [`generate`]: puzzles to order — boards drawn with a seed, solved, kept when they meet
//!   a setter's constraints; NYT-style days.
//! - [`evaluate`]: a model's answers judged against each puzzle's exact properties — which
//!   puzzles it fails, and whether people find them hard too.
//! - [`present`]: every rendering of what the library computes, one module per command's
//!   report — its text, the charts and `REPORT.md`, JSON — with one set of number writers
//!   ([`present::numbers`]).
//! - [`reward`]: what a reward is — the reply in a text, its last `<answer>`, a ground
//!   truth, the game a row is judged under, the score — as the Python rewards have it;
//!   [`serve`]: the reward and check server over HTTP (`digits-lab serve`).
//! - [`request`]: each command's work as a library value — typed options checked here, a
//!   `run` that returns the report — which the command line (the `digits-lab-cli` crate, the
//!   only one that links clap and a terminal bar), Python and the study call.
//! - [`error`] is every way the library refuses a request, keeping the cause beneath;
//!   [`progress`] what long work tells its caller; [`random`] the seeded generator.

#![forbid(unsafe_code)]

pub mod analyze;
pub mod check;
pub mod corpus;
pub mod dataset;
pub mod digest;
pub mod engine;
pub mod error;
pub mod evaluate;
pub mod features;
pub mod findings;
pub mod game;
pub mod generate;
pub mod model;
pub mod player;
pub mod present;
pub mod progress;
pub mod puzzle;
pub mod random;
pub mod request;
pub mod reward;
pub mod serve;
pub mod store;
pub mod variant;

pub use error::{Error, Result};
