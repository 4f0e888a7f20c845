//! A file of model answers read, every answer checked exactly and every distinct puzzle
//! solved once: the facts an evaluation summarises.
//!
//! Answers are checked in parallel and puzzles solved board by board in parallel (the
//! `audit` path, [`solve_board`]); everything is kept in file order, and models and
//! puzzles are numbered in the order they first appear, so the result is the same at any
//! thread count.

use std::collections::HashMap;
use std::path::Path;

use rayon::prelude::*;

use crate::check::Verdict;
use crate::dataset::audit::solve_board;
use crate::dataset::check::{judge, puzzle};
use crate::dataset::input::{Columns, Reader, Row, Unusable};
use crate::error::Result;
use crate::game::board::Board;
use crate::game::rule_set::Game;
use crate::generate::bands::Bands;
use crate::progress::Progress;

use super::outcome::Outcome;
use super::properties::{Properties, properties_of};

/// The model of rows that name none: a file without a model column is one model's answers.
pub const UNNAMED: &str = "model";

/// One answer and its verdict.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
    /// Its row in the file, from 1.
    pub row: u64,
    /// Index into [`Judged::models`].
    pub model: usize,
    /// Index into [`Judged::puzzles`]; `None` when the row is no puzzle of the game.
    pub puzzle: Option<usize>,
    pub verdict: Verdict,
    /// `None` exactly when `puzzle` is.
    pub outcome: Option<Outcome>,
}

/// A distinct puzzle of the file.
#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    /// Ascending.
    pub numbers: Vec<i64>,
    pub target: i64,
    /// Index of its board among the file's distinct boards: cross-validation holds out
    /// whole boards, so that no puzzle is predicted from a sibling on the same numbers.
    pub board: usize,
    pub properties: Properties,
}

impl Puzzle {
    /// The numbers as a board is written: `1 3 7 10 25 50`.
    pub fn board_text(&self) -> String {
        let n: Vec<String> = self.numbers.iter().map(i64::to_string).collect();
        n.join(" ")
    }
}

/// Every answer of a file judged, and every puzzle solved.
#[derive(Clone, Debug, PartialEq)]
pub struct Judged {
    /// Model names, in the order they first appear.
    pub models: Vec<String>,
    pub puzzles: Vec<Puzzle>,
    pub answers: Vec<Answer>,
}

/// Reads `input`, checks every answer under `game` and solves every distinct puzzle.
pub fn judge_file(
    game: &Game,
    input: &Path,
    columns: &Columns,
    progress: &dyn Progress,
) -> Result<Judged> {
    let rows = Reader::open(input, columns, game.target.is_none(), true)?.rest()?;
    Ok(judge_rows(game, rows, progress))
}

/// [`judge_file`] on rows already read.
pub fn judge_rows(game: &Game, rows: Vec<Row>, progress: &dyn Progress) -> Judged {
    let mut models: Vec<String> = Vec::new();
    let mut model_at: HashMap<String, usize> = HashMap::new();
    let mut puzzles: Vec<(Board, i64)> = Vec::new();
    let mut puzzle_at: HashMap<(Vec<i64>, i64), usize> = HashMap::new();
    let mut board_at: HashMap<Vec<i64>, usize> = HashMap::new();
    // Each distinct board's puzzles (index, target), in first-seen order.
    let mut boards: Vec<(Board, Vec<(usize, i64)>)> = Vec::new();
    let mut placed: Vec<(usize, Result<usize, Unusable>)> = Vec::with_capacity(rows.len());
    for row in &rows {
        let name = row.model.as_deref().unwrap_or(UNNAMED);
        let model = match model_at.get(name) {
            Some(&m) => m,
            None => {
                models.push(name.to_string());
                model_at.insert(name.to_string(), models.len() - 1);
                models.len() - 1
            }
        };
        let at = puzzle(game, row).map(|(board, target)| {
            let key = (board.numbers().to_vec(), target);
            if let Some(&p) = puzzle_at.get(&key) {
                return p;
            }
            let p = puzzles.len();
            puzzle_at.insert(key, p);
            let b = *board_at.entry(board.numbers().to_vec()).or_insert_with(|| {
                boards.push((board.clone(), Vec::new()));
                boards.len() - 1
            });
            boards[b].1.push((p, target));
            puzzles.push((board, target));
            p
        });
        placed.push((model, at));
    }
    progress.start("evaluate", "boards", Some(boards.len() as u64));
    let band_of = Bands::known(game);
    type Solved = (usize, std::result::Result<Properties, Unusable>);
    let solved: Vec<Vec<Solved>> = boards
        .par_iter()
        .map(|(board, wanted)| {
            let s = solve_board(game, board, wanted);
            progress.advance(1);
            s.into_iter()
                .map(|(p, s)| {
                    let props = s.map(|s| {
                        let band = band_of
                            .as_ref()
                            .zip(s.difficulty)
                            .map(|(b, d)| b.band_of(d).name());
                        properties_of(board.len(), puzzles[p].1, &s, band)
                    });
                    (p, props)
                })
                .collect()
        })
        .collect();
    progress.finish();
    let mut properties = vec![Ok(Properties::default()); puzzles.len()];
    for (p, props) in solved.into_iter().flatten() {
        properties[p] = props;
    }
    // A puzzle the engine could not take (a board too large for memory) judges no model,
    // as a row that is no puzzle does not.
    let placed: Vec<(usize, std::result::Result<usize, Unusable>)> = placed
        .into_iter()
        .map(|(m, at)| {
            let at = at.and_then(|p| {
                let solved = properties[p].as_ref();
                solved.map(|_| p).map_err(Clone::clone)
            });
            (m, at)
        })
        .collect();
    let answers: Vec<Answer> = rows
        .par_iter()
        .zip(&placed)
        .map(|(row, (model, at))| {
            let (puzzle, verdict) = match at {
                Ok(p) => {
                    let (board, target) = &puzzles[*p];
                    (Some(*p), judge(game, board, *target, &row.answer))
                }
                Err(why) => (
                    None,
                    Verdict::invalid(crate::check::Reason::new(
                        crate::check::Fault::Puzzle,
                        why.0.clone(),
                    )),
                ),
            };
            let outcome = puzzle.and(Outcome::of(&verdict));
            Answer {
                row: row.row,
                model: *model,
                puzzle,
                verdict,
                outcome,
            }
        })
        .collect();
    let puzzles = puzzles
        .into_iter()
        .zip(properties)
        .map(|((board, target), properties)| Puzzle {
            board: board_at[board.numbers()],
            numbers: board.numbers().to_vec(),
            target,
            properties: properties.unwrap_or_default(),
        })
        .collect();
    Judged {
        models,
        puzzles,
        answers,
    }
}
