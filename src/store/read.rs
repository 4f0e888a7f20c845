//! Reading the tables that `digits-lab analyze` writes (`docs/TABLES.md`): a corpus's folder
//! ([`CorpusStore`]), one table's files ([`TableFiles`]) read whole or scanned in slices, and
//! columns as plain Rust vectors.
//!
//! Tables are folders of part files (`boards/part-K-of-N.parquet`, …) read in name order, or
//! single files (`targets.parquet`). The `puzzles` table of a large corpus (Digits: 177,100
//! boards × 999 targets) does not fit comfortably in memory, so it is only ever *scanned*:
//! read one row group at a time (256 boards' rows, a chunk of the run that wrote it) with just
//! the columns asked for, the next row group decoded on a second thread while the current
//! one is folded into small running results (once per corpus: [`super::scan`]). Slices of
//! one row group keep the buffers small enough that the allocator reuses them from one slice
//! to the next instead of mapping fresh pages (a quarter of the time went to those with
//! slices of four). Its slices are
//! read in place (`super::slice`); the small tables' columns are pulled into plain Rust
//! vectors. Aggregating in plain Rust keeps the polars feature set (and its compile time)
//! small.

use std::fs::{self, File};
use std::path::{Path, PathBuf};

use polars::prelude::*;

use crate::corpus::CorpusId;
use crate::error::file_error;
use crate::store::guard::guarded;
use crate::store::schema::Table;

pub use crate::error::phase::ReadError;

pub type Result<T, E = ReadError> = std::result::Result<T, E>;

/// One table: a folder of part files or a single file.
#[derive(Clone, Debug)]
pub struct TableFiles {
    corpus: String,
    files: Vec<PathBuf>,
    columns: Vec<String>,
}

pub(crate) fn parquet_err(path: &Path) -> impl Fn(PolarsError) -> ReadError + Copy + '_ {
    move |source| ReadError::Parquet {
        path: path.to_path_buf(),
        source,
    }
}

/// `read()` of the Parquet file `path`, its panic (a corrupt file) an error too.
fn parquet<T>(path: &Path, read: impl FnOnce() -> PolarsResult<T>) -> Result<T> {
    guarded(read)
        .map_err(|source| ReadError::Corrupt {
            path: path.to_path_buf(),
            source,
        })?
        .map_err(parquet_err(path))
}

fn open_file(path: &Path) -> Result<File> {
    File::open(path).map_err(|source| ReadError::Io {
        path: path.to_path_buf(),
        source,
    })
}

impl TableFiles {
    /// The first part file, named in errors about the table's columns.
    pub fn first_file(&self) -> &Path {
        &self.files[0]
    }

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
            let file = open_file(path)?;
            let df = parquet(path, || {
                ParquetReader::new(file)
                    .with_columns(Some(columns.iter().map(|c| c.to_string()).collect()))
                    .finish()
            })?;
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
    /// than memory can be folded into a summary. A slice is one row group of one part; the
    /// next slice is read while `f` folds this one.
    pub fn scan(
        &self,
        columns: &[&str],
        mut f: impl FnMut(&DataFrame) -> Result<()>,
    ) -> Result<()> {
        self.require(columns)?;
        let names: Vec<String> = columns.iter().map(|c| c.to_string()).collect();
        std::thread::scope(|scope| {
            let (tx, rx) = std::sync::mpsc::sync_channel::<Result<DataFrame>>(1);
            let reader = scope.spawn(move || {
                for path in &self.files {
                    if let Err(e) = self.read_slices(path, &names, &tx) {
                        let _ = tx.send(Err(e));
                        return;
                    }
                }
            });
            let mut out = Ok(());
            for df in rx.iter() {
                if let Err(e) = df.and_then(|df| f(&df)) {
                    out = Err(e);
                    break;
                }
            }
            // Dropping the receiver stops the reader at its next slice.
            drop(rx);
            reader.join().expect("the reader thread does not panic");
            out
        })
    }

    /// Reads `names` of the part file `path` one row group at a time and sends them; stops
    /// when the receiver is gone.
    fn read_slices(
        &self,
        path: &Path,
        names: &[String],
        tx: &std::sync::mpsc::SyncSender<Result<DataFrame>>,
    ) -> Result<()> {
        let mut reader = ParquetReader::new(open_file(path)?);
        let meta = parquet(path, || reader.get_metadata().cloned())?;
        let groups: Vec<usize> = meta.row_groups.iter().map(|g| g.num_rows()).collect();
        let mut start = 0;
        for len in groups {
            let mut reader = ParquetReader::new(open_file(path)?);
            reader.set_metadata(meta.clone());
            let df = parquet(path, || {
                reader
                    .with_columns(Some(names.to_vec()))
                    .with_slice(Some((start, len)))
                    .finish()
            });
            if tx.send(df).is_err() {
                return Ok(());
            }
            start += len;
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
    pub id: CorpusId,
    pub dir: PathBuf,
}

impl CorpusStore {
    /// The corpus folder `data/<name>`, which must exist.
    pub fn open(data: &Path, id: &CorpusId) -> Result<CorpusStore> {
        if !data.is_dir() {
            return Err(ReadError::no_data(data));
        }
        let dir = data.join(id.name());
        if !dir.is_dir() {
            return Err(ReadError::NoCorpus {
                corpus: id.to_string(),
                path: dir,
            });
        }
        Ok(CorpusStore {
            id: id.clone(),
            dir,
        })
    }

    /// The corpus's folder name.
    pub fn name(&self) -> &str {
        self.id.name()
    }

    /// Table `table`: the folder `name/` of part files, or the file `name.parquet`.
    pub fn table(&self, table: Table) -> Result<TableFiles> {
        let name = table.name();
        let folder = self.dir.join(name);
        let files: Vec<PathBuf> = if folder.is_dir() {
            part_files(&folder).map_err(|source| ReadError::Io {
                path: folder.clone(),
                source,
            })?
        } else {
            let file = self.dir.join(format!("{name}.parquet"));
            if file.is_file() { vec![file] } else { vec![] }
        };
        let Some(first) = files.first() else {
            return Err(ReadError::NoTable {
                corpus: self.id.to_string(),
                table: name.to_string(),
                path: self.dir.clone(),
            });
        };
        let file = open_file(first)?;
        let schema = parquet(first, || ParquetReader::new(file).schema())?;
        Ok(TableFiles {
            corpus: self.id.to_string(),
            columns: schema.iter_names().map(|n| n.to_string()).collect(),
            files,
        })
    }

    /// Whether the tables were written by `analyze --reach-only`: their `puzzles` table has
    /// no solution counts.
    pub fn reach_only(&self) -> bool {
        self.table(Table::Puzzles)
            .is_ok_and(|t| !t.has(crate::store::schema::col::EXPRESSIONS))
    }

    /// The error for something the corpus's tables lack.
    pub fn absent(&self, what: String) -> ReadError {
        ReadError::Absent {
            corpus: self.id.to_string(),
            what,
        }
    }
}

/// The corpora under `data`: the default ones that exist, in their order, then any other
/// folder holding a `targets` table (a custom corpus), by name; and the default ones missing.
pub fn discover(data: &Path) -> (Vec<CorpusStore>, Vec<String>) {
    let mut found = Vec::new();
    let mut missing = Vec::new();
    for id in CorpusId::REPORT_ORDER {
        match CorpusStore::open(data, &id) {
            Ok(c) => found.push(c),
            Err(_) => missing.push(id.to_string()),
        }
    }
    let mut extra: Vec<String> = std::fs::read_dir(data)
        .into_iter()
        .flatten()
        .filter_map(|e| e.ok())
        .filter(|e| e.path().is_dir())
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|n| !CorpusId::REPORT_ORDER.iter().any(|c| c.name() == n))
        .filter(|n| {
            let d = data.join(n);
            d.join("targets.parquet").is_file() || d.join("targets").is_dir()
        })
        .collect();
    extra.sort();
    found.extend(
        extra
            .into_iter()
            .filter_map(|n| CorpusStore::open(data, &CorpusId::of_folder(&n)).ok()),
    );
    (found, missing)
}

/// Reads one Parquet file.
pub fn read_file(path: &Path) -> crate::Result<DataFrame> {
    let file = File::open(path).map_err(|e| file_error(path, e))?;
    guarded(|| ParquetReader::new(file).finish())
        .map_err(|what| file_error(path, format!("the file is corrupt ({what})")))?
        .map_err(|e| file_error(path, e))
}

/// The part files of a table folder (`*.parquet`, hidden temporaries excluded), by name.
pub fn parts(dir: &Path) -> crate::Result<Vec<PathBuf>> {
    part_files(dir).map_err(|e| file_error(dir, e))
}

fn part_files(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut out: Vec<PathBuf> = fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension().is_some_and(|x| x == "parquet")
                && !p
                    .file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with('.'))
        })
        .collect();
    out.sort();
    Ok(out)
}

/// Reads every part of a table folder as one frame.
pub fn read_table(dir: &Path) -> crate::Result<DataFrame> {
    let mut frames = parts(dir)?.into_iter().map(|p| read_file(&p));
    let mut df = frames
        .next()
        .ok_or_else(|| file_error(dir, "no part files"))??;
    for f in frames {
        df.vstack_mut(&f?).map_err(|e| file_error(dir, e))?;
    }
    Ok(df)
}
