//! `digits-lab study export`: what `fit --human` reads, from a study's database. Per
//! puzzle, the 4nums training file's columns (`cards,mean_time_s,solve_rate,
//! mean_time_1sigma_s,std_time_1sigma_s`) and then the game, the target, the participants
//! and the trials by outcome, as CSV; and every move of every trial as Parquet. Only ended
//! trials count; both files are written atomically.

use std::fmt::Write as _;
use std::fs::File;
use std::path::{Path, PathBuf};

use digits_lab::store::write::{temp_path, write_text};
use polars::prelude::*;
use rusqlite::Connection;

use crate::db::{self, DbError};
use crate::plan::{Plan, PlanError};

/// The per-puzzle file's header.
pub const HEADER: &str = "cards,mean_time_s,solve_rate,mean_time_1sigma_s,std_time_1sigma_s,game,target,participants,trials,solved,gave_up,timed_out,band";

/// What an export wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exported {
    pub puzzles: usize,
    pub trials: usize,
    pub moves: usize,
    /// The plan's rule set is not its named game's preset: the `game` column names only the
    /// preset, which `fit --human` measures under.
    pub custom_rules: bool,
}

/// An export that failed, in one line (exit code 1).
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    #[error(transparent)]
    Db(#[from] DbError),
    /// The plan the database holds is refused (a database made by another version).
    #[error("stored plan: {0}")]
    StoredPlan(#[source] PlanError),
    #[error("cannot create {}: {source}", path.display())]
    Folder {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// `puzzles.csv` not written.
    #[error(transparent)]
    Write(#[from] digits_lab::Error),
    /// The moves not read from the database for `moves.parquet`.
    #[error(transparent)]
    Moves(#[from] rusqlite::Error),
    /// The moves' frame not built.
    #[error(transparent)]
    Frame(#[from] PolarsError),
    /// `moves.parquet` (or its hidden temporary) not written.
    #[error("{}: {what}", path.display())]
    File { path: PathBuf, what: String },
}

/// One ended trial.
struct Ended {
    participant: String,
    puzzle: i64,
    outcome: String,
    total_ms: i64,
}

/// Writes `puzzles.csv` and `moves.parquet` from the database at `db_path` into `out`.
pub fn export(db_path: &Path, out: &Path) -> Result<Exported, ExportError> {
    let c = db::open_read(db_path)?;
    let err = |e: rusqlite::Error| {
        ExportError::Db(DbError {
            path: db_path.display().to_string(),
            what: e.to_string(),
        })
    };
    let plan_text: String = c
        .query_row("SELECT value FROM study WHERE key = 'plan'", [], |r| {
            r.get(0)
        })
        .map_err(err)?;
    let plan = Plan::parse(&plan_text).map_err(ExportError::StoredPlan)?;
    let puzzles = db::read_puzzles(&c).map_err(err)?;
    let ended = ended_trials(&c).map_err(err)?;
    std::fs::create_dir_all(out).map_err(|source| ExportError::Folder {
        path: out.to_path_buf(),
        source,
    })?;
    let game = plan.game.kind.name();
    let mut csv = String::from(HEADER);
    csv.push('\n');
    let mut rows = 0;
    for (id, p) in puzzles.iter().enumerate() {
        let trials: Vec<&Ended> = ended.iter().filter(|t| t.puzzle == id as i64).collect();
        if trials.is_empty() {
            continue;
        }
        let mut people: Vec<&str> = trials.iter().map(|t| t.participant.as_str()).collect();
        people.sort_unstable();
        people.dedup();
        let count = |o: &str| trials.iter().filter(|t| t.outcome == o).count();
        let times: Vec<f64> = trials
            .iter()
            .filter(|t| t.outcome == "solved")
            .map(|t| t.total_ms as f64 / 1000.0)
            .collect();
        let (mean, mean1, sd1) = summary(&times);
        let opt = |x: Option<f64>| x.map_or(String::new(), |v| format!("{v:.3}"));
        writeln!(
            csv,
            "{},{},{:.4},{},{},{game},{},{},{},{},{},{},{}",
            db::spaced(&p.board),
            opt(mean),
            count("solved") as f64 / trials.len() as f64,
            opt(mean1),
            opt(sd1),
            p.target,
            people.len(),
            trials.len(),
            count("solved"),
            count("gave_up"),
            count("timed_out"),
            p.band.map_or("", |b| b.name()),
        )
        .expect("writing to a string");
        rows += 1;
    }
    write_text(&out.join("puzzles.csv"), &csv)?;
    let moves = write_moves(&c, &out.join("moves.parquet"), game)?;
    Ok(Exported {
        puzzles: rows,
        trials: ended.len(),
        moves,
        custom_rules: plan.game != digits_lab::game::rule_set::Game::preset(plan.game.kind),
    })
}

fn ended_trials(c: &Connection) -> rusqlite::Result<Vec<Ended>> {
    let mut s = c.prepare(
        "SELECT participant, puzzle, outcome, total_ms FROM trials WHERE outcome IS NOT NULL ORDER BY id",
    )?;
    let rows = s.query_map([], |r| {
        Ok(Ended {
            participant: r.get(0)?,
            puzzle: r.get(1)?,
            outcome: r.get(2)?,
            total_ms: r.get(3)?,
        })
    })?;
    rows.collect()
}

/// The mean of `times`, and the mean and sd of those within one sd of it (`None` when
/// there are none).
fn summary(times: &[f64]) -> (Option<f64>, Option<f64>, Option<f64>) {
    if times.is_empty() {
        return (None, None, None);
    }
    let mean = |x: &[f64]| x.iter().sum::<f64>() / x.len() as f64;
    let sd = |x: &[f64]| {
        let m = mean(x);
        (x.iter().map(|v| (v - m).powi(2)).sum::<f64>() / x.len() as f64).sqrt()
    };
    let (m, s) = (mean(times), sd(times));
    let near: Vec<f64> = times
        .iter()
        .copied()
        .filter(|t| (t - m).abs() <= s)
        .collect();
    (Some(m), Some(mean(&near)), Some(sd(&near)))
}

/// Every move of every trial, with its trial's puzzle and outcome, into `dest`.
fn write_moves(c: &Connection, dest: &Path, game: &str) -> Result<usize, ExportError> {
    let mut s = c.prepare(
        "SELECT t.participant, m.trial, t.slot, t.puzzle, p.board, p.target, m.seq, m.at_ms,
                    m.kind, m.a, m.op, m.b, m.result, m.tiles, t.outcome, t.total_ms
             FROM moves m JOIN trials t ON t.id = m.trial JOIN puzzles p ON p.id = t.puzzle
             ORDER BY m.trial, m.seq",
    )?;
    #[derive(Default)]
    struct Cols {
        participant: Vec<String>,
        trial: Vec<i64>,
        slot: Vec<i64>,
        puzzle: Vec<i64>,
        board: Vec<String>,
        target: Vec<i64>,
        seq: Vec<i64>,
        at_ms: Vec<i64>,
        kind: Vec<String>,
        a: Vec<Option<i64>>,
        op: Vec<Option<String>>,
        b: Vec<Option<i64>>,
        result: Vec<Option<String>>,
        tiles: Vec<String>,
        outcome: Vec<Option<String>>,
        total_ms: Vec<Option<i64>>,
    }
    let mut k = Cols::default();
    let mut rows = s.query([])?;
    while let Some(r) = rows.next()? {
        k.participant.push(r.get(0)?);
        k.trial.push(r.get(1)?);
        k.slot.push(r.get(2)?);
        k.puzzle.push(r.get(3)?);
        k.board.push(r.get(4)?);
        k.target.push(r.get(5)?);
        k.seq.push(r.get(6)?);
        k.at_ms.push(r.get(7)?);
        k.kind.push(r.get(8)?);
        k.a.push(r.get(9)?);
        k.op.push(r.get(10)?);
        k.b.push(r.get(11)?);
        k.result.push(r.get(12)?);
        k.tiles.push(r.get(13)?);
        k.outcome.push(r.get(14)?);
        k.total_ms.push(r.get(15)?);
    }
    let n = k.trial.len();
    let games = vec![game.to_string(); n];
    let mut df = DataFrame::new(
        n,
        vec![
            Column::new("game".into(), games),
            Column::new("participant".into(), k.participant),
            Column::new("trial".into(), k.trial),
            Column::new("slot".into(), k.slot),
            Column::new("puzzle".into(), k.puzzle),
            Column::new("board".into(), k.board),
            Column::new("target".into(), k.target),
            Column::new("seq".into(), k.seq),
            Column::new("at_ms".into(), k.at_ms),
            Column::new("kind".into(), k.kind),
            Column::new("a".into(), k.a),
            Column::new("op".into(), k.op),
            Column::new("b".into(), k.b),
            Column::new("result".into(), k.result),
            Column::new("tiles".into(), k.tiles),
            Column::new("outcome".into(), k.outcome),
            Column::new("total_ms".into(), k.total_ms),
        ],
    )?;
    let tmp = temp_path(dest);
    let file_err = |path: &Path, e: &dyn std::fmt::Display| ExportError::File {
        path: path.to_path_buf(),
        what: e.to_string(),
    };
    let mut write = || -> Result<(), ExportError> {
        let f = File::create(&tmp).map_err(|e| file_err(&tmp, &e))?;
        ParquetWriter::new(f)
            .with_compression(ParquetCompression::Zstd(None))
            .finish(&mut df)
            .map_err(|e| file_err(&tmp, &e))?;
        File::open(&tmp)
            .and_then(|f| f.sync_all())
            .map_err(|e| file_err(&tmp, &e))?;
        std::fs::rename(&tmp, dest).map_err(|e| file_err(dest, &e))
    };
    write().inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })?;
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::summary;

    #[test]
    fn the_summary_trims_to_one_sd() {
        let (m, m1, s1) = summary(&[1.0, 2.0, 3.0, 10.0]);
        assert_eq!(m, Some(4.0));
        // sd = sqrt((9 + 4 + 1 + 36) / 4) = 3.54; within 0.46..7.54: 1, 2, 3.
        assert_eq!(m1, Some(2.0));
        assert!((s1.unwrap() - (2.0f64 / 3.0).sqrt()).abs() < 1e-12);
        assert_eq!(summary(&[]), (None, None, None));
    }
}
