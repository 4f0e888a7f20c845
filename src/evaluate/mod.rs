//! `evaluate`: which puzzles a model fails, and why. A file of model answers (any number of
//! models, any number of answers per puzzle) is judged exactly — every answer checked, every
//! distinct puzzle solved once ([`judged`]) — and summarised per model ([`summary`]): the
//! solved share and pass@k with their intervals ([`stats`]), the outcomes grouped as a
//! reader thinks of failures ([`outcome`]), the solved share by each exact property of the
//! puzzles ([`properties`]), a cross-validated fit of what predicts a failure beside the
//! human difficulty's ρ ([`drivers`]), and models compared pair by pair. Written as three
//! Parquet tables ([`tables`]) and the figures as JSON; its charts ([`charts`]) and its
//! Markdown report are drawn by `crate::present::evaluate`.

pub mod drivers;
pub mod fit_report;
pub mod judged;
pub mod outcome;
pub mod properties;
pub mod stats;
pub mod success_fit;
pub mod summary;
pub mod tables;

use std::path::{Path, PathBuf};

use crate::dataset::input::Columns;
use crate::error::{Error, Result};
use crate::game::rule_set::Game;
use crate::progress::Progress;
use crate::store::write::{portable_parquet_file, write_text};

pub use judged::{Judged, judge_file, judge_rows};
pub use outcome::Outcome;
pub use properties::{Properties, Property};
pub use summary::{Summary, summarise};

/// The files an evaluation writes into its folder, the report last: a folder with
/// `report.md` is complete.
pub const ANSWERS: &str = "answers.parquet";
pub const PUZZLES: &str = "puzzles.parquet";
pub const SUMMARY: &str = "summary.parquet";
pub const FIGURES: &str = "evaluation.json";
pub const REPORT: &str = "report.md";
/// The charts' folder, each chart as PNG and SVG.
pub const CHARTS: &str = "charts";

/// A finished evaluation: its figures and where its files are.
#[derive(Clone, Debug)]
pub struct Evaluation {
    pub summary: Summary,
    pub judged: Judged,
    pub out: PathBuf,
}

/// Judges every answer of `input` under `game`, summarises them with pass@k at each of `ks`,
/// and writes the tables and the figures into `out` (the request then has the report written
/// beside them).
pub fn evaluate(
    game: &Game,
    input: &Path,
    columns: &Columns,
    ks: &[u64],
    out: &Path,
    progress: &dyn Progress,
) -> Result<Evaluation> {
    let judged = judge_file(game, input, columns, progress)?;
    let summary = summarise(&game.kind.to_string(), &judged, ks);
    std::fs::create_dir_all(out).map_err(|e| crate::error::file_error(out, e))?;
    portable_parquet_file(&out.join(ANSWERS), &mut tables::answers(&judged)?)?;
    portable_parquet_file(
        &out.join(PUZZLES),
        &mut tables::puzzles(&judged, &summary, ks)?,
    )?;
    portable_parquet_file(&out.join(SUMMARY), &mut tables::summary(&summary)?)?;
    let json = serde_json::to_string_pretty(&summary)
        .map_err(|e| Error::failed("writing the figures", e))?;
    write_text(&out.join(FIGURES), &(json + "\n"))?;
    Ok(Evaluation {
        summary,
        judged,
        out: out.to_path_buf(),
    })
}
