//! The one integration-test binary (each extra test binary would relink polars).

mod analyze;
mod architecture;
mod audit;
mod brute;
mod chart_layout;
mod charts;
mod check;
mod cli;
mod datasets;
mod defaults;
mod difficulty;
mod digest;
mod errors;
mod evaluate;
mod figures;
mod fit_human;
mod fixture;
mod fuzz;
mod fuzz_answers;
mod fuzz_cli;
mod fuzz_files;
mod games;
mod generate;
mod generate_model;
mod generate_verl;
mod golden_texts;
mod hardest;
mod inequivalent;
mod json_schema;
mod kept;
mod layout;
mod phase;
mod phase_plan;
mod places;
mod player;
mod properties;
mod reach;
mod reach_bounded;
mod robustness;
mod serve;
mod shards;
mod study_cli;
mod tables;

/// The repository: the workspace folder, above this crate's.
fn repo() -> &'static std::path::Path {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace folder")
}
