//! Puzzle datasets from other projects, read and judged: the files ([`input`]: CSV, JSONL or
//! Parquet, columns found by name) and a file of answers checked row by row ([`check`],
//! `digits-lab check --batch`), and a puzzle dataset audited ([`audit`]: every row solved
//! exactly, repeats and rows the game forbids flagged).

pub mod audit;
pub mod check;
pub mod input;
