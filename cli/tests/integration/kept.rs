//! Nothing computed twice: a rerun keeps the tables, the phase sweep and the report that this
//! build wrote for the same request, says so, and leaves their bytes alone; a changed
//! request, another build's record or `--force` recomputes.

use std::fs;
use std::path::Path;
use std::time::SystemTime;

use crate::cli::cli;

/// A small custom corpus: every 3-card hand of 1–6 of the 24 game, targets 1–30.
pub const CORPUS: &[&str] = &[
    "analyze",
    "--corpus",
    "custom",
    "--game",
    "24",
    "--pool",
    "1-6",
    "--size",
    "3",
    "--targets",
    "1-30",
    "--name",
    "small",
    "--no-report",
];

pub fn analyze(out: &Path, extra: &[&str]) -> String {
    let done = cli()
        .args(CORPUS)
        .arg("--out")
        .arg(out)
        .args(extra)
        .assert()
        .success()
        .get_output()
        .clone();
    String::from_utf8(done.stderr).unwrap()
}

/// Every file of the corpus folder with its bytes and time of change.
fn files(dir: &Path) -> Vec<(String, Vec<u8>, SystemTime)> {
    let mut out = Vec::new();
    for table in ["boards", "puzzles", "unique", "sums"] {
        for e in fs::read_dir(dir.join(table)).unwrap().flatten() {
            let m = e.metadata().unwrap();
            out.push((
                e.path().display().to_string(),
                fs::read(e.path()).unwrap(),
                m.modified().unwrap(),
            ));
        }
    }
    let t = dir.join("targets.parquet");
    out.push((
        t.display().to_string(),
        fs::read(&t).unwrap(),
        fs::metadata(&t).unwrap().modified().unwrap(),
    ));
    out.sort();
    out
}

#[test]
fn a_rerun_keeps_what_this_build_wrote_and_a_change_recomputes() {
    let out = tempfile::tempdir().unwrap();
    let dir = out.path().join("small");
    let first = analyze(out.path(), &[]);
    assert!(first.contains("small: 20 boards, 600 puzzles"), "{first}");
    let before = files(&dir);

    let again = analyze(out.path(), &[]);
    assert!(
        again.contains("small: up to date, kept (20 boards, 600 puzzles"),
        "{again}"
    );
    assert_eq!(files(&dir), before, "a kept table is not written again");

    // Another build's plan: the same request, but not this build's tables.
    let plan = dir.join("plan-1-of-1.json");
    let text = fs::read_to_string(&plan).unwrap();
    let build = digits_lab::store::fingerprint::BUILD;
    assert!(text.contains(build), "the plan records the build: {text}");
    fs::write(&plan, text.replace(build, "0123456789abcdef")).unwrap();
    let rebuilt = analyze(out.path(), &[]);
    assert!(
        rebuilt.contains("small: 20 boards, 600 puzzles"),
        "{rebuilt}"
    );
    assert!(!rebuilt.contains("kept"), "{rebuilt}");
    let after = files(&dir);
    let bytes = |f: &[(String, Vec<u8>, SystemTime)]| -> Vec<(String, Vec<u8>)> {
        f.iter().map(|(p, b, _)| (p.clone(), b.clone())).collect()
    };
    assert_eq!(bytes(&after), bytes(&before), "recomputed, the same bytes");
    assert_ne!(after, before, "written again");

    // --force recomputes; a changed request (targets) recomputes.
    let forced = analyze(out.path(), &["--force"]);
    assert!(!forced.contains("kept"), "{forced}");
    let changed = cli()
        .args(CORPUS.iter().map(|w| if *w == "1-30" { "1-31" } else { w }))
        .arg("--out")
        .arg(out.path())
        .assert()
        .success()
        .get_output()
        .stderr
        .clone();
    let changed = String::from_utf8(changed).unwrap();
    assert!(
        changed.contains("small: 20 boards, 620 puzzles"),
        "{changed}"
    );
    assert!(!changed.contains("kept"), "{changed}");
}

#[test]
fn a_stopped_run_is_never_kept() {
    let out = tempfile::tempdir().unwrap();
    let dir = out.path().join("small");
    analyze(out.path(), &[]);
    // A piece lost, as when a run is stopped before writing it.
    let piece = fs::read_dir(dir.join("puzzles"))
        .unwrap()
        .flatten()
        .next()
        .unwrap();
    fs::remove_file(piece.path()).unwrap();
    let again = analyze(out.path(), &[]);
    assert!(!again.contains("kept"), "{again}");
    assert!(piece.path().is_file(), "the lost piece is computed again");
}

#[test]
fn other_boards_of_the_same_count_are_not_kept() {
    let out = tempfile::tempdir().unwrap();
    let file = out.path().join("nyt.csv");
    let header = "date,slot,target,n1,n2,n3,n4,n5,n6\n";
    let run = || {
        let done = cli()
            .args(["analyze", "--corpus", "nyt", "--no-report", "--nyt"])
            .arg(&file)
            .arg("--out")
            .arg(out.path())
            .assert()
            .success()
            .get_output()
            .clone();
        String::from_utf8(done.stderr).unwrap()
    };
    fs::write(&file, format!("{header}2023-04-10,1,55,1,2,4,5,10,25\n")).unwrap();
    assert!(!run().contains("kept"));
    assert!(run().contains("nyt: up to date, kept (1 boards"));
    // One board still, but another one: the plan differs, the tables are computed again.
    fs::write(&file, format!("{header}2023-04-10,1,55,1,2,4,5,10,20\n")).unwrap();
    let other = run();
    assert!(other.contains("nyt: 1 boards"), "{other}");
    assert!(!other.contains("kept"), "{other}");
}
