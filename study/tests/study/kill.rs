//! The server killed with SIGKILL in the middle of a study and started again on the same
//! database loses no action it acknowledged, and carries on where each participant was.

use std::collections::BTreeSet;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use rusqlite::Connection;

use crate::client::Log;
use crate::harness::{DIGITS_PLAN, Server};
use crate::participant::Participant;

/// Acknowledged (trial, seq) actions and trial endings.
#[derive(Default)]
struct Acked {
    moves: BTreeSet<(i64, i64)>,
    ended: BTreeSet<(i64, String)>,
}

/// Plays until the server stops answering: each puzzle one move, an undo, then solved (or
/// given up on every third), recording every acknowledgement.
fn play(addr: std::net::SocketAddr, acked: Arc<Mutex<Acked>>, until: Instant) {
    let log = Log::default();
    let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        while Instant::now() < until {
            let mut p = Participant::start(addr, log.clone());
            let mut k: u32 = 0;
            while p.next() {
                k += 1;
                let trial = p.trial();
                let note = |p: &Participant, r: &crate::client::Reply| {
                    if r.status == 200 {
                        let seq = p.board["seq"].as_i64().unwrap() - 1;
                        let mut a = acked.lock().unwrap();
                        if r.json()["outcome"].is_string() {
                            let o = r.json()["outcome"].as_str().unwrap().to_string();
                            a.ended.insert((trial, o.clone()));
                            if o == "solved" {
                                a.moves.insert((trial, seq));
                            }
                        } else {
                            a.moves.insert((trial, seq));
                        }
                    }
                };
                let r = p.combine(0, "+", 1);
                note(&p, &r);
                let r = p.undo();
                note(&p, &r);
                if k.is_multiple_of(3) {
                    let r = p.give_up();
                    note(&p, &r);
                } else {
                    let (board, target) = p.puzzle();
                    for (a, op, b) in crate::harness::steps(
                        digits_lab::game::rule_set::GameKind::Digits,
                        &board,
                        target,
                    ) {
                        let (i, j) = crate::harness::places(&p.tiles(), &a, &b);
                        let r = p.combine(i, &op, j);
                        assert_eq!(r.status, 200);
                        note(&p, &r);
                    }
                }
            }
        }
    }));
    // The server was killed under it: the panic is the end of this participant.
    let _ = run;
}

#[test]
fn sigkill_mid_study_loses_no_acknowledged_action() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), DIGITS_PLAN);
    let addr = server.addr;
    let acked = Arc::new(Mutex::new(Acked::default()));
    let until = Instant::now() + Duration::from_secs(30);
    let players: Vec<_> = (0..8)
        .map(|_| {
            let a = acked.clone();
            thread::spawn(move || play(addr, a, until))
        })
        .collect();
    thread::sleep(Duration::from_millis(1500));
    server.kill();
    for p in players {
        p.join().unwrap();
    }
    let acked = Arc::try_unwrap(acked).ok().unwrap().into_inner().unwrap();
    assert!(
        acked.moves.len() > 50,
        "only {} actions before the kill",
        acked.moves.len()
    );

    let db = dir.path().join("study.sqlite");
    let check = |db: &std::path::Path| {
        let c = Connection::open(db).unwrap();
        let stored: BTreeSet<(i64, i64)> = pairs(&c, "SELECT trial, seq FROM moves");
        let ended: BTreeSet<(i64, String)> = pairs(
            &c,
            "SELECT id, outcome FROM trials WHERE outcome IS NOT NULL",
        );
        let lost: Vec<_> = acked.moves.difference(&stored).collect();
        assert!(lost.is_empty(), "acknowledged actions lost: {lost:?}");
        let lost: Vec<_> = acked.ended.difference(&ended).collect();
        assert!(lost.is_empty(), "acknowledged trial endings lost: {lost:?}");
        (stored.len(), ended.len())
    };
    let (moves, ended) = check(&db);
    println!(
        "killed after {} acknowledged actions and {} trial endings: {moves} actions and {ended} endings stored, none lost",
        acked.moves.len(),
        acked.ended.len()
    );
    // Restarted on the same database, the study carries on.
    let server = Server::start(dir.path(), DIGITS_PLAN);
    let log = Log::default();
    let mut p = Participant::start(server.addr, log);
    assert!(p.next());
    assert_eq!(p.combine(4, "−", 3).status, 200);
    check(&server.db);
}

/// The rows of a query of two columns, as a set.
fn pairs<A, B>(c: &Connection, sql: &str) -> BTreeSet<(A, B)>
where
    A: rusqlite::types::FromSql + Ord,
    B: rusqlite::types::FromSql + Ord,
{
    c.prepare(sql)
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect()
}
