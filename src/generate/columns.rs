//! A set's rows as table columns, built once for every table a set is written as (the
//! Parquet file, the Hugging Face folder's plain and conversational configs, verl's files):
//! the puzzle's own fields, the ground truth as a struct, the prompt as text or as a list of
//! chat messages.

use std::path::Path;

use polars::prelude::*;

use crate::error::{Error, Result};
use crate::store::write::{frame, portable_parquet_file, series_of};

use super::dataset::{Row, SetGame, SetPuzzle, Split, TruthGame, parts, row};

/// How a table holds the prompt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prompt {
    /// The task as one string.
    Text,
    /// The task as a conversation of one user message, `[{"role": "user", "content": …}]`,
    /// as chat trainers (TRL's conversational format, verl) take it.
    Messages,
}

/// Rows as a table: the JSON lines' fields as columns (`numbers` and `solutions` lists;
/// `ground_truth` a struct, as it is an object in JSON lines; `split` where the rows have
/// one), the prompt as `prompt` asks.
pub(super) fn rows_frame(rows: &[Row], set: SetGame, prompt: Prompt) -> Result<DataFrame> {
    let mut columns = vec![
        numbers("numbers", rows),
        series_of("target", rows, |r| r.target),
    ];
    if rows.iter().any(|r| r.split.is_some()) {
        columns.push(series_of("split", rows, |r| r.split));
    }
    columns.push(match prompt {
        Prompt::Text => series_of("prompt", rows, |r| r.prompt.as_str()),
        Prompt::Messages => messages("prompt", rows)?,
    });
    columns.push(truth(rows)?);
    columns.extend(puzzle_fields(rows, set));
    frame(columns.into_iter().map(Series::into_column).collect())
}

/// The puzzle's own fields, in the JSON lines' order: `solvable` (in a set that mixes in
/// puzzles with no solution), the counts, `min_ops`, the difficulty and what it predicts,
/// `band`, `model_success` (in a set made with `--model-difficulty`), `solution`, and
/// `solutions` (where the rows list them).
pub(super) fn puzzle_fields(rows: &[Row], set: SetGame) -> Vec<Series> {
    let mut fields = Vec::new();
    if set.no_solution {
        fields.push(series_of("solvable", rows, |r| r.solvable));
    }
    fields.extend([
        series_of("trees", rows, |r| r.trees),
        series_of("expressions", rows, |r| r.expressions),
        series_of("distinct", rows, |r| r.distinct),
        series_of("min_ops", rows, |r| r.min_ops),
        series_of("difficulty", rows, |r| r.difficulty),
        series_of("predicted_time_s", rows, |r| r.predicted_time_s),
        series_of("predicted_solve_rate", rows, |r| r.predicted_solve_rate),
        series_of("band", rows, |r| r.band),
    ]);
    if set.model_success {
        fields.push(series_of("model_success", rows, |r| {
            r.model_success.flatten()
        }));
    }
    fields.push(series_of("solution", rows, |r| r.solution.as_str()));
    if rows.iter().any(|r| r.solutions.is_some()) {
        let all = rows
            .iter()
            .map(|r| Series::new("".into(), r.solutions.clone().unwrap_or_default()));
        fields.push(
            ListChunked::from_iter(all)
                .into_series()
                .with_name("solutions".into()),
        );
    }
    fields
}

/// A list column of each row's board.
fn numbers(name: &str, rows: &[Row]) -> Series {
    ListChunked::from_iter(
        rows.iter()
            .map(|r| Series::new("".into(), r.ground_truth.numbers)),
    )
    .into_series()
    .with_name(name.into())
}

/// A struct column of `fields`, each `n` long.
pub(super) fn struct_of(name: &str, n: usize, fields: &[Series]) -> Result<Series> {
    StructChunked::from_series(name.into(), n, fields.iter())
        .map(|s| s.into_series())
        .map_err(|e| Error::failed("the rows as a table", e))
}

/// Each row's prompt as a conversation of one user message: a list of structs of `role`
/// and `content`.
pub(super) fn messages(name: &str, rows: &[Row]) -> Result<Series> {
    let n = rows.len();
    let fields = [
        Series::new("role".into(), vec!["user"; n]),
        series_of("content", rows, |r| r.prompt.as_str()),
    ];
    let all = struct_of("", n, &fields)?;
    // Each row's one message, as a list of one.
    let lists = ListChunked::from_iter((0..n).map(|i| all.slice(i as i64, 1)));
    Ok(lists.into_series().with_name(name.into()))
}

/// `ground_truth` as a struct column, the fields of the JSON lines' object: `numbers` (a
/// list), `target` and `game` (a struct of [`TruthGame`]'s fields, where the JSON leaves out
/// an option that is off, the struct holds `false` or null), so that a reader gets the same
/// mapping from either file.
pub(super) fn truth(rows: &[Row]) -> Result<Series> {
    let n = rows.len();
    let games: Vec<&TruthGame> = rows.iter().map(|r| r.ground_truth.game).collect();
    let text = |name: &str, f: fn(&TruthGame) -> Option<&str>| series_of(name, &games, |g| f(g));
    let flag = |name: &str, f: fn(&TruthGame) -> bool| series_of(name, &games, |g| f(g));
    let game_fields = [
        text("kind", |g| Some(g.kind.as_str())),
        text("rules", |g| g.rules.as_deref()),
        flag("pow", |g| g.pow),
        flag("unary_minus", |g| g.unary_minus),
        flag("use_all", |g| g.use_all),
        flag("zero", |g| g.zero),
        flag("negatives", |g| g.negatives),
        flag("fractions", |g| g.fractions),
        flag("concat", |g| g.concat),
        text("pool", |g| g.pool.as_deref()),
        text("targets", |g| g.targets.as_deref()),
        series_of("size", &games, |g| g.size.map(|n| n as u64)),
    ];
    let fields = [
        numbers("numbers", rows),
        series_of("target", rows, |r| r.ground_truth.target),
        struct_of("game", n, &game_fields)?,
    ];
    struct_of("ground_truth", n, &fields)
}

/// The puzzles as a Parquet file, written atomically: the JSON lines' fields as columns
/// (`numbers` and `solutions` lists; `ground_truth` a struct).
pub fn write_parquet(
    dest: &Path,
    game: SetGame,
    puzzles: &[SetPuzzle],
    split: Option<&Split>,
) -> Result<()> {
    let rows: Vec<Row> = puzzles.iter().map(|p| row(game, p, split)).collect();
    portable_parquet_file(dest, &mut rows_frame(&rows, game, Prompt::Text)?)
}

/// The puzzles as one table per part of the split, as `dataset::parts` divides them, with the
/// prompt as text or as chat messages.
pub fn split_frames<'a>(
    game: SetGame<'a>,
    puzzles: &[SetPuzzle<'a>],
    split: Option<&Split>,
    prompt: Prompt,
) -> Result<Vec<(&'static str, DataFrame)>> {
    parts(game, puzzles, split)
        .into_iter()
        .map(|(part, rows)| Ok((part, rows_frame(&rows, game, prompt)?)))
        .collect()
}
