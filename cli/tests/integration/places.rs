//! Every command writes only where it was told: `analyze --out X` puts its report under
//! `X/reports/`, `phase --out X` and `plots --data X` too, `--reports` overrides them, and
//! only with no folder given at all do the defaults `data/` and `reports/` of the working
//! folder apply. Every command that writes is run from a working folder with a `reports/` and
//! a `data/` of its own, which must not change.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use digits_lab::corpus::CorpusId;

use crate::cli::PUZZLE_765;
use crate::fixture;

/// Every file under `dir` and its bytes, by path relative to `dir`.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeMap<PathBuf, Vec<u8>>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(root, &p, out);
            } else {
                out.insert(
                    p.strip_prefix(root).unwrap().into(),
                    std::fs::read(&p).unwrap(),
                );
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

/// A working folder with a `reports/` (a report and a chart) and a `data/` of its own.
fn working_folder() -> tempfile::TempDir {
    let wd = tempfile::tempdir().unwrap();
    let reports = wd.path().join("reports");
    std::fs::create_dir_all(reports.join("charts")).unwrap();
    std::fs::write(reports.join("REPORT.md"), "# the committed report\n").unwrap();
    std::fs::write(reports.join("charts/tradeoff-24.svg"), "<svg/>\n").unwrap();
    std::fs::create_dir_all(wd.path().join("data")).unwrap();
    std::fs::write(wd.path().join("data/keep.txt"), "mine\n").unwrap();
    wd
}

fn run(wd: &Path, args: &[&str]) {
    Command::new(env!("CARGO_BIN_EXE_digits-lab"))
        .current_dir(wd)
        .args(args)
        .assert()
        .success();
}

#[test]
fn analyze_out_writes_only_under_out() {
    let wd = working_folder();
    let before = snapshot(wd.path());
    let x = tempfile::tempdir().unwrap();
    let out = x.path().to_str().unwrap();
    run(
        wd.path(),
        &["analyze", "--corpus", "24-nine", "--out", out, "--quiet"],
    );
    assert_eq!(snapshot(wd.path()), before, "the working folder changed");
    let report = x.path().join("reports/REPORT.md");
    assert!(report.is_file(), "no {}", report.display());
    assert!(
        x.path()
            .join("reports/charts/expected-solutions-24-nine.png")
            .is_file()
    );
    assert!(x.path().join("24-nine/targets.parquet").is_file());

    // `plots --data X` redraws it in the same place; `--reports` sends it elsewhere.
    let first = std::fs::read(&report).unwrap();
    run(wd.path(), &["plots", "--data", out]);
    assert_eq!(std::fs::read(&report).unwrap(), first);
    let r = tempfile::tempdir().unwrap();
    let elsewhere = r.path().join("r");
    run(
        wd.path(),
        &[
            "plots",
            "--data",
            out,
            "--reports",
            elsewhere.to_str().unwrap(),
        ],
    );
    assert_eq!(std::fs::read(elsewhere.join("REPORT.md")).unwrap(), first);
    // `--out`, the flag's older name, still works.
    let older = r.path().join("older");
    run(
        wd.path(),
        &["plots", "--data", out, "--out", older.to_str().unwrap()],
    );
    assert!(older.join("REPORT.md").is_file());
    assert_eq!(snapshot(wd.path()), before, "the working folder changed");
}

#[test]
fn every_command_given_a_folder_leaves_the_working_folder_alone() {
    let wd = working_folder();
    let before = snapshot(wd.path());
    let x = tempfile::tempdir().unwrap();
    let out = x.path().to_str().unwrap();
    let phase = [
        "phase",
        "--k",
        "2,3",
        "--m",
        "10",
        "--samples",
        "20",
        "--quiet",
    ];
    // A small training file, so that the quick fit takes seconds.
    let rows: Vec<&str> = digits_lab::model::human::EMBEDDED
        .lines()
        .take(31)
        .collect();
    let file = x.path().join("training.csv");
    std::fs::write(&file, rows.join("\n") + "\n").unwrap();
    let training = file.to_str().unwrap();
    let commands: Vec<Vec<&str>> = vec![
        vec![
            "analyze", "--corpus", "24", "--shard", "1/2", "--out", out, "--quiet",
        ],
        vec![
            "analyze",
            "--corpus",
            "24",
            "--shard",
            "2/2",
            "--no-report",
            "--out",
            out,
        ],
        vec![
            "gather", "--corpus", "24", "--shards", "2", "--out", out, "--quiet",
        ],
        [&phase[..], &["--out", out]].concat(),
        vec!["plots", "--data", out],
        vec!["hardest", "--corpus", "24", "--data", out, "--limit", "3"],
        [&["solve", "--game", "countdown"][..], &PUZZLE_765].concat(),
        vec!["generate", "--game", "digits", "--day", "--seed", "7"],
        vec!["cover", "2", "3", "5", "33"],
        vec![
            "fit",
            "--plan",
            "quick",
            "--training",
            training,
            "--out",
            out,
        ],
    ];
    for args in &commands {
        run(wd.path(), args);
        assert_eq!(
            snapshot(wd.path()),
            before,
            "`{}` changed the working folder",
            args.join(" ")
        );
    }
    // `phase --out X` drew its report under X, as `analyze --out X` does.
    let report = std::fs::read_to_string(x.path().join("reports/REPORT.md")).unwrap();
    assert!(report.contains("## Phase transition"), "{report}");
    assert!(x.path().join("phase.parquet").is_file());
    assert!(x.path().join("difficulty-model.json").is_file());
    // `--reports` sends it elsewhere.
    let r = tempfile::tempdir().unwrap();
    let elsewhere = r.path().join("r");
    run(
        wd.path(),
        &[
            &phase[..],
            &["--out", out, "--reports", elsewhere.to_str().unwrap()],
        ]
        .concat(),
    );
    assert!(elsewhere.join("REPORT.md").is_file());
    assert_eq!(snapshot(wd.path()), before, "the working folder changed");
}

#[test]
fn without_folders_the_defaults_apply() {
    let wd = working_folder();
    let data = fixture::subset(&[CorpusId::TwentyFour]);
    std::fs::remove_dir_all(wd.path().join("data")).unwrap();
    // Both are temporary folders of one file system.
    std::fs::rename(data.path(), wd.path().join("data")).unwrap();
    run(wd.path(), &["plots"]);
    let report = std::fs::read_to_string(wd.path().join("reports/REPORT.md")).unwrap();
    assert!(report.starts_with("# digits-lab report"), "{report}");
    assert!(!wd.path().join("data/reports").exists());
}

#[test]
fn a_data_folder_that_is_a_file_is_called_so() {
    for args in [
        &["plots", "--data", "/dev/null"][..],
        &["hardest", "--corpus", "24", "--data", "/dev/null"],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_digits-lab"))
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(
            err,
            "error: data folder /dev/null is not a folder (pass --data the folder \
             `digits-lab analyze --out` wrote)\n",
            "{args:?}"
        );
    }
}
