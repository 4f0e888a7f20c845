//! One puzzle as `solve --json` reports it, and many puzzles at once as the `puzzles` table
//! holds them (the corpus run's own code, on the caller's boards).

use std::path::PathBuf;

use pyo3::prelude::*;

use digits_lab::analyze::{self, Options};
use digits_lab::cli::SolveArgs;
use digits_lab::corpus::{Boards, Corpus, CorpusId, Shard};
use digits_lab::game::board::Board;
use digits_lab::puzzle::solve::{self as puzzle, Options as SolveOptions};

use crate::args::{GameOnly, parse, pool};
use crate::errors::{Failure, guard};
use crate::progress;

/// The folder name, under the caller's scratch folder, of the tables `solve_tables` writes.
const CORPUS: &str = "solve_many";

/// The shared sub-board tables' memory, as `analyze --cache-mb` leaves it by default.
const CACHE_BYTES: usize = 192 << 20;

/// `solve`'s words (the game's flags, `--all`, `--count`, `--no-moves`, `--target`, the
/// board's numbers) solved as the command solves them; the report as `solve --json` writes it.
#[pyfunction]
pub fn solve(py: Python<'_>, words: Vec<String>) -> PyResult<String> {
    Ok(py.detach(|| {
        guard(|| {
            let args: SolveArgs = parse("solve", &words)?;
            let game = args.game.game()?;
            let (target, numbers) = args.target_and_numbers(&game)?;
            let board = Board::parse(&game, numbers)?;
            // One puzzle: the engine's parallel build costs more than it saves (as in the
            // command). Not on the caller's own thread, as the command does: a thread joins
            // one pool for good, and the interpreter's thread calls again.
            let one = rayon::ThreadPoolBuilder::new().num_threads(1).build()?;
            let opts = SolveOptions {
                all: args.all,
                no_moves: args.no_moves,
            };
            let mut report = one.install(|| puzzle::solve(&game, &board, target, opts))?;
            if args.count {
                report.shortest = None;
                if let Some(c) = report.closest.as_mut() {
                    c.solution = None;
                }
            }
            serde_json::to_string(&report).map_err(|e| Failure::input(e.to_string()))
        })
    })?)
}

/// Every board of `boards` (each a list of words) against the targets `lo..=hi` of the game
/// the words `game` choose (the game's own range when not given), as a corpus run computes
/// them, written as tables under `out/solve_many/`; `analyze`'s summary as JSON, and the
/// targets as parsed. The Python side reads the `puzzles` table back and keeps the puzzles
/// asked for.
#[pyfunction]
#[pyo3(signature = (game, boards, targets, out, threads=None, progress=None))]
pub fn solve_tables(
    py: Python<'_>,
    game: Vec<String>,
    boards: Vec<Vec<String>>,
    targets: Option<Vec<String>>,
    out: PathBuf,
    threads: Option<u16>,
    progress: Option<Py<PyAny>>,
) -> PyResult<(String, Option<Vec<i64>>)> {
    let (corpus, parsed) = guard(|| {
        let mut game = parse::<GameOnly>("solve_many", &game)?.game.game()?;
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
        Ok((corpus, parsed))
    })?;
    let opts = Options {
        out,
        shard: Shard::default(),
        quiet: true,
        cache_budget: CACHE_BYTES,
        resume: false,
        reach_only: false,
    };
    let summary = progress::run(py, progress, None, |_| {
        guard(|| {
            let summary = pool(threads)?.install(|| analyze::analyze(&corpus, &opts))?;
            serde_json::to_string(&summary).map_err(|e| Failure::input(e.to_string()))
        })
    })?;
    Ok((summary, parsed))
}
