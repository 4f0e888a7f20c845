//! The tables of a corpus run: what they hold ([`schema`]), writing them atomically
//! ([`write`]), reading them back ([`read`]) and their rows as Rust values ([`rows`]).

pub mod read;
pub mod rows;
pub mod schema;
pub mod write;
