//! A study's state read back from its database on start-up: every participant with their
//! puzzles, every trial with its outcome, each trial's moves replayed through the rules, so
//! that a restarted server carries on where the database stands.

use rusqlite::Connection;

use crate::choose::StudyPuzzle;
use crate::plan::Plan;
use crate::play::{Action, Play};
use crate::state::{Outcome, Participant, State, Trial};

/// The state the database at `conn` holds for `plan` and its `puzzles`.
pub(crate) fn read_state(
    plan: &Plan,
    puzzles: &[StudyPuzzle],
    conn: &Connection,
) -> rusqlite::Result<State> {
    let mut state = State::default();
    let mut s = conn.prepare("SELECT id, puzzles FROM participants")?;
    let rows = s.query_map([], |r| {
        let list: String = r.get(1)?;
        Ok((
            r.get::<_, String>(0)?,
            Participant {
                puzzles: list.split(' ').filter_map(|w| w.parse().ok()).collect(),
                trials: Vec::new(),
            },
        ))
    })?;
    for row in rows {
        let (id, p) = row?;
        state.participants.insert(id, p);
    }
    let mut s = conn.prepare(
        "SELECT id, participant, slot, puzzle, started_ms, outcome FROM trials ORDER BY participant, slot",
    )?;
    let rows = s.query_map([], |r| {
        Ok((
            r.get::<_, i64>(0)?,
            r.get::<_, String>(1)?,
            r.get::<_, i64>(2)? as usize,
            r.get::<_, i64>(3)? as usize,
            r.get::<_, i64>(4)?,
            r.get::<_, Option<String>>(5)?,
        ))
    })?;
    let mut moves =
        conn.prepare("SELECT kind, a, op, b FROM moves WHERE trial = ?1 ORDER BY seq")?;
    for row in rows {
        let (id, participant, slot, puzzle, started_ms, outcome) = row?;
        let q = &puzzles[puzzle];
        let mut play =
            Play::new(plan.game.rules, &q.board, q.target).ok_or(rusqlite::Error::InvalidQuery)?;
        let mut seq = 0;
        let actions = moves.query_map([id], |r| {
            let kind: String = r.get(0)?;
            Ok(match kind.as_str() {
                "undo" => Action::Undo,
                "reset" => Action::Reset,
                _ => Action::Combine {
                    a: r.get::<_, i64>(1)? as usize,
                    op: crate::play::op_of(&r.get::<_, String>(2)?)
                        .ok_or(rusqlite::Error::InvalidQuery)?,
                    b: r.get::<_, i64>(3)? as usize,
                },
            })
        })?;
        for a in actions {
            play.act(a?).map_err(|_| rusqlite::Error::InvalidQuery)?;
            seq += 1;
        }
        if let Some(p) = state.participants.get_mut(&participant) {
            p.trials.push(id);
        }
        state.next_trial = state.next_trial.max(id + 1);
        state.trials.insert(
            id,
            Trial {
                participant,
                slot,
                puzzle,
                started_ms,
                seq,
                play,
                outcome: outcome.as_deref().and_then(Outcome::parse),
            },
        );
    }
    Ok(state)
}
