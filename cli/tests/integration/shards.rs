//! Runs cut into shards and pieces: the union of shards is the single run, shards may run
//! into one folder at once, `gather` writes the summary from shards that ran elsewhere, and a
//! stopped run resumes to the same bytes as one never stopped.

use std::fs;
use std::path::Path;
use std::process::Command as Process;
use std::time::{Duration, Instant};

use digits_lab::corpus::{Corpus, CorpusId, Custom, Shard};
use digits_lab::game::rule_set::{Game, GameKind};
use digits_lab::store::read::{parts, read_table};
use polars::prelude::*;

use crate::analyze::{assert_same_files, files, nyt, run};
use crate::cli::{cli, one_line_error};

#[test]
fn the_union_of_shards_is_the_single_run() {
    let corpus = Corpus::named(CorpusId::TwentyFourNine, &nyt()).unwrap();
    let (single, sharded) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    run(&corpus, single.path(), Shard::default(), 2);
    let mut written = Vec::new();
    for k in 1..=3 {
        let s = run(&corpus, sharded.path(), Shard { k, n: 3 }, 2);
        written.push(s.targets_written);
    }
    // Only the last shard to finish sees every part and writes the summary.
    assert_eq!(written, [false, false, true]);
    let (a, b) = (
        single.path().join("24-nine"),
        sharded.path().join("24-nine"),
    );
    assert!(
        fs::read(a.join("targets.parquet")).unwrap()
            == fs::read(b.join("targets.parquet")).unwrap(),
        "targets.parquet differs"
    );
    for t in ["boards", "puzzles", "unique"] {
        let sort = |df: DataFrame| {
            let by: Vec<&str> = if t == "boards" {
                vec!["board_id"]
            } else {
                vec!["board_id", "target"]
            };
            df.sort(by, SortMultipleOptions::default()).unwrap()
        };
        let one = sort(read_table(&a.join(t)).unwrap());
        let union = sort(read_table(&b.join(t)).unwrap());
        assert!(one.equals_missing(&union), "{t} differs");
        assert_eq!(fs::read_dir(b.join(t)).unwrap().count(), 3);
    }
    // A rerun as one shard replaces the three parts.
    run(&corpus, sharded.path(), Shard::default(), 2);
    assert_eq!(fs::read_dir(b.join("puzzles")).unwrap().count(), 1);
}

#[test]
fn gather_writes_the_summary_of_shards_that_ran_elsewhere() {
    let dir = tempfile::tempdir().unwrap();
    let args = |extra: &[&str]| {
        let mut a = vec!["--corpus", "24-nine", "--quiet", "--out"];
        a.push(dir.path().to_str().unwrap());
        a.extend(extra);
        a.into_iter().map(String::from).collect::<Vec<_>>()
    };
    for k in 1..=3 {
        let shard = format!("{k}/3");
        cli()
            .arg("analyze")
            .args(args(&["--no-report", "--shard", &shard]))
            .assert()
            .success();
    }
    let summary = dir.path().join("24-nine/targets.parquet");
    let want = fs::read(&summary).unwrap();
    fs::remove_file(&summary).unwrap();
    cli()
        .arg("gather")
        .args(args(&["--shards", "3"]))
        .assert()
        .success();
    assert!(
        fs::read(&summary).unwrap() == want,
        "gather wrote other bytes"
    );
    // A missing piece: exit 1, naming the shard to rerun, and no summary.
    fs::remove_file(&summary).unwrap();
    let sums = parts(&dir.path().join("24-nine/sums")).unwrap();
    fs::remove_file(
        sums.iter()
            .find(|p| p.to_string_lossy().contains("part-2-of-3"))
            .unwrap(),
    )
    .unwrap();
    let out = cli()
        .arg("gather")
        .args(args(&["--shards", "3"]))
        .output()
        .unwrap();
    let err = one_line_error(out, 1);
    assert!(err.contains("shards 2 (of 3)"), "{err}");
    assert!(!summary.exists());
}

#[test]
fn a_shard_draws_no_report_until_every_shard_is_in() {
    let dir = tempfile::tempdir().unwrap();
    let reports = dir.path().join("reports");
    for (k, report) in [(1, false), (2, true)] {
        cli()
            .args(["analyze", "--corpus", "24-nine", "--quiet", "--shard"])
            .arg(format!("{k}/2"))
            .arg("--out")
            .arg(dir.path().join("data"))
            .arg("--reports")
            .arg(&reports)
            .assert()
            .success();
        assert_eq!(reports.join("REPORT.md").exists(), report, "shard {k}");
    }
}

/// The custom corpus of the resume and concurrency tests: Countdown's rules on the 14,421
/// boards of four cards from 1–23 (two of each), four pieces of 4,096 boards that each take a
/// fraction of a second.
fn four_pieces_custom() -> Custom {
    Custom {
        pool: Some("1-23x2".into()),
        size: Some(4),
        targets: Some("100-150".into()),
        ..Custom::default()
    }
}

/// `analyze`'s arguments for [`four_pieces_custom`] under the name `name`.
fn four_pieces(name: &str) -> Vec<String> {
    let custom = four_pieces_custom();
    let args = [
        "--corpus",
        "custom",
        "--name",
        name,
        "--game",
        "countdown",
        "--pool",
        custom.pool.as_deref().unwrap(),
        "--size",
        "4",
        "--targets",
        custom.targets.as_deref().unwrap(),
        "--quiet",
        "--no-report",
    ];
    args.into_iter().map(String::from).collect()
}

/// Starts `analyze ARGS --out OUT` and kills it once `file` exists.
fn stop_when(args: &[String], out: &Path, file: &Path) {
    let mut child = Process::new(env!("CARGO_BIN_EXE_digits-lab"))
        .arg("analyze")
        .args(args)
        .arg("--out")
        .arg(out)
        .spawn()
        .unwrap();
    let start = Instant::now();
    while !file.exists() && start.elapsed() < Duration::from_secs(300) {
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(file.exists(), "{} never appeared", file.display());
}

#[test]
fn a_stopped_run_resumes_to_the_bytes_of_one_never_stopped() {
    let (whole, stopped) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let args = four_pieces("cd");
    cli()
        .arg("analyze")
        .args(&args)
        .arg("--out")
        .arg(whole.path())
        .assert()
        .success();
    let root = stopped.path().join("cd");
    stop_when(
        &args,
        stopped.path(),
        &root.join("sums/part-1-of-1.piece-0001.parquet"),
    );
    // What a stopped run leaves: finished pieces, readable, and no summary.
    let done = parts(&root.join("sums")).unwrap();
    assert!((1..4).contains(&done.len()), "{done:?}");
    for t in ["boards", "puzzles", "unique", "sums"] {
        for p in parts(&root.join(t)).unwrap() {
            digits_lab::store::read::read_file(&p).unwrap();
        }
    }
    assert!(!root.join("targets.parquet").exists());
    cli()
        .arg("analyze")
        .args(&args)
        .arg("--resume")
        .arg("--out")
        .arg(stopped.path())
        .assert()
        .success();
    let summary: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(root.join("run-1-of-1.json")).unwrap()).unwrap();
    assert_eq!(summary["pieces"], 4);
    assert!(
        summary["pieces_resumed"].as_u64().unwrap() >= 1,
        "{summary}"
    );
    assert_eq!(files(&root).len(), 4 * 4 + 1);
    assert_same_files(&whole.path().join("cd"), &root);
    // Resuming another request is refused rather than mixing its pieces in.
    let other: Vec<String> = args
        .iter()
        .map(|a| {
            if a == "100-150" {
                "100-151".into()
            } else {
                a.clone()
            }
        })
        .collect();
    assert_ne!(other, args);
    let out = cli()
        .arg("analyze")
        .args(&other)
        .arg("--resume")
        .arg("--out")
        .arg(stopped.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("another request"));
}

#[test]
fn shards_may_run_into_one_folder_at_once() {
    let (together, single) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let args = four_pieces("cd");
    let shard = |k: &str| {
        let mut c = Process::new(env!("CARGO_BIN_EXE_digits-lab"));
        c.arg("analyze")
            .args(&args)
            .args(["--shard", k, "--threads", "1", "--out"])
            .arg(together.path());
        c
    };
    let mut first = shard("1/2").spawn().unwrap();
    // Shard 2 starts while shard 1 is writing.
    let writing = together
        .path()
        .join("cd/puzzles/.part-1-of-2.piece-0001.parquet.tmp");
    let start = Instant::now();
    while !writing.exists() && start.elapsed() < Duration::from_secs(300) {
        std::thread::sleep(Duration::from_millis(5));
    }
    let second = shard("2/2").output().unwrap();
    assert!(
        second.status.success(),
        "shard 2 failed: {}",
        String::from_utf8_lossy(&second.stderr)
    );
    assert!(first.wait().unwrap().success(), "shard 1 failed");
    // Whichever finished last wrote the summary; it is the single run's.
    let game = Game::preset(GameKind::Countdown);
    let corpus = Corpus::custom("cd", game, &four_pieces_custom()).unwrap();
    run(&corpus, single.path(), Shard::default(), 2);
    let summary = |d: &Path| fs::read(d.join("cd/targets.parquet")).unwrap();
    assert!(summary(together.path()) == summary(single.path()));
}

#[test]
fn shards_finishing_together_all_succeed() {
    shards_finishing_together(CorpusId::TwentyFourNine, 1);
}

#[test]
#[ignore = "slow: three rounds of six shard processes of the whole 24 corpus"]
fn shards_finishing_together_all_succeed_three_times() {
    shards_finishing_together(CorpusId::TwentyFour, 3);
}

/// `rounds` times, six shards of corpus `id` started at once into one folder all succeed
/// and write the single run's summary.
fn shards_finishing_together(id: CorpusId, rounds: usize) {
    let single = tempfile::tempdir().unwrap();
    let name = id.name().to_string();
    let corpus = Corpus::named(id, &nyt()).unwrap();
    run(&corpus, single.path(), Shard::default(), 2);
    let summary = format!("{name}/targets.parquet");
    let want = fs::read(single.path().join(&summary)).unwrap();
    for _ in 0..rounds {
        let dir = tempfile::tempdir().unwrap();
        let shards: Vec<_> = (1..=6)
            .map(|k| {
                Process::new(env!("CARGO_BIN_EXE_digits-lab"))
                    .args([
                        "analyze",
                        "--corpus",
                        &name,
                        "--quiet",
                        "--threads",
                        "1",
                        "--shard",
                    ])
                    .arg(format!("{k}/6"))
                    .arg("--reports")
                    .arg(dir.path().join("reports"))
                    .arg("--out")
                    .arg(dir.path().join("data"))
                    .spawn()
                    .unwrap()
            })
            .collect();
        for mut s in shards {
            assert!(s.wait().unwrap().success());
        }
        let got = fs::read(dir.path().join("data").join(&summary)).unwrap();
        assert!(got == want, "targets.parquet differs");
    }
}
