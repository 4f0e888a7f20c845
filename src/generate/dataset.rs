//! Generated puzzles as a dataset for training and evaluating models (`generate --format
//! jsonl|parquet`): each puzzle with the fields such trainers load — `numbers`, `target`, a
//! `prompt` that states the game's rules and the answer format, a `ground_truth` for the
//! reward function — beside its reference solution, counts and difficulty, and a seeded
//! train/test split that holds out whole boards or whole targets ([`super::split`]); the
//! prompt is [`super::prompt`]'s.

use std::io::Write;

use serde::Serialize;

use crate::error::{Error, Result};
use crate::game::rule_set::Game;

use super::puzzle::{NoSolution, Puzzle};

pub use super::prompt::prompt;
pub use super::split::{HoldOut, SPLITS, Split};

/// One dataset row: what trainers load, then the puzzle's own fields (its board is
/// `numbers`). Every format of a set is built from it ([`super::columns`] for the tables).
#[derive(Serialize)]
pub(super) struct Row<'a> {
    pub numbers: &'a [i64],
    pub target: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub split: Option<&'static str>,
    pub prompt: String,
    pub ground_truth: GroundTruth<'a>,
    /// Present in a set that mixes in puzzles with no solution (`--unsolvable`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solvable: Option<bool>,
    pub trees: u64,
    pub expressions: u64,
    pub distinct: Option<u64>,
    /// The next four are null for a puzzle with no solution.
    pub min_ops: Option<u32>,
    pub difficulty: Option<f64>,
    pub predicted_time_s: Option<f64>,
    pub predicted_solve_rate: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub band: Option<&'static str>,
    /// The language model's predicted success, in a set made with `--model-difficulty`
    /// (null for a puzzle with no solution there).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model_success: Option<Option<f64>>,
    pub solution: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solutions: Option<Vec<String>>,
}

/// What a reward function compares an answer with (verl's `ground_truth`): the puzzle and
/// the game it is played under, so that a set's own references score as solved.
#[derive(Serialize)]
pub(super) struct GroundTruth<'a> {
    pub numbers: &'a [i64],
    pub target: i64,
    pub game: &'a TruthGame,
}

/// A game as a ground truth names it: its kind and the options that change it, with the
/// names `digits_lab.Game` takes (an option left out is off).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct TruthGame {
    pub kind: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub pow: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub unary_minus: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub use_all: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub zero: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub negatives: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub fractions: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub concat: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pool: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub targets: Option<String>,
    /// Numbers on a board, where `--size` changed them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub size: Option<usize>,
}

/// What the dataset writers take: the game (its prompts state its rules), how a ground
/// truth names it, and how references are spelled.
#[derive(Clone, Copy, Debug)]
pub struct SetGame<'a> {
    pub game: &'a Game,
    pub truth: &'a TruthGame,
    /// References with `×`, `−` and `÷`, as `solve` prints them, instead of the `*`, `-`
    /// and `/` the prompt names.
    pub unicode: bool,
    /// The set mixes in puzzles with no solution: every prompt says how to answer one, and
    /// every row says whether it is solvable.
    pub no_solution: bool,
    /// The set was chosen by a language model's predicted success (`--model-difficulty`):
    /// every row carries its `model_success`.
    pub model_success: bool,
}

impl SetGame<'_> {
    /// A reference as the set spells it: with the operators the prompt names (ASCII), so
    /// that an `eval`-based grader reads it and a model trained on it learns the prompt's
    /// symbols, unless `unicode`.
    pub fn spelled(&self, reference: &str) -> String {
        if self.unicode {
            return reference.to_string();
        }
        reference
            .chars()
            .map(|c| match c {
                '×' => '*',
                '−' => '-',
                '÷' => '/',
                c => c,
            })
            .collect()
    }
}

pub(super) fn row<'a>(set: SetGame<'a>, e: &SetPuzzle<'a>, split: Option<&Split>) -> Row<'a> {
    let (board, target) = (e.board(), e.target());
    let mut r = Row {
        numbers: board,
        target,
        split: split.map(|s| s.of(e)),
        prompt: prompt(set.game, board, target, set.no_solution),
        ground_truth: GroundTruth {
            numbers: board,
            target,
            game: set.truth,
        },
        solvable: set.no_solution.then_some(matches!(e, SetPuzzle::Solved(_))),
        trees: 0,
        expressions: 0,
        distinct: None,
        min_ops: None,
        difficulty: None,
        predicted_time_s: None,
        predicted_solve_rate: None,
        band: None,
        model_success: set.model_success.then_some(None),
        solution: NO_SOLUTION.to_string(),
        solutions: None,
    };
    match e {
        SetPuzzle::Unsolved(u) => r.distinct = u.distinct,
        SetPuzzle::Solved(p) => {
            r.trees = p.trees;
            r.expressions = p.expressions;
            r.distinct = p.distinct;
            r.min_ops = Some(p.min_ops);
            r.difficulty = Some(p.difficulty);
            r.predicted_time_s = Some(p.predicted_time_s);
            r.predicted_solve_rate = Some(p.predicted_solve_rate);
            r.band = p.band.map(|b| b.name());
            r.model_success = set.model_success.then_some(p.model_success);
            r.solution = set.spelled(&p.solution);
            r.solutions =
                (p.solutions.as_ref()).map(|all| all.iter().map(|s| set.spelled(s)).collect());
        }
    }
    r
}

/// The reference answer of a puzzle with no solution, one of the phrases `check` reads as
/// saying so.
pub const NO_SOLUTION: &str = "no solution";

/// One puzzle of a set: solvable, or with no solution.
#[derive(Clone, Copy, Debug)]
pub enum SetPuzzle<'a> {
    Solved(&'a Puzzle),
    Unsolved(&'a NoSolution),
}

impl<'a> SetPuzzle<'a> {
    pub fn board(&self) -> &'a [i64] {
        match self {
            SetPuzzle::Solved(p) => &p.board,
            SetPuzzle::Unsolved(u) => &u.board,
        }
    }

    pub fn target(&self) -> i64 {
        match self {
            SetPuzzle::Solved(p) => p.target,
            SetPuzzle::Unsolved(u) => u.target,
        }
    }
}

/// A set's puzzles in order: the puzzles with no solution spread evenly among the solvable
/// ones, so that neither end of a file is all of one kind.
pub fn entries<'a>(puzzles: &'a [Puzzle], unsolvable: &'a [NoSolution]) -> Vec<SetPuzzle<'a>> {
    let (n, u) = (puzzles.len() + unsolvable.len(), unsolvable.len());
    let (mut solved, mut unsolved) = (puzzles.iter(), unsolvable.iter());
    (0..n)
        .filter_map(|i| {
            // SetPuzzle i has no solution when it takes the running share past a whole number.
            if (i + 1) * u / n > i * u / n {
                unsolved.next().map(SetPuzzle::Unsolved)
            } else {
                solved.next().map(SetPuzzle::Solved)
            }
        })
        .collect()
}

/// The puzzles as JSON lines, one a puzzle.
pub fn write_jsonl(
    out: &mut dyn Write,
    game: SetGame,
    puzzles: &[SetPuzzle],
    split: Option<&Split>,
) -> Result<()> {
    let io = |e: std::io::Error| Error::failed("writing the puzzles", e);
    for p in puzzles {
        serde_json::to_writer(&mut *out, &row(game, p, split))
            .map_err(|e| Error::failed("writing the puzzles", e))?;
        out.write_all(b"\n").map_err(io)?;
    }
    Ok(())
}

/// The puzzles' rows by part of the split (`train` alone without one), each row without
/// its `split`, in the order of [`SPLITS`]; an empty part is left out.
pub(super) fn parts<'a>(
    game: SetGame<'a>,
    puzzles: &[SetPuzzle<'a>],
    split: Option<&Split>,
) -> Vec<(&'static str, Vec<Row<'a>>)> {
    SPLITS
        .into_iter()
        .map(|part| {
            let rows = puzzles
                .iter()
                .filter(|p| split.map_or("train", |s| s.of(p)) == part)
                .map(|p| row(game, p, None))
                .collect::<Vec<_>>();
            (part, rows)
        })
        .filter(|(_, rows)| !rows.is_empty())
        .collect()
}
