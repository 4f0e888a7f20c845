//! Malformed, forged, replayed and oversized requests get a 4xx and store nothing.

use serde_json::{Value, json};

use crate::client::{Client, Log};
use crate::harness::{DIGITS_PLAN, Server, count};
use crate::participant::Participant;

/// Rows in every table.
fn rows(db: &std::path::Path) -> Vec<i64> {
    ["participants", "trials", "moves"]
        .iter()
        .map(|t| count(db, &format!("SELECT COUNT(*) FROM {t}")))
        .chain([count(
            db,
            "SELECT COUNT(*) FROM trials WHERE outcome IS NOT NULL",
        )])
        .collect()
}

#[test]
fn bad_requests_get_a_4xx_and_store_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), DIGITS_PLAN);
    let log = Log::default();
    let mut p = Participant::start(server.addr, log.clone());
    assert!(p.next());
    let mut other = Participant::start(server.addr, log.clone());
    assert!(other.next());
    // One good move, whose body is then replayed.
    let good =
        json!({ "participant": p.id, "trial": p.trial(), "seq": 0, "a": 4, "op": "−", "b": 3 });
    let mut c = Client::new(server.addr, log.clone());
    assert_eq!(c.post("/api/move", &good).status, 200);
    let before = rows(&server.db);
    assert_eq!(before, [2, 2, 1, 0]);

    let with = |changes: Value| {
        let mut b = good.clone();
        b["seq"] = json!(1);
        for (k, v) in changes.as_object().unwrap() {
            if v.is_null() {
                b.as_object_mut().unwrap().remove(k);
            } else {
                b[k] = v.clone();
            }
        }
        b.to_string()
    };
    let json_post = |path: &str, body: String| {
        format!(
            "POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )
    };
    let huge = "9".repeat(5000);
    let cases: Vec<(&str, String, u16)> = vec![
        (
            "replayed move",
            json_post("/api/move", good.to_string()),
            409,
        ),
        (
            "a move from the future",
            json_post("/api/move", with(json!({ "seq": 7 }))),
            409,
        ),
        (
            "negative seq",
            json_post("/api/move", with(json!({ "seq": -1 }))),
            409,
        ),
        (
            "forged participant",
            json_post(
                "/api/move",
                with(json!({ "participant": "00112233445566778899aabbccddeeff" })),
            ),
            404,
        ),
        (
            "another's trial",
            json_post("/api/move", with(json!({ "trial": other.trial() }))),
            404,
        ),
        (
            "no such trial",
            json_post("/api/move", with(json!({ "trial": 999 }))),
            404,
        ),
        (
            "not from the board: 1 − 7",
            json_post("/api/move", with(json!({ "a": 0, "b": 2 }))),
            422,
        ),
        (
            "an emptied tile",
            json_post("/api/move", with(json!({ "a": 4, "op": "+", "b": 0 }))),
            422,
        ),
        (
            "no such tile",
            json_post("/api/move", with(json!({ "a": 9, "op": "+", "b": 0 }))),
            422,
        ),
        (
            "a tile with itself",
            json_post("/api/move", with(json!({ "a": 0, "op": "+", "b": 0 }))),
            422,
        ),
        (
            "unknown operation",
            json_post("/api/move", with(json!({ "op": "%" }))),
            400,
        ),
        (
            "two operations",
            json_post("/api/move", with(json!({ "op": "++" }))),
            400,
        ),
        (
            "a missing field",
            json_post("/api/move", with(json!({ "op": null }))),
            400,
        ),
        (
            "an unknown field",
            json_post("/api/move", with(json!({ "answer": "(25 − 10) × 51" }))),
            400,
        ),
        (
            "a negative tile",
            json_post("/api/move", with(json!({ "a": -1 }))),
            400,
        ),
        (
            "a number too large",
            json_post("/api/move", with(json!({ "a": 1e30 }))),
            400,
        ),
        (
            "not JSON",
            json_post("/api/move", "{\"participant\": ".into()),
            400,
        ),
        (
            "JSON of the wrong shape",
            json_post("/api/move", "[1, 2, 3]".into()),
            400,
        ),
        ("empty body", json_post("/api/next", String::new()), 400),
        (
            "no consent",
            json_post("/api/start", "{\"consent\": false}".into()),
            400,
        ),
        (
            "a timeout with time left",
            json_post(
                "/api/timeout",
                json!({ "participant": p.id, "trial": p.trial(), "seq": 1 }).to_string(),
            ),
            409,
        ),
        (
            "solved by saying so",
            json_post(
                "/api/solved",
                json!({ "participant": p.id, "trial": p.trial(), "seq": 1 }).to_string(),
            ),
            404,
        ),
        (
            "not JSON's type",
            format!(
                "POST /api/move HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: {}\r\n\r\n{}",
                good.to_string().len(),
                good
            ),
            415,
        ),
        (
            "oversized",
            json_post("/api/move", with(json!({ "participant": huge }))),
            413,
        ),
        (
            "oversized, chunked",
            format!(
                "POST /api/start HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n1388\r\n{}\r\n0\r\n\r\n",
                " ".repeat(5000)
            ),
            413,
        ),
        (
            "GET of an action",
            "GET /api/move HTTP/1.1\r\nHost: x\r\n\r\n".into(),
            404,
        ),
        (
            "PUT of the page",
            "PUT / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n".into(),
            405,
        ),
        (
            "an unknown path",
            "GET /etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n".into(),
            404,
        ),
    ];
    for (what, request, status) in &cases {
        let mut c = Client::new(server.addr, log.clone());
        let r = c
            .raw(request.as_bytes())
            .unwrap_or_else(|e| panic!("{what}: {e}"));
        assert_eq!(r.status, *status, "{what}: {}", r.body);
        assert!(
            r.json()["error"]
                .as_str()
                .is_some_and(|e| !e.contains('\n')),
            "{what}: {}",
            r.body
        );
        assert_eq!(rows(&server.db), before, "{what} stored something");
    }
    // A garbage request line: the connection is refused or answered 4xx, never stored.
    let mut c = Client::new(server.addr, log.clone());
    if let Ok(r) = c.raw(b"\x00\x01 nonsense\r\n\r\n") {
        assert!((400..500).contains(&r.status), "{}", r.status);
    }
    assert_eq!(rows(&server.db), before);
    // The participant plays on: the next move is action 1.
    let r = p.combine(0, "+", 5);
    assert_eq!(
        r.status, 409,
        "the participant's own board is one move on: {}",
        r.body
    );
    p.board["seq"] = json!(1);
    assert_eq!(p.combine(0, "+", 5).status, 200);
    assert_eq!(rows(&server.db), [2, 2, 2, 0]);
    println!(
        "{} bad requests, each a 4xx, nothing stored",
        cases.len() + 1
    );
}
