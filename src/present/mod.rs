//! Presenting what the tables say: the charts ([`charts`], one file per chart family) and
//! `REPORT.md` ([`report`]), both drawn from [`crate::research::facts::Facts`]; and each
//! command's report rendered in one module of its own ([`evaluate`], [`fit`], [`generate`]):
//! its terminal text as `Display`, the files that are renderings (Markdown reports, a list
//! as a table, CSV or JSON, a dataset card). The `hardest` command's list is written out
//! beside its ranking ([`crate::digest::hardest::text`]).

pub mod charts;
pub mod evaluate;
pub mod fit;
pub mod generate;
pub mod report;
