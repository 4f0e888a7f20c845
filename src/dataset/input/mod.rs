//! Puzzle datasets as other projects write them: CSV, JSONL or Parquet, one puzzle a row,
//! the numbers as a list (`[1, 2, 3, 4]`, `"1 2 3 4"`, `"1,2,3,4"`), the target and,
//! for checking, an answer. Columns are found by their usual names ([`Columns`]) or named by
//! flags. Rows are read in chunks, so a file of any length streams; a row whose fields are
//! unusable is kept with its reason, for the verdict of that row, and never stops the run.

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};

use polars::prelude::*;
use serde_json::Value;

use crate::error::file_error;
use crate::error::{Error, Result};

mod columns;
mod fields;

pub use columns::{ANSWER_COLUMNS, Columns, Found, MODEL_COLUMNS, NUMBER_COLUMNS, TARGET_COLUMNS};
pub use fields::numbers_text;
use fields::{csv_fields, frame_fields, json_fields};

/// A dataset's file format, from its extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Csv,
    Jsonl,
    Parquet,
}

impl Format {
    /// The format of `path` by its extension: `.csv`, `.jsonl`/`.ndjson`, `.parquet`.
    pub fn of(path: &Path) -> Result<Format> {
        let ext = path
            .extension()
            .map(|e| e.to_string_lossy().to_ascii_lowercase());
        match ext.as_deref() {
            Some("csv") => Ok(Format::Csv),
            Some("jsonl" | "ndjson") => Ok(Format::Jsonl),
            Some("parquet") => Ok(Format::Parquet),
            _ => Err(Error::input(format!(
                "{}: a dataset is a .csv, .jsonl (or .ndjson) or .parquet file",
                path.display()
            ))),
        }
    }
}

/// Why a row's field, or the puzzle it gives, cannot be used: the reason its verdict or its
/// audited row carries (data about the row, not a failure of the run).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Unusable(pub String);

impl From<String> for Unusable {
    fn from(reason: String) -> Unusable {
        Unusable(reason)
    }
}

impl From<&str> for Unusable {
    fn from(reason: &str) -> Unusable {
        Unusable(reason.to_string())
    }
}

/// One row: its number in the file (from 1, header excluded) and its fields, each read or
/// the reason it could not be.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub row: u64,
    pub numbers: std::result::Result<Vec<i64>, Unusable>,
    /// `None` when the file has no target column (a game that fixes its target).
    pub target: Option<std::result::Result<i64, Unusable>>,
    /// `None` when the file has no answer column.
    pub answer: Option<std::result::Result<String, Unusable>>,
    /// The model's name as text, `None` when the file has no model column or the cell is
    /// empty.
    pub model: Option<String>,
}

/// A dataset being read, chunk by chunk.
pub struct Reader {
    path: PathBuf,
    pub found: Found,
    source: Source,
    next_row: u64,
}

enum Source {
    Csv(
        csv::StringRecordsIntoIter<BufReader<File>>,
        [Option<usize>; 4],
    ),
    Jsonl(std::io::Lines<BufReader<File>>),
    Parquet(DataFrame, usize),
}

impl Source {
    /// The file at `path` opened in its format, and its column names.
    fn open(path: &Path) -> Result<(Vec<String>, Source)> {
        let format = Format::of(path)?;
        let file = File::open(path).map_err(|e| file_error(path, e))?;
        match format {
            Format::Csv => {
                let mut r = csv::ReaderBuilder::new()
                    .flexible(true)
                    .from_reader(BufReader::new(file));
                let names: Vec<String> = r
                    .headers()
                    .map_err(|e| file_error(path, e))?
                    .iter()
                    .map(str::to_string)
                    .collect();
                Ok((names, Source::Csv(r.into_records(), [None; 4])))
            }
            Format::Jsonl => {
                let names = jsonl_names(path, BufReader::new(file).lines())?;
                // Read again from the start: the first line is a row too.
                let file = File::open(path).map_err(|e| file_error(path, e))?;
                Ok((names, Source::Jsonl(BufReader::new(file).lines())))
            }
            Format::Parquet => {
                drop(file);
                let df = crate::store::read::read_file(path)?;
                let names = df
                    .get_column_names()
                    .iter()
                    .map(|n| n.to_string())
                    .collect();
                Ok((names, Source::Parquet(df, 0)))
            }
        }
    }
}

/// The keys of a JSONL file's first object, its column names (none in an empty file).
fn jsonl_names(path: &Path, mut lines: std::io::Lines<BufReader<File>>) -> Result<Vec<String>> {
    let first = loop {
        match lines.next() {
            None => break None,
            Some(line) => {
                let line = line.map_err(|e| file_error(path, e))?;
                if !line.trim().is_empty() {
                    break Some(line);
                }
            }
        }
    };
    match first.as_deref().map(serde_json::from_str::<Value>) {
        Some(Ok(Value::Object(o))) => Ok(o.keys().cloned().collect()),
        Some(_) => Err(file_error(path, "line 1 is not a JSON object")),
        None => Ok(Vec::new()),
    }
}

impl Reader {
    /// Opens `path` and finds its columns; the numbers column must be there, and the target
    /// and answer columns when `need_target` / `need_answer`.
    pub fn open(
        path: &Path,
        columns: &Columns,
        need_target: bool,
        need_answer: bool,
    ) -> Result<Reader> {
        let (names, source) = Source::open(path)?;
        let found = Found::find(path, &names, columns, need_target, need_answer)?;
        let source = match source {
            Source::Csv(records, _) => Source::Csv(records, found.csv_indices(&names)),
            s => s,
        };
        Ok(Reader {
            path: path.to_path_buf(),
            found,
            source,
            next_row: 1,
        })
    }

    /// Every row left, for a command that needs the whole file at once (`audit` and
    /// `evaluate` group rows by board).
    pub fn rest(&mut self) -> Result<Vec<Row>> {
        let mut rows = Vec::new();
        loop {
            let chunk = self.chunk(1 << 16)?;
            if chunk.is_empty() {
                return Ok(rows);
            }
            rows.extend(chunk);
        }
    }

    /// Up to `n` more rows; none at the end of the file.
    pub fn chunk(&mut self, n: usize) -> Result<Vec<Row>> {
        let mut out = Vec::with_capacity(n.min(1 << 16));
        while out.len() < n {
            let row = self.next_row;
            let fields = match &mut self.source {
                Source::Csv(records, idx) => match records.next() {
                    None => break,
                    Some(Err(e)) => return Err(file_error(&self.path, e)),
                    Some(Ok(rec)) => csv_fields(&rec, *idx),
                },
                Source::Jsonl(lines) => {
                    let line = match lines.next() {
                        None => break,
                        Some(l) => l.map_err(|e| file_error(&self.path, e))?,
                    };
                    if line.trim().is_empty() {
                        continue;
                    }
                    json_fields(&line, &self.found)
                }
                Source::Parquet(df, at) => {
                    if *at >= df.height() {
                        break;
                    }
                    let fields = frame_fields(df, *at, &self.found);
                    *at += 1;
                    fields
                }
            };
            self.next_row += 1;
            out.push(Row {
                row,
                numbers: fields.0.map_err(Unusable),
                target: fields.1.map(|t| t.map_err(Unusable)),
                answer: fields.2.map(|a| a.map_err(Unusable)),
                model: fields.3,
            });
        }
        Ok(out)
    }
}
