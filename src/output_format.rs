//! The output formats a command's list is written in (`--format`): an aligned table for
//! people, CSV and JSON for programs; `hardest` and `generate` take the same three.

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
