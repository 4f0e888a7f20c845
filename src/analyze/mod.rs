//! `digits-lab analyze`: every board of a corpus against every target of its range, boards in
//! parallel, into the tables of [`crate::store`] under `<out>/<corpus>/`.
//!
//! How a run is organised, and why:
//! - Sub-boards shared by many boards are computed once ([`SubTableCache`]), as far as a
//!   memory budget allows; each board then computes only its larger sub-boards and its own
//!   table ([`full_board`]).
//! - A board's own table is limited to a window of integers above the target range (integer
//!   games only): most of its values are reached only by the whole board and lie far beyond
//!   every target. The window ends at `hi + hi / 10 + 10` for targets up to `hi`; a missed
//!   target whose closest value might lie beyond it is solved again without the window.
//! - Boards go in fixed chunks; a chunk is computed in parallel, then its rows are written as
//!   one row group by a writer thread while the next chunk computes ([`table_rows`]). Output
//!   depends only on the chunk order, so it is byte-for-byte the same for any thread count.
//! - `--shard K/N` ([`Shard`]) takes every N-th board and writes part files `part-K-of-N`.
//!   Per-target sums are kept as exact integers (deal counts), so the summary built from all
//!   shards' sums is identical to a single run's ([`targets`]).
//! - `--reach-only` ([`Options::reach_only`]) runs the same pieces with the reachability
//!   engine instead ([`piece::Fill`]: `full_board` for the full engine, `reach_board` for
//!   reachability): only solvable, `min_ops` and the closest value, the tables written with
//!   those columns only.
//! - Once every shard is in, the corpus's digest ([`crate::digest`]) is computed from the
//!   complete tables and written beside them: the hardest lists with the player's exact walks
//!   and their solutions written out, and the tallies of `puzzles` the report draws, so that
//!   the report and `hardest` only read ([`Summary::digest`]).
//! - A shard whose plan (the request and the build, `plan-K-of-N.json`) is the one this run
//!   would write, and whose every piece and summary is there, is kept, not recomputed
//!   ([`Summary::kept`]); so is a digest this build made from these very tables;
//!   [`Options::force`] recomputes both all the same.

mod chunk_frames;
mod closest;
mod columns;
mod full_board;
mod layout;
mod memory;
mod piece;
mod reach_board;
mod table_rows;
mod targets;

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Instant;

use serde::{Deserialize, Serialize};

use crate::corpus::cache::{LevelCache, ReachCache, SubTableCache};
use crate::corpus::carry::{Cached, Carry};
use crate::corpus::{Corpus, Shard};
use crate::digest;
use crate::error::{Error, Result};
use crate::game::board::Board;
use crate::game::number::Number;
use crate::game::rule_set::Game;
use crate::progress::Progress;
use crate::store::fingerprint::BUILD;
use crate::store::read::CorpusStore;
use crate::store::schema::Table;
use crate::store::write;

use full_board::Full;
use layout::Plan;
use piece::{Piece, Totals};
use reach_board::ReachOnly;

/// How to run.
#[derive(Clone, Debug)]
pub struct Options {
    /// The folder that gets one sub-folder per corpus.
    pub out: PathBuf,
    pub shard: Shard,
    /// Bytes the shared sub-board tables may take.
    pub cache_budget: usize,
    /// Keep the pieces an earlier, stopped run of the same request finished, and compute only
    /// the others.
    pub resume: bool,
    /// Compute only what reachability gives (solvable, `min_ops`, the closest value) and
    /// write the tables with those columns only (`docs/TABLES.md`, *Reach-only tables*).
    pub reach_only: bool,
    /// Recompute even tables that this build wrote for the same request.
    pub force: bool,
}

/// What a run did, also written as `run-K-of-N.json`.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    pub corpus: String,
    pub version: &'static str,
    /// The build that computed the tables ([`crate::store::fingerprint::BUILD`]).
    pub build: &'static str,
    /// Whether the tables were already there, written by this build for the same request,
    /// and kept (the counts are theirs, the time this run's).
    pub kept: bool,
    pub game: Game,
    pub shard: Shard,
    pub boards: usize,
    /// The shard's pieces, and how many of them an earlier run had finished.
    pub pieces: usize,
    pub pieces_resumed: usize,
    /// Rows written by this run (not counting the pieces resumed).
    pub puzzles: u64,
    pub solvable: u64,
    pub unique: u64,
    /// The largest sub-board size whose tables were shared across the run's boards, how many
    /// tables were, and their bytes (bounded by `--cache-mb`).
    pub cached_levels: usize,
    pub cached_tables: usize,
    pub cache_bytes: usize,
    pub threads: usize,
    pub seconds: f64,
    /// Whether this run completed the corpus's `targets.parquet` (every shard present).
    pub targets_written: bool,
    /// What became of the corpus's digest once its tables were complete: written, or kept
    /// (this build's, of these very tables); `None` while shards are missing, and for a
    /// reach-only run, which has none.
    pub digest: Option<digest::Status>,
    /// Seconds the digest took (the walks and solutions of the hardest lists).
    pub digest_seconds: f64,
}

/// Runs `corpus` and writes its tables, telling `progress` of each board; returns what was
/// done.
pub fn analyze(corpus: &Corpus, opts: &Options, progress: &dyn Progress) -> Result<Summary> {
    memory::check(corpus, rayon::current_num_threads(), opts.cache_budget)?;
    let dir = opts.out.join(corpus.name());
    crate::with_number_type!(
        corpus.game.rules.arithmetic,
        V => run::<V>(corpus, opts, &dir, progress)
    )
}

fn run<V: Number + Send + Sync>(
    corpus: &Corpus,
    opts: &Options,
    dir: &Path,
    progress: &dyn Progress,
) -> Result<Summary> {
    let started = Instant::now();
    let shard = opts.shard;
    let plan = Plan::of(corpus, shard)?.with_reach_only(opts.reach_only);
    if !opts.force
        && let Some(summary) = kept(corpus, &plan, dir, (shard, opts.reach_only), started)?
    {
        return Ok(summary);
    }
    start_tables(&plan, dir, opts)?;
    let done = plan.complete(dir);
    let positions = shard.positions(corpus.boards.len());
    let pieces: Vec<&[usize]> = positions.chunks(plan.piece_boards().max(1)).collect();
    let todo: Vec<usize> = (0..pieces.len()).filter(|&p| !done[p]).collect();
    // The boards still to compute, listed again for each level the cache fills rather than
    // held: a corpus may have millions.
    let boards = || {
        todo.iter()
            .flat_map(|&p| pieces[p])
            .map(|&i| corpus.boards.board(i))
    };
    let meta = metadata(corpus, Some(shard), opts.reach_only)?;
    progress.start(&corpus.name(), "boards", Some(positions.len() as u64));
    let resumed: usize = (0..pieces.len())
        .filter(|&p| done[p])
        .map(|p| pieces[p].len())
        .sum();
    progress.advance(resumed as u64);
    let piece_boards = plan.piece_boards().max(1);
    let piece = |p: usize| Piece {
        corpus,
        dir,
        shard,
        index: p,
        positions: pieces[p],
        onward: &positions[p * piece_boards..],
        chunk_boards: plan.chunk_boards(),
        meta: &meta,
    };
    let to_run: Vec<Piece> = todo.iter().map(|&p| piece(p)).collect();
    let (totals, cache) = run_pieces::<V, _>(corpus, opts, &to_run, boards, progress)?;
    progress.finish();
    // The summary covers every shard, so its metadata names none.
    let targets_written = targets::write(dir, corpus, shard.n)?;
    let (digest, digest_seconds) =
        digested(corpus, dir, targets_written && !opts.reach_only, opts.force)?;
    let done = Finished {
        build: BUILD.to_string(),
        boards: positions.len(),
        pieces: pieces.len(),
        puzzles: totals.rows,
        solvable: totals.solvable,
        unique: totals.unique,
        cached_levels: cache.levels,
        cached_tables: cache.tables,
        cache_bytes: cache.bytes,
        targets_written,
    };
    let resumed = pieces.len() - todo.len();
    summarized(
        corpus,
        dir,
        (shard, false),
        &done,
        resumed,
        started,
        (digest, digest_seconds),
    )
}

/// Makes `dir` ready for the run of `plan`: its finished pieces kept with `--resume` (refused
/// when they were written for another request), everything else of the shard removed, and
/// the plan written.
fn start_tables(plan: &Plan, dir: &Path, opts: &Options) -> Result<()> {
    let shard = opts.shard;
    let keep = opts.resume && plan.resumable(dir)?;
    if opts.resume
        && !keep
        && dir
            .join(format!("plan-{}-of-{}.json", shard.k, shard.n))
            .exists()
    {
        return Err(Error::input(format!(
            "--resume: the tables under {} were written for another request (corpus, game, \
             targets, sharding, version or --reach-only); run without --resume to start again",
            dir.display()
        )));
    }
    layout::prepare(dir, shard, keep, opts.reach_only)?;
    plan.write(dir)
}

/// How much of the sub-board tables the run shared across boards.
struct CacheUse {
    levels: usize,
    tables: usize,
    bytes: usize,
}

impl CacheUse {
    fn of<T: Cached>(cache: &LevelCache<T>) -> CacheUse {
        CacheUse {
            levels: cache.levels,
            tables: cache.tables(),
            bytes: cache.bytes,
        }
    }
}

/// Computes and writes the pieces `to_run` (their boards listed by `boards`), with the
/// sub-board tables of every level but the whole board's shared across them: reachability
/// only, or every count.
fn run_pieces<V: Number + Send + Sync, I: Iterator<Item = Board>>(
    corpus: &Corpus,
    opts: &Options,
    to_run: &[Piece],
    boards: impl Fn() -> I,
    progress: &dyn Progress,
) -> Result<(Totals, CacheUse)> {
    let game = &corpus.game;
    let max_level = game.size.saturating_sub(1);
    if opts.reach_only {
        let window = reach_window(game);
        let hi = window.map(|w| w.hi);
        let cache =
            ReachCache::<V>::of_rules(&game.rules, boards, max_level, opts.cache_budget, hi)?;
        let fill = ReachOnly {
            cache: &cache,
            window,
        };
        let totals = piece::run_pieces(to_run, &fill, progress)?;
        Ok((totals, CacheUse::of(&cache)))
    } else {
        let cache = SubTableCache::<V>::of_game(game, boards, max_level, opts.cache_budget)?;
        let fill = Full {
            cache: &cache,
            carry: Mutex::new(Carry::new(opts.cache_budget)),
            window: memory::window(*game.targets.end()),
        };
        let totals = piece::run_pieces(to_run, &fill, progress)?;
        Ok((totals, CacheUse::of(&cache)))
    }
}

/// Brings the digest of `corpus`'s complete tables in `dir` up to date when `complete`
/// (kept when this build made it from these very tables, unless `force`); what became of it
/// and the seconds it took.
fn digested(
    corpus: &Corpus,
    dir: &Path,
    complete: bool,
    force: bool,
) -> Result<(Option<digest::Status>, f64)> {
    if !complete {
        return Ok((None, 0.0));
    }
    let started = Instant::now();
    let store = CorpusStore {
        id: corpus.id.clone(),
        dir: dir.to_path_buf(),
    };
    let status = digest::update(&store, &metadata(corpus, None, false)?, force)?;
    Ok((Some(status), started.elapsed().as_secs_f64()))
}

/// The summary file of a shard's run.
fn summary_path(dir: &Path, shard: Shard) -> PathBuf {
    dir.join(format!("run-{}-of-{}.json", shard.k, shard.n))
}

/// The summary of a shard's run, computed (`kept` false) or kept, written beside its tables:
/// the counts of `done`, `resumed` of its pieces finished before, this run's time and the
/// corpus's digest with the seconds it took.
fn summarized(
    corpus: &Corpus,
    dir: &Path,
    (shard, kept): (Shard, bool),
    done: &Finished,
    resumed: usize,
    started: Instant,
    (digest, digest_seconds): (Option<digest::Status>, f64),
) -> Result<Summary> {
    let summary = Summary {
        corpus: corpus.name(),
        version: env!("CARGO_PKG_VERSION"),
        build: BUILD,
        kept,
        game: corpus.game.clone(),
        shard,
        boards: done.boards,
        pieces: done.pieces,
        pieces_resumed: resumed,
        puzzles: done.puzzles,
        solvable: done.solvable,
        unique: done.unique,
        cached_levels: done.cached_levels,
        cached_tables: done.cached_tables,
        cache_bytes: done.cache_bytes,
        threads: rayon::current_num_threads(),
        seconds: started.elapsed().as_secs_f64(),
        targets_written: done.targets_written,
        digest,
        digest_seconds,
    };
    let json = serde_json::to_string_pretty(&summary)
        .map_err(|e| Error::failed("writing the summary", e))?;
    write::write_text(&summary_path(dir, shard), &(json + "\n"))?;
    Ok(summary)
}

/// What a finished run's summary file says of its tables, read back to keep them; and what
/// a run computed, which its summary reports.
#[derive(Deserialize)]
struct Finished {
    build: String,
    boards: usize,
    pieces: usize,
    puzzles: u64,
    solvable: u64,
    unique: u64,
    cached_levels: usize,
    cached_tables: usize,
    cache_bytes: usize,
    targets_written: bool,
}

/// The summary of a shard this build finished for the very same plan, when every piece and
/// the summary file are there (and the corpus's `targets` table, when that run wrote it;
/// written now when every shard is in); `None` when anything must be computed.
fn kept(
    corpus: &Corpus,
    plan: &Plan,
    dir: &Path,
    (shard, reach_only): (Shard, bool),
    started: Instant,
) -> Result<Option<Summary>> {
    if !plan.resumable(dir)? || !plan.complete(dir).iter().all(|&c| c) {
        return Ok(None);
    }
    let Some(before) = std::fs::read_to_string(summary_path(dir, shard))
        .ok()
        .and_then(|text| serde_json::from_str::<Finished>(&text).ok())
        .filter(|f| f.build == BUILD && f.pieces == plan.pieces())
    else {
        return Ok(None);
    };
    let summary_file = dir.join(format!("{}.parquet", Table::Targets.name()));
    let targets_written = match summary_file.is_file() {
        true => true,
        false if before.targets_written => return Ok(None),
        false => targets::write(dir, corpus, shard.n)?,
    };
    // The tables are kept; their digest is written again only when it is not this build's
    // of them (missing, or made by another build).
    let (digest, digest_seconds) = digested(corpus, dir, targets_written && !reach_only, false)?;
    let before = Finished {
        targets_written,
        ..before
    };
    let pieces = before.pieces;
    let digest = (digest, digest_seconds);
    summarized(corpus, dir, (shard, true), &before, pieces, started, digest).map(Some)
}

/// The window a reach-only run gives the reachability engine: the full run's, when it is
/// within [`crate::engine::reach::MAX_WINDOW`] (else every table is built complete).
fn reach_window(game: &Game) -> Option<crate::engine::Window> {
    Some(memory::window(*game.targets.end())).filter(|w| w.hi <= crate::engine::reach::MAX_WINDOW)
}

/// The summaries written, one `targets.parquet` per corpus, and each corpus's digest.
#[derive(Clone, Debug, Default)]
pub struct GatherReport {
    pub written: Vec<PathBuf>,
    /// Per corpus: its folder, and what became of its digest (`None` for reach-only tables).
    pub digests: Vec<(PathBuf, Option<digest::Status>)>,
}

/// Writes `targets.parquet` of `corpus` under `out` from the `sums` of all `n` shards,
/// computing no board (for shards that ran elsewhere and were gathered into one folder),
/// then the corpus's digest from the complete tables (kept when this build made it from
/// these very tables); refuses, naming the shards to rerun, when some are missing or
/// unfinished.
pub fn gather(out: &Path, corpus: &Corpus, n: usize) -> Result<Option<digest::Status>> {
    let dir = out.join(corpus.name());
    targets::gather(&dir, corpus, n)?;
    // Tables just gathered that cannot be opened are broken files, not the user's request.
    let store = CorpusStore::open(out, &corpus.id)
        .map_err(|e| Error::Phase(crate::error::PhaseError::new(e, false)))?;
    Ok(digested(corpus, &dir, !store.reach_only(), false)?.0)
}

/// The key-value metadata of every file: what produced it (no timing, so the bytes depend
/// only on the inputs), and `"reach_only": true` for a reach-only run's files.
fn metadata(
    corpus: &Corpus,
    shard: Option<Shard>,
    reach_only: bool,
) -> Result<Vec<(String, String)>> {
    #[derive(Serialize)]
    struct Meta<'a> {
        program: &'static str,
        version: &'static str,
        corpus: &'a str,
        game: &'a Game,
        #[serde(skip_serializing_if = "Option::is_none")]
        shard: Option<Shard>,
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        reach_only: bool,
    }
    let m = Meta {
        program: "digits-lab",
        version: env!("CARGO_PKG_VERSION"),
        corpus: corpus.id.name(),
        game: &corpus.game,
        shard,
        reach_only,
    };
    Ok(vec![(
        "digits-lab".to_string(),
        serde_json::to_string(&m).map_err(|e| Error::failed("writing the metadata", e))?,
    )])
}
