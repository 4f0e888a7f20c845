//! `digits-lab gather`: a corpus's summary from shards that ran elsewhere.

use std::path::PathBuf;

use clap::Args;

use crate::analyze;

use super::CorpusArgs;

#[derive(Debug, Args)]
pub struct GatherArgs {
    #[command(flatten)]
    pub which: CorpusArgs,
    /// How many shards the corpus ran in (the N of `--shard K/N`).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub shards: u32,
    /// The folder holding one sub-folder of tables per corpus.
    #[arg(long, default_value = "data")]
    pub out: PathBuf,
    /// Print nothing on success.
    #[arg(long)]
    pub quiet: bool,
}

pub(super) fn run(args: &GatherArgs) -> anyhow::Result<()> {
    let corpora = args.which.corpora()?;
    for i in 0..corpora.len() {
        let corpus = corpora.build(i)?;
        analyze::gather(&args.out, &corpus, args.shards as usize)?;
        if !args.quiet {
            println!(
                "wrote {}",
                args.out
                    .join(corpus.name())
                    .join("targets.parquet")
                    .display()
            );
        }
    }
    Ok(())
}
