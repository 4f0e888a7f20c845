//! `digits-lab cover`: how far a board covers every target from 1 (`cover 2 3 5 33`), or
//! the boards of `K` numbers, the i-th at most `Bᵢ`, that cover furthest
//! (`cover --size 4 --max 2,4,6,50`).

use clap::Args;

use digits_lab::request::CoverRequest;
use digits_lab::request::cover::{MAX, NUMBER, SIZE};

use super::RulesArgs;
use super::columns::WorkerArgs;

#[derive(Debug, Args)]
pub struct CoverArgs {
    /// The rules the boards are played under (default: positive integers, any subset, as
    /// Digits and Countdown).
    #[command(flatten)]
    pub rules: RulesArgs,
    /// A board's numbers, each 1 to 10000 (or search with --size and --max).
    #[arg(num_args = 0..=7, allow_negative_numbers = true)]
    pub numbers: Vec<String>,
    /// Search boards of this many numbers, 1 to 7.
    #[arg(long, requires = "max", conflicts_with = "numbers")]
    pub size: Option<i128>,
    /// Upper bounds of the searched boards' numbers, smallest number first, comma-separated,
    /// each 1 to 10000: `--max 2,4,6,50`.
    #[arg(long, value_delimiter = ',', requires = "size")]
    pub max: Vec<i128>,
    #[command(flatten)]
    pub workers: WorkerArgs,
}

impl CoverArgs {
    pub fn request(&self) -> digits_lab::Result<CoverRequest> {
        Ok(CoverRequest {
            rules: self.rules.options(),
            numbers: (self.numbers.iter())
                .map(|n| NUMBER.parse(n))
                .collect::<Result<_, _>>()?,
            size: SIZE.fit_opt(self.size)?,
            max: MAX.fit_all(&self.max)?,
            threads: self.workers.threads()?,
        })
    }
}

pub(super) fn run(args: &CoverArgs) -> anyhow::Result<()> {
    let report = args.request()?.run(&args.workers.terminal())?;
    print!("{report}");
    Ok(())
}
