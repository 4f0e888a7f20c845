//! `digits-lab study`: a web page that measures people on any game's puzzles. A study runs
//! from a plan file ([`plan`]): its puzzles are drawn in `generate`'s difficulty bands or
//! listed ([`choose`]); participants play them in a browser the way NYT Digits is played,
//! every move checked by the server with the game's one arithmetic ([`play`]); every trial
//! is kept in SQLite ([`db`]) as the server acknowledges it ([`study`], [`http`]); and
//! [`export`] writes what `digits-lab fit --human` reads.
//!
//! A crate of its own, so that the library and the `digits-lab` CLI never compile a web
//! server or a database for users who never run a study. docs/STUDY.md has the whole story.

#![forbid(unsafe_code)]

pub mod choose;
pub mod db;
pub mod export;
pub mod http;
pub mod plan;
pub mod play;
pub mod prefs;
pub mod study;

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;

/// Opens (or creates) the database at `db_path` for `plan`, draws or reads back its
/// puzzles, and serves the study on `addr`.
pub fn run(plan: plan::Plan, db_path: &Path, addr: SocketAddr) -> Result<http::Running, String> {
    let mut conn = db::open(db_path).map_err(|e| e.to_string())?;
    let text = plan.text.clone();
    let puzzles = db::prepare(&mut conn, db_path, &text, || choose::puzzles(&plan))
        .map_err(|e| e.to_string())?;
    let study = study::Study::load(plan, puzzles, conn, db_path.to_path_buf())
        .map_err(|e| format!("database {}: {e}", db_path.display()))?;
    http::serve(Arc::new(study), addr)
}
