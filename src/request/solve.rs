//! `solve`: one puzzle, exactly.

use crate::error::{Error, Result};
use crate::game::board::Board;
use crate::game::rule_set::Game;
use crate::puzzle::solve::{self, Options};

use super::{GameOptions, pool};

/// What `solve` reports: [`crate::puzzle::solve::Report`], as text or JSON.
pub type SolveReport = solve::Report;

/// One puzzle to solve.
#[derive(Clone, Debug, Default)]
pub struct SolveRequest {
    pub game: GameOptions,
    /// The number to reach, as typed; the game's own when it fixes one (24, make10) and
    /// none is given.
    pub target: Option<String>,
    /// The board's numbers, as typed.
    pub numbers: Vec<String>,
    /// List every `distinct` solution (`--all`).
    pub all: bool,
    /// Only the counts, no solutions (`--count`).
    pub count: bool,
    /// Skip counting the player's move sequences (`--no-moves`).
    pub no_moves: bool,
}

impl SolveRequest {
    /// A request from the command line's words: TARGET then the numbers, or the numbers
    /// alone when `target` is given or the game fixes its target.
    pub fn from_words(game: GameOptions, target: Option<String>, words: &[String]) -> Result<Self> {
        let fixed = match target {
            Some(_) => true,
            None => {
                let g = game.game()?;
                if g.target.is_none() && words.len() < 2 {
                    return Err(Error::input(format!(
                        "give a target and the board's numbers: {} has no fixed target",
                        g.kind
                    )));
                }
                g.target.is_some()
            }
        };
        let (target, numbers) = match (fixed, words.split_first()) {
            (false, Some((t, numbers))) => (Some(t.clone()), numbers.to_vec()),
            _ => (target, words.to_vec()),
        };
        Ok(SolveRequest {
            game,
            target,
            numbers,
            ..SolveRequest::default()
        })
    }

    /// The puzzle `board` → `target` of the game `game` given whole (a study's puzzles, whose
    /// numbers are already numbers).
    pub fn of(game: &Game, board: &[i64], target: i64) -> SolveRequest {
        SolveRequest {
            game: GameOptions::inline(game.clone()),
            target: Some(target.to_string()),
            numbers: board.iter().map(i64::to_string).collect(),
            ..SolveRequest::default()
        }
    }

    /// The game, the board and the target, checked.
    pub fn puzzle(&self) -> Result<(Game, Board, i64)> {
        let game = self.game.game()?;
        let target = match (&self.target, game.target) {
            (Some(t), _) => game.parse_target(t)?,
            (None, Some(t)) => t,
            (None, None) => {
                return Err(Error::input(format!(
                    "give a target: {} has no fixed target",
                    game.kind
                )));
            }
        };
        let board = Board::parse(&game, &self.numbers)?;
        Ok((game, board, target))
    }

    /// Solves the puzzle on the calling thread: one puzzle gains less from the engine's
    /// parallel build than starting threads costs.
    pub fn run(&self) -> Result<SolveReport> {
        if self.all && self.count {
            return Err(Error::input(
                "--all lists the solutions that --count leaves out: give one of them",
            ));
        }
        let (game, board, target) = self.puzzle()?;
        let opts = Options {
            all: self.all,
            no_moves: self.no_moves,
            no_difficulty: false,
        };
        // Not on the caller's own thread: a thread joins one pool for good, and a caller
        // such as Python's interpreter thread calls again.
        let mut report = match rayon::current_thread_index() {
            // Already on a pool's worker: run there.
            Some(_) => solve::solve(&game, &board, target, opts)?,
            None => pool(Some(1))?.install(|| solve::solve(&game, &board, target, opts))?,
        };
        if self.count {
            report.shortest = None;
            if let Some(c) = report.closest.as_mut() {
                c.solution = None;
            }
        }
        Ok(report)
    }
}
