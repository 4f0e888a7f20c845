//! Time limits, kept by the server's clock: a timeout is taken once time is up (and refused
//! before), a move long after the limit ends the trial as timed out, and a study restarted
//! with another plan on the same database is refused.

use std::process::Command;
use std::time::Duration;

use serde_json::json;

use crate::client::Log;
use crate::harness::{DIGITS_PLAN, Server, count};
use crate::participant::Participant;

#[test]
fn time_is_kept_by_the_server() {
    let dir = tempfile::tempdir().unwrap();
    let plan = DIGITS_PLAN.replace("time_limit_s = 120", "time_limit_s = 5");
    let server = Server::start(dir.path(), &plan);
    let mut p = Participant::start(server.addr, Log::default());
    assert!(p.next());
    let timeout = |p: &mut Participant| {
        let body = json!({ "participant": p.id, "trial": p.trial(), "seq": p.board["seq"] });
        p.client.post("/api/timeout", &body)
    };
    assert_eq!(timeout(&mut p).status, 409, "time is not up yet");
    std::thread::sleep(Duration::from_millis(4600));
    let r = timeout(&mut p);
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.json()["outcome"], json!("timed_out"));
    let first = p.trial();
    assert_eq!(
        count(
            &server.db,
            &format!("SELECT total_ms FROM trials WHERE id = {first}")
        ),
        5000
    );
    // The next puzzle: a move 7 s in (past the limit and its 2 s of grace) is refused and
    // ends the trial as timed out.
    assert!(p.next());
    std::thread::sleep(Duration::from_millis(7100));
    let r = p.combine(0, "+", 1);
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(r.body.contains("time is up"), "{}", r.body);
    let second = p.trial();
    assert_eq!(
        count(
            &server.db,
            &format!(
                "SELECT COUNT(*) FROM trials WHERE id = {second} AND outcome = 'timed_out' AND total_ms = 5000"
            )
        ),
        1
    );
    assert_eq!(count(&server.db, "SELECT COUNT(*) FROM moves"), 0);
    // Another plan on this database is refused, in one line.
    drop(server);
    let other = dir.path().join("other.toml");
    std::fs::write(&other, DIGITS_PLAN).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_digits-lab-study"))
        .arg("run")
        .arg(&other)
        .arg("--db")
        .arg(dir.path().join("study.sqlite"))
        .args(["--port", "0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let e = String::from_utf8(out.stderr).unwrap();
    assert!(e.contains("was made by a different plan"), "{e}");
    assert_eq!(
        e.lines().filter(|l| l.starts_with("error")).count(),
        1,
        "{e}"
    );
    // A bad plan: exit 2, one line.
    std::fs::write(&other, "game = \"chess\"").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_digits-lab-study"))
        .arg("run")
        .arg(&other)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let e = String::from_utf8(out.stderr).unwrap();
    assert_eq!(e.lines().count(), 1, "{e}");
}
