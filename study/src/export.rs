//! `digits-lab study export`: what `fit --human` reads, from a study's database. Per
//! puzzle, the 4nums training file's columns (`cards,mean_time_s,solve_rate,
//! mean_time_1sigma_s,std_time_1sigma_s`) and then the game, the target, the participants
//! and the trials by outcome, as CSV; and every move of every trial as Parquet (as other
//! tools read it). Only ended trials count; both files are written atomically, by the
//! library's writers.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use digits_lab::store::write::{frame, portable_parquet_file, write_text};
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
    /// `puzzles.csv` or `moves.parquet` (or its frame) not written.
    #[error(transparent)]
    Write(#[from] digits_lab::Error),
    /// The moves not read from the database for `moves.parquet`.
    #[error(transparent)]
    Moves(#[from] rusqlite::Error),
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

/// How a column of `moves.parquet` is read from the database: integer or text, and
/// whether it may be null (a move with no operation, a trial not ended).
#[derive(Clone, Copy)]
enum Sql {
    Int,
    OptInt,
    Text,
    OptText,
}

/// The columns of `moves.parquet` after `game`, in order: each one's name, the query's
/// expression for it and its type. The query, the reading and the frame all come from it.
const MOVE_COLUMNS: &[(&str, &str, Sql)] = &[
    ("participant", "t.participant", Sql::Text),
    ("trial", "m.trial", Sql::Int),
    ("slot", "t.slot", Sql::Int),
    ("puzzle", "t.puzzle", Sql::Int),
    ("board", "p.board", Sql::Text),
    ("target", "p.target", Sql::Int),
    ("seq", "m.seq", Sql::Int),
    ("at_ms", "m.at_ms", Sql::Int),
    ("kind", "m.kind", Sql::Text),
    ("a", "m.a", Sql::OptInt),
    ("op", "m.op", Sql::OptText),
    ("b", "m.b", Sql::OptInt),
    ("result", "m.result", Sql::OptText),
    ("tiles", "m.tiles", Sql::Text),
    ("outcome", "t.outcome", Sql::OptText),
    ("total_ms", "t.total_ms", Sql::OptInt),
];

/// One column's values as read; a null where its [`Sql`] refuses one is an error.
enum Values {
    Int(Vec<Option<i64>>),
    Text(Vec<Option<String>>),
}

impl Values {
    fn new(sql: Sql) -> Values {
        match sql {
            Sql::Int | Sql::OptInt => Values::Int(Vec::new()),
            Sql::Text | Sql::OptText => Values::Text(Vec::new()),
        }
    }

    fn push(&mut self, sql: Sql, r: &rusqlite::Row, i: usize) -> rusqlite::Result<()> {
        match (self, sql) {
            (Values::Int(v), Sql::Int) => v.push(Some(r.get(i)?)),
            (Values::Int(v), _) => v.push(r.get(i)?),
            (Values::Text(v), Sql::Text) => v.push(Some(r.get(i)?)),
            (Values::Text(v), _) => v.push(r.get(i)?),
        }
        Ok(())
    }

    fn column(self, name: &str) -> Column {
        match self {
            Values::Int(v) => Column::new(name.into(), v),
            Values::Text(v) => Column::new(name.into(), v),
        }
    }
}

/// Every move of every trial, with its trial's puzzle and outcome, into `dest`.
fn write_moves(c: &Connection, dest: &Path, game: &str) -> Result<usize, ExportError> {
    let select: Vec<&str> = MOVE_COLUMNS.iter().map(|(_, expr, _)| *expr).collect();
    let mut s = c.prepare(&format!(
        "SELECT {} FROM moves m JOIN trials t ON t.id = m.trial JOIN puzzles p ON p.id = t.puzzle
             ORDER BY m.trial, m.seq",
        select.join(", ")
    ))?;
    let mut values: Vec<Values> = MOVE_COLUMNS
        .iter()
        .map(|&(_, _, sql)| Values::new(sql))
        .collect();
    let mut rows = s.query([])?;
    let mut n = 0;
    while let Some(r) = rows.next()? {
        for (i, (v, &(_, _, sql))) in values.iter_mut().zip(MOVE_COLUMNS).enumerate() {
            v.push(sql, r, i)?;
        }
        n += 1;
    }
    let columns = [Column::new("game".into(), vec![game.to_string(); n])]
        .into_iter()
        .chain(
            values
                .into_iter()
                .zip(MOVE_COLUMNS)
                .map(|(v, (name, _, _))| v.column(name)),
        )
        .collect();
    portable_parquet_file(dest, &mut frame(columns)?)?;
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
