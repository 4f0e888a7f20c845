//! `digits-lab gather`: a corpus's summary from shards that ran elsewhere.

use std::path::PathBuf;

use clap::Args;

use digits_lab::request::GatherRequest;
use digits_lab::request::gather::SHARDS;
use digits_lab::request::places;

use super::CorpusArgs;

#[derive(Debug, Args)]
pub struct GatherArgs {
    #[command(flatten)]
    pub which: CorpusArgs,
    /// How many shards the corpus ran in (the N of `--shard K/N`), 1 to 100000.
    #[arg(long)]
    pub shards: i128,
    /// The folder holding one sub-folder of tables per corpus.
    #[arg(long, default_value = places::DATA)]
    pub out: PathBuf,
    /// Print nothing on success.
    #[arg(long)]
    pub quiet: bool,
}

impl GatherArgs {
    pub fn request(&self) -> digits_lab::Result<GatherRequest> {
        Ok(GatherRequest {
            corpora: self.which.options(),
            shards: SHARDS.fit(self.shards)?,
            out: self.out.clone(),
        })
    }
}

pub(super) fn run(args: &GatherArgs) -> anyhow::Result<()> {
    let report = args.request()?.run()?;
    if !args.quiet {
        print!("{report}");
    }
    Ok(())
}
