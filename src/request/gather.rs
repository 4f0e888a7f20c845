//! `gather`: a corpus's summary from shards that ran elsewhere, computing nothing.

use std::path::PathBuf;

use crate::analyze;
use crate::error::Result;

use super::{Bound, CorpusOptions};

/// How many shards a corpus ran in (`--shards`).
pub const SHARDS: Bound = Bound::new("--shards", 1, 100_000);

/// The corpora whose shards are gathered.
#[derive(Clone, Debug)]
pub struct GatherRequest {
    pub corpora: CorpusOptions,
    /// How many shards the corpus ran in (the N of `--shard K/N`).
    pub shards: u32,
    /// The folder holding one sub-folder of tables per corpus.
    pub out: PathBuf,
}

/// The summaries written, one `targets.parquet` per corpus.
#[derive(Clone, Debug, Default)]
pub struct GatherReport {
    pub written: Vec<PathBuf>,
}

impl GatherRequest {
    pub fn run(&self) -> Result<GatherReport> {
        SHARDS.check(u64::from(self.shards))?;
        let corpora = self.corpora.corpora()?;
        let mut report = GatherReport::default();
        for i in 0..corpora.len() {
            let corpus = corpora.build(i)?;
            analyze::gather(&self.out, &corpus, self.shards as usize)?;
            report
                .written
                .push(self.out.join(corpus.name()).join("targets.parquet"));
        }
        Ok(report)
    }
}

impl GatherReport {
    pub fn to_text(&self) -> String {
        (self.written.iter())
            .map(|p| format!("wrote {}\n", p.display()))
            .collect()
    }
}
