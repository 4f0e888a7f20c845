//! `gather`: a corpus's summary from shards that ran elsewhere, computing no board, and its
//! digest (the hardest lists and tallies the report and `hardest` read).

use std::path::PathBuf;

use crate::analyze;
use crate::error::Result;

use super::{Bound, CorpusOptions, places};

pub use crate::analyze::GatherReport;

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

impl Default for GatherRequest {
    /// One shard, the default data folder.
    fn default() -> Self {
        GatherRequest {
            corpora: CorpusOptions::default(),
            shards: 1,
            out: PathBuf::from(places::DATA),
        }
    }
}

impl GatherRequest {
    pub fn run(&self) -> Result<GatherReport> {
        SHARDS.check(u64::from(self.shards))?;
        let corpora = self.corpora.corpora()?;
        let mut report = GatherReport::default();
        for i in 0..corpora.len() {
            let corpus = corpora.build(i)?;
            let digest = analyze::gather(&self.out, &corpus, self.shards as usize)?;
            let dir = self.out.join(corpus.name());
            report.written.push(dir.join("targets.parquet"));
            report.digests.push((dir, digest));
        }
        Ok(report)
    }
}
