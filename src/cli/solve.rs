//! `digits-lab solve`: one puzzle, exactly.

use std::io::Write;

use clap::Args;

use crate::game::board::Board;
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
    /// The number to reach.
    #[arg(allow_negative_numbers = true)]
    pub target: String,
    /// The board's numbers.
    #[arg(required = true, allow_negative_numbers = true)]
    pub numbers: Vec<String>,
}

pub(super) fn run(args: &SolveArgs) -> anyhow::Result<()> {
    let game = args.game.game()?;
    let target = game.parse_target(&args.target)?;
    let board = Board::parse(&game, &args.numbers)?;
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
