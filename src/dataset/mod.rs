//! Puzzle datasets from other projects, read and judged: the files ([`read`]: CSV, JSONL or
//! Parquet, columns found by name) and a file of answers checked row by row ([`check`],
//! `digits-lab check --batch`).

pub mod check;
pub mod read;
