//! digits-lab: an exact solver and research pipeline for target-number puzzles — the NYT
//! *Digits* game, the UK *Countdown* numbers round and the *24 game*.

#![forbid(unsafe_code)]

pub mod analyze;
pub mod cli;
pub mod corpus;
pub mod engine;
pub mod error;
pub mod format;
pub mod game;
pub mod present;
pub mod puzzle;
pub mod research;
pub mod store;

pub use error::{Error, Result};
