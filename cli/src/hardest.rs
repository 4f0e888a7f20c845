//! `digits-lab hardest`: the hardest puzzles of a corpus, from its tables.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;

use digits_lab::corpus::CorpusId;
use digits_lab::digest::By;
use digits_lab::engine::Convention;
use digits_lab::present;
use digits_lab::present::output_format::Format;
use digits_lab::request::HardestRequest;
use digits_lab::request::hardest::{CANDIDATES, LIMIT};
use digits_lab::request::places;

/// The request's defaults, which the flags' are (the same for every corpus).
fn defaults() -> HardestRequest {
    HardestRequest::of(CorpusId::Digits)
}

use super::one_of;

#[derive(Debug, Args)]
pub struct HardestArgs {
    /// The corpus: digits, nyt, countdown, 24, 24-nine, 24-pow, 24-minus, make10,
    /// make10-concat, krypto or krypto-fractions.
    #[arg(long)]
    pub corpus: CorpusId,
    /// The folder holding one folder of tables per corpus.
    #[arg(long, default_value = places::DATA)]
    pub data: PathBuf,
    /// Only puzzles with this target.
    #[arg(long, allow_negative_numbers = true)]
    pub target: Option<i64>,
    /// The counting convention that ranks puzzles (and whose count is shown); `inequivalent`
    /// where the corpus has it (the 24 game's arithmetic).
    #[arg(long, default_value_t = defaults().convention, value_parser = one_of::<Convention>(&["trees", "expressions", "distinct", "inequivalent"]))]
    pub convention: Convention,
    /// Rank by fewest solutions, or by the `difficulty` score.
    #[arg(long, default_value = defaults().by.name(), value_parser = one_of::<By>(&["count", "difficulty"]))]
    pub by: By,
    /// How many puzzles to list, 1 to 100000.
    #[arg(long, default_value_t = i128::from(defaults().limit))]
    pub limit: i128,
    /// With --by difficulty in Digits, Countdown and nyt: how many of the tables' highest
    /// scores (the player's surrogate) to walk exactly before listing the hardest by the
    /// walk, about 30 ms each, 1 to 100000 [default: 20 × --limit, at most 2000].
    #[arg(long)]
    pub candidates: Option<i128>,
    /// Output format.
    #[arg(long, default_value = defaults().format.name(), value_parser = one_of::<Format>(&["table", "csv", "json"]))]
    pub format: Format,
}

impl HardestArgs {
    pub fn request(&self) -> digits_lab::Result<HardestRequest> {
        Ok(HardestRequest {
            data: self.data.clone(),
            target: self.target,
            convention: self.convention,
            by: self.by,
            limit: LIMIT.fit(self.limit)?,
            candidates: CANDIDATES.fit_opt(self.candidates)?,
            format: self.format,
            ..HardestRequest::of(self.corpus.clone())
        })
    }
}

pub(super) fn run(args: &HardestArgs) -> anyhow::Result<()> {
    let request = args.request()?;
    let list = present::hardest::listed(&request.run()?, request.format);
    std::io::stdout().lock().write_all(list.as_bytes())?;
    Ok(())
}
