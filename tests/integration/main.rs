//! The one integration-test binary (each extra test binary would relink polars).

mod analyze;
mod brute;
mod cli;
mod figures;
mod properties;
