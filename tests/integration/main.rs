//! The one integration-test binary (each extra test binary would relink polars).

mod brute;
mod cli;
mod figures;
mod properties;
