//! Seeded random damage to the table files `hardest` and `plots` read (bytes changed, runs
//! zeroed, files cut short), each run as a user runs it: it must exit 0, 1 or 2 with one line
//! on stderr when it fails, never panic (exit 101) or hang. Found a panic inside polars on a
//! footer that does not decode, now an error naming the file (`store::guard`); and a hang:
//! an `expected_trees` damaged to 1.27e-307 asked plotters for a log axis over 300 decades
//! (`log_range` now keeps every log axis within 10^-3..10^15).
//!
//! Runs: `FUZZ_FILE_CASES` (default 10; `just fuzz` runs 200), seed `FUZZ_SEED`.

use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use assert_cmd::Command;
use digits_lab::corpus::CorpusId;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

use crate::fixture;
use crate::fuzz::{env_number, fuzz};

/// How a file is damaged.
#[derive(Clone, Debug)]
enum Damage {
    /// Bytes at these positions (taken modulo the length) set to these values.
    Bytes(Vec<(u64, u8)>),
    /// Cut to this length (modulo the length).
    Cut(u64),
    /// A run of zeros from this position (modulo the length).
    Zeros(u64, u8),
}

fn damage() -> impl Strategy<Value = Damage> {
    prop_oneof![
        2 => prop::collection::vec((any::<u64>(), any::<u8>()), 1..200).prop_map(Damage::Bytes),
        1 => any::<u64>().prop_map(Damage::Cut),
        1 => (any::<u64>(), 1u8..64).prop_map(|(at, n)| Damage::Zeros(at, n)),
    ]
}

fn apply(path: &Path, d: &Damage) {
    let mut b = std::fs::read(path).unwrap();
    let len = b.len() as u64;
    match d {
        Damage::Bytes(edits) => {
            for &(at, v) in edits {
                b[(at % len) as usize] = v;
            }
        }
        Damage::Cut(at) => b.truncate((at % len) as usize),
        Damage::Zeros(at, n) => {
            let at = (at % len) as usize;
            let end = (at + *n as usize).min(b.len());
            b[at..end].fill(0);
        }
    }
    std::fs::write(path, b).unwrap();
}

#[test]
fn fuzz_damaged_tables() {
    let cases = env_number("FUZZ_FILE_CASES", 10);
    let whole = fixture::subset(&[CorpusId::TwentyFour]);
    let files = fixture::files_with_extension(whole.path(), "parquet");
    let corrupt = AtomicU64::new(0);
    let strategy = (0..files.len(), damage());
    fuzz(
        "damaged table files (hardest, plots)",
        cases,
        strategy,
        |(i, d)| {
            let dir = fixture::subset(&[CorpusId::TwentyFour]);
            let file = dir
                .path()
                .join(files[i].strip_prefix(whole.path()).unwrap());
            apply(&file, &d);
            let reports = dir.path().join("reports-out");
            let mut all_ok = true;
            for args in [
                vec!["hardest", "--corpus", "24", "--limit", "3", "--data"],
                vec!["plots", "--reports", reports.to_str().unwrap(), "--data"],
            ] {
                let out = Command::new(env!("CARGO_BIN_EXE_digits-lab"))
                    .args(&args)
                    .arg(dir.path())
                    .timeout(Duration::from_secs(120))
                    .output()
                    .unwrap();
                let err = String::from_utf8_lossy(&out.stderr);
                let said = format!(
                    "{args:?} with {file:?} {d:?}: exit {:?}, stderr: {err}",
                    out.status.code()
                );
                prop_assert!(!err.contains("panicked"), "{said}");
                match out.status.code() {
                    Some(0) => {}
                    Some(1 | 2) => {
                        prop_assert_eq!(err.trim_end().lines().count(), 1, "{}", said);
                        all_ok = false;
                        if err.contains("the file is corrupt (") {
                            corrupt.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                    _ => return Err(TestCaseError::fail(said)),
                }
            }
            Ok(all_ok)
        },
    );
    eprintln!(
        "fuzz damaged table files: {} runs stopped by a reader panic, caught",
        corrupt.into_inner()
    );
}
