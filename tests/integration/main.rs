//! The one integration-test binary (each extra test binary would relink polars).

mod analyze;
mod architecture;
mod brute;
mod charts;
mod cli;
mod difficulty;
mod figures;
mod fixture;
mod fuzz;
mod fuzz_cli;
mod fuzz_files;
mod games;
mod generate;
mod hardest;
mod inequivalent;
mod json_schema;
mod layout;
mod phase;
mod places;
mod player;
mod properties;
mod reach;
mod reach_bounded;
mod robustness;
mod shards;
mod tables;
