//! What made an output, so that a rerun can keep what nothing changed: the build
//! ([`BUILD`], a hash of the library's sources, the data it embeds, its locked dependencies
//! and the compiler, made by `build.rs`) beside a description of the request (the rules, the
//! corpus, every option that changes the output's bytes). A corpus run keeps it in its plan
//! (`plan-K-of-N.json`); the phase sweep and the report in a sidecar, [`Made`]. An output is
//! kept only when its record equals the one the run would write, so a changed build, rule or
//! option always recomputes.

use std::fs;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::store::write::write_text;

/// This build's fingerprint.
pub const BUILD: &str = env!("DIGITS_LAB_BUILD");

/// The record of what made an output: the build and the request.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Made {
    pub program: String,
    pub build: String,
    /// The request, as JSON: every input that changes the output's bytes.
    pub request: serde_json::Value,
}

impl Made {
    /// The record this build writes for `request`.
    pub fn of(request: &impl Serialize) -> Result<Made> {
        Ok(Made {
            program: "digits-lab".into(),
            build: BUILD.into(),
            request: serde_json::to_value(request)
                .map_err(|e| Error::failed("writing the record", e))?,
        })
    }

    /// Whether `path` holds this very record.
    pub fn recorded_at(&self, path: &Path) -> bool {
        fs::read_to_string(path)
            .ok()
            .and_then(|text| serde_json::from_str::<Made>(&text).ok())
            .is_some_and(|before| before == *self)
    }

    /// Writes the record to `path` (atomically, as every output).
    pub fn write(&self, path: &Path) -> Result<()> {
        let json = serde_json::to_string_pretty(self)
            .map_err(|e| Error::failed("writing the record", e))?;
        write_text(path, &(json + "\n"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_is_kept_only_when_equal() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.made.json");
        let a = Made::of(&("countdown", 3)).unwrap();
        assert!(!a.recorded_at(&path), "nothing written yet");
        a.write(&path).unwrap();
        assert!(a.recorded_at(&path));
        assert!(!Made::of(&("countdown", 4)).unwrap().recorded_at(&path));
        let other_build = Made {
            build: "0000000000000000".into(),
            ..a.clone()
        };
        assert!(!other_build.recorded_at(&path), "another build recomputes");
        assert_eq!(BUILD.len(), 16);
    }
}
