//! The one integration-test binary (each extra test binary would relink polars).

mod analyze;
mod brute;
mod charts;
mod cli;
mod difficulty;
mod figures;
mod fixture;
mod hardest;
mod json_schema;
mod phase;
mod properties;
mod reach;
mod robustness;
mod shards;
mod tables;
