//! Presenting what the tables say: the charts ([`charts`], one file per chart family) and
//! `REPORT.md` ([`report`]), both drawn from [`crate::research::facts::Facts`], and the
//! `hardest` command's output ([`hardest`]).

pub mod charts;
pub mod hardest;
pub mod report;
