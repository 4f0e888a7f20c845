//! Presenting what the tables say: the charts ([`charts`]) and `REPORT.md` ([`report`]).

pub mod charts;
pub mod report;
