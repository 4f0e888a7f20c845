//! A running study ([`Study`]): the participants and their trials, kept in memory and in the
//! database — the trials' state machine. Every request is checked here against what the
//! server knows (whose trial, which move comes next, whether it follows from the board,
//! whether time is up), changes memory and queues its writes under one lock, so that writes
//! reach the database in the order they were checked, and is answered only once the writes
//! are committed; a request refused is an [`ApiError`]. On start-up the state is read back
//! from the database ([`crate::restore`]).
//!
//! Nothing a participant is sent holds a solution: the board, the target and the tiles.

use std::io::Read;
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::{SystemTime, UNIX_EPOCH};

use rusqlite::Connection;
use serde::Serialize;

use crate::api_error::ApiError;
use crate::choose::{StudyPuzzle, assign};
use crate::db::{DbError, Write, Writer};
use crate::plan::Plan;
use crate::play::{Action, Play};
use crate::restore;
use crate::state::{Outcome, Participant, State, Trial};

/// A move arriving this long after the time limit still counts (the network's delay).
pub const GRACE_MS: i64 = 2_000;
/// A timeout is accepted this long before the limit by the server's clock.
pub const EARLY_MS: i64 = 500;
/// The most participants a study takes (a bound on what a flood of starts can store).
pub const MAX_PARTICIPANTS: u64 = 1_000_000;
/// The most actions in one trial (moves, undos, resets).
pub const MAX_ACTIONS: i64 = 10_000;

/// Where a participant's next action goes: their trial, and that action's number in it.
#[derive(Clone, Copy, Debug)]
pub struct Turn<'a> {
    pub participant: &'a str,
    pub trial: i64,
    pub seq: i64,
}

/// The board as the page shows it, and where the trial stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TrialView {
    pub trial: i64,
    /// 1-based place of this puzzle in the participant's list, and the list's length.
    pub index: usize,
    pub of: usize,
    pub target: i64,
    pub tiles: Vec<Option<String>>,
    pub seq: i64,
    pub elapsed_ms: i64,
    pub time_limit_s: u64,
    pub outcome: Option<Outcome>,
}

/// The answer to `next`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Next {
    Board(TrialView),
    Done { done: bool, played: usize },
}

/// A study being run.
pub struct Study {
    pub plan: Plan,
    pub puzzles: Vec<StudyPuzzle>,
    state: Mutex<State>,
    writer: Writer,
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// A new participant's random id: 128 bits from the system's generator, as hex.
fn random_id() -> Result<String, ApiError> {
    let mut bytes = [0u8; 16];
    std::fs::File::open("/dev/urandom")
        .and_then(|mut f| f.read_exact(&mut bytes))
        .map_err(|e| ApiError::new(503, format!("no random id: {e}")))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

impl Study {
    /// The study of `plan` with `puzzles`, its state read back from `conn` (the write
    /// connection to the database at `path`), which the writer thread then takes.
    pub fn load(
        plan: Plan,
        puzzles: Vec<StudyPuzzle>,
        conn: Connection,
        path: PathBuf,
    ) -> Result<Study, DbError> {
        let state = restore::read_state(&plan, &puzzles, &conn).map_err(|e| DbError {
            path: path.display().to_string(),
            what: e.to_string(),
        })?;
        Ok(Study {
            plan,
            puzzles,
            state: Mutex::new(state),
            writer: Writer::start(conn, path),
        })
    }

    fn limit_ms(&self) -> i64 {
        self.plan.time_limit_s as i64 * 1000
    }

    /// Runs `f` on the state under the lock, queues the writes it returns in the same
    /// critical section, and answers once they are committed.
    fn transact<T>(
        &self,
        f: impl FnOnce(&mut State) -> Result<(T, Vec<Write>), ApiError>,
    ) -> Result<T, ApiError> {
        let ack = {
            let mut st = self.state.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(e) = &st.failed {
                return Err(ApiError::new(503, e.to_string()));
            }
            let (out, writes) = f(&mut st)?;
            if writes.is_empty() {
                return Ok(out);
            }
            (out, self.writer.queue(writes))
        };
        let (out, rx) = ack;
        match rx.recv().unwrap_or_else(|_| Err(self.writer.stopped())) {
            Ok(()) => Ok(out),
            Err(e) => {
                let message = e.to_string();
                let mut st = self.state.lock().unwrap_or_else(|e| e.into_inner());
                st.failed = Some(e);
                Err(ApiError::new(503, message))
            }
        }
    }

    /// A new participant, who has agreed to the consent text.
    pub fn start(&self) -> Result<String, ApiError> {
        let id = random_id()?;
        let now = now_ms();
        self.transact(|st| {
            let number = st.participants.len() as u64;
            if number >= MAX_PARTICIPANTS {
                return Err(ApiError::new(409, "the study is full"));
            }
            let puzzles = assign(&self.plan, self.puzzles.len(), number);
            st.participants.insert(
                id.clone(),
                Participant {
                    puzzles: puzzles.clone(),
                    trials: Vec::new(),
                },
            );
            let w = Write::Participant {
                id: id.clone(),
                number,
                started_ms: now,
                puzzles,
            };
            Ok((id.clone(), vec![w]))
        })
    }

    /// The participant's current puzzle: the open one (as it stands), or the next one
    /// started now; an open trial past its time is closed as timed out first.
    pub fn next(&self, participant: &str) -> Result<Next, ApiError> {
        let now = now_ms();
        let limit = self.limit_ms();
        self.transact(|st| {
            let p = st
                .participants
                .get(participant)
                .ok_or_else(|| ApiError::new(404, "no such participant"))?;
            let mut writes = Vec::new();
            if let Some(&last) = p.trials.last() {
                let t = st
                    .trials
                    .get_mut(&last)
                    .expect("a participant's trials are known");
                if t.outcome.is_none() {
                    if now - t.started_ms <= limit + GRACE_MS {
                        let board = self.board_of(last, t, now);
                        return Ok((Next::Board(board), writes));
                    }
                    writes.push(time_out(last, t, limit));
                }
            }
            let p = st
                .participants
                .get_mut(participant)
                .expect("looked up above");
            let slot = p.trials.len();
            if slot >= p.puzzles.len() {
                let done = Next::Done {
                    done: true,
                    played: slot,
                };
                return Ok((done, writes));
            }
            let id = st.next_trial;
            st.next_trial += 1;
            p.trials.push(id);
            let puzzle = p.puzzles[slot];
            let q = &self.puzzles[puzzle];
            let play = Play::new(self.plan.game.rules, &q.board, q.target).ok_or_else(|| {
                ApiError::new(500, "a stored puzzle is outside the game's numbers")
            })?;
            let t = Trial {
                participant: participant.to_string(),
                slot,
                puzzle,
                started_ms: now,
                seq: 0,
                play,
                outcome: None,
            };
            writes.push(Write::TrialStart {
                id,
                participant: participant.to_string(),
                slot,
                puzzle,
                started_ms: now,
            });
            let board = self.board_of(id, &t, now);
            st.trials.insert(id, t);
            Ok((Next::Board(board), writes))
        })
    }

    fn board_of(&self, id: i64, t: &Trial, now: i64) -> TrialView {
        let q = &self.puzzles[t.puzzle];
        TrialView {
            trial: id,
            index: t.slot + 1,
            of: self.plan.puzzles,
            target: q.target,
            tiles: t.play.shown(),
            seq: t.seq,
            elapsed_ms: now - t.started_ms,
            time_limit_s: self.plan.time_limit_s,
            outcome: t.outcome,
        }
    }

    /// The open trial `turn.trial` of `turn.participant`, expecting action number `turn.seq`
    /// now.
    fn open_trial<'a>(st: &'a mut State, turn: Turn) -> Result<&'a mut Trial, ApiError> {
        let Turn {
            participant,
            trial,
            seq,
        } = turn;
        let t = st
            .trials
            .get_mut(&trial)
            .filter(|t| t.participant == participant)
            .ok_or_else(|| ApiError::new(404, "no such trial for this participant"))?;
        if t.outcome.is_some() {
            return Err(ApiError::new(409, "the trial is over"));
        }
        if seq != t.seq {
            return Err(ApiError::new(
                409,
                format!("expected action {} of the trial, not {seq}", t.seq),
            ));
        }
        Ok(t)
    }

    /// Runs `f` in one transaction on the participant's open trial at `turn`, given the time
    /// now and the time since the trial began (both in ms).
    fn on_open_trial<T>(
        &self,
        turn: Turn,
        f: impl FnOnce(&mut Trial, i64, i64) -> Result<(T, Vec<Write>), ApiError>,
    ) -> Result<T, ApiError> {
        let now = now_ms();
        self.transact(|st| {
            let t = Self::open_trial(st, turn)?;
            let at = now - t.started_ms;
            f(t, now, at)
        })
    }

    /// Takes `action` in the participant's open trial.
    pub fn act(&self, turn: Turn, action: Action) -> Result<TrialView, ApiError> {
        let Turn { trial, seq, .. } = turn;
        let limit = self.limit_ms();
        self.on_open_trial(turn, |t, now, at| {
            if at > limit + GRACE_MS {
                let w = time_out(trial, t, limit);
                return Ok((Err(ApiError::new(409, "time is up")), vec![w]));
            }
            if t.seq >= MAX_ACTIONS {
                return Err(ApiError::new(409, "too many actions in one trial"));
            }
            t.play
                .act(action)
                .map_err(|e| ApiError::new(422, e.to_string()))?;
            let (a, op, b, result) = match action {
                Action::Combine { a, op, b } => (
                    Some(a),
                    Some(op.symbol()),
                    Some(b),
                    t.play.shown()[b].clone(),
                ),
                _ => (None, None, None, None),
            };
            let mut writes = vec![Write::Move {
                trial,
                seq,
                at_ms: at,
                kind: action.kind(),
                a,
                op,
                b,
                result,
                tiles: show(&t.play),
            }];
            t.seq += 1;
            if matches!(action, Action::Combine { .. }) && t.play.solved() {
                t.outcome = Some(Outcome::Solved);
                writes.push(Write::TrialEnd {
                    trial,
                    ended_ms: now,
                    outcome: Outcome::Solved.name(),
                    total_ms: at,
                });
            }
            let board = self.board_of(trial, t, now);
            Ok((Ok(board), writes))
        })?
    }

    /// Ends the participant's open trial by giving up, or as timed out (refused while time
    /// is left).
    pub fn end(&self, turn: Turn, outcome: Outcome) -> Result<TrialView, ApiError> {
        let trial = turn.trial;
        let limit = self.limit_ms();
        self.on_open_trial(turn, |t, now, at| {
            let w = match outcome {
                Outcome::Solved => {
                    return Err(ApiError::new(422, "a trial is solved by its moves"));
                }
                Outcome::TimedOut if at < limit - EARLY_MS => {
                    return Err(ApiError::new(409, "time is not up"));
                }
                Outcome::TimedOut => time_out(trial, t, limit),
                Outcome::GaveUp if at > limit + GRACE_MS => time_out(trial, t, limit),
                Outcome::GaveUp => {
                    t.outcome = Some(Outcome::GaveUp);
                    Write::TrialEnd {
                        trial,
                        ended_ms: now,
                        outcome: Outcome::GaveUp.name(),
                        total_ms: at,
                    }
                }
            };
            Ok((self.board_of(trial, t, now), vec![w]))
        })
    }

    /// Participants and trials held, for the start-up line.
    pub fn counts(&self) -> (usize, usize) {
        let st = self.state.lock().unwrap_or_else(|e| e.into_inner());
        (st.participants.len(), st.trials.len())
    }
}

/// The trial closed as timed out at its limit.
fn time_out(id: i64, t: &mut Trial, limit: i64) -> Write {
    t.outcome = Some(Outcome::TimedOut);
    Write::TrialEnd {
        trial: id,
        ended_ms: t.started_ms + limit,
        outcome: Outcome::TimedOut.name(),
        total_ms: limit,
    }
}

/// The tiles as stored in a move's row: space-separated, an empty tile `.`.
fn show(p: &Play) -> String {
    p.shown()
        .into_iter()
        .map(|t| t.unwrap_or_else(|| ".".into()))
        .collect::<Vec<_>>()
        .join(" ")
}
