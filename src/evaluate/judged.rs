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
    let mut found = Found::default();
    let placed: Vec<(usize, Placed)> = rows.iter().map(|row| found.place(game, row)).collect();
    let properties = solve_all(game, &found, progress);
    // A puzzle the engine could not take (a board too large for memory) judges no model,
    // as a row that is no puzzle does not.
    let placed: Vec<(usize, Placed)> = placed
        .into_iter()
        .map(|(m, at)| {
            let at = at.and_then(|p| {
                let solved = properties[p].as_ref();
                solved.map(|_| p).map_err(Clone::clone)
            });
            (m, at)
        })
        .collect();
    let answers = judge_answers(game, &rows, &placed, &found.puzzles);
    let Found {
        models,
        puzzles,
        board_at,
        ..
    } = found;
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

/// Where a row's answer goes: the index of its puzzle, or why the row is no puzzle.
type Placed = std::result::Result<usize, Unusable>;

/// The models, puzzles and boards of the rows read so far, each numbered in the order it
/// first appears.
#[derive(Default)]
struct Found {
    models: Vec<String>,
    model_at: HashMap<String, usize>,
    puzzles: Vec<(Board, i64)>,
    puzzle_at: HashMap<(Vec<i64>, i64), usize>,
    board_at: HashMap<Vec<i64>, usize>,
    /// Each distinct board's puzzles (index, target), in first-seen order.
    boards: Vec<(Board, Vec<(usize, i64)>)>,
}

impl Found {
    /// The model of `row` and its puzzle, each numbered anew when first seen.
    fn place(&mut self, game: &Game, row: &Row) -> (usize, Placed) {
        let name = row.model.as_deref().unwrap_or(UNNAMED);
        let model = match self.model_at.get(name) {
            Some(&m) => m,
            None => {
                self.models.push(name.to_string());
                self.model_at
                    .insert(name.to_string(), self.models.len() - 1);
                self.models.len() - 1
            }
        };
        let at = puzzle(game, row).map(|(board, target)| {
            let key = (board.numbers().to_vec(), target);
            if let Some(&p) = self.puzzle_at.get(&key) {
                return p;
            }
            let p = self.puzzles.len();
            self.puzzle_at.insert(key, p);
            let boards = &mut self.boards;
            let b = *self
                .board_at
                .entry(board.numbers().to_vec())
                .or_insert_with(|| {
                    boards.push((board.clone(), Vec::new()));
                    boards.len() - 1
                });
            boards[b].1.push((p, target));
            self.puzzles.push((board, target));
            p
        });
        (model, at)
    }
}

/// Every puzzle found solved, board by board in parallel: its properties, or why the engine
/// could not take it.
fn solve_all(
    game: &Game,
    found: &Found,
    progress: &dyn Progress,
) -> Vec<std::result::Result<Properties, Unusable>> {
    progress.start("evaluate", "boards", Some(found.boards.len() as u64));
    let band_of = Bands::known(game);
    type Solved = (usize, std::result::Result<Properties, Unusable>);
    let solved: Vec<Vec<Solved>> = found
        .boards
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
                        properties_of(board.len(), found.puzzles[p].1, &s, band)
                    });
                    (p, props)
                })
                .collect()
        })
        .collect();
    progress.finish();
    let mut properties = vec![Ok(Properties::default()); found.puzzles.len()];
    for (p, props) in solved.into_iter().flatten() {
        properties[p] = props;
    }
    properties
}

/// Every row's answer judged against its puzzle, in parallel, in file order.
fn judge_answers(
    game: &Game,
    rows: &[Row],
    placed: &[(usize, Placed)],
    puzzles: &[(Board, i64)],
) -> Vec<Answer> {
    rows.par_iter()
        .zip(placed)
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
        .collect()
}
