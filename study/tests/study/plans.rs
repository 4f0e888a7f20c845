//! A plan refused as the study starts is refused input: exit code 2 and one error line, as
//! `digits-lab-study`'s main promises — its text, and its puzzles as they are drawn (a fixed
//! list shorter than `puzzles`, a target out of the game's range), which used to be
//! reported as a database error with exit code 1.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use digits_lab_testkit::listening;

use crate::harness::{DIGITS_PLAN, LISTENING, run_study};

/// `run` on `plan` with a new database in `dir`: its exit code and stderr. A study that
/// starts (it should not) is killed after a minute, failing the test.
fn run(dir: &Path, name: &str, plan: &str) -> (Option<i32>, String) {
    let path = dir.join(format!("{name}.toml"));
    std::fs::write(&path, plan).unwrap();
    let mut child = run_study(&path, &dir.join(format!("{name}.sqlite")))
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("{name}: the study started");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    (out.status.code(), String::from_utf8(out.stderr).unwrap())
}

#[test]
fn a_plan_refused_while_its_puzzles_are_drawn_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    for (name, plan, says) in [
        (
            "short",
            DIGITS_PLAN.replace("puzzles = 3", "puzzles = 4"),
            "4 puzzles per participant but only 3 listed",
        ),
        (
            "range",
            DIGITS_PLAN.replace("target = 765", "target = 5000"),
            "puzzle 1: target 5000 is out of range",
        ),
    ] {
        let (code, e) = run(dir.path(), name, &plan);
        assert_eq!(code, Some(2), "{name}: {e}");
        let errors: Vec<&str> = e.lines().filter(|l| l.starts_with("error")).collect();
        assert_eq!(errors.len(), 1, "{name}: {e}");
        assert!(errors[0].contains(says), "{name}: {e}");
        assert!(!errors[0].contains("database"), "{name}: {e}");
    }
}

/// `run` on `plan` and `db`, with `extra` flags, until it prints its address line, then
/// killed: what it wrote on stderr.
fn stderr_until_listening(plan: &Path, db: &Path, extra: &[&str]) -> String {
    let (mut child, _) = listening(
        run_study(plan, db).args(extra).stderr(Stdio::piped()),
        LISTENING,
    );
    let _ = child.kill();
    let out = child.wait_with_output().unwrap();
    String::from_utf8(out.stderr).unwrap()
}

/// `--quiet` leaves standard error empty: `run` prints only its address line, `export` only
/// what it wrote; without it, `run` notes that it prepares the puzzles.
#[test]
fn quiet_study_commands_write_nothing_on_stderr() {
    let dir = tempfile::tempdir().unwrap();
    let plan = dir.path().join("plan.toml");
    std::fs::write(&plan, DIGITS_PLAN).unwrap();
    let db = dir.path().join("study.sqlite");
    assert_eq!(stderr_until_listening(&plan, &db, &["--quiet"]), "");
    assert!(stderr_until_listening(&plan, &db, &[]).starts_with("preparing the study's puzzles"));
    let out = Command::new(env!("CARGO_BIN_EXE_digits-lab-study"))
        .arg("export")
        .arg("--db")
        .arg(&db)
        .arg("--out")
        .arg(dir.path().join("export"))
        .arg("--quiet")
        .output()
        .unwrap();
    let e = String::from_utf8(out.stderr).unwrap();
    assert!(out.status.success(), "{e}");
    assert_eq!(e, "");
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .contains("puzzles.csv")
    );
}
