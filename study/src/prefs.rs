//! The player's move preferences fitted on the moves people logged, not on their times
//! (`digits-lab study prefs`): every `op` action of a study, read back from its database, is a
//! choice among the moves open on the board at that moment, the simulated player's own moves
//! ([`Play::choice`]); the fit is the library's request ([`MovePrefsRequest`]), as the
//! command line and Python make theirs, reported beside the uniform player and the player the
//! model carries (fitted on 24-game times).

use std::path::Path;

pub use digits_lab::request::MovePrefsRequest;
pub use digits_lab::request::move_prefs::{Choice, MovePrefsReport};
use rusqlite::Connection;

use crate::db::{self, DbError};
use crate::plan::Plan;
use crate::play::{Action, Play, op_of};

/// A logged action: kind, tile `a`, operation, tile `b`.
type Logged = (String, Option<i64>, Option<String>, Option<i64>);

/// Every `op` action of the study in `db_path`, as a choice.
pub fn choices(db_path: &Path) -> Result<Vec<Choice>, DbError> {
    let c = db::open_read(db_path)?;
    let err = |e: rusqlite::Error| DbError {
        path: db_path.display().to_string(),
        what: e.to_string(),
    };
    read(&c).map_err(err)
}

fn read(c: &Connection) -> rusqlite::Result<Vec<Choice>> {
    let text: String = c.query_row("SELECT value FROM study WHERE key = 'plan'", [], |r| {
        r.get(0)
    })?;
    let plan = Plan::parse(&text).map_err(|_| rusqlite::Error::InvalidQuery)?;
    let puzzles = db::read_puzzles(c)?;
    let mut trials = c.prepare("SELECT id, puzzle FROM trials ORDER BY id")?;
    let mut moves = c.prepare("SELECT kind, a, op, b FROM moves WHERE trial = ?1 ORDER BY seq")?;
    let mut out = Vec::new();
    let ids: Vec<(i64, i64)> = trials
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<rusqlite::Result<_>>()?;
    for (trial, puzzle) in ids {
        let q = &puzzles[puzzle as usize];
        let Some(mut play) = Play::new(plan.game.rules, &q.board, q.target) else {
            continue;
        };
        let actions: Vec<Logged> = moves
            .query_map([trial], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
            })?
            .collect::<rusqlite::Result<_>>()?;
        for (kind, a, op, b) in actions {
            let action = match (kind.as_str(), a, op.as_deref().and_then(op_of), b) {
                ("undo", ..) => Action::Undo,
                ("reset", ..) => Action::Reset,
                (_, Some(a), Some(op), Some(b)) => {
                    let (a, b) = (a as usize, b as usize);
                    out.extend(play.choice(a, op, b));
                    Action::Combine { a, op, b }
                }
                _ => return Err(rusqlite::Error::InvalidQuery),
            };
            play.act(action)
                .map_err(|_| rusqlite::Error::InvalidQuery)?;
        }
    }
    Ok(out)
}
