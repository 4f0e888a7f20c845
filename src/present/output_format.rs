//! The output formats a command's list is written in (`--format`): an aligned table for
//! people, CSV and JSON for programs, which `hardest` and `generate` both take; and
//! `generate`'s own, which adds the datasets for models ([`GenerateFormat`]).

use std::str::FromStr;

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Table,
    Csv,
    Json,
}

impl Format {
    pub const ALL: [Format; 3] = [Format::Table, Format::Csv, Format::Json];

    pub fn name(self) -> &'static str {
        match self {
            Format::Table => "table",
            Format::Csv => "csv",
            Format::Json => "json",
        }
    }
}

impl FromStr for Format {
    type Err = crate::Error;

    fn from_str(s: &str) -> crate::Result<Format> {
        Format::ALL
            .into_iter()
            .find(|f| f.name() == s)
            .ok_or_else(|| {
                crate::Error::Input(format!("unknown format `{s}` (known: table, csv, json)"))
            })
    }
}

/// What `generate` writes (`--format`): a list for people or programs, or a dataset for
/// models.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GenerateFormat {
    /// A list ([`Format`]): an aligned table, CSV or JSON.
    List(Format),
    /// A dataset, one JSON line a puzzle.
    Jsonl,
    /// A dataset in a Parquet file.
    Parquet,
    /// A Hugging Face dataset folder: a Parquet file per split and a README.md card.
    Hf,
    /// A folder in verl's row shape: a Parquet file per split.
    Verl,
}

impl Default for GenerateFormat {
    /// An aligned table.
    fn default() -> Self {
        GenerateFormat::List(Format::Table)
    }
}

impl GenerateFormat {
    /// The names `--format` takes.
    pub const NAMES: &[&str] = &["table", "csv", "json", "jsonl", "parquet", "hf", "verl"];

    /// Its name as `--format` takes it.
    pub fn name(self) -> &'static str {
        match self {
            GenerateFormat::List(f) => f.name(),
            GenerateFormat::Jsonl => "jsonl",
            GenerateFormat::Parquet => "parquet",
            GenerateFormat::Hf => "hf",
            GenerateFormat::Verl => "verl",
        }
    }

    /// A dataset for models (whose rows carry prompts and ground truths).
    pub fn is_dataset(self) -> bool {
        matches!(
            self,
            GenerateFormat::Jsonl
                | GenerateFormat::Parquet
                | GenerateFormat::Hf
                | GenerateFormat::Verl
        )
    }
}

impl FromStr for GenerateFormat {
    type Err = crate::Error;

    fn from_str(s: &str) -> crate::Result<GenerateFormat> {
        Ok(match s {
            "jsonl" => GenerateFormat::Jsonl,
            "parquet" => GenerateFormat::Parquet,
            "hf" => GenerateFormat::Hf,
            "verl" => GenerateFormat::Verl,
            list => match list.parse::<Format>() {
                Ok(f) => GenerateFormat::List(f),
                Err(_) => {
                    return Err(crate::Error::Input(format!(
                        "unknown format `{s}` (known: {})",
                        GenerateFormat::NAMES.join(", ")
                    )));
                }
            },
        })
    }
}
