//! `digits-lab gather`: a corpus's summary from shards that ran elsewhere.

use std::path::PathBuf;

use clap::Args;

use crate::request::GatherRequest;
use crate::request::gather::SHARDS;

use super::CorpusArgs;

#[derive(Debug, Args)]
pub struct GatherArgs {
    #[command(flatten)]
    pub which: CorpusArgs,
    /// How many shards the corpus ran in (the N of `--shard K/N`), 1 to 100000.
    #[arg(long)]
    pub shards: i128,
    /// The folder holding one sub-folder of tables per corpus.
    #[arg(long, default_value = "data")]
    pub out: PathBuf,
    /// Print nothing on success.
    #[arg(long)]
    pub quiet: bool,
}

pub(super) fn run(args: &GatherArgs) -> anyhow::Result<()> {
    let request = GatherRequest {
        corpora: args.which.options(),
        shards: SHARDS.fit(args.shards)?,
        out: args.out.clone(),
    };
    let report = request.run()?;
    if !args.quiet {
        print!("{}", report.to_text());
    }
    Ok(())
}
