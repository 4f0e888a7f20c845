//! Presenting what the tables say: the charts ([`charts`], one file per chart family) and
//! `REPORT.md` ([`report`]), both drawn from [`crate::research::facts::Facts`]. The
//! `hardest` command's list is written out beside its ranking
//! ([`crate::digest::hardest::text`]).

pub mod charts;
pub mod report;
