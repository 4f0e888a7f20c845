//! `digits-lab analyze`: every board of a corpus against every target of its range, boards in
//! parallel, into the Parquet tables of [`crate::store::write`] under `<out>/<corpus>/`.
//!
//! How a run is organised, and why:
//! - Sub-boards shared by many boards are computed once ([`SubTableCache`]), as far as a memory
//!   budget allows; each board then computes only its larger sub-boards and its own table.
//! - A board's own table is limited to a window of integers around the target range
//!   (integer games only): most of its values are reached only by the whole board and lie far
//!   beyond every target. The window reaches up to `max(2 × highest target, largest number)`,
//!   which keeps the closest value of every missed target exact: some reachable value (a
//!   board number) lies within that distance below or above.
//! - Boards go in fixed chunks; a chunk is computed in parallel, then its rows are written as
//!   one row group by a writer thread while the next chunk computes. Output depends only on
//!   the chunk order, so it is byte-for-byte the same for any thread count.
//! - `--shard K/N` takes boards `K-1, K-1+N, …` (round robin, so shards get even work) and
//!   writes part files `part-K-of-N`. Per-target sums are kept as exact integers (deal
//!   counts), so the summary built from all shards' sums is identical to a single run's.

use std::collections::BTreeMap;
use std::fs;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::mpsc;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use polars::prelude::*;
use rayon::prelude::*;
use serde::Serialize;

use crate::corpus::{Corpus, SubTableCache};
use crate::engine::{Counts, Dp, Window};
use crate::error::{Error, Result};
use crate::game::number::{Int, Number, Rational};
use crate::game::rules::{Arithmetic, GameKind};
use crate::puzzle::difficulty::{self, Assessment, ConsecutiveCounts, Features, Setting};
use crate::store::write::{self, PartWriter, frame, io_error, part_name};

/// Boards per chunk (and per row group of `puzzles`).
const CHUNK: usize = 256;

/// One shard of a run: `k` of `n`, from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Shard {
    pub k: usize,
    pub n: usize,
}

impl Default for Shard {
    fn default() -> Self {
        Shard { k: 1, n: 1 }
    }
}

impl FromStr for Shard {
    type Err = Error;
    fn from_str(s: &str) -> Result<Shard> {
        let bad = || Error::input(format!("shard `{s}` is not K/N with 1 ≤ K ≤ N"));
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let (k, n): (usize, usize) = (
            k.trim().parse().map_err(|_| bad())?,
            n.trim().parse().map_err(|_| bad())?,
        );
        if k == 0 || k > n {
            return Err(bad());
        }
        Ok(Shard { k, n })
    }
}

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
    pub game: crate::game::rules::Game,
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

/// The analysis of one board.
struct BoardResult {
    /// Per target of the range, its counts when solvable, else the closest value.
    puzzles: Vec<Puzzle>,
    unique: Vec<Unique>,
}

struct Puzzle {
    counts: Option<Counts>,
    /// The difficulty features and score when solvable.
    difficulty: Option<Assessment>,
    /// `(closest value, distance)` when unsolvable.
    closest: Option<(f64, f64)>,
}

struct Unique {
    target: i64,
    min_ops: u8,
    expressions: u64,
    solution: String,
    moves: String,
}

/// Per-target sums over the boards of one group, as exact integers (`ways` = deals), in the
/// order of [`SUM_COLUMNS`].
#[derive(Clone, Copy, Default)]
struct Sums([u64; 10]);

const SUM_COLUMNS: [&str; 10] = [
    "boards",
    "solving",
    "ways",
    "ways_solving",
    "ways_trees",
    "ways_expressions",
    "ways_distinct",
    "ways_min_ops",
    "unique",
    "ways_unique",
];

impl Sums {
    fn add(&mut self, o: [u64; 10]) -> Result<()> {
        for (a, b) in self.0.iter_mut().zip(o) {
            *a = a.checked_add(b).ok_or(Error::CountOverflow)?;
        }
        Ok(())
    }

    /// `sum[a] / sum[b]`, `None` when nothing is summed.
    fn ratio(&self, a: usize, b: usize) -> Option<f64> {
        (self.0[b] > 0).then(|| self.0[a] as f64 / self.0[b] as f64)
    }
}

/// Runs `corpus` and writes its tables; returns what was done.
pub fn analyze(corpus: &Corpus, opts: &Options) -> Result<Summary> {
    let dir = opts.out.join(&corpus.name);
    prepare(&dir, opts.shard)?;
    match corpus.game.rules.arithmetic {
        Arithmetic::PositiveIntegers => run::<Int>(corpus, opts, &dir),
        Arithmetic::Rationals => run::<Rational>(corpus, opts, &dir),
    }
}

const TABLES: [&str; 4] = ["boards", "puzzles", "unique", "sums"];

/// Creates the corpus folder, checks it can be written before any work, and removes what a
/// previous run of this shard (or of another sharding) left: old parts, temporaries, and the
/// summary, which is rebuilt once every shard is present.
fn prepare(dir: &Path, shard: Shard) -> Result<()> {
    for t in TABLES {
        let d = dir.join(t);
        fs::create_dir_all(&d).map_err(|e| io_error(&d, e))?;
    }
    let probe = dir.join(".write-test");
    fs::write(&probe, b"").map_err(|e| io_error(dir, format!("cannot write here: {e}")))?;
    fs::remove_file(&probe).map_err(|e| io_error(&probe, e))?;
    let other_sharding = format!("-of-{}.", shard.n);
    for t in TABLES {
        let d = dir.join(t);
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
    let ids: Vec<usize> = (shard.k - 1..corpus.boards.len())
        .step_by(shard.n)
        .collect();
    let (lo, hi) = (*game.targets.start(), *game.targets.end());
    let boards: Vec<&crate::game::board::Board> =
        ids.iter().map(|&i| &corpus.boards[i].board).collect();
    let cache = SubTableCache::<V>::build(
        game,
        &boards,
        game.size.saturating_sub(1),
        opts.cache_budget,
    )?;
    let window = Window {
        lo: 1,
        hi: hi.saturating_add(hi / 10 + 10),
    };
    let with_trees = game.kind == GameKind::TwentyFour;
    let meta = metadata(corpus, Some(shard))?;
    let progress = progress_bar(ids.len() as u64, opts.quiet);

    let part = part_name(shard.k, shard.n);
    let (tx, rx) = mpsc::sync_channel::<(usize, Vec<BoardResult>)>(2);
    let writer = |rx: mpsc::Receiver<(usize, Vec<BoardResult>)>| -> Result<Tally> {
        let mut out = Tally::new(corpus, &ids, lo, hi);
        let mut puzzles: Option<PartWriter> = None;
        let mut unique: Option<PartWriter> = None;
        for (first, results) in rx {
            let (p, u) = out.chunk(
                corpus,
                &ids[first..first + results.len()],
                &results,
                with_trees,
            )?;
            for (writer, table, df) in [(&mut puzzles, "puzzles", &p), (&mut unique, "unique", &u)]
            {
                let w = match writer {
                    Some(w) => w,
                    None => writer.insert(PartWriter::create(
                        &dir.join(table).join(&part),
                        df.schema(),
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
        Ok(out)
    };
    let tally = std::thread::scope(|scope| -> Result<Tally> {
        let handle = scope.spawn(move || writer(rx));
        let computed = (|| -> Result<()> {
            for (c, chunk) in ids.chunks(CHUNK).enumerate() {
                let members: Vec<&crate::game::board::Board> =
                    chunk.iter().map(|&i| &corpus.boards[i].board).collect();
                let shared = cache.for_chunk(game, &members)?;
                let results: Vec<BoardResult> = chunk
                    .par_iter()
                    .map(|&i| {
                        let r = analyze_board::<V>(corpus, i, window, &shared, lo, hi);
                        progress.inc(1);
                        r
                    })
                    .collect::<Result<_>>()?;
                if tx.send((c * CHUNK, results)).is_err() {
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

    write::write_frame(
        &dir.join("boards").join(&part),
        &tally.boards_frame(corpus)?,
        &meta,
    )?;
    write::write_frame(&dir.join("sums").join(&part), &tally.sums_frame()?, &meta)?;
    // The summary covers every shard, so its metadata names none.
    let targets_written = write_targets(dir, corpus, shard.n, &metadata(corpus, None)?)?;
    let summary = Summary {
        corpus: corpus.name.clone(),
        version: env!("CARGO_PKG_VERSION"),
        game: game.clone(),
        shard,
        boards: ids.len(),
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
        game: &'a crate::game::rules::Game,
        #[serde(skip_serializing_if = "Option::is_none")]
        shard: Option<Shard>,
    }
    let m = Meta {
        program: "digits-lab",
        version: env!("CARGO_PKG_VERSION"),
        corpus: &corpus.name,
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

/// Solves board `i` of the corpus against every target in `lo..=hi`.
fn analyze_board<V: Number>(
    corpus: &Corpus,
    i: usize,
    window: Window,
    cache: &dyn crate::engine::SubTableSource<V>,
    lo: i64,
    hi: i64,
) -> Result<BoardResult> {
    let rules = &corpus.game.rules;
    let board = &corpus.boards[i].board;
    let dp = Dp::<V>::build_with(board, rules, Some(window), Some(cache))?;
    // The targets' counts, and around them those of the near misses.
    let margin = difficulty::near_miss_radius(hi.max(lo.saturating_abs()));
    let run = ConsecutiveCounts::new(lo - margin, dp.counts_in(lo - margin, hi + margin)?);
    let setting = Setting::of(board);
    // The whole board's table stops at the window, so a closest value is certain only when
    // every value as close lies inside it (there is nothing below 1); the rare board with a
    // missed target whose nearest value lies beyond is rebuilt whole for its closest values.
    let mut whole: Option<Dp<V>> = None;
    let mut puzzles = Vec::with_capacity(usize::try_from(hi - lo + 1).unwrap_or(0));
    let mut unique = Vec::new();
    for target in lo..=hi {
        let counts = run.counts(target);
        let t = V::from_int(target);
        let closest = match (counts, t) {
            (None, Some(t)) => {
                let mut found = dp.closest(t);
                let certain =
                    |f: &Option<(crate::game::number::Wide, Vec<V>)>| match (dp.window(), f) {
                        (None, _) => true,
                        (Some(w), Some((d, _))) => to_f64(*d) + target as f64 <= w.hi as f64,
                        (Some(_), None) => false,
                    };
                if !certain(&found) {
                    if whole.is_none() {
                        whole = Some(Dp::<V>::build_with(board, rules, None, Some(cache))?);
                    }
                    found = whole.as_ref().and_then(|w| w.closest(t));
                }
                found.map(|(d, vs)| (to_f64(vs[0].to_wide()), to_f64(d)))
            }
            _ => None,
        };
        if let (Some(c), Some(t)) = (counts, t)
            && c.distinct == Some(1)
        {
            let e = dp
                .shortest(t)
                .expect("a solvable target has a shortest solution");
            unique.push(Unique {
                target,
                min_ops: c.min_ops as u8,
                expressions: c.expressions,
                solution: e.to_string(),
                moves: e.moves::<V>(rules.limit).join("; "),
            });
        }
        puzzles.push(Puzzle {
            counts,
            difficulty: run.assess(target, setting),
            closest,
        });
    }
    Ok(BoardResult { puzzles, unique })
}

fn to_f64(w: crate::game::number::Wide) -> f64 {
    w.num as f64 / w.den as f64
}

/// What the writer keeps across chunks: the boards' rows and the per-target sums.
struct Tally {
    reached: Vec<u32>,
    /// The corpus's groups, sorted, and per group and target offset, the sums.
    groups: Vec<String>,
    sums: Vec<Vec<Sums>>,
    ids: Vec<usize>,
    lo: i64,
    rows: u64,
    solvable: u64,
    unique: u64,
}

impl Tally {
    fn new(corpus: &Corpus, ids: &[usize], lo: i64, hi: i64) -> Tally {
        let mut groups: Vec<String> = ids
            .iter()
            .map(|&i| corpus.boards[i].group.clone())
            .collect();
        groups.sort_unstable();
        groups.dedup();
        let targets = usize::try_from(hi - lo + 1).unwrap_or(0);
        Tally {
            reached: Vec::with_capacity(ids.len()),
            sums: vec![vec![Sums::default(); targets]; groups.len()],
            groups,
            ids: ids.to_vec(),
            lo,
            rows: 0,
            solvable: 0,
            unique: 0,
        }
    }

    /// Folds one chunk into the sums and returns its `puzzles` and `unique` rows.
    fn chunk(
        &mut self,
        corpus: &Corpus,
        ids: &[usize],
        results: &[BoardResult],
        with_trees: bool,
    ) -> Result<(DataFrame, DataFrame)> {
        let rows: usize = results.iter().map(|r| r.puzzles.len()).sum();
        let mut board_id = Vec::with_capacity(rows);
        let mut target = Vec::with_capacity(rows);
        let mut solvable = Vec::with_capacity(rows);
        let mut min_ops: Vec<Option<u8>> = Vec::with_capacity(rows);
        let mut trees = Vec::with_capacity(rows);
        let mut expressions = Vec::with_capacity(rows);
        let mut distinct: Vec<Option<u64>> = Vec::with_capacity(rows);
        let mut closest: Vec<Option<f64>> = Vec::with_capacity(rows);
        let mut distance: Vec<Option<f64>> = Vec::with_capacity(rows);
        let mut score: Vec<Option<f64>> = Vec::with_capacity(rows);
        let mut features: Vec<Option<Features>> = Vec::with_capacity(rows);
        let (mut u_id, mut u_board, mut u_target, mut u_ops, mut u_expr, mut u_sol, mut u_moves) =
            (vec![], vec![], vec![], vec![], vec![], vec![], vec![]);
        for (&i, r) in ids.iter().zip(results) {
            let entry = &corpus.boards[i];
            let ways = entry.ways;
            let g = self
                .groups
                .binary_search(&entry.group)
                .expect("every board's group is known");
            let mut reached = 0u32;
            for (k, p) in r.puzzles.iter().enumerate() {
                board_id.push(i as u32);
                target.push(self.lo + k as i64);
                let sums = &mut self.sums[g][k];
                let c = p.counts.unwrap_or_default();
                let d = c.distinct.unwrap_or(0);
                let unique = u64::from(c.distinct == Some(1));
                let solved = p.counts.is_some();
                let m = |x: u64| ways.checked_mul(x).ok_or(Error::CountOverflow);
                sums.add([
                    1,
                    u64::from(solved),
                    ways,
                    if solved { ways } else { 0 },
                    m(c.trees)?,
                    m(c.expressions)?,
                    m(d)?,
                    if solved { m(u64::from(c.min_ops))? } else { 0 },
                    unique,
                    ways * unique,
                ])?;
                reached += u32::from(solved);
                solvable.push(solved);
                min_ops.push(p.counts.map(|c| c.min_ops as u8));
                trees.push(c.trees);
                expressions.push(c.expressions);
                distinct.push(if corpus.game.rules.unary_minus {
                    None
                } else {
                    Some(d)
                });
                closest.push(p.closest.map(|x| x.0));
                distance.push(p.closest.map(|x| x.1));
                score.push(p.difficulty.map(|d| d.difficulty));
                features.push(p.difficulty.map(|d| d.features));
            }
            self.reached.push(reached);
            self.solvable += u64::from(reached);
            for u in &r.unique {
                u_id.push(i as u32);
                u_board.push(board_text(entry));
                u_target.push(u.target);
                u_ops.push(u.min_ops);
                u_expr.push(u.expressions);
                u_sol.push(u.solution.clone());
                u_moves.push(u.moves.clone());
            }
            self.unique += r.unique.len() as u64;
        }
        self.rows += rows as u64;
        let mut cols = vec![
            Column::new("board_id".into(), board_id),
            Column::new("target".into(), target),
            Column::new("solvable".into(), solvable),
            Column::new("min_ops".into(), min_ops),
        ];
        if with_trees {
            cols.push(Column::new("trees".into(), trees));
        }
        cols.extend([
            Column::new("expressions".into(), expressions),
            Column::new("distinct".into(), distinct),
            Column::new("closest".into(), closest),
            Column::new("distance".into(), distance),
            Column::new("difficulty".into(), score),
        ]);
        let feature = |name: &str, f: &dyn Fn(&Features) -> bool| {
            let v: Vec<Option<bool>> = features.iter().map(|x| x.as_ref().map(f)).collect();
            Column::new(name.into(), v)
        };
        cols.extend([
            feature("needs_division", &|f| f.needs_division),
            feature("needs_fraction", &|f| f.needs_fraction),
            feature("needs_negative", &|f| f.needs_negative),
            Column::new(
                "peak".into(),
                features
                    .iter()
                    .map(|x| x.map(|f| f.peak))
                    .collect::<Vec<_>>(),
            ),
            feature("greedy", &|f| f.greedy),
            Column::new(
                "near_misses".into(),
                features
                    .iter()
                    .map(|x| x.map(|f| f.near_misses))
                    .collect::<Vec<_>>(),
            ),
            feature("uses_all", &|f| f.uses_all),
        ]);
        let puzzles = frame(cols)?;
        let unique = frame(vec![
            Column::new("board_id".into(), u_id),
            Column::new("board".into(), u_board),
            Column::new("target".into(), u_target),
            Column::new("min_ops".into(), u_ops),
            Column::new("expressions".into(), u_expr),
            Column::new("solution".into(), u_sol),
            Column::new("moves".into(), u_moves),
        ])?;
        Ok((puzzles, unique))
    }

    fn boards_frame(&self, corpus: &Corpus) -> Result<DataFrame> {
        let entries: Vec<&crate::corpus::CorpusBoard> =
            self.ids.iter().map(|&i| &corpus.boards[i]).collect();
        let n = corpus.boards.len() as f64;
        let mut cols = vec![
            Column::new(
                "board_id".into(),
                self.ids.iter().map(|&i| i as u32).collect::<Vec<_>>(),
            ),
            Column::new(
                "board".into(),
                entries.iter().map(|e| board_text(e)).collect::<Vec<_>>(),
            ),
            Column::new(
                "weight".into(),
                entries.iter().map(|e| e.weight).collect::<Vec<_>>(),
            ),
            Column::new("selection_weight".into(), vec![1.0 / n; entries.len()]),
            Column::new(
                "group".into(),
                entries.iter().map(|e| e.group.as_str()).collect::<Vec<_>>(),
            ),
            Column::new("targets_reached".into(), self.reached.clone()),
        ];
        if entries.iter().any(|e| e.published.is_some()) {
            let published = |f: &dyn Fn(&crate::corpus::Published) -> String| {
                entries
                    .iter()
                    .map(|e| e.published.as_ref().map(f))
                    .collect::<Vec<_>>()
            };
            cols.push(Column::new("date".into(), published(&|r| r.date.clone())));
            cols.push(Column::new(
                "slot".into(),
                entries
                    .iter()
                    .map(|e| e.published.as_ref().map(|r| r.slot))
                    .collect::<Vec<_>>(),
            ));
            cols.push(Column::new(
                "target".into(),
                entries
                    .iter()
                    .map(|e| e.published.as_ref().map(|r| r.target))
                    .collect::<Vec<_>>(),
            ));
        }
        frame(cols)
    }

    fn sums_frame(&self) -> Result<DataFrame> {
        let rows: Vec<(&str, i64, &Sums)> = self
            .groups
            .iter()
            .zip(&self.sums)
            .flat_map(|(g, sums)| {
                sums.iter()
                    .enumerate()
                    .map(move |(t, s)| (g.as_str(), self.lo + t as i64, s))
            })
            .collect();
        let mut cols = vec![
            Column::new("group".into(), rows.iter().map(|r| r.0).collect::<Vec<_>>()),
            Column::new(
                "target".into(),
                rows.iter().map(|r| r.1).collect::<Vec<_>>(),
            ),
        ];
        for (j, name) in SUM_COLUMNS.iter().enumerate() {
            cols.push(Column::new(
                (*name).into(),
                rows.iter().map(|r| r.2.0[j]).collect::<Vec<_>>(),
            ));
        }
        frame(cols)
    }
}

fn board_text(e: &crate::corpus::CorpusBoard) -> String {
    let n: Vec<String> = e.board.numbers().iter().map(|n| n.to_string()).collect();
    n.join(" ")
}

/// When the sums of all `n` shards are present, builds `targets.parquet` from them.
fn write_targets(dir: &Path, corpus: &Corpus, n: usize, meta: &[(String, String)]) -> Result<bool> {
    let sums_dir = dir.join("sums");
    let have = write::parts(&sums_dir)?;
    let expected: Vec<PathBuf> = (1..=n).map(|k| sums_dir.join(part_name(k, n))).collect();
    if !expected.iter().all(|p| have.contains(p)) {
        return Ok(false);
    }
    let mut total: BTreeMap<(String, i64), Sums> = BTreeMap::new();
    for p in &expected {
        let df = write::read_file(p)?;
        let col_u64 = |name: &str| -> Result<Vec<u64>> {
            let c = df.column(name).map_err(|e| io_error(p, e))?;
            let c = c.u64().map_err(|e| io_error(p, e))?;
            Ok(c.into_no_null_iter().collect())
        };
        let groups: Vec<String> = df
            .column("group")
            .and_then(|c| {
                c.str().map(|s| {
                    s.iter()
                        .map(|x| x.unwrap_or_default().to_string())
                        .collect()
                })
            })
            .map_err(|e| io_error(p, e))?;
        let targets: Vec<i64> = df
            .column("target")
            .and_then(|c| c.i64().map(|s| s.into_no_null_iter().collect()))
            .map_err(|e| io_error(p, e))?;
        let cols = SUM_COLUMNS
            .iter()
            .map(|c| col_u64(c))
            .collect::<Result<Vec<_>>>()?;
        for (r, (g, t)) in groups.into_iter().zip(targets).enumerate() {
            let row: [u64; 10] = std::array::from_fn(|j| cols[j][r]);
            if corpus.grouped() {
                total.entry((g, t)).or_default().add(row)?;
            }
            total.entry(("all".to_string(), t)).or_default().add(row)?;
        }
    }
    // `all` first, then the groups in order.
    let mut rows: Vec<(&(String, i64), &Sums)> = total.iter().collect();
    rows.sort_by_key(|((g, t), _)| (g != "all", g.clone(), *t));
    let with_trees = corpus.game.kind == GameKind::TwentyFour;
    let defined = !corpus.game.rules.unary_minus;
    let count = |j: usize| rows.iter().map(|(_, s)| s.0[j] as u32).collect::<Vec<_>>();
    let ratio = |a: usize, b: usize, keep: bool| {
        rows.iter()
            .map(|(_, s)| s.ratio(a, b).filter(|_| keep))
            .collect::<Vec<_>>()
    };
    // Indices into SUM_COLUMNS.
    let (boards, solving, ways, ways_solving) = (0, 1, 2, 3);
    let df = frame(vec![
        Column::new(
            "group".into(),
            rows.iter()
                .map(|((g, _), _)| g.as_str())
                .collect::<Vec<_>>(),
        ),
        Column::new(
            "target".into(),
            rows.iter().map(|((_, t), _)| *t).collect::<Vec<_>>(),
        ),
        Column::new("boards".into(), count(boards)),
        Column::new("solving".into(), count(solving)),
        Column::new("solvable_share".into(), ratio(solving, boards, true)),
        Column::new("probability".into(), ratio(ways_solving, ways, true)),
        Column::new("expected_trees".into(), ratio(4, ways_solving, with_trees)),
        Column::new("expected_expressions".into(), ratio(5, ways_solving, true)),
        Column::new("expected_distinct".into(), ratio(6, ways_solving, defined)),
        Column::new("mean_min_ops".into(), ratio(7, ways_solving, true)),
        Column::new("unique".into(), count(8)),
        Column::new("unique_share".into(), ratio(9, ways_solving, defined)),
    ])?;
    write::write_frame(&dir.join("targets.parquet"), &df, meta)?;
    Ok(true)
}
