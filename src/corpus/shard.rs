//! Splitting a corpus run between machines: shard `k` of `n` takes boards `k − 1`,
//! `k − 1 + n`, … (round robin, so shards get even work) and writes part files
//! `part-K-of-N`.

use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};

/// One shard of a run: `k` of `n`, from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    pub k: usize,
    pub n: usize,
}

impl Default for Shard {
    fn default() -> Self {
        Shard { k: 1, n: 1 }
    }
}

/// `K/N`, as `--shard` takes it.
impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.k, self.n)
    }
}

impl FromStr for Shard {
    type Err = Error;
    fn from_str(s: &str) -> Result<Shard> {
        let bad = || {
            Error::input(format!(
                "shard `{s}` is not K/N with 1 ≤ K ≤ N ≤ {}",
                Shard::MOST
            ))
        };
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let (k, n): (usize, usize) = (
            k.trim().parse().map_err(|_| bad())?,
            n.trim().parse().map_err(|_| bad())?,
        );
        if k == 0 || k > n || n > Shard::MOST {
            return Err(bad());
        }
        Ok(Shard { k, n })
    }
}

impl Shard {
    /// The most shards a corpus may be split into.
    pub const MOST: usize = 100_000;

    /// The positions, in a corpus of `len` boards, of the boards this shard takes.
    pub fn positions(self, len: usize) -> Vec<usize> {
        (self.k - 1..len).step_by(self.n).collect()
    }
}
