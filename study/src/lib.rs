//! `digits-lab study`: a web page that measures people on any game's puzzles. A study runs
//! from a plan file ([`plan`]): its puzzles are drawn in `generate`'s difficulty bands or
//! listed ([`choose`]); participants play them in a browser the way NYT Digits is played,
//! every move checked by the server with the game's one arithmetic ([`play`]); every trial
//! is kept in SQLite ([`db`]) as the server acknowledges it ([`trials`], its memory
//! [`state`] read back on start-up by [`restore`]; [`http`], a refused request an
//! [`api_error::ApiError`]); and [`export`] writes what `digits-lab fit --human` reads.
//!
//! One error type per phase, each one line: [`plan::PlanError`] (the plan refused) and
//! [`choose::ChooseError`] (its puzzles refused; both exit code 2), [`db::DbError`],
//! [`http::ServeError`], [`export::ExportError`] (exit code 1); [`RunError`] is `run`'s, with
//! its exit code.
//!
//! A crate of its own, so that the library and the `digits-lab` CLI never compile a web
//! server or a database for users who never run a study. docs/STUDY.md has the whole story.

#![forbid(unsafe_code)]

pub mod api_error;
pub mod choose;
pub mod db;
pub mod export;
pub mod http;
pub mod plan;
pub mod play;
pub mod prefs;
pub mod restore;
pub mod state;
pub mod trials;

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;

/// Why a study did not start, in one line.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error(transparent)]
    Plan(#[from] plan::PlanError),
    /// The plan's puzzles cannot be made: a fixed list shorter than `puzzles`, a listed
    /// puzzle refused (a target out of range, one that cannot be made), a band that gives
    /// too few.
    #[error("plan: {0}")]
    Puzzles(#[from] choose::ChooseError),
    #[error(transparent)]
    Db(#[from] db::DbError),
    #[error(transparent)]
    Serve(#[from] http::ServeError),
}

impl RunError {
    /// 2 for refused input (the plan), 1 otherwise.
    pub fn exit_code(&self) -> u8 {
        match self {
            RunError::Plan(_) | RunError::Puzzles(_) => 2,
            RunError::Db(_) | RunError::Serve(_) => 1,
        }
    }
}

/// Opens (or creates) the database at `db_path` for `plan`, draws or reads back its
/// puzzles, and serves the study on `addr`.
pub fn run(plan: plan::Plan, db_path: &Path, addr: SocketAddr) -> Result<http::Running, RunError> {
    let mut conn = db::open(db_path)?;
    let text = plan.text.clone();
    let puzzles = db::prepare(&mut conn, db_path, &text, || {
        choose::puzzles(&plan).map_err(RunError::Puzzles)
    })?;
    let study = trials::Study::load(plan, puzzles, conn, db_path.to_path_buf())?;
    Ok(http::serve(Arc::new(study), addr)?)
}
