//! How a run's output is cut into files: shard `k` of `n` takes every `n`-th board, and its
//! boards are cut into pieces of consecutive chunks. Each piece is complete on its own — its
//! `boards`, `puzzles`, `unique` and `sums` files, each written under a hidden name and
//! renamed into place — so a run that is stopped keeps its finished pieces, and
//! `analyze --resume` computes only the others. The shard's plan (`plan-K-of-N.json`), written
//! before its first piece, says what its pieces are and which build computes them, so that a
//! resumed run can tell pieces of the same request from stale ones, and a rerun can keep a
//! shard whose every piece this very plan finished.

use std::fs;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::corpus::{Corpus, Shard};
use crate::error::file_error;
use crate::error::{Error, Result};
use crate::store::fingerprint::BUILD;
use crate::store::schema::Table;
use crate::store::write::write_text;

use super::memory;

/// Chunks per piece: 16 chunks of 256 boards for corpora of up to 1,000 targets.
const PIECE_CHUNKS: usize = 16;

/// The tables written per piece (`targets` is written once for the whole corpus).
pub(super) const PIECE_TABLES: [Table; 4] =
    [Table::Boards, Table::Puzzles, Table::Unique, Table::Sums];

/// What a shard of a run writes: which boards go in which piece, and the request they answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(super) struct Plan {
    program: String,
    version: String,
    /// The build that computes the pieces ([`BUILD`]): another build recomputes them.
    #[serde(default)]
    build: String,
    corpus: String,
    /// The game as JSON, so that any change of rules, pool or targets makes another plan.
    game: serde_json::Value,
    shard: Shard,
    /// Boards in the corpus ([`crate::corpus::Boards::fingerprint`], so that other boards
    /// of the same count make another plan), in the shard, and per chunk and piece.
    #[serde(default)]
    corpus_fingerprint: String,
    corpus_boards: usize,
    boards: usize,
    chunk_boards: usize,
    piece_boards: usize,
    pieces: usize,
    /// A reach-only run (`--reach-only`), whose pieces have no `unique` file.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    reach_only: bool,
}

impl Plan {
    /// The plan of shard `shard` of `corpus`.
    pub fn of(corpus: &Corpus, shard: Shard) -> Result<Plan> {
        let chunk_boards = memory::chunk_boards(targets(corpus));
        let piece_boards = chunk_boards * PIECE_CHUNKS;
        let boards = shard.positions(corpus.boards.len()).len();
        Ok(Plan {
            program: "digits-lab".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            build: BUILD.into(),
            corpus: corpus.name(),
            game: serde_json::to_value(&corpus.game)
                .map_err(|e| Error::failed("writing the plan", e))?,
            shard,
            corpus_fingerprint: format!("{:016x}", corpus.boards.fingerprint()),
            corpus_boards: corpus.boards.len(),
            boards,
            chunk_boards,
            piece_boards,
            pieces: boards.div_ceil(piece_boards),
            reach_only: false,
        })
    }

    /// The same plan for a reach-only run when `reach_only`.
    pub fn with_reach_only(mut self, reach_only: bool) -> Plan {
        self.reach_only = reach_only;
        self
    }

    /// The tables each piece writes.
    fn tables(&self) -> &'static [Table] {
        piece_tables(self.reach_only)
    }

    pub fn chunk_boards(&self) -> usize {
        self.chunk_boards
    }

    pub fn piece_boards(&self) -> usize {
        self.piece_boards
    }

    pub fn pieces(&self) -> usize {
        self.pieces
    }

    /// The plan file of the shard in `dir`.
    fn path(dir: &Path, shard: Shard) -> PathBuf {
        dir.join(format!("plan-{}-of-{}.json", shard.k, shard.n))
    }

    /// Writes the plan into `dir`.
    pub fn write(&self, dir: &Path) -> Result<()> {
        let json =
            serde_json::to_string_pretty(self).map_err(|e| Error::failed("writing the plan", e))?;
        write_text(&Plan::path(dir, self.shard), &(json + "\n"))
    }

    /// Whether `dir` holds pieces of this very plan, which a resumed run may keep.
    pub fn resumable(&self, dir: &Path) -> Result<bool> {
        let path = Plan::path(dir, self.shard);
        let Ok(text) = fs::read_to_string(&path) else {
            return Ok(false);
        };
        let before: Plan = serde_json::from_str(&text).map_err(|e| file_error(&path, e))?;
        Ok(before == *self)
    }

    /// Which of the plan's pieces are complete in `dir`: every table's file is there.
    pub fn complete(&self, dir: &Path) -> Vec<bool> {
        (0..self.pieces)
            .map(|p| {
                self.tables()
                    .iter()
                    .all(|t| file(dir, *t, self.shard, p).is_file())
            })
            .collect()
    }
}

/// The tables each piece of a run writes: a reach-only run writes no `unique`.
pub(super) fn piece_tables(reach_only: bool) -> &'static [Table] {
    if reach_only {
        &[Table::Boards, Table::Puzzles, Table::Sums]
    } else {
        &PIECE_TABLES
    }
}

/// How many targets each board of the corpus is asked about.
fn targets(corpus: &Corpus) -> u64 {
    let r = &corpus.game.targets;
    u64::try_from(r.end() - r.start() + 1).unwrap_or(u64::MAX)
}

/// The file of piece `p` (from 0) of shard `shard` in table `table`'s folder:
/// `<table>/part-K-of-N.piece-P.parquet`, `P` from 1 and four digits or more.
pub(super) fn file(dir: &Path, table: Table, shard: Shard, p: usize) -> PathBuf {
    dir.join(table.name()).join(format!(
        "part-{}-of-{}.piece-{:04}.parquet",
        shard.k,
        shard.n,
        p + 1
    ))
}

/// Creates the corpus folder, checks it can be written before any work, and removes what
/// would make the tables wrong: files of another sharding of the corpus, the summary and the
/// digest (rebuilt once every shard is in), this shard's temporaries, and — unless `keep_pieces` — this
/// shard's pieces. Other shards' files and temporaries are left alone: they may be running
/// into the same folder. A reach-only run makes no `unique` folder, and removes an empty one
/// an earlier run of this shard leaves.
pub(super) fn prepare(dir: &Path, shard: Shard, keep_pieces: bool, reach_only: bool) -> Result<()> {
    let folders = || {
        PIECE_TABLES
            .iter()
            .map(|t| dir.join(t.name()))
            .filter(|d| d.is_dir())
    };
    for t in piece_tables(reach_only) {
        let d = dir.join(t.name());
        fs::create_dir_all(&d).map_err(|e| file_error(&d, e))?;
    }
    let probe = dir.join(format!(".write-test-{}-of-{}", shard.k, shard.n));
    fs::write(&probe, b"").map_err(|e| file_error(dir, format!("cannot write here: {e}")))?;
    fs::remove_file(&probe).map_err(|e| file_error(&probe, e))?;
    let mine = format!("part-{}-of-{}.", shard.k, shard.n);
    let same_sharding = format!("-of-{}.", shard.n);
    for d in folders() {
        for entry in fs::read_dir(&d).map_err(|e| file_error(&d, e))?.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let plain = name.trim_start_matches('.');
            if !plain.starts_with("part-") {
                continue;
            }
            let stale = !plain.contains(&same_sharding)
                || (plain.starts_with(&mine) && (name.starts_with('.') || !keep_pieces));
            if stale {
                fs::remove_file(entry.path()).map_err(|e| file_error(&entry.path(), e))?;
            }
        }
    }
    let unique = dir.join(Table::Unique.name());
    if reach_only && fs::read_dir(&unique).is_ok_and(|mut d| d.next().is_none()) {
        fs::remove_dir(&unique).map_err(|e| file_error(&unique, e))?;
    }
    let summary = dir.join(format!("{}.parquet", Table::Targets.name()));
    if summary.exists() {
        fs::remove_file(&summary).map_err(|e| file_error(&summary, e))?;
    }
    // Made from the tables about to change (rebuilt with the summary).
    crate::digest::record::remove(dir)
}

/// The `sums` files of every shard of a run of `corpus` in `n` shards, by shard: what the
/// corpus-wide summary is built from.
pub(super) fn all_sums(dir: &Path, corpus: &Corpus, n: usize) -> Result<Vec<Vec<PathBuf>>> {
    let piece_boards = memory::chunk_boards(targets(corpus)) * PIECE_CHUNKS;
    Ok((1..=n)
        .map(|k| {
            let shard = Shard { k, n };
            let pieces = shard
                .positions(corpus.boards.len())
                .len()
                .div_ceil(piece_boards);
            (0..pieces)
                .map(|p| file(dir, Table::Sums, shard, p))
                .collect()
        })
        .collect())
}
