//! One puzzle as `solve --json` reports it, and many puzzles at once as the `puzzles` table
//! holds them (the corpus run's own code, on the caller's boards).

use std::path::PathBuf;

use pyo3::prelude::*;

use digits_lab::analyze::{self, Options};
use digits_lab::corpus::{Boards, Corpus, CorpusId, Shard};
use digits_lab::game::board::Board;
use digits_lab::request::SolveRequest;
use digits_lab::request::analyze::DEFAULT_CACHE_MB;

use crate::args::Game;
use crate::errors::{Failure, guard, json};
use crate::progress;

/// The folder name, under the caller's scratch folder, of the tables `solve_tables` writes.
const CORPUS: &str = "solve_many";

/// One puzzle solved as `solve` solves it (the target as typed, `None` for the game's own);
/// the report as `solve --json` writes it.
#[pyfunction]
#[pyo3(signature = (game, target, numbers, all=false, count=false, no_moves=false))]
pub fn solve(
    py: Python<'_>,
    game: Game,
    target: Option<String>,
    numbers: Vec<String>,
    all: bool,
    count: bool,
    no_moves: bool,
) -> PyResult<String> {
    let request = SolveRequest {
        game: game.options(),
        target,
        numbers,
        all,
        count,
        no_moves,
    };
    Ok(py.detach(|| {
        guard(|| {
            let report = request.run()?;
            json(&report)
        })
    })?)
}

/// Every board of `boards` (each a list of words) against the targets `lo..=hi` of `game`
/// (the game's own range when not given), as a corpus run computes them, written as tables
/// under `out/solve_many/`; `analyze`'s summary as JSON, and the targets as parsed. The
/// Python side reads the `puzzles` table back and keeps the puzzles asked for.
#[pyfunction]
#[pyo3(signature = (game, boards, targets, out, threads=None, progress=None))]
pub fn solve_tables(
    py: Python<'_>,
    game: Game,
    boards: Vec<Vec<String>>,
    targets: Option<Vec<String>>,
    out: PathBuf,
    threads: Option<i128>,
    progress: Option<Py<PyAny>>,
) -> PyResult<(String, Option<Vec<i64>>)> {
    let (corpus, parsed, threads) = guard(|| {
        let threads = crate::args::threads(threads)?;
        let mut game = game.options().game()?;
        let boards = boards
            .iter()
            .map(|words| Board::parse(&game, words))
            .collect::<Result<Vec<_>, _>>()?;
        if boards.is_empty() {
            return Err(Failure::input("give at least one board"));
        }
        let parsed = if let Some(targets) = targets {
            // The command's own parser, which refuses a target outside the game's range.
            let parsed = targets
                .iter()
                .map(|t| game.parse_target(t))
                .collect::<Result<Vec<i64>, _>>()?;
            let (lo, hi) = (parsed.iter().min(), parsed.iter().max());
            if let (Some(&lo), Some(&hi)) = (lo, hi) {
                game.targets = lo..=hi;
            }
            Some(parsed)
        } else {
            None
        };
        let boards = Boards::of(game.kind, &boards)?;
        let corpus = Corpus {
            id: CorpusId::Custom(CORPUS.to_string()),
            game,
            boards,
        };
        Ok((corpus, parsed, threads))
    })?;
    let opts = Options {
        out,
        shard: Shard::default(),
        quiet: true,
        cache_budget: (DEFAULT_CACHE_MB as usize) << 20,
        resume: false,
        reach_only: false,
        // The caller's scratch folder is new: nothing to keep.
        force: true,
    };
    let summary = progress::run(py, progress, |_| {
        guard(|| {
            let pool = digits_lab::request::pool(threads)?;
            let summary = pool.install(|| analyze::analyze(&corpus, &opts))?;
            json(&summary)
        })
    })?;
    Ok((summary, parsed))
}
