//! `digits-lab cover`: how far a board covers every target from 1 (`cover 2 3 5 33`), or
//! the boards of `K` numbers, the i-th at most `Bᵢ`, that cover furthest
//! (`cover --size 4 --max 2,4,6,50`).

use clap::Args;

use crate::engine::reach::bounded::covers_to;
use crate::error::Error;
use crate::format::grouped;
use crate::game::rules::Rules;
use crate::variant::cover;

use super::RulesArgs;

#[derive(Debug, Args)]
pub struct CoverArgs {
    /// The rules the boards are played under (default: positive integers, any subset, as
    /// Digits and Countdown).
    #[command(flatten)]
    pub rules: RulesArgs,
    /// A board's numbers, each 1 to 10000 (or search with --size and --max).
    #[arg(value_parser = clap::value_parser!(u64).range(1..=10_000), num_args = 0..=7)]
    pub numbers: Vec<u64>,
    /// Search boards of this many numbers, 1 to 7.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=7), requires = "max", conflicts_with = "numbers")]
    pub size: Option<u64>,
    /// Upper bounds of the searched boards' numbers, smallest number first, comma-separated,
    /// each 1 to 10000: `--max 2,4,6,50`.
    #[arg(long, value_delimiter = ',', requires = "size",
          value_parser = clap::value_parser!(u64).range(1..=10_000))]
    pub max: Vec<u64>,
    /// Worker threads for a search, 1 to 1024 (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads: Option<u16>,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

pub(super) fn run(args: &CoverArgs) -> anyhow::Result<()> {
    let rules: Rules = args.rules.game()?.rules;
    let Some(size) = args.size else {
        if args.numbers.is_empty() {
            return Err(Error::input("give a board's numbers, or --size K --max B1,...,BK").into());
        }
        let numbers: Vec<i64> = args.numbers.iter().map(|&n| n as i64).collect();
        let n = covers_to(&rules, &numbers)?;
        let board = text(&args.numbers);
        if n == 0 {
            println!("covers nothing: {board} cannot make 1");
        } else {
            println!("covers 1..{n}");
            println!("{board} makes every number from 1 to {n}, not {}", n + 1);
        }
        return Ok(());
    };
    if args.max.len() as u64 != size {
        return Err(Error::input(format!(
            "--max gives {} bounds for boards of --size {size}",
            args.max.len()
        ))
        .into());
    }
    let boards = cover::check(&args.max)?;
    let bar = crate::progress::boards(boards, args.quiet, "cover");
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.map_or(0, usize::from))
        .build()?;
    let found = pool.install(|| cover::search(&rules, &args.max, &|n| bar.inc(n)))?;
    bar.finish_and_clear();
    println!(
        "searched {} boards of {size} numbers, the i-th at most {} ({} measured, the rest ruled out by a window)",
        grouped(found.searched),
        text(&args.max),
        grouped(found.measured)
    );
    if found.best == 0 {
        println!("best: no board makes 1");
        return Ok(());
    }
    println!(
        "best: covers 1..{} ({} board{})",
        found.best,
        found.boards.len(),
        if found.boards.len() == 1 { "" } else { "s" }
    );
    for b in &found.boards {
        println!("  {}", text(b));
    }
    Ok(())
}

fn text<N: ToString>(numbers: &[N]) -> String {
    numbers
        .iter()
        .map(N::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}
