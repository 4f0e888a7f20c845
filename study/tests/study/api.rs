//! A participant's session over HTTP lands in the database move by move; the export reads
//! it back; `fit --human`'s reader takes the export; no response holds a solution.

use std::time::Duration;

use digits_lab::game::rule_set::GameKind;
use polars::prelude::*;
use serde_json::json;

use crate::client::{Client, Log};
use crate::harness::{DIGITS_PLAN, Server, count, solutions};
use crate::participant::Participant;

#[test]
fn a_session_is_stored_move_by_move_and_exported() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), DIGITS_PLAN);
    let log = Log::default();
    let mut page = Client::new(server.addr, log.clone());
    let html = page.get("/");
    assert_eq!(html.status, 200);
    assert!(html.body.contains("<script src=\"/app.js\""));
    assert_eq!(page.get("/app.js").status, 200);
    let plan = page.get("/api/plan").json();
    assert_eq!(plan["puzzles"], json!(3));
    assert_eq!(plan["ops"], json!(["+", "−", "×", "÷"]));

    let mut p = Participant::start(server.addr, log.clone());
    assert!(p.next());
    assert_eq!(p.puzzle(), (vec![1, 3, 7, 10, 25, 50], 765));
    // A move, undone, then a solution.
    let r = p.combine(4, "−", 3);
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(p.tiles()[3].as_deref(), Some("15"));
    assert_eq!(p.tiles()[4], None);
    assert_eq!(p.undo().status, 200);
    assert_eq!(p.tiles()[4].as_deref(), Some("25"));
    let solved = p.solve(Duration::from_millis(20));
    let first = p.trial();
    // A reload asks again: the ended trial is not served twice.
    assert!(p.next());
    assert_ne!(p.trial(), first);
    assert_eq!(p.puzzle(), (vec![2, 3, 5, 7, 11, 13], 100));
    let again = p.board.clone();
    assert!(p.next());
    assert_eq!(
        p.board["trial"], again["trial"],
        "an open trial is served again"
    );
    std::thread::sleep(Duration::from_millis(30));
    assert_eq!(p.give_up().status, 200);
    assert_eq!(p.board["outcome"], json!("gave_up"));
    assert!(p.next());
    assert_eq!(p.puzzle().1, 11);
    std::thread::sleep(Duration::from_millis(30));
    p.solve(Duration::from_millis(10));
    assert!(!p.next(), "three puzzles, then done");

    let db = &server.db;
    assert_eq!(count(db, "SELECT COUNT(*) FROM participants"), 1);
    assert_eq!(
        count(db, "SELECT COUNT(*) FROM trials WHERE outcome = 'solved'"),
        2
    );
    assert_eq!(
        count(db, "SELECT COUNT(*) FROM trials WHERE outcome = 'gave_up'"),
        1
    );
    let moves_first = 2 + solved.len() as i64;
    assert_eq!(
        count(
            db,
            &format!("SELECT COUNT(*) FROM moves WHERE trial = {first}")
        ),
        moves_first
    );
    assert_eq!(
        count(
            db,
            &format!(
                "SELECT COUNT(*) FROM moves WHERE trial = {first} AND kind = 'undo' AND seq = 1"
            )
        ),
        1
    );
    assert!(
        count(
            db,
            &format!("SELECT total_ms FROM trials WHERE id = {first}")
        ) >= 20 * solved.len() as i64,
        "the total time covers the waits between moves"
    );
    let moves = count(db, "SELECT COUNT(*) FROM moves");

    // The export: one row per puzzle played, and every move.
    let out = dir.path().join("export");
    let x = digits_lab_study::export::export(db, &out).unwrap();
    assert_eq!((x.puzzles, x.trials, x.moves as i64), (3, 3, moves));
    let csv = std::fs::read_to_string(out.join("puzzles.csv")).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], digits_lab_study::export::HEADER);
    assert_eq!(lines.len(), 4);
    assert!(lines[1].starts_with("1 3 7 10 25 50,"), "{}", lines[1]);
    assert!(lines[1].contains(",1.0000,"), "solved: {}", lines[1]);
    assert!(lines[1].ends_with(",digits,765,1,1,1,0,0,"), "{}", lines[1]);
    assert!(
        lines[2].starts_with("2 3 5 7 11 13,,0.0000,,,digits,100,1,1,0,1,0,"),
        "{}",
        lines[2]
    );
    let df = ParquetReader::new(std::fs::File::open(out.join("moves.parquet")).unwrap())
        .finish()
        .unwrap();
    assert_eq!(df.height() as i64, moves);
    let kinds = df.column("kind").unwrap().str().unwrap().clone();
    assert_eq!(kinds.get(1), Some("undo"));
    assert_eq!(
        df.column("game").unwrap().str().unwrap().get(0),
        Some("digits")
    );

    // Nothing the server sent holds a solution of any puzzle of the study.
    let forbidden: Vec<String> = [
        (vec![1, 3, 7, 10, 25, 50], 765),
        (vec![2, 3, 5, 7, 11, 13], 100),
        (vec![1, 2, 4, 5, 10, 25], 11),
    ]
    .into_iter()
    .flat_map(|(b, t)| solutions(GameKind::Digits, &b, t))
    .collect();
    assert!(forbidden.len() > 10);
    let replies = log.lock().unwrap().clone();
    assert!(replies.len() > 15);
    for r in &replies {
        for s in &forbidden {
            assert!(!r.body.contains(s.as_str()), "`{s}` sent in {}", r.body);
        }
        assert!(!r.body.to_lowercase().contains("solution"), "{}", r.body);
    }
}
