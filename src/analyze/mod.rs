//! `digits-lab analyze`: every board of a corpus against every target of its range, boards in
//! parallel, into the tables of [`crate::store`] under `<out>/<corpus>/`.
//!
//! How a run is organised, and why:
//! - Sub-boards shared by many boards are computed once ([`SubTableCache`]), as far as a
//!   memory budget allows; each board then computes only its larger sub-boards and its own
//!   table ([`board`]).
//! - A board's own table is limited to a window of integers above the target range (integer
//!   games only): most of its values are reached only by the whole board and lie far beyond
//!   every target. The window ends at `hi + hi / 10 + 10` for targets up to `hi`; a missed
//!   target whose closest value might lie beyond it is solved again without the window.
//! - Boards go in fixed chunks; a chunk is computed in parallel, then its rows are written as
//!   one row group by a writer thread while the next chunk computes ([`rows`]). Output
//!   depends only on the chunk order, so it is byte-for-byte the same for any thread count.
//! - `--shard K/N` ([`Shard`]) takes every N-th board and writes part files `part-K-of-N`.
//!   Per-target sums are kept as exact integers (deal counts), so the summary built from all
//!   shards' sums is identical to a single run's ([`targets`]).

mod board;
mod memory;
mod rows;
mod targets;

use std::fs;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use serde::Serialize;

use crate::corpus::cache::SubTableCache;
use crate::corpus::{Corpus, Shard};
use crate::error::{Error, Result};
use crate::game::board::Board;
use crate::game::number::{Int, Number, Rational};
use crate::game::rules::{Arithmetic, Game};
use crate::store::schema::Table;
use crate::store::write::{self, PartWriter, io_error, part_name};

use board::BoardResult;
use rows::Tally;

/// How to run.
#[derive(Clone, Debug)]
pub struct Options {
    /// The folder that gets one sub-folder per corpus.
    pub out: PathBuf,
    pub shard: Shard,
    /// No progress bar even on a terminal.
    pub quiet: bool,
    /// Bytes the shared sub-board tables may take.
    pub cache_budget: usize,
}

/// What a run did, also written as `run-K-of-N.json`.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    pub corpus: String,
    pub version: &'static str,
    pub game: Game,
    pub shard: Shard,
    pub boards: usize,
    pub puzzles: u64,
    pub solvable: u64,
    pub unique: u64,
    /// Sub-board sizes whose tables were shared across boards, and their bytes.
    pub cached_levels: usize,
    pub cache_bytes: usize,
    pub threads: usize,
    pub seconds: f64,
    /// Whether this run completed the corpus's `targets.parquet` (every shard present).
    pub targets_written: bool,
}

/// Runs `corpus` and writes its tables; returns what was done.
pub fn analyze(corpus: &Corpus, opts: &Options) -> Result<Summary> {
    memory::check(corpus, rayon::current_num_threads(), opts.cache_budget)?;
    let dir = opts.out.join(corpus.name());
    prepare(&dir, opts.shard)?;
    match corpus.game.rules.arithmetic {
        Arithmetic::PositiveIntegers => run::<Int>(corpus, opts, &dir),
        Arithmetic::Rationals => run::<Rational>(corpus, opts, &dir),
    }
}

/// Creates the corpus folder, checks it can be written before any work, and removes what a
/// previous run of this shard (or of another sharding) left: old parts, temporaries, and the
/// summary, which is rebuilt once every shard is present.
fn prepare(dir: &Path, shard: Shard) -> Result<()> {
    let folders = || Table::ALL.into_iter().filter(|t| t.has_parts());
    for t in folders() {
        let d = dir.join(t.name());
        fs::create_dir_all(&d).map_err(|e| io_error(&d, e))?;
    }
    let probe = dir.join(".write-test");
    fs::write(&probe, b"").map_err(|e| io_error(dir, format!("cannot write here: {e}")))?;
    fs::remove_file(&probe).map_err(|e| io_error(&probe, e))?;
    let other_sharding = format!("-of-{}.", shard.n);
    for t in folders() {
        let d = dir.join(t.name());
        for entry in fs::read_dir(&d).map_err(|e| io_error(&d, e))?.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let stale = name.ends_with(".tmp")
                || (name.starts_with("part-") && !name.contains(&other_sharding))
                || name == part_name(shard.k, shard.n);
            if stale {
                fs::remove_file(entry.path()).map_err(|e| io_error(&entry.path(), e))?;
            }
        }
    }
    let summary = dir.join("targets.parquet");
    if summary.exists() {
        fs::remove_file(&summary).map_err(|e| io_error(&summary, e))?;
    }
    Ok(())
}

fn run<V: Number + Send + Sync>(corpus: &Corpus, opts: &Options, dir: &Path) -> Result<Summary> {
    let started = Instant::now();
    let game = &corpus.game;
    let shard = opts.shard;
    let positions = shard.positions(corpus.boards.len());
    let (lo, hi) = (*game.targets.start(), *game.targets.end());
    let chunk = memory::chunk_boards(u64::try_from(hi - lo + 1).unwrap_or(u64::MAX));
    let boards: Vec<&Board> = positions.iter().map(|&i| &corpus.boards[i].board).collect();
    let cache = SubTableCache::<V>::build(
        game,
        &boards,
        game.size.saturating_sub(1),
        opts.cache_budget,
    )?;
    let window = memory::window(hi);
    let meta = metadata(corpus, Some(shard))?;
    let progress = progress_bar(positions.len() as u64, opts.quiet);

    let part = part_name(shard.k, shard.n);
    let (tx, rx) = mpsc::sync_channel::<(usize, Vec<BoardResult>)>(2);
    let writer = |rx: mpsc::Receiver<(usize, Vec<BoardResult>)>| -> Result<Tally> {
        let mut tally = Tally::new(corpus, &positions);
        let extras = tally.extras();
        let mut puzzles: Option<PartWriter> = None;
        let mut unique: Option<PartWriter> = None;
        for (first, results) in rx {
            let (p, u) = tally.chunk(&positions[first..first + results.len()], &results)?;
            for (writer, table, df) in [
                (&mut puzzles, Table::Puzzles, &p),
                (&mut unique, Table::Unique, &u),
            ] {
                let w = match writer {
                    Some(w) => w,
                    None => writer.insert(PartWriter::create(
                        &dir.join(table.name()).join(&part),
                        table,
                        extras,
                        &meta,
                    )?),
                };
                w.write(df)?;
            }
        }
        if let (Some(p), Some(u)) = (puzzles, unique) {
            p.finish()?;
            u.finish()?;
        }
        Ok(tally)
    };
    let tally = std::thread::scope(|scope| -> Result<Tally> {
        let handle = scope.spawn(move || writer(rx));
        let computed = (|| -> Result<()> {
            for (c, members) in positions.chunks(chunk).enumerate() {
                let boards: Vec<&Board> =
                    members.iter().map(|&i| &corpus.boards[i].board).collect();
                let shared = cache.for_chunk(game, &boards)?;
                let results: Vec<BoardResult> = members
                    .par_iter()
                    .map(|&i| {
                        let r = board::analyze::<V>(corpus, i, window, &shared);
                        progress.inc(1);
                        r
                    })
                    .collect::<Result<_>>()?;
                if tx.send((c * chunk, results)).is_err() {
                    break; // the writer failed; its error is reported below
                }
            }
            Ok(())
        })();
        drop(tx);
        let tally = handle.join().expect("the writer thread does not panic");
        computed?;
        tally
    })?;
    progress.finish_and_clear();

    let extras = tally.extras();
    for (table, df) in [
        (Table::Boards, tally.boards_frame()?),
        (Table::Sums, tally.sums_frame()?),
    ] {
        let dest = dir.join(table.name()).join(&part);
        write::write_frame(&dest, table, extras, &df, &meta)?;
    }
    // The summary covers every shard, so its metadata names none.
    let targets_written = targets::write(dir, corpus, shard.n, &metadata(corpus, None)?)?;
    let summary = Summary {
        corpus: corpus.name(),
        version: env!("CARGO_PKG_VERSION"),
        game: game.clone(),
        shard,
        boards: positions.len(),
        puzzles: tally.rows,
        solvable: tally.solvable,
        unique: tally.unique,
        cached_levels: cache.levels,
        cache_bytes: cache.bytes,
        threads: rayon::current_num_threads(),
        seconds: started.elapsed().as_secs_f64(),
        targets_written,
    };
    let json = serde_json::to_string_pretty(&summary).map_err(|e| Error::Io(e.to_string()))?;
    write::write_text(
        &dir.join(format!("run-{}-of-{}.json", shard.k, shard.n)),
        &(json + "\n"),
    )?;
    Ok(summary)
}

/// The key-value metadata of every file: what produced it (no timing, so the bytes depend
/// only on the inputs).
fn metadata(corpus: &Corpus, shard: Option<Shard>) -> Result<Vec<(String, String)>> {
    #[derive(Serialize)]
    struct Meta<'a> {
        program: &'static str,
        version: &'static str,
        corpus: &'a str,
        game: &'a Game,
        #[serde(skip_serializing_if = "Option::is_none")]
        shard: Option<Shard>,
    }
    let m = Meta {
        program: "digits-lab",
        version: env!("CARGO_PKG_VERSION"),
        corpus: corpus.id.name(),
        game: &corpus.game,
        shard,
    };
    Ok(vec![(
        "digits-lab".to_string(),
        serde_json::to_string(&m).map_err(|e| Error::Io(e.to_string()))?,
    )])
}

fn progress_bar(len: u64, quiet: bool) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
    pb.set_style(
        ProgressStyle::with_template("{msg} {bar:40} {pos}/{len} boards · {per_sec} · ETA {eta}")
            .expect("the template is valid"),
    );
    pb
}
