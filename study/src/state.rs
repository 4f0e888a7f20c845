//! What a running study holds in memory: every participant with their puzzles, every trial
//! with its board as played so far and how it ended. [`crate::trials`] changes it request by
//! request; [`crate::restore`] rebuilds it from the database on start-up.

use std::collections::HashMap;

use serde::Serialize;

use crate::db::DbError;
use crate::play::Play;

/// How a trial ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Solved,
    GaveUp,
    TimedOut,
}

impl Outcome {
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Solved => "solved",
            Outcome::GaveUp => "gave_up",
            Outcome::TimedOut => "timed_out",
        }
    }

    pub(crate) fn parse(s: &str) -> Option<Outcome> {
        [Outcome::Solved, Outcome::GaveUp, Outcome::TimedOut]
            .into_iter()
            .find(|o| o.name() == s)
    }
}

/// A participant as memory holds them.
pub(crate) struct Participant {
    pub(crate) puzzles: Vec<usize>,
    /// The trial of each slot reached so far.
    pub(crate) trials: Vec<i64>,
}

/// A trial as memory holds it: its board as played so far.
pub(crate) struct Trial {
    pub(crate) participant: String,
    pub(crate) slot: usize,
    pub(crate) puzzle: usize,
    pub(crate) started_ms: i64,
    /// Actions stored so far: the `seq` the next one must carry.
    pub(crate) seq: i64,
    pub(crate) play: Play,
    pub(crate) outcome: Option<Outcome>,
}

/// Everything the study holds in memory: every participant and trial.
#[derive(Default)]
pub(crate) struct State {
    pub(crate) participants: HashMap<String, Participant>,
    pub(crate) trials: HashMap<i64, Trial>,
    pub(crate) next_trial: i64,
    /// Set when a commit failed: memory is ahead of the database, so nothing more is taken.
    pub(crate) failed: Option<DbError>,
}
