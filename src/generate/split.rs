//! A dataset's seeded train/test split: what it holds out whole (boards or targets), and
//! which part each puzzle falls in, by a hash of the seed, the same on any machine.

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use crate::error::{Error, Result};
use crate::random::mix;

use super::dataset::SetPuzzle;

/// What a test split holds out: whole boards (no board of the test set is in the training
/// set) or whole targets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum HoldOut {
    #[default]
    Boards,
    Targets,
}

impl FromStr for HoldOut {
    type Err = Error;

    fn from_str(s: &str) -> Result<HoldOut> {
        match s {
            "boards" => Ok(HoldOut::Boards),
            "targets" => Ok(HoldOut::Targets),
            _ => Err(Error::input(format!(
                "--hold-out takes boards or targets, not `{s}`"
            ))),
        }
    }
}

/// A seeded train/test split: `test` is the share of boards (or targets) held out.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Split {
    pub test: f64,
    pub hold_out: HoldOut,
    pub seed: u64,
}

impl Split {
    /// `train` or `test` for a puzzle: a hash of the seed and the board's numbers (or the
    /// target) against the share, the same on any machine, so that a board (or a target) is
    /// wholly in one part.
    pub fn of(&self, p: &SetPuzzle) -> &'static str {
        let mut h = mix(self.seed ^ 0x5eed_0047);
        match self.hold_out {
            HoldOut::Boards => {
                for &n in p.board() {
                    h = mix(h ^ n as u64);
                }
            }
            HoldOut::Targets => h = mix(h ^ p.target() as u64),
        }
        // The top 53 bits as a fraction of 1.
        if ((h >> 11) as f64 / (1u64 << 53) as f64) < self.test {
            "test"
        } else {
            "train"
        }
    }
}

impl HoldOut {
    /// Its name, as `--hold-out` takes it.
    pub fn name(self) -> &'static str {
        match self {
            HoldOut::Boards => "boards",
            HoldOut::Targets => "targets",
        }
    }
}

impl fmt::Display for HoldOut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The parts a split makes.
pub const SPLITS: [&str; 2] = ["train", "test"];
