//! `digits-lab hardest`: the hardest puzzles of a corpus, from its tables.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;

use crate::corpus::CorpusId;
use crate::engine::Convention;
use crate::error::Error;
use crate::present::hardest_output as list;
use crate::present::output_format::Format;
use crate::research::hardest_list::{self as hardest, Query};
use crate::research::rank::By;

use super::one_of;

#[derive(Debug, Args)]
pub struct HardestArgs {
    /// The corpus: digits, nyt, countdown, 24, 24-nine, 24-pow, 24-minus, make10, krypto or
    /// krypto-fractions.
    #[arg(long)]
    pub corpus: CorpusId,
    /// The folder holding one folder of tables per corpus.
    #[arg(long, default_value = "data")]
    pub data: PathBuf,
    /// Only puzzles with this target.
    #[arg(long, allow_negative_numbers = true)]
    pub target: Option<i64>,
    /// The counting convention that ranks puzzles (and whose count is shown); `inequivalent`
    /// where the corpus has it (the 24 game's arithmetic).
    #[arg(long, default_value = "distinct", value_parser = one_of::<Convention>(&["trees", "expressions", "distinct", "inequivalent"]))]
    pub convention: Convention,
    /// Rank by fewest solutions, or by the `difficulty` score.
    #[arg(long, default_value = "count", value_parser = one_of::<By>(&["count", "difficulty"]))]
    pub by: By,
    /// How many puzzles to list, 1 to 100000.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub limit: u32,
    /// With --by difficulty in Digits, Countdown and nyt: how many of the tables' highest
    /// scores (the player's surrogate) to walk exactly before listing the hardest by the
    /// walk, about 30 ms each [default: 20 × --limit, at most 2000].
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub candidates: Option<u32>,
    /// Output format.
    #[arg(long, default_value = "table", value_parser = one_of::<Format>(&["table", "csv", "json"]))]
    pub format: Format,
}

pub(super) fn run(args: &HardestArgs) -> anyhow::Result<()> {
    let q = Query {
        data: &args.data,
        corpus: &args.corpus,
        convention: args.convention,
        by: args.by,
        target: args.target,
        limit: args.limit as usize,
        candidates: args.candidates.map(|c| c as usize),
    };
    let found = hardest::hardest(&q).map_err(|e| {
        if e.is_input() {
            anyhow::Error::from(Error::input(e.to_string()))
        } else {
            e.into()
        }
    })?;
    std::io::stdout()
        .lock()
        .write_all(list::format(&found, &q, args.format).as_bytes())?;
    Ok(())
}
