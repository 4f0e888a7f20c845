//! digits-lab: an exact solver and research pipeline for target-number puzzles — the NYT
//! *Digits* game, the UK *Countdown* numbers round and the *24 game*.
//!
//! Data flows through the modules in this order: [`rules`] (a game as data) and [`number`]
//! (its number domain) define what is allowed; a [`board`] holds one puzzle's numbers; the
//! [`engine`] computes every value each sub-board reaches with its solution counts;
//! [`solution`] writes solutions out as [`expr`]essions; [`moves`] counts player move
//! sequences; [`difficulty`] scores how hard a puzzle is for people; [`solve`] assembles the
//! report for one puzzle; [`cli`] is the command line.

pub mod analyze;
pub mod board;
pub mod charts;
pub mod cli;
pub mod corpus;
pub mod difficulty;
pub mod engine;
pub mod error;
pub mod expr;
pub mod hardest;
pub mod moves;
pub mod number;
pub mod read;
pub mod report;
pub mod rules;
pub mod solution;
pub mod solve;
pub mod tables;

pub use error::{Error, Result};
