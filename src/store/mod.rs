//! The tables of a corpus run: what they hold ([`schema`]), writing them atomically
//! ([`write`]), reading them back ([`read`]), the small tables' rows as Rust values
//! ([`rows`]), the `puzzles` table scanned in slices read in place ([`slice`]) and folded
//! into summaries in one pass ([`scan`]); a
//! corrupt file's panic inside polars caught as an error (`guard`); what made an output,
//! so that a rerun keeps what nothing changed ([`fingerprint`]).

pub mod fingerprint;
mod guard;
pub mod phase;
pub mod read;
pub mod rows;
pub mod scan;
pub mod schema;
pub mod slice;
pub mod write;
