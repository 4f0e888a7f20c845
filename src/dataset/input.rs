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

/// The columns to read; a name left out is found among the usual ones.
#[derive(Clone, Debug, Default)]
pub struct Columns {
    pub numbers: Option<String>,
    pub target: Option<String>,
    pub answer: Option<String>,
    /// Which model gave the answer (`evaluate`); never required.
    pub model: Option<String>,
}

/// The usual names of each column, tried in order (case does not matter): TinyZero's
/// Countdown sets call the numbers `nums`, Tree-of-Thoughts' 24 file `Puzzles`.
pub const NUMBER_COLUMNS: &[&str] = &["numbers", "nums", "cards", "board", "puzzles", "puzzle"];
pub const TARGET_COLUMNS: &[&str] = &["target", "goal"];
pub const ANSWER_COLUMNS: &[&str] = &["answer", "response", "completion", "solution", "output"];
pub const MODEL_COLUMNS: &[&str] = &["model", "model_name", "policy", "system"];

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

/// The columns a file was found to have, by their names in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    pub numbers: String,
    pub target: Option<String>,
    pub answer: Option<String>,
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

/// `wanted` (given by a flag) if `names` has it, else the first usual name `names` has.
fn pick(names: &[String], wanted: Option<&str>, usual: &[&str]) -> Option<String> {
    let find = |w: &str| names.iter().find(|n| n.eq_ignore_ascii_case(w)).cloned();
    match wanted {
        Some(w) => find(w),
        None => usual.iter().find_map(|u| find(u)),
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
        let format = Format::of(path)?;
        let file = File::open(path).map_err(|e| file_error(path, e))?;
        let (names, source) = match format {
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
                (names, Source::Csv(r.into_records(), [None; 4]))
            }
            Format::Jsonl => {
                let mut lines = BufReader::new(file).lines();
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
                let names = match first.as_deref().map(serde_json::from_str::<Value>) {
                    Some(Ok(Value::Object(o))) => o.keys().cloned().collect(),
                    Some(_) => return Err(file_error(path, "line 1 is not a JSON object")),
                    None => Vec::new(),
                };
                // Read again from the start: the first line is a row too.
                let file = File::open(path).map_err(|e| file_error(path, e))?;
                (names, Source::Jsonl(BufReader::new(file).lines()))
            }
            Format::Parquet => {
                drop(file);
                let df = crate::store::read::read_file(path)?;
                let names = df
                    .get_column_names()
                    .iter()
                    .map(|n| n.to_string())
                    .collect();
                (names, Source::Parquet(df, 0))
            }
        };
        let missing = |what: &str, flag: &str, given: Option<&str>, usual: &[&str]| {
            let looked = match given {
                Some(g) => format!("`{g}`"),
                None => usual.join(", "),
            };
            Error::input(format!(
                "{}: no {what} column (looked for {looked}; {flag} names it; the file has {})",
                path.display(),
                if names.is_empty() {
                    "no columns".to_string()
                } else {
                    names.join(", ")
                }
            ))
        };
        let numbers =
            pick(&names, columns.numbers.as_deref(), NUMBER_COLUMNS).ok_or_else(|| {
                missing(
                    "numbers",
                    "--numbers-column",
                    columns.numbers.as_deref(),
                    NUMBER_COLUMNS,
                )
            })?;
        let target = pick(&names, columns.target.as_deref(), TARGET_COLUMNS);
        if target.is_none() && (need_target || columns.target.is_some()) {
            return Err(missing(
                "target",
                "--target-column",
                columns.target.as_deref(),
                TARGET_COLUMNS,
            ));
        }
        let answer = pick(&names, columns.answer.as_deref(), ANSWER_COLUMNS);
        if answer.is_none() && (need_answer || columns.answer.is_some()) {
            return Err(missing(
                "answer",
                "--answer-column",
                columns.answer.as_deref(),
                ANSWER_COLUMNS,
            ));
        }
        let model = pick(&names, columns.model.as_deref(), MODEL_COLUMNS);
        if model.is_none() && columns.model.is_some() {
            return Err(missing(
                "model",
                "--model-column",
                columns.model.as_deref(),
                MODEL_COLUMNS,
            ));
        }
        let found = Found {
            numbers,
            target,
            answer,
            model,
        };
        let source = match source {
            Source::Csv(records, _) => {
                let at =
                    |n: &Option<String>| n.as_ref().and_then(|n| names.iter().position(|m| m == n));
                let idx = [
                    at(&Some(found.numbers.clone())),
                    at(&found.target),
                    at(&found.answer),
                    at(&found.model),
                ];
                Source::Csv(records, idx)
            }
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
                    Some(Ok(rec)) => {
                        let text =
                            |i: Option<usize>| i.map(|i| rec.get(i).unwrap_or("").to_string());
                        let [n, t, a, m] = *idx;
                        (
                            numbers_text(text(n).as_deref().unwrap_or("")),
                            text(t).map(|t| target_text(&t)),
                            text(a).map(Ok),
                            text(m).filter(|m| !m.is_empty()),
                        )
                    }
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

/// A row's fields as read, each with the reason it could not be.
type Fields = (
    std::result::Result<Vec<i64>, String>,
    Option<std::result::Result<i64, String>>,
    Option<std::result::Result<String, String>>,
    Option<String>,
);

/// The numbers of a cell written as text: whole numbers separated by spaces or commas,
/// optionally in brackets.
fn numbers_text(text: &str) -> std::result::Result<Vec<i64>, String> {
    let inner = text.trim();
    let inner = inner
        .strip_prefix('[')
        .and_then(|s| s.strip_suffix(']'))
        .unwrap_or(inner);
    let numbers: std::result::Result<Vec<i64>, _> = inner
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
        .map(|w| w.parse::<i64>())
        .collect();
    match numbers {
        Ok(n) if !n.is_empty() => Ok(n),
        _ => Err(format!(
            "the numbers `{}` are not a list of whole numbers",
            clip(text)
        )),
    }
}

fn target_text(text: &str) -> std::result::Result<i64, String> {
    let t = text.trim();
    t.parse::<i64>()
        .ok()
        .or_else(|| t.parse::<f64>().ok().and_then(integral))
        .ok_or_else(|| format!("the target `{}` is not a whole number", clip(text)))
}

/// A float that is a whole number, as pandas writes an integer column with gaps (`24.0`).
fn integral(x: f64) -> Option<i64> {
    (x.fract() == 0.0 && x.abs() < 9.0e15).then_some(x as i64)
}

/// Text cut for a message.
fn clip(text: &str) -> String {
    let mut s: String = text.chars().take(40).collect();
    if text.chars().count() > 40 {
        s.push('…');
    }
    s
}

fn json_fields(line: &str, found: &Found) -> Fields {
    let obj = match serde_json::from_str::<Value>(line) {
        Ok(Value::Object(o)) => o,
        _ => {
            let why = format!("the line `{}` is not a JSON object", clip(line));
            return (Err(why.clone()), None, Some(Err(why)), None);
        }
    };
    let numbers = match obj.get(&found.numbers) {
        Some(Value::Array(items)) => items
            .iter()
            .map(|v| v.as_i64().or_else(|| v.as_f64().and_then(integral)))
            .collect::<Option<Vec<i64>>>()
            .filter(|n| !n.is_empty())
            .ok_or_else(|| {
                format!(
                    "the numbers {} are not whole numbers",
                    clip(&Value::Array(items.clone()).to_string())
                )
            }),
        Some(Value::String(s)) => numbers_text(s),
        Some(Value::Null) | None => Err("no numbers".to_string()),
        Some(v) => Err(format!(
            "the numbers {} are not a list",
            clip(&v.to_string())
        )),
    };
    let target = found.target.as_ref().map(|t| match obj.get(t) {
        Some(Value::Number(n)) => n
            .as_i64()
            .or_else(|| n.as_f64().and_then(integral))
            .ok_or_else(|| format!("the target {n} is not a whole number")),
        Some(Value::String(s)) => target_text(s),
        Some(Value::Null) | None => Err("no target".to_string()),
        Some(v) => Err(format!(
            "the target {} is not a number",
            clip(&v.to_string())
        )),
    });
    let answer = found.answer.as_ref().map(|a| match obj.get(a) {
        Some(Value::String(s)) => Ok(s.clone()),
        Some(Value::Null) | None => Ok(String::new()),
        Some(v) => Err(format!("the answer {} is not text", clip(&v.to_string()))),
    });
    let model = found.model.as_ref().and_then(|m| match obj.get(m) {
        Some(Value::String(s)) if !s.is_empty() => Some(s.clone()),
        Some(Value::Null | Value::String(_)) | None => None,
        Some(v) => Some(v.to_string()),
    });
    (numbers, target, answer, model)
}

fn frame_fields(df: &DataFrame, at: usize, found: &Found) -> Fields {
    let cell = |name: &str| {
        df.column(name)
            .and_then(|c| c.get(at))
            .map(|v| v.into_static())
    };
    let numbers = match cell(&found.numbers) {
        Ok(AnyValue::List(s)) => s
            .cast(&DataType::Int64)
            .ok()
            .and_then(|s| {
                s.i64().ok().map(|ca| {
                    (0..ca.len())
                        .map(|i| ca.get(i))
                        .collect::<Option<Vec<i64>>>()
                })
            })
            .flatten()
            .filter(|n| !n.is_empty())
            .ok_or_else(|| "the numbers are not a list of whole numbers".to_string()),
        Ok(AnyValue::String(s)) => numbers_text(s),
        Ok(AnyValue::StringOwned(s)) => numbers_text(&s),
        Ok(AnyValue::Null) => Err("no numbers".to_string()),
        Ok(v) => Err(format!("the numbers {v} are not a list")),
        Err(e) => Err(e.to_string()),
    };
    let target = found.target.as_ref().map(|t| match cell(t) {
        Ok(AnyValue::String(s)) => target_text(s),
        Ok(AnyValue::StringOwned(s)) => target_text(&s),
        Ok(AnyValue::Null) => Err("no target".to_string()),
        Ok(v) => v
            .extract::<i64>()
            .filter(|_| v.is_integer())
            .or_else(|| v.extract::<f64>().and_then(integral))
            .ok_or_else(|| format!("the target {v} is not a whole number")),
        Err(e) => Err(e.to_string()),
    });
    let answer = found.answer.as_ref().map(|a| match cell(a) {
        Ok(AnyValue::String(s)) => Ok(s.to_string()),
        Ok(AnyValue::StringOwned(s)) => Ok(s.to_string()),
        Ok(AnyValue::Null) => Ok(String::new()),
        Ok(v) => Err(format!("the answer {v} is not text")),
        Err(e) => Err(e.to_string()),
    });
    let model = found.model.as_ref().and_then(|m| match cell(m) {
        Ok(AnyValue::String(s)) => Some(s.to_string()),
        Ok(AnyValue::StringOwned(s)) => Some(s.to_string()),
        Ok(AnyValue::Null) | Err(_) => None,
        Ok(v) => Some(v.to_string()),
    });
    (numbers, target, answer, model.filter(|m| !m.is_empty()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_read_in_every_usual_spelling() {
        for text in ["[1, 2, 3, 4]", "1 2 3 4", "1,2,3,4", " [1,2,3,4] "] {
            assert_eq!(numbers_text(text), Ok(vec![1, 2, 3, 4]), "{text}");
        }
        assert!(numbers_text("").is_err());
        assert!(numbers_text("[1, x]").is_err());
        assert_eq!(target_text("24.0"), Ok(24));
        assert!(target_text("24.5").is_err());
    }
}
