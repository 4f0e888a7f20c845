//! digits-lab: an exact solver and research pipeline for target-number puzzles — the NYT
//! *Digits* game, the UK *Countdown* numbers round and the *24 game*.
//!
//! The folders are the stages of the pipeline. Data flows from a board to a chart:
//!
//! ```text
//!  game ──────► engine ──────► puzzle                    one puzzle: `solve`
//!  rules,       the DP over    counts, solutions,
//!  numbers,     sub-boards:    moves, difficulty
//!  boards       values, counts   ▲ score
//!     │            ▲    │         │
//!     │            │    │       model ◄── human solve times (`fit`)
//!     ▼            │    ▼
//!  corpus ─────► analyze ─────► store ─────► research ─────► present
//!  which boards  every board ×  Parquet      rankings,        charts, REPORT.md,
//!  and weights,  every target,  tables,      summaries,       the `hardest` list
//!  shared sub-   in parallel    schema,      facts read
//!  board tables                 read/write   from the tables
//! ```
//!
//! - [`game`]: the games as data — rules, number domains, boards and their sub-boards,
//!   expressions.
//! - [`engine`]: the memoized DP ([`engine::Dp`]) that finds every value each sub-board of a
//!   board reaches, with its counts under every convention and the trail of features.
//! - [`puzzle`]: one puzzle — the `solve` report, solutions written out, move sequences,
//!   the difficulty features and score.
//! - [`model`]: the difficulty model — fitted to 24-game players' solve times by
//!   `digits-lab fit`, cross-validated, carried by the binary, turning features into a score.
//! - [`corpus`]: the corpora ([`corpus::CorpusId`]) — their boards, weights and groups, the
//!   sub-board tables their boards share, shards.
//! - [`analyze`]: a corpus run — every board against every target, rows for the tables.
//! - [`store`]: the tables — their schema (one list of columns), writing them atomically,
//!   reading them back.
//! - [`research`]: what the tables say — rankings, distributions, the NYT slots, rule
//!   variants, good targets; gathered for the report in [`research::facts::Facts`].
//! - [`present`]: the charts, `REPORT.md` and the `hardest` list.
//! - [`generate`]: puzzles to order — boards drawn with a seed, solved, kept when they meet
//!   a setter's constraints; NYT-style days.
//! - [`cli`]: the command line, one file per command; [`format`] writes numbers for people;
//!   [`error`] is every way the library refuses a request.

#![forbid(unsafe_code)]

pub mod analyze;
pub mod cli;
pub mod corpus;
pub mod engine;
pub mod error;
pub mod features;
pub mod format;
pub mod game;
pub mod generate;
pub mod model;
pub mod player;
pub mod present;
pub mod progress;
pub mod puzzle;
pub mod random;
pub mod research;
pub mod store;
pub mod variant;

pub use error::{Error, Result};
