//! Presenting what the tables say: the charts ([`charts`], one file per chart family) and
//! `REPORT.md` ([`report`]), both drawn from [`crate::research::facts::Facts`], and the
//! `hardest` command's list written out ([`hardest_output`]) in one of the output formats
//! ([`output_format`], which `generate` writes its puzzles in too).

pub mod charts;
pub mod hardest_output;
pub mod output_format;
pub mod report;
