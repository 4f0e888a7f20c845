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
mod player;
mod properties;
mod robustness;
mod shards;
mod tables;
