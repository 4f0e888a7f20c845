//! What made a corpus's digest, and whether it still belongs to the tables beside it. The
//! record, `digest.made.json` in the corpus folder (a [`Made`] like the phase sweep's and the
//! report's), names the build that computed the digest and the tables it read: each file of
//! `boards`, `puzzles` and `unique` and `targets.parquet`, with its size (the tables are the
//! same bytes for the same request, however often or wherever they were written, so a copy
//! keeps its digest). `analyze` and `gather` keep a digest whose record is the one this build
//! would write ([`update`]); a reader takes a digest made from these very tables by any build
//! ([`read`]), as it takes the tables themselves, and without one computes what it needs.

use std::fs;
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::error::Result;
use crate::error::file_error;
use crate::store::fingerprint::Made;
use crate::store::read::{self, CorpusStore, ReadError};
use crate::store::schema::{Extras, Table};
use crate::store::write::write_frame;

use super::{Digest, compute, read_back, stored};

/// The record's file in a corpus folder.
pub const RECORD: &str = "digest.made.json";

/// The layout of the digest's tables: a reader of another layout computes afresh.
const FORMAT: u32 = 1;

/// The digest's tables in the corpus folder `dir`.
fn files(dir: &Path) -> [PathBuf; 2] {
    [Table::Hardest, Table::Tallies].map(|t| dir.join(format!("{}.parquet", t.name())))
}

/// What a digest is made from: its layout, the corpus, and every file of the tables it
/// reads with its size.
#[derive(Serialize)]
struct Inputs {
    format: u32,
    corpus: String,
    tables: Vec<(String, u64)>,
}

fn inputs(store: &CorpusStore) -> Result<Inputs> {
    let mut tables = Vec::new();
    for t in [Table::Boards, Table::Puzzles, Table::Unique] {
        let folder = store.dir.join(t.name());
        if !folder.is_dir() {
            continue;
        }
        for p in read::parts(&folder)? {
            let size = fs::metadata(&p).map_err(|e| file_error(&p, e))?.len();
            let name = p.file_name().map(|n| n.to_string_lossy().into_owned());
            tables.push((format!("{}/{}", t.name(), name.unwrap_or_default()), size));
        }
    }
    let summary = store.dir.join(format!("{}.parquet", Table::Targets.name()));
    let size = fs::metadata(&summary)
        .map_err(|e| file_error(&summary, e))?
        .len();
    tables.push((format!("{}.parquet", Table::Targets.name()), size));
    Ok(Inputs {
        format: FORMAT,
        corpus: store.name().to_string(),
        tables,
    })
}

/// What [`update`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// This build's digest of these very tables was there, and kept.
    Kept,
    /// Computed and written.
    Written,
}

/// Brings the digest of `store`'s complete tables up to date: kept when its record is the
/// one this build writes for these tables (unless `force`), else computed — the rankings,
/// the exact walks, the solutions written out where the game is known — and written beside
/// them, each file with `metadata` (as the tables' own), then its record.
pub fn update(store: &CorpusStore, metadata: &[(String, String)], force: bool) -> Result<Status> {
    let made = Made::of(&inputs(store)?)?;
    let record = store.dir.join(RECORD);
    let [hardest, tallies] = files(&store.dir);
    if !force && made.recorded_at(&record) && hardest.is_file() && tallies.is_file() {
        return Ok(Status::Kept);
    }
    remove(&store.dir)?;
    let mut digest = compute(store)?;
    if let Ok(game) = store.id.game() {
        compute::write_solutions(&mut digest, &game)?;
    }
    let extras = Extras::default();
    write_frame(
        &hardest,
        Table::Hardest,
        extras,
        &stored::hardest(&digest)?,
        metadata,
    )?;
    write_frame(
        &tallies,
        Table::Tallies,
        extras,
        &stored::tallies(&digest)?,
        metadata,
    )?;
    made.write(&record)?;
    Ok(Status::Written)
}

/// Removes the digest of the corpus folder `dir`, record first (its tables are about to
/// change, and a digest without its record is never read).
pub fn remove(dir: &Path) -> Result<()> {
    let [hardest, tallies] = files(dir);
    for p in [dir.join(RECORD), hardest, tallies] {
        // Shards finishing together may remove it at once.
        match fs::remove_file(&p) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(file_error(&p, e)),
            _ => {}
        }
    }
    Ok(())
}

/// The digest beside `store`'s tables when it was made from these very tables, by any build
/// that writes this layout; `None` when there is none (tables of an older build, or a run
/// still going) or it was made from other tables.
pub fn read(store: &CorpusStore) -> Result<Option<Digest>, ReadError> {
    let path = store.dir.join(RECORD);
    let Ok(text) = fs::read_to_string(&path) else {
        return Ok(None);
    };
    let Ok(before) = serde_json::from_str::<Made>(&text) else {
        return Ok(None);
    };
    let now = inputs(store).map_err(|e| store.absent(e.to_string()))?;
    let now = serde_json::to_value(&now).map_err(|e| store.absent(e.to_string()))?;
    if before.request != now || !files(&store.dir).iter().all(|f| f.is_file()) {
        return Ok(None);
    }
    let hardest = store.table(Table::Hardest)?;
    let tallies = store.table(Table::Tallies)?;
    let names = |t: Table| -> Vec<&'static str> { t.columns().iter().map(|c| c.name).collect() };
    let hardest_df = hardest.read(&names(Table::Hardest))?;
    let tallies_df = tallies.read(&names(Table::Tallies))?;
    let targets = store.targets()?;
    let lo = targets.iter().map(|r| r.target).min().unwrap_or(0);
    let hi = targets.iter().map(|r| r.target).max().unwrap_or(0);
    let first = |t: &read::TableFiles| t.first_file().to_path_buf();
    let hardest_path = first(&hardest);
    let digest = read_back::digest(&hardest_df, &tallies_df, (lo, hi)).map_err(|source| {
        ReadError::Parquet {
            path: hardest_path,
            source,
        }
    })?;
    Ok(Some(digest))
}
