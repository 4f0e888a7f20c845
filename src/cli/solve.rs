//! `digits-lab solve`: one puzzle, exactly.

use std::io::Write;

use clap::Args;

use crate::error::Error;
use crate::game::board::Board;
use crate::game::rule_set::Game;
use crate::puzzle::solve::{self, Options};

use super::GameArgs;

#[derive(Debug, Args)]
pub struct SolveArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// List every `distinct` solution, fewest numbers first.
    #[arg(long)]
    pub all: bool,
    /// Print only the counts, no solutions.
    #[arg(long, conflicts_with = "all")]
    pub count: bool,
    /// Skip counting the player's move sequences.
    #[arg(long)]
    pub no_moves: bool,
    /// Machine-readable output.
    #[arg(long)]
    pub json: bool,
    /// The number to reach, instead of the first word (a game with a fixed target, such as
    /// 24 or make10, plays for it unless this says otherwise).
    #[arg(long, allow_negative_numbers = true)]
    pub target: Option<String>,
    /// TARGET then the board's numbers; the numbers alone when the game fixes its target or
    /// --target gives it.
    #[arg(
        value_name = "[TARGET] NUMBERS",
        required = true,
        allow_negative_numbers = true
    )]
    pub words: Vec<String>,
}

impl SolveArgs {
    /// The target and the board's numbers as typed.
    pub fn target_and_numbers(&self, game: &Game) -> Result<(i64, &[String]), Error> {
        match (&self.target, game.target) {
            (Some(t), _) => Ok((game.parse_target(t)?, &self.words)),
            (None, Some(t)) => Ok((t, &self.words)),
            (None, None) => match self.words.split_first() {
                Some((t, numbers)) if !numbers.is_empty() => Ok((game.parse_target(t)?, numbers)),
                _ => Err(Error::input(format!(
                    "give a target and the board's numbers: {} has no fixed target",
                    game.kind
                ))),
            },
        }
    }
}

pub(super) fn run(args: &SolveArgs) -> anyhow::Result<()> {
    let game = args.game.game()?;
    let (target, numbers) = args.target_and_numbers(&game)?;
    let board = Board::parse(&game, numbers)?;
    // One puzzle in a short-lived process: the engine's parallel build would save about a
    // millisecond and cost more in starting threads and faulting in their memory, so it runs
    // on this thread alone.
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .use_current_thread()
        .build()?;
    let opts = Options {
        all: args.all,
        no_moves: args.no_moves,
    };
    let mut report = pool.install(|| solve::solve(&game, &board, target, opts))?;
    if args.count {
        report.shortest = None;
        if let Some(c) = report.closest.as_mut() {
            c.solution = None;
        }
    }
    let mut out = std::io::stdout().lock();
    if args.json {
        serde_json::to_writer_pretty(&mut out, &report)?;
        writeln!(out)?;
    } else {
        out.write_all(report.to_text().as_bytes())?;
    }
    Ok(())
}
