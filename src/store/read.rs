//! Reading the Parquet tables that `digits-lab analyze` writes (README, "The tables") and
//! the summaries that the charts, the report and `hardest` draw from them.
//!
//! Nothing here recomputes a puzzle: every number comes from the tables. Dp are folders
//! of part files (`boards/part-K-of-N.parquet`, …) read in name order, or single files
//! (`targets.parquet`). The `puzzles` table of a large corpus (Digits: 177,100 boards × 999
//! targets) does not fit comfortably in memory, so it is only ever *scanned*: read in slices
//! of [`SLICE_ROWS`] rows with just the columns a summary needs, each slice folded into a
//! small running result. Columns are pulled into plain Rust vectors and aggregated in plain
//! Rust, which keeps the polars feature set (and its compile time) small.

use std::cmp::Ordering;
use std::collections::{BTreeMap, HashMap};
use std::fs::File;
use std::path::{Path, PathBuf};

use polars::prelude::*;
use thiserror::Error;

/// The default corpora, in the order the report presents them.
pub const CORPORA: [&str; 7] = [
    "digits",
    "countdown",
    "24",
    "24-nine",
    "24-pow",
    "24-minus",
    "nyt",
];

/// Rows per slice when scanning a large table.
pub const SLICE_ROWS: usize = 4_000_000;

/// Why a table could not be read.
#[derive(Debug, Error)]
pub enum ReadError {
    /// The data folder itself is missing.
    #[error("data folder {} does not exist (run `digits-lab analyze` first, or pass --data)", path.display())]
    NoData { path: PathBuf },
    /// The data folder or a corpus folder is missing (the user named the wrong thing).
    #[error("no tables for corpus `{corpus}`: folder {} does not exist (run `digits-lab analyze --corpus {corpus}` first)", path.display())]
    NoCorpus { corpus: String, path: PathBuf },
    /// A table of an existing corpus is missing.
    #[error("corpus `{corpus}` has no `{table}` table under {}", path.display())]
    NoTable {
        corpus: String,
        table: String,
        path: PathBuf,
    },
    /// A column the request needs is not in the table (or holds only nulls).
    #[error("corpus `{corpus}`: {what}")]
    Absent { corpus: String, what: String },
    /// Reading or decoding a Parquet file failed.
    #[error("reading {}: {source}", path.display())]
    Parquet {
        path: PathBuf,
        #[source]
        source: PolarsError,
    },
    #[error("reading {}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
}

impl ReadError {
    /// Whether the error comes from what the user asked for (a corpus without tables, a
    /// convention the corpus does not have) rather than from broken files.
    pub fn is_input(&self) -> bool {
        matches!(
            self,
            ReadError::NoData { .. }
                | ReadError::NoCorpus { .. }
                | ReadError::NoTable { .. }
                | ReadError::Absent { .. }
        )
    }
}

pub type Result<T, E = ReadError> = std::result::Result<T, E>;

/// A counting convention that has a column in `puzzles` (README, "Counting conventions").
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, clap::ValueEnum)]
pub enum Convention {
    Trees,
    Expressions,
    Distinct,
}

impl Convention {
    pub const ALL: [Convention; 3] = [
        Convention::Trees,
        Convention::Expressions,
        Convention::Distinct,
    ];

    /// Its column in `puzzles` (and, prefixed with `expected_`, in `targets`).
    pub fn column(self) -> &'static str {
        match self {
            Convention::Trees => "trees",
            Convention::Expressions => "expressions",
            Convention::Distinct => "distinct",
        }
    }

    /// Its position in [`Convention::ALL`] (and in per-convention arrays).
    pub fn index(self) -> usize {
        self as usize
    }
}

impl std::fmt::Display for Convention {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.column())
    }
}

/// One table: a folder of part files or a single file.
#[derive(Clone, Debug)]
pub struct TableFiles {
    corpus: String,
    files: Vec<PathBuf>,
    columns: Vec<String>,
}

fn parquet_err(path: &Path) -> impl Fn(PolarsError) -> ReadError + Copy + '_ {
    move |source| ReadError::Parquet {
        path: path.to_path_buf(),
        source,
    }
}

fn open_file(path: &Path) -> Result<File> {
    File::open(path).map_err(|source| ReadError::Io {
        path: path.to_path_buf(),
        source,
    })
}

impl TableFiles {
    /// Column names (from the first part file; parts share one schema).
    pub fn columns(&self) -> &[String] {
        &self.columns
    }

    pub fn has(&self, column: &str) -> bool {
        self.columns.iter().any(|c| c == column)
    }

    fn require(&self, columns: &[&str]) -> Result<()> {
        match columns.iter().find(|c| !self.has(c)) {
            Some(c) => Err(ReadError::Absent {
                corpus: self.corpus.clone(),
                what: format!("a table lacks the column `{c}`"),
            }),
            None => Ok(()),
        }
    }

    /// Reads `columns` of every part, stacked in part order.
    pub fn read(&self, columns: &[&str]) -> Result<DataFrame> {
        self.require(columns)?;
        let mut out: Option<DataFrame> = None;
        for path in &self.files {
            let df = ParquetReader::new(open_file(path)?)
                .with_columns(Some(columns.iter().map(|c| c.to_string()).collect()))
                .finish()
                .map_err(parquet_err(path))?;
            match out.as_mut() {
                None => out = Some(df),
                Some(acc) => {
                    acc.vstack_mut_owned(df).map_err(parquet_err(path))?;
                }
            }
        }
        Ok(out.expect("a table has at least one part"))
    }

    /// Calls `f` on consecutive slices of `columns`, part by part, so that a table larger
    /// than memory can be folded into a summary.
    pub fn scan(
        &self,
        columns: &[&str],
        mut f: impl FnMut(&DataFrame) -> Result<()>,
    ) -> Result<()> {
        self.require(columns)?;
        for path in &self.files {
            let rows = ParquetReader::new(open_file(path)?)
                .num_rows()
                .map_err(parquet_err(path))?;
            let mut start = 0;
            while start < rows {
                let df = ParquetReader::new(open_file(path)?)
                    .with_columns(Some(columns.iter().map(|c| c.to_string()).collect()))
                    .with_slice(Some((start, SLICE_ROWS)))
                    .finish()
                    .map_err(parquet_err(path))?;
                f(&df)?;
                start += SLICE_ROWS;
            }
        }
        Ok(())
    }
}

/// A column as `Option<T>` values, cast to the type the summaries use (the tables' own
/// types are narrower; casting keeps the reader tolerant of a widened column).
macro_rules! column_reader {
    ($name:ident, $dtype:expr, $acc:ident, $t:ty) => {
        pub fn $name(df: &DataFrame, column: &str) -> PolarsResult<Vec<Option<$t>>> {
            let c = df.column(column)?.cast(&$dtype)?;
            Ok(c.$acc()?.iter().collect())
        }
    };
}
column_reader!(f64s, DataType::Float64, f64, f64);
column_reader!(u64s, DataType::UInt64, u64, u64);
column_reader!(i64s, DataType::Int64, i64, i64);
column_reader!(u32s, DataType::UInt32, u32, u32);
column_reader!(bools, DataType::Boolean, bool, bool);

/// A String column as owned strings (null as empty).
pub fn strs(df: &DataFrame, column: &str) -> PolarsResult<Vec<String>> {
    Ok(df
        .column(column)?
        .str()?
        .iter()
        .map(|s| s.unwrap_or_default().to_string())
        .collect())
}

/// The tables of one corpus: `data/<name>/`.
#[derive(Clone, Debug)]
pub struct CorpusStore {
    pub name: String,
    pub dir: PathBuf,
}

/// One row of `targets`.
#[derive(Clone, Debug, PartialEq)]
pub struct TargetRow {
    pub group: String,
    pub target: i64,
    pub boards: u32,
    pub solving: u32,
    pub solvable_share: f64,
    pub probability: f64,
    /// `expected_trees`, `expected_expressions`, `expected_distinct`, by [`Convention`].
    pub expected: [Option<f64>; 3],
    pub mean_min_ops: Option<f64>,
    pub unique: u32,
    pub unique_share: Option<f64>,
}

impl TargetRow {
    pub fn expected(&self, c: Convention) -> Option<f64> {
        self.expected[c.index()]
    }
}

/// One row of `boards`.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardRow {
    pub board_id: u32,
    pub board: String,
    pub weight: f64,
    pub group: String,
    pub targets_reached: u32,
    /// `nyt` only: date, slot and real target.
    pub date: Option<String>,
    pub slot: Option<u8>,
    pub target: Option<i64>,
}

/// One puzzle as the ranking of hard puzzles sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct Ranked {
    pub board_id: u32,
    pub target: i64,
    /// Its count under the ranking convention.
    pub count: u64,
    pub min_ops: Option<u8>,
    pub difficulty: Option<f64>,
}

/// What ranks puzzles as hardest.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum By {
    /// Fewest solutions under the convention.
    #[default]
    Count,
    /// Highest `difficulty` score.
    Difficulty,
}

impl std::fmt::Display for By {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            By::Count => "count",
            By::Difficulty => "difficulty",
        })
    }
}

impl Ranked {
    /// `by` count: fewest solutions first, then more operations — what the counts alone
    /// say, so that the report can set it beside the score. `by` difficulty: the highest
    /// score first, then fewest solutions. Then table order, so the order never depends on
    /// how the tables were sharded.
    fn order(by: By) -> impl Fn(&Ranked, &Ranked) -> Ordering {
        move |a, b| {
            let d = |r: &Ranked| r.difficulty.unwrap_or(f64::NEG_INFINITY);
            let count = a.count.cmp(&b.count);
            match by {
                By::Count => count,
                By::Difficulty => d(b).total_cmp(&d(a)).then(count),
            }
            .then_with(|| b.min_ops.cmp(&a.min_ops))
            .then_with(|| a.board_id.cmp(&b.board_id))
            .then_with(|| a.target.cmp(&b.target))
        }
    }
}

/// Keeps the `k` smallest items under an order, fed one at a time.
struct TopK<T> {
    k: usize,
    items: Vec<T>,
}

impl<T> TopK<T> {
    fn new(k: usize) -> Self {
        TopK {
            k,
            items: Vec::new(),
        }
    }

    fn push(&mut self, item: T, order: impl Fn(&T, &T) -> Ordering) {
        self.items.push(item);
        // Sorting only when the buffer doubles keeps this linear in the input.
        if self.items.len() >= 2 * self.k.max(64) {
            self.items.sort_by(&order);
            self.items.truncate(self.k);
        }
    }

    fn finish(mut self, order: impl Fn(&T, &T) -> Ordering) -> Vec<T> {
        self.items.sort_by(order);
        self.items.truncate(self.k);
        self.items
    }
}

/// The columns of a `puzzles` slice that the summaries use.
pub struct PuzzleSlice {
    pub board_id: Vec<Option<u32>>,
    pub target: Vec<Option<i64>>,
    pub solvable: Vec<Option<bool>>,
    pub min_ops: Vec<Option<u64>>,
    /// By [`Convention`]; `None` when not requested.
    pub counts: [Option<Vec<Option<u64>>>; 3],
    pub difficulty: Option<Vec<Option<f64>>>,
}

impl PuzzleSlice {
    pub fn len(&self) -> usize {
        self.board_id.len()
    }

    pub fn is_empty(&self) -> bool {
        self.board_id.is_empty()
    }
}

impl CorpusStore {
    /// The corpus folder `data/<name>`, which must exist.
    pub fn open(data: &Path, name: &str) -> Result<CorpusStore> {
        let dir = data.join(name);
        if !dir.is_dir() {
            return Err(ReadError::NoCorpus {
                corpus: name.to_string(),
                path: dir,
            });
        }
        Ok(CorpusStore {
            name: name.to_string(),
            dir,
        })
    }

    /// Table `name`: the folder `name/` of part files, or the file `name.parquet`.
    pub fn table(&self, name: &str) -> Result<TableFiles> {
        let folder = self.dir.join(name);
        let mut files: Vec<PathBuf> = if folder.is_dir() {
            std::fs::read_dir(&folder)
                .map_err(|source| ReadError::Io {
                    path: folder.clone(),
                    source,
                })?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "parquet"))
                .collect()
        } else {
            let file = self.dir.join(format!("{name}.parquet"));
            if file.is_file() { vec![file] } else { vec![] }
        };
        files.sort();
        let Some(first) = files.first() else {
            return Err(ReadError::NoTable {
                corpus: self.name.clone(),
                table: name.to_string(),
                path: self.dir.clone(),
            });
        };
        let schema = ParquetReader::new(open_file(first)?)
            .schema()
            .map_err(parquet_err(first))?;
        Ok(TableFiles {
            corpus: self.name.clone(),
            columns: schema.iter_names().map(|n| n.to_string()).collect(),
            files,
        })
    }

    fn absent(&self, what: String) -> ReadError {
        ReadError::Absent {
            corpus: self.name.clone(),
            what,
        }
    }

    /// Every row of `targets`, in table order.
    pub fn targets(&self) -> Result<Vec<TargetRow>> {
        let t = self.table("targets")?;
        let cols = [
            "group",
            "target",
            "boards",
            "solving",
            "solvable_share",
            "probability",
            "expected_trees",
            "expected_expressions",
            "expected_distinct",
            "mean_min_ops",
            "unique",
            "unique_share",
        ];
        let present: Vec<&str> = cols.iter().copied().filter(|c| t.has(c)).collect();
        let df = t.read(&present)?;
        let p = parquet_err(&t.files[0]);
        let n = df.height();
        let opt_f64 = |c: &str| -> Result<Vec<Option<f64>>> {
            if t.has(c) {
                f64s(&df, c).map_err(p)
            } else {
                Ok(vec![None; n])
            }
        };
        for c in ["group", "target", "boards", "solving", "probability"] {
            if !t.has(c) {
                return Err(self.absent(format!("`targets` lacks the column `{c}`")));
            }
        }
        let group = strs(&df, "group").map_err(p)?;
        let target = i64s(&df, "target").map_err(p)?;
        let boards = u32s(&df, "boards").map_err(p)?;
        let solving = u32s(&df, "solving").map_err(p)?;
        let share = opt_f64("solvable_share")?;
        let prob = opt_f64("probability")?;
        let ex = [
            opt_f64("expected_trees")?,
            opt_f64("expected_expressions")?,
            opt_f64("expected_distinct")?,
        ];
        let mean_ops = opt_f64("mean_min_ops")?;
        let unique = if t.has("unique") {
            u32s(&df, "unique").map_err(p)?
        } else {
            vec![None; n]
        };
        let unique_share = opt_f64("unique_share")?;
        Ok((0..n)
            .map(|i| {
                let boards = boards[i].unwrap_or(0);
                let solving = solving[i].unwrap_or(0);
                TargetRow {
                    group: group[i].clone(),
                    target: target[i].unwrap_or(0),
                    boards,
                    solving,
                    solvable_share: share[i].unwrap_or(if boards > 0 {
                        solving as f64 / boards as f64
                    } else {
                        0.0
                    }),
                    probability: prob[i].unwrap_or(0.0),
                    expected: [ex[0][i], ex[1][i], ex[2][i]],
                    mean_min_ops: mean_ops[i],
                    unique: unique[i].unwrap_or(0),
                    unique_share: unique_share[i],
                }
            })
            .collect())
    }

    /// Every row of `boards`, in table order.
    pub fn boards(&self) -> Result<Vec<BoardRow>> {
        let t = self.table("boards")?;
        let mut cols = vec!["board_id", "board", "weight", "group", "targets_reached"];
        let nyt = t.has("slot") && t.has("target");
        if nyt {
            cols.extend(["slot", "target"]);
            if t.has("date") {
                cols.push("date");
            }
        }
        let df = t.read(&cols)?;
        let p = parquet_err(&t.files[0]);
        let id = u32s(&df, "board_id").map_err(p)?;
        let board = strs(&df, "board").map_err(p)?;
        let weight = f64s(&df, "weight").map_err(p)?;
        let group = strs(&df, "group").map_err(p)?;
        let reached = u32s(&df, "targets_reached").map_err(p)?;
        let n = df.height();
        let (slot, target) = if nyt {
            (
                u32s(&df, "slot").map_err(p)?,
                i64s(&df, "target").map_err(p)?,
            )
        } else {
            (vec![None; n], vec![None; n])
        };
        let date: Vec<Option<String>> = if nyt && t.has("date") {
            strs(&df, "date")
                .map_err(p)?
                .into_iter()
                .map(Some)
                .collect()
        } else {
            vec![None; n]
        };
        Ok((0..n)
            .map(|i| BoardRow {
                board_id: id[i].unwrap_or(0),
                board: board[i].clone(),
                weight: weight[i].unwrap_or(0.0),
                group: group[i].clone(),
                targets_reached: reached[i].unwrap_or(0),
                date: date[i].clone(),
                slot: slot[i].and_then(|s| u8::try_from(s).ok()),
                target: target[i],
            })
            .collect())
    }

    /// The conventions this corpus has counts for: a `puzzles` column and a non-null
    /// `expected_*` in `targets` (`trees` is null outside the 24 game, `distinct` is null
    /// with unary minus).
    pub fn conventions(&self, targets: &[TargetRow]) -> Result<Vec<Convention>> {
        let puzzles = self.table("puzzles")?;
        Ok(Convention::ALL
            .into_iter()
            .filter(|&c| puzzles.has(c.column()) && targets.iter().any(|r| r.expected(c).is_some()))
            .collect())
    }

    /// Whether `puzzles` has the optional `difficulty` column.
    pub fn has_difficulty(&self) -> Result<bool> {
        Ok(self.table("puzzles")?.has("difficulty"))
    }

    /// Scans `puzzles`, reading the identifying columns, `solvable`, `min_ops`, the counts of
    /// `conventions` and `difficulty` when the table has it.
    pub fn scan_puzzles(
        &self,
        conventions: &[Convention],
        mut f: impl FnMut(&PuzzleSlice),
    ) -> Result<()> {
        let t = self.table("puzzles")?;
        let mut cols = vec!["board_id", "target", "solvable", "min_ops"];
        for c in conventions {
            if !t.has(c.column()) {
                return Err(self.absent(format!("`puzzles` has no `{c}` column")));
            }
            cols.push(c.column());
        }
        let difficulty = t.has("difficulty");
        if difficulty {
            cols.push("difficulty");
        }
        let path = t.files[0].clone();
        t.scan(&cols, |df| {
            let p = parquet_err(&path);
            let counts = |c: Convention| -> PolarsResult<Option<Vec<Option<u64>>>> {
                if conventions.contains(&c) {
                    u64s(df, c.column()).map(Some)
                } else {
                    Ok(None)
                }
            };
            let slice = (|| -> PolarsResult<PuzzleSlice> {
                Ok(PuzzleSlice {
                    board_id: u32s(df, "board_id")?,
                    target: i64s(df, "target")?,
                    solvable: bools(df, "solvable")?,
                    min_ops: u64s(df, "min_ops")?,
                    counts: [
                        counts(Convention::Trees)?,
                        counts(Convention::Expressions)?,
                        counts(Convention::Distinct)?,
                    ],
                    difficulty: if difficulty {
                        Some(f64s(df, "difficulty")?)
                    } else {
                        None
                    },
                })
            })()
            .map_err(p)?;
            f(&slice);
            Ok(())
        })
    }

    /// The `limit` puzzles with the fewest solutions (> 0) under `convention`, optionally
    /// at one target, in [`Ranked`] order. An error when the corpus lacks the convention.
    pub fn hardest(
        &self,
        convention: Convention,
        by: By,
        target: Option<i64>,
        limit: usize,
    ) -> Result<Vec<Ranked>> {
        let targets = self.targets()?;
        if by == By::Difficulty && !self.has_difficulty()? {
            return Err(self.absent(
                "no `difficulty` column (tables from before it existed: rerun `analyze`)".into(),
            ));
        }
        if !self.conventions(&targets)?.contains(&convention) {
            return Err(self.absent(format!(
                "no `{convention}` counts in this corpus (it has: {})",
                self.conventions(&targets)?
                    .iter()
                    .map(|c| c.column())
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        }
        let mut top = TopK::new(limit);
        self.scan_puzzles(&[convention], |s| {
            let counts = s.counts[convention.index()].as_ref().expect("requested");
            for i in 0..s.len() {
                let (Some(count), Some(t)) = (counts[i], s.target[i]) else {
                    continue;
                };
                if count == 0 || target.is_some_and(|x| x != t) {
                    continue;
                }
                top.push(
                    Ranked {
                        board_id: s.board_id[i].unwrap_or(0),
                        target: t,
                        count,
                        min_ops: s.min_ops[i].and_then(|m| u8::try_from(m).ok()),
                        difficulty: s.difficulty.as_ref().and_then(|d| d[i]),
                    },
                    Ranked::order(by),
                );
            }
        })?;
        Ok(top.finish(Ranked::order(by)))
    }

    /// The board text of each id in `ids`.
    pub fn board_texts(&self, ids: &[u32]) -> Result<HashMap<u32, String>> {
        let t = self.table("boards")?;
        let wanted: std::collections::HashSet<u32> = ids.iter().copied().collect();
        let mut out = HashMap::new();
        let path = t.files[0].clone();
        t.scan(&["board_id", "board"], |df| {
            let id = u32s(df, "board_id").map_err(parquet_err(&path))?;
            let board = strs(df, "board").map_err(parquet_err(&path))?;
            for (i, b) in id.into_iter().zip(board) {
                if let Some(i) = i.filter(|i| wanted.contains(i)) {
                    out.insert(i, b);
                }
            }
            Ok(())
        })?;
        Ok(out)
    }

    /// The hardest puzzles with one `distinct` solution, from `unique` (with the solution
    /// written out): by `difficulty` when `puzzles` has it, else fewest `expressions`, then
    /// most operations.
    pub fn hardest_unique(&self, limit: usize, scope: &UniqueScope) -> Result<Vec<UniqueRow>> {
        let t = self.table("unique")?;
        let cols = [
            "board_id",
            "board",
            "target",
            "min_ops",
            "expressions",
            "solution",
        ];
        let difficulty: Option<HashMap<(u32, i64), f64>> = if self.has_difficulty()? {
            // Only the puzzles with one distinct solution are candidates; keep their
            // difficulty to rank the `unique` rows.
            let mut d = HashMap::new();
            if self.table("puzzles")?.has("distinct") {
                self.scan_puzzles(&[Convention::Distinct], |s| {
                    let distinct = s.counts[Convention::Distinct.index()]
                        .as_ref()
                        .expect("scan_puzzles reads every convention it is asked for");
                    let diff = s
                        .difficulty
                        .as_ref()
                        .expect("the table has a difficulty column");
                    for i in 0..s.len() {
                        if let (Some(1), Some(b), Some(t), Some(x)) =
                            (distinct[i], s.board_id[i], s.target[i], diff[i])
                        {
                            d.insert((b, t), x);
                        }
                    }
                })?;
            }
            Some(d)
        } else {
            None
        };
        let mut top = TopK::new(limit);
        let path = t.files[0].clone();
        t.scan(&cols, |df| {
            let p = parquet_err(&path);
            let id = u32s(df, "board_id").map_err(p)?;
            let board = strs(df, "board").map_err(p)?;
            let target = i64s(df, "target").map_err(p)?;
            let ops = u64s(df, "min_ops").map_err(p)?;
            let expr = u64s(df, "expressions").map_err(p)?;
            let sol = strs(df, "solution").map_err(p)?;
            for i in 0..df.height() {
                let (b, tg) = (id[i].unwrap_or(0), target[i].unwrap_or(0));
                if !scope.contains(b, tg) {
                    continue;
                }
                top.push(
                    UniqueRow {
                        board_id: b,
                        board: board[i].clone(),
                        target: tg,
                        min_ops: ops[i].unwrap_or(0),
                        expressions: expr[i].unwrap_or(0),
                        difficulty: difficulty.as_ref().and_then(|d| d.get(&(b, tg)).copied()),
                        solution: sol[i].clone(),
                    },
                    UniqueRow::order,
                );
            }
            Ok(())
        })?;
        Ok(top.finish(UniqueRow::order))
    }
}

/// Which puzzles a ranking of unique-solution puzzles considers.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum UniqueScope {
    /// Every puzzle of the corpus.
    #[default]
    All,
    /// One target (24 for the 24-game corpora: the game's target).
    Target(i64),
    /// These (board_id, target) pairs (the real NYT puzzles).
    Pairs(std::collections::HashSet<(u32, i64)>),
}

impl UniqueScope {
    pub fn contains(&self, board_id: u32, target: i64) -> bool {
        match self {
            UniqueScope::All => true,
            UniqueScope::Target(t) => *t == target,
            UniqueScope::Pairs(p) => p.contains(&(board_id, target)),
        }
    }

    /// How the report names it.
    pub fn describe(&self) -> &'static str {
        match self {
            UniqueScope::All => "every target",
            UniqueScope::Target(_) => "target 24, the game's target",
            UniqueScope::Pairs(_) => "the real puzzles (each board at its published target)",
        }
    }
}

/// A puzzle with exactly one `distinct` solution, from `unique`.
#[derive(Clone, Debug, PartialEq)]
pub struct UniqueRow {
    pub board_id: u32,
    pub board: String,
    pub target: i64,
    pub min_ops: u64,
    pub expressions: u64,
    pub difficulty: Option<f64>,
    pub solution: String,
}

impl UniqueRow {
    fn order(&self, other: &UniqueRow) -> Ordering {
        let d = |r: &UniqueRow| r.difficulty.unwrap_or(f64::NEG_INFINITY);
        d(other)
            .total_cmp(&d(self))
            .then_with(|| self.expressions.cmp(&other.expressions))
            .then_with(|| other.min_ops.cmp(&self.min_ops))
            .then_with(|| self.board_id.cmp(&other.board_id))
            .then_with(|| self.target.cmp(&other.target))
    }
}

/// Target bands of width 100 (`1–99`, `100–199`, …) for the distribution charts.
pub fn band_of(target: i64) -> i64 {
    target.div_euclid(100)
}

/// The label of band `b`, clipped to the corpus's target range.
pub fn band_label(b: i64, lo: i64, hi: i64) -> String {
    format!("{}–{}", (b * 100).max(lo), (b * 100 + 99).min(hi))
}

/// Buckets of a `distinct` count, for the distribution chart: unsolvable, 1, then
/// roughly tripling ranges (counts span four orders of magnitude).
pub const DISTINCT_BINS: [(u64, u64, &str); 8] = [
    (0, 0, "unsolvable"),
    (1, 1, "1"),
    (2, 3, "2–3"),
    (4, 9, "4–9"),
    (10, 29, "10–29"),
    (30, 99, "30–99"),
    (100, 299, "100–299"),
    (300, u64::MAX, "300+"),
];

/// Distribution of `distinct` and `min_ops` per target band (every puzzle counts once,
/// as in a corpus of uniformly weighted boards such as Digits).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TargetBands {
    /// Band → puzzles per [`DISTINCT_BINS`] bucket.
    pub distinct: BTreeMap<i64, [u64; DISTINCT_BINS.len()]>,
    /// Band → puzzles per `min_ops` (index 0..=5), index 6 for unsolvable.
    pub min_ops: BTreeMap<i64, [u64; 7]>,
    pub lo: i64,
    pub hi: i64,
}

impl CorpusStore {
    /// The per-band distributions of `distinct` counts and `min_ops`.
    pub fn bands(&self) -> Result<TargetBands> {
        let mut b = TargetBands {
            lo: i64::MAX,
            hi: i64::MIN,
            ..TargetBands::default()
        };
        self.scan_puzzles(&[Convention::Distinct], |s| {
            let distinct = s.counts[Convention::Distinct.index()]
                .as_ref()
                .expect("scan_puzzles reads every convention it is asked for");
            for (i, &count) in distinct.iter().enumerate() {
                let Some(t) = s.target[i] else { continue };
                b.lo = b.lo.min(t);
                b.hi = b.hi.max(t);
                let band = band_of(t);
                let solvable = s.solvable[i].unwrap_or(false);
                let d = if solvable { count.unwrap_or(0) } else { 0 };
                if let Some(k) = DISTINCT_BINS
                    .iter()
                    .position(|&(lo, hi, _)| (lo..=hi).contains(&d))
                {
                    b.distinct.entry(band).or_default()[k] += 1;
                }
                let k = match (solvable, s.min_ops[i]) {
                    (true, Some(m)) => (m as usize).min(5),
                    _ => 6,
                };
                b.min_ops.entry(band).or_default()[k] += 1;
            }
        })?;
        Ok(b)
    }
}

/// A real NYT puzzle: its board row joined with its `puzzles` row at the real target.
#[derive(Clone, Debug, PartialEq)]
pub struct NytPuzzle {
    pub date: String,
    pub slot: u8,
    pub board: String,
    pub target: i64,
    pub solvable: bool,
    pub min_ops: Option<u64>,
    pub expressions: Option<u64>,
    pub distinct: Option<u64>,
    pub difficulty: Option<f64>,
}

impl CorpusStore {
    /// Joins `boards` (date, slot, real target) with `puzzles` on (board_id, target).
    pub fn nyt_puzzles(&self) -> Result<Vec<NytPuzzle>> {
        let boards = self.boards()?;
        let real: HashMap<(u32, i64), &BoardRow> = boards
            .iter()
            .filter_map(|b| Some(((b.board_id, b.target?), b)))
            .collect();
        if real.is_empty() {
            return Err(self.absent("`boards` has no `slot`/`target` columns".into()));
        }
        let mut out = Vec::new();
        let puzzles = self.table("puzzles")?;
        let convs: Vec<Convention> = [Convention::Expressions, Convention::Distinct]
            .into_iter()
            .filter(|c| puzzles.has(c.column()))
            .collect();
        self.scan_puzzles(&convs, |s| {
            for i in 0..s.len() {
                let (Some(b), Some(t)) = (s.board_id[i], s.target[i]) else {
                    continue;
                };
                let Some(row) = real.get(&(b, t)) else {
                    continue;
                };
                let solvable = s.solvable[i].unwrap_or(false);
                let count = |c: Convention| {
                    s.counts[c.index()]
                        .as_ref()
                        .and_then(|v| v[i])
                        .filter(|_| solvable)
                };
                out.push(NytPuzzle {
                    date: row.date.clone().unwrap_or_default(),
                    slot: row.slot.unwrap_or(0),
                    board: row.board.clone(),
                    target: t,
                    solvable,
                    min_ops: s.min_ops[i],
                    expressions: count(Convention::Expressions),
                    distinct: count(Convention::Distinct),
                    difficulty: s.difficulty.as_ref().and_then(|d| d[i]),
                });
            }
        })?;
        out.sort_by(|a, b| (&a.date, a.slot).cmp(&(&b.date, b.slot)));
        Ok(out)
    }

    /// For every (board text, target), whether it is solvable — for comparing variant
    /// corpora built over the same boards.
    pub fn solvable_by_board(&self) -> Result<HashMap<(String, i64), bool>> {
        let boards = self.boards()?;
        let text: HashMap<u32, &str> = boards
            .iter()
            .map(|b| (b.board_id, b.board.as_str()))
            .collect();
        let mut out = HashMap::new();
        self.scan_puzzles(&[], |s| {
            for i in 0..s.len() {
                if let (Some(b), Some(t)) = (s.board_id[i], s.target[i])
                    && let Some(board) = text.get(&b)
                {
                    out.insert((board.to_string(), t), s.solvable[i].unwrap_or(false));
                }
            }
        })?;
        Ok(out)
    }
}

/// The corpora under `data`: the default ones that exist, in their order, then any other
/// folder holding a `targets` table (a custom corpus), by name; and the default ones missing.
pub fn discover(data: &Path) -> (Vec<CorpusStore>, Vec<String>) {
    let mut found = Vec::new();
    let mut missing = Vec::new();
    for name in CORPORA {
        match CorpusStore::open(data, name) {
            Ok(c) => found.push(c),
            Err(_) => missing.push(name.to_string()),
        }
    }
    let mut extra: Vec<String> = std::fs::read_dir(data)
        .into_iter()
        .flatten()
        .filter_map(|e| e.ok())
        .filter(|e| e.path().is_dir())
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|n| !CORPORA.contains(&n.as_str()))
        .filter(|n| {
            let d = data.join(n);
            d.join("targets.parquet").is_file() || d.join("targets").is_dir()
        })
        .collect();
    extra.sort();
    found.extend(
        extra
            .into_iter()
            .filter_map(|n| CorpusStore::open(data, &n).ok()),
    );
    (found, missing)
}

/// How many hard puzzles each summary keeps.
pub const HARDEST_KEPT: usize = 10;

/// Everything the charts and the report use from one corpus, read once.
#[derive(Clone, Debug)]
pub struct CorpusFacts {
    pub tables: CorpusStore,
    pub targets: Vec<TargetRow>,
    pub boards: Vec<BoardRow>,
    pub conventions: Vec<Convention>,
    pub has_difficulty: bool,
    /// Per-band distributions (Digits only).
    pub bands: Option<TargetBands>,
    /// The real puzzles joined with their counts (`nyt` only).
    pub nyt: Option<Vec<NytPuzzle>>,
    /// The hardest puzzles with one `distinct` solution, within `unique_scope`.
    pub hardest_unique: Vec<UniqueRow>,
    pub unique_scope: UniqueScope,
    /// How many puzzles sit at the smallest count of each convention (in the scope of
    /// `hardest_at_24` when that is filled, else over every target).
    pub min_classes: MinClasses,
    /// For each convention the corpus has: the hardest puzzles over every target, and at
    /// target 24 for the 24-game corpora.
    pub hardest: Vec<(Convention, Vec<Ranked>)>,
    pub hardest_at_24: Vec<(Convention, Vec<Ranked>)>,
    /// The hardest puzzles by `difficulty` beside the hardest by count, when the tables have
    /// the score.
    pub by_difficulty: Option<ByDifficulty>,
}

/// The hardest puzzles of a corpus ranked both ways.
#[derive(Clone, Debug)]
pub struct ByDifficulty {
    /// The convention that counts solutions (`distinct`, else `expressions`).
    pub convention: Convention,
    /// The one target looked at (24 for the 24-game corpora), else every target.
    pub at: Option<i64>,
    pub by_difficulty: Vec<Ranked>,
    pub by_count: Vec<Ranked>,
}

impl CorpusFacts {
    pub fn name(&self) -> &str {
        &self.tables.name
    }

    /// The corpus-wide `targets` rows (`group` = `all`), by target.
    pub fn all_targets(&self) -> Vec<&TargetRow> {
        self.group("all")
    }

    /// The `targets` rows of one group, by target.
    pub fn group(&self, group: &str) -> Vec<&TargetRow> {
        let mut rows: Vec<&TargetRow> = self.targets.iter().filter(|r| r.group == group).collect();
        rows.sort_by_key(|r| r.target);
        rows
    }

    /// The board text of an id.
    pub fn board(&self, id: u32) -> Option<&str> {
        self.boards
            .iter()
            .find(|b| b.board_id == id)
            .map(|b| b.board.as_str())
    }

    pub fn load(tables: CorpusStore) -> Result<CorpusFacts> {
        let targets = tables.targets()?;
        let boards = tables.boards()?;
        let conventions = tables.conventions(&targets)?;
        let has_difficulty = tables.has_difficulty()?;
        let bands = if tables.name == "digits" && conventions.contains(&Convention::Distinct) {
            Some(tables.bands()?)
        } else {
            None
        };
        let nyt = if tables.name == "nyt" {
            Some(tables.nyt_puzzles()?)
        } else {
            None
        };
        let is_24 = tables.name.starts_with("24") && targets.iter().any(|r| r.target == 24);
        let unique_scope = match &nyt {
            Some(_) => UniqueScope::Pairs(
                boards
                    .iter()
                    .filter_map(|b| Some((b.board_id, b.target?)))
                    .collect(),
            ),
            None if is_24 => UniqueScope::Target(24),
            None => UniqueScope::All,
        };
        let hardest_unique = tables.hardest_unique(HARDEST_KEPT, &unique_scope)?;
        let mut hardest = Vec::new();
        let mut hardest_at_24 = Vec::new();
        for &c in &conventions {
            hardest.push((c, tables.hardest(c, By::Count, None, HARDEST_KEPT)?));
            if is_24 {
                hardest_at_24.push((c, tables.hardest(c, By::Count, Some(24), HARDEST_KEPT)?));
            }
        }
        let by_difficulty = match conventions.iter().rev().find(|&&c| c != Convention::Trees) {
            Some(&c) if has_difficulty => {
                let at = is_24.then_some(24);
                let by = |b| tables.hardest(c, b, at, HARDEST_KEPT);
                Some(ByDifficulty {
                    convention: c,
                    at,
                    by_difficulty: by(By::Difficulty)?,
                    by_count: by(By::Count)?,
                })
            }
            _ => None,
        };
        let lists = if is_24 { &hardest_at_24 } else { &hardest };
        let mins: Vec<(Convention, u64)> = lists
            .iter()
            .filter_map(|(c, l)| Some((*c, l.first()?.count)))
            .collect();
        let min_classes = if mins.len() >= 2 {
            tables.min_classes(&mins, is_24.then_some(24))?
        } else {
            MinClasses::default()
        };
        Ok(CorpusFacts {
            tables,
            targets,
            boards,
            conventions,
            has_difficulty,
            bands,
            nyt,
            hardest_unique,
            unique_scope,
            min_classes,
            hardest,
            hardest_at_24,
            by_difficulty,
        })
    }
}

/// The facts of every corpus under a data folder.
#[derive(Clone, Debug)]
pub struct Facts {
    pub corpora: Vec<CorpusFacts>,
    /// Default corpora whose folder is missing.
    pub missing: Vec<String>,
}

impl Facts {
    /// Reads every corpus under `data` (an error if `data` itself does not exist).
    pub fn load(data: &Path) -> Result<Facts> {
        if !data.is_dir() {
            return Err(ReadError::NoData {
                path: data.to_path_buf(),
            });
        }
        let (found, missing) = discover(data);
        let corpora = found
            .into_iter()
            .map(CorpusFacts::load)
            .collect::<Result<Vec<_>>>()?;
        Ok(Facts { corpora, missing })
    }

    pub fn corpus(&self, name: &str) -> Option<&CorpusFacts> {
        self.corpora.iter().find(|c| c.name() == name)
    }
}

/// A puzzle's counts by [`Convention`] (null where the corpus lacks one).
pub type AllCounts = [Option<u64>; 3];

impl CorpusStore {
    /// The counts under every convention (null where absent) of the puzzles `keys`.
    pub fn counts_of(&self, keys: &[(u32, i64)]) -> Result<HashMap<(u32, i64), AllCounts>> {
        let puzzles = self.table("puzzles")?;
        let convs: Vec<Convention> = Convention::ALL
            .into_iter()
            .filter(|c| puzzles.has(c.column()))
            .collect();
        let wanted: std::collections::HashSet<(u32, i64)> = keys.iter().copied().collect();
        let mut out = HashMap::new();
        self.scan_puzzles(&convs, |s| {
            for i in 0..s.len() {
                if let (Some(b), Some(t)) = (s.board_id[i], s.target[i])
                    && wanted.contains(&(b, t))
                {
                    let get = |c: Convention| s.counts[c.index()].as_ref().and_then(|v| v[i]);
                    out.insert(
                        (b, t),
                        [
                            get(Convention::Trees),
                            get(Convention::Expressions),
                            get(Convention::Distinct),
                        ],
                    );
                }
            }
        })?;
        Ok(out)
    }
}

/// How many puzzles sit at the minimum count under each convention, and under two at once.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MinClasses {
    /// `(convention, its minimum count, puzzles at it)`.
    pub at_min: Vec<(Convention, u64, u64)>,
    /// `(a, b, puzzles at the minimum of both)`.
    pub both: Vec<(Convention, Convention, u64)>,
}

impl CorpusStore {
    /// The puzzles (optionally at one target) at the smallest positive count of each
    /// convention in `mins`, and the overlaps of those classes.
    pub fn min_classes(
        &self,
        mins: &[(Convention, u64)],
        target: Option<i64>,
    ) -> Result<MinClasses> {
        let convs: Vec<Convention> = mins.iter().map(|m| m.0).collect();
        let mut at = vec![0u64; mins.len()];
        let mut both = vec![vec![0u64; mins.len()]; mins.len()];
        self.scan_puzzles(&convs, |s| {
            for i in 0..s.len() {
                if target.is_some_and(|t| s.target[i] != Some(t)) {
                    continue;
                }
                let hit: Vec<bool> = mins
                    .iter()
                    .map(|&(c, m)| s.counts[c.index()].as_ref().and_then(|v| v[i]) == Some(m))
                    .collect();
                for a in 0..mins.len() {
                    if hit[a] {
                        at[a] += 1;
                        for b in a + 1..mins.len() {
                            if hit[b] {
                                both[a][b] += 1;
                            }
                        }
                    }
                }
            }
        })?;
        let mut out = MinClasses::default();
        for (a, &(c, m)) in mins.iter().enumerate() {
            out.at_min.push((c, m, at[a]));
            for b in a + 1..mins.len() {
                out.both.push((c, mins[b].0, both[a][b]));
            }
        }
        Ok(out)
    }
}
