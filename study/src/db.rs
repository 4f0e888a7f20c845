//! The study's database: SQLite (bundled), WAL mode with `synchronous = FULL`, so that a
//! write the server has acknowledged is on disk before the participant hears of it and
//! survives the server being killed (or the machine losing power). One writer thread owns
//! the write connection and commits whatever has queued up as one transaction (group
//! commit), then acknowledges each write; a failed commit fails every write in it and every
//! write after it.
//!
//! The schema (`SCHEMA`) is documented in docs/STUDY.md.

use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::thread;

use rusqlite::{Connection, OpenFlags, params};

use crate::choose::StudyPuzzle;

/// The tables. Times are milliseconds: `*_ms` since the Unix epoch, `at_ms` since the trial
/// started, all by the server's clock.
pub const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS study (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS puzzles (
    id INTEGER PRIMARY KEY,
    board TEXT NOT NULL,
    target INTEGER NOT NULL,
    band TEXT,
    difficulty REAL
);
CREATE TABLE IF NOT EXISTS participants (
    id TEXT PRIMARY KEY,
    number INTEGER NOT NULL UNIQUE,
    started_ms INTEGER NOT NULL,
    puzzles TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS trials (
    id INTEGER PRIMARY KEY,
    participant TEXT NOT NULL REFERENCES participants(id),
    slot INTEGER NOT NULL,
    puzzle INTEGER NOT NULL REFERENCES puzzles(id),
    started_ms INTEGER NOT NULL,
    ended_ms INTEGER,
    outcome TEXT CHECK (outcome IN ('solved', 'gave_up', 'timed_out')),
    total_ms INTEGER,
    UNIQUE (participant, slot)
);
CREATE TABLE IF NOT EXISTS moves (
    trial INTEGER NOT NULL REFERENCES trials(id),
    seq INTEGER NOT NULL,
    at_ms INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('op', 'undo', 'reset')),
    a INTEGER,
    op TEXT,
    b INTEGER,
    result TEXT,
    tiles TEXT NOT NULL,
    PRIMARY KEY (trial, seq)
);
";

/// A database failure, in one line (exit code 1): opening, reading, or a commit of the
/// writer thread (every write after a failed one fails with it).
#[derive(Clone, Debug, thiserror::Error)]
#[error("database {path}: {what}")]
pub struct DbError {
    pub path: String,
    pub what: String,
}

/// One write.
#[derive(Clone, Debug)]
pub enum Write {
    Participant {
        id: String,
        number: u64,
        started_ms: i64,
        puzzles: Vec<usize>,
    },
    TrialStart {
        id: i64,
        participant: String,
        slot: usize,
        puzzle: usize,
        started_ms: i64,
    },
    Move {
        trial: i64,
        seq: i64,
        at_ms: i64,
        kind: &'static str,
        a: Option<usize>,
        op: Option<char>,
        b: Option<usize>,
        result: Option<String>,
        tiles: String,
    },
    TrialEnd {
        trial: i64,
        ended_ms: i64,
        outcome: &'static str,
        total_ms: i64,
    },
}

/// Opens (creating when new) the database at `path` for writing, in WAL mode, fully synced.
pub fn open(path: &Path) -> Result<Connection, DbError> {
    let err = db_err(path);
    let c = Connection::open(path).map_err(&err)?;
    c.pragma_update(None, "journal_mode", "WAL").map_err(&err)?;
    c.pragma_update(None, "synchronous", "FULL").map_err(&err)?;
    c.pragma_update(None, "foreign_keys", "ON").map_err(&err)?;
    c.busy_timeout(std::time::Duration::from_secs(5))
        .map_err(&err)?;
    c.execute_batch(SCHEMA).map_err(&err)?;
    Ok(c)
}

/// Opens the database at `path` to read only (export, tests); it must exist.
pub fn open_read(path: &Path) -> Result<Connection, DbError> {
    let err = db_err(path);
    if !path.is_file() {
        return Err(DbError {
            path: path.display().to_string(),
            what: "no such file".into(),
        });
    }
    let c = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY).map_err(&err)?;
    c.busy_timeout(std::time::Duration::from_secs(5))
        .map_err(&err)?;
    Ok(c)
}

fn db_err(path: &Path) -> impl Fn(rusqlite::Error) -> DbError + '_ {
    move |e| DbError {
        path: path.display().to_string(),
        what: e.to_string(),
    }
}

/// Stores the study's plan and puzzles in a new database, or checks that an existing one
/// was made by the same plan (then its puzzles are used, not drawn again). `make` draws the
/// puzzles; its error is returned as it is.
pub fn prepare<E: From<DbError>>(
    c: &mut Connection,
    path: &Path,
    plan_text: &str,
    make: impl FnOnce() -> Result<Vec<StudyPuzzle>, E>,
) -> Result<Vec<StudyPuzzle>, E> {
    let err = db_err(path);
    let stored: Option<String> = c
        .query_row("SELECT value FROM study WHERE key = 'plan'", [], |r| {
            r.get(0)
        })
        .map(Some)
        .or_else(|e| match e {
            rusqlite::Error::QueryReturnedNoRows => Ok(None),
            e => Err(e),
        })
        .map_err(&err)?;
    match stored {
        Some(text) if text != plan_text => Err(DbError {
            path: path.display().to_string(),
            what: "was made by a different plan; give a new --db for a new study".into(),
        }
        .into()),
        Some(_) => Ok(read_puzzles(c).map_err(&err)?),
        None => {
            let puzzles = make()?;
            let tx = c.transaction().map_err(&err)?;
            tx.execute(
                "INSERT INTO study (key, value) VALUES ('plan', ?1)",
                [plan_text],
            )
            .map_err(&err)?;
            for (i, p) in puzzles.iter().enumerate() {
                tx.execute(
                    "INSERT INTO puzzles (id, board, target, band, difficulty) VALUES (?1, ?2, ?3, ?4, ?5)",
                    params![
                        i as i64,
                        spaced(&p.board),
                        p.target,
                        p.band.map(|b| b.name()),
                        p.difficulty
                    ],
                )
                .map_err(&err)?;
            }
            tx.commit().map_err(&err)?;
            Ok(puzzles)
        }
    }
}

/// The puzzles stored, in order.
pub fn read_puzzles(c: &Connection) -> rusqlite::Result<Vec<StudyPuzzle>> {
    let mut s = c.prepare("SELECT board, target, band, difficulty FROM puzzles ORDER BY id")?;
    let rows = s.query_map([], |r| {
        let board: String = r.get(0)?;
        let band: Option<String> = r.get(2)?;
        Ok(StudyPuzzle {
            board: board.split(' ').filter_map(|w| w.parse().ok()).collect(),
            target: r.get(1)?,
            band: band.and_then(|b| b.parse().ok()),
            difficulty: r.get(3)?,
        })
    })?;
    rows.collect()
}

/// Numbers as stored (a board, a participant's puzzles): separated by spaces.
pub fn spaced(numbers: &[i64]) -> String {
    numbers
        .iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

fn execute(tx: &rusqlite::Transaction, w: &Write) -> rusqlite::Result<()> {
    match w {
        Write::Participant {
            id,
            number,
            started_ms,
            puzzles,
        } => {
            let list: Vec<i64> = puzzles.iter().map(|&p| p as i64).collect();
            tx.execute(
                "INSERT INTO participants (id, number, started_ms, puzzles) VALUES (?1, ?2, ?3, ?4)",
                params![id, *number as i64, started_ms, spaced(&list)],
            )?;
        }
        Write::TrialStart {
            id,
            participant,
            slot,
            puzzle,
            started_ms,
        } => {
            tx.execute(
                "INSERT INTO trials (id, participant, slot, puzzle, started_ms) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![id, participant, *slot as i64, *puzzle as i64, started_ms],
            )?;
        }
        Write::Move {
            trial,
            seq,
            at_ms,
            kind,
            a,
            op,
            b,
            result,
            tiles,
        } => {
            tx.execute(
                "INSERT INTO moves (trial, seq, at_ms, kind, a, op, b, result, tiles) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                params![
                    trial,
                    seq,
                    at_ms,
                    kind,
                    a.map(|x| x as i64),
                    op.map(|c| c.to_string()),
                    b.map(|x| x as i64),
                    result,
                    tiles
                ],
            )?;
        }
        Write::TrialEnd {
            trial,
            ended_ms,
            outcome,
            total_ms,
        } => {
            let n = tx.execute(
                "UPDATE trials SET ended_ms = ?2, outcome = ?3, total_ms = ?4 WHERE id = ?1 AND outcome IS NULL",
                params![trial, ended_ms, outcome, total_ms],
            )?;
            if n != 1 {
                return Err(rusqlite::Error::StatementChangedRows(n));
            }
        }
    }
    Ok(())
}

/// Writes, each with where to send its acknowledgement.
type Job = (Vec<Write>, mpsc::Sender<Result<(), DbError>>);

/// The handle to the writer thread.
#[derive(Clone)]
pub struct Writer {
    jobs: mpsc::Sender<Job>,
    /// The database's path, for messages.
    path: String,
}

/// The most writes committed in one transaction.
const BATCH: usize = 512;

impl Writer {
    /// Starts the writer thread on `conn` (the database at `path`).
    pub fn start(mut conn: Connection, path: PathBuf) -> Writer {
        let path = path.display().to_string();
        let shown = path.clone();
        let (jobs, rx) = mpsc::channel::<Job>();
        thread::Builder::new()
            .name("study-db-writer".into())
            .spawn(move || {
                let mut failed: Option<DbError> = None;
                while let Ok(first) = rx.recv() {
                    let mut batch = vec![first];
                    while batch.len() < BATCH {
                        match rx.try_recv() {
                            Ok(j) => batch.push(j),
                            Err(_) => break,
                        }
                    }
                    if failed.is_none() {
                        let mut run = || -> rusqlite::Result<()> {
                            let tx = conn.transaction()?;
                            for (writes, _) in &batch {
                                for w in writes {
                                    execute(&tx, w)?;
                                }
                            }
                            tx.commit()
                        };
                        if let Err(e) = run() {
                            failed = Some(DbError {
                                path: shown.clone(),
                                what: e.to_string(),
                            });
                        }
                    }
                    for (_, ack) in batch {
                        let _ = ack.send(failed.clone().map_or(Ok(()), Err));
                    }
                }
            })
            .expect("a thread starts");
        Writer { jobs, path }
    }

    /// The failure of a write the writer thread can no longer take.
    pub fn stopped(&self) -> DbError {
        DbError {
            path: self.path.clone(),
            what: "the writer has stopped".into(),
        }
    }

    /// Commits `writes` together; returns once they are on disk.
    pub fn commit(&self, writes: Vec<Write>) -> Result<(), DbError> {
        let (tx, rx) = mpsc::channel();
        self.jobs.send((writes, tx)).map_err(|_| self.stopped())?;
        rx.recv().map_err(|_| self.stopped())?
    }

    /// Queues `writes` and returns the receiver of their acknowledgement, so that a caller
    /// can queue under a lock (keeping the order) and wait outside it.
    pub fn queue(&self, writes: Vec<Write>) -> mpsc::Receiver<Result<(), DbError>> {
        let (tx, rx) = mpsc::channel();
        if let Err(mpsc::SendError((_, ack))) = self.jobs.send((writes, tx)) {
            let _ = ack.send(Err(self.stopped()));
        }
        rx
    }
}
