//! The Parquet tables of a corpus run: writing them atomically ([`write`]) and reading them
//! back ([`read`]).

pub mod read;
pub mod write;
