//! The server's handling as plain functions: a body in, a status and JSON out; and HTTP heads
//! read from bytes.

use std::io::Cursor;
use std::sync::{Arc, Mutex};

use serde_json::{Value, json};

use super::http::{Head, read_head, response};
use super::*;
use crate::request::{GameOptions, ServeRequest};
use crate::reward::Notes;

#[derive(Clone, Default)]
struct Collect(Arc<Mutex<Vec<String>>>);

impl Notes for Collect {
    fn note(&self, line: &str) {
        self.0.lock().unwrap().push(line.to_string());
    }
}

fn service(request: &ServeRequest) -> (Service, Collect) {
    let notes = Collect::default();
    (request.service(Box::new(notes.clone())).unwrap(), notes)
}

fn post(s: &Service, path: &str, body: &Value) -> (u16, Value) {
    let r = s.handle("POST", path, body.to_string().as_bytes());
    (r.status, serde_json::from_slice(&r.body).unwrap())
}

#[test]
fn health_and_the_routes_that_are_not() {
    let (s, _) = service(&ServeRequest::default());
    let r = s.handle("GET", "/health?x=1", b"");
    assert_eq!(r.status, 200);
    let v: Value = serde_json::from_slice(&r.body).unwrap();
    assert_eq!(v["status"], "ok");
    assert_eq!(v["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(v["game"], "--game 24 --pool 1-100x6 --targets 1-100000");
    let r = s.handle("GET", "/nope", b"");
    assert_eq!(r.status, 404);
    assert!(r.error_text().unwrap().contains("no route /nope"));
    let r = s.handle("GET", "/check", b"");
    assert_eq!((r.status, r.allow), (405, Some("POST")));
    assert_eq!(r.error_text().unwrap(), "/check takes POST, not GET");
    assert_eq!(s.handle("POST", "/health", b"").allow, Some("GET"));
}

#[test]
fn check_gives_the_verdicts_check_batch_writes() {
    let (s, notes) = service(&ServeRequest::default());
    let (status, v) = post(
        &s,
        "/check",
        &json!({
            "answers": ["(1+2+3)*4", "1+2+3+4", null, "7 + 9 * 100"],
            "numbers": [[1, 2, 3, 4], "1 2 3 4", [1, 2, 3, 4], [4, 6, 7, 9, 9, 100]],
            "targets": [24, 24, 24, 907],
            "game": "24",
        }),
    );
    assert_eq!(status, 200, "{v}");
    let verdicts = v["verdicts"].as_array().unwrap();
    assert_eq!(
        verdicts[0],
        json!({"row": 0, "valid": true, "solved": true, "fault": null, "message": null,
               "value": "24", "distance": "0", "score": null, "ops": 3})
    );
    assert_eq!(
        (verdicts[1]["valid"].clone(), verdicts[1]["solved"].clone()),
        (json!(true), json!(false))
    );
    assert_eq!(verdicts[1]["distance"], "14");
    assert_eq!(verdicts[2]["fault"], "syntax");
    // The 24 game deals four cards: a board of six is that row's puzzle fault.
    assert_eq!(verdicts[3]["fault"], "puzzle");
    assert_eq!(v["tally"]["rows"], 4);
    assert_eq!(v["tally"]["solved"], 1);
    // The request named its game: nothing to say.
    assert!(notes.0.lock().unwrap().is_empty());
    // Under the server's game (COUNTDOWN_TASKS), the six-number board is a puzzle.
    let (status, v) = post(
        &s,
        "/check",
        &json!({"answers": ["7 + 9 * 100"], "numbers": [[4, 6, 7, 9, 9, 100]], "targets": 907}),
    );
    assert_eq!(status, 200);
    assert_eq!(v["verdicts"][0]["fault"], "unused", "{v}");
    assert_eq!(notes.0.lock().unwrap().len(), 1);
}

#[test]
fn every_malformed_check_is_a_4xx_with_its_reason() {
    let limited = ServeRequest {
        max_batch: 3,
        ..ServeRequest::default()
    };
    let (s, _) = service(&limited);
    let deep = format!(
        "{{\"answers\": [], \"numbers\": [], \"game\": {}{}}}",
        "[".repeat(500),
        "]".repeat(500)
    );
    let cases: Vec<(Vec<u8>, u16, &str)> = vec![
        (
            b"not json".to_vec(),
            400,
            "malformed request: expected ident",
        ),
        (b"".to_vec(), 400, "EOF while parsing"),
        (
            b" []".to_vec(),
            422,
            "a JSON object of named fields, not a list",
        ),
        (b"5".to_vec(), 422, "invalid type: integer"),
        (deep.into_bytes(), 400, "recursion limit exceeded"),
        (
            json!({"answers": "x", "numbers": []})
                .to_string()
                .into_bytes(),
            422,
            "invalid type: string",
        ),
        (
            json!({"answers": [], "numbers": [], "extra": 1})
                .to_string()
                .into_bytes(),
            422,
            "unknown field `extra`",
        ),
        (
            json!({"numbers": []}).to_string().into_bytes(),
            422,
            "missing field `answers`",
        ),
        (
            json!({"answers": ["1"], "numbers": []})
                .to_string()
                .into_bytes(),
            422,
            "one board per answer: 1 answers, 0 boards",
        ),
        (
            json!({"answers": ["1"], "numbers": [[1]], "targets": [1, 2]})
                .to_string()
                .into_bytes(),
            422,
            "one target per answer",
        ),
        (
            json!({"answers": ["1"], "numbers": [[1.5]]})
                .to_string()
                .into_bytes(),
            422,
            "invalid type: floating point",
        ),
        (
            json!({"answers": ["1"], "numbers": [{}]})
                .to_string()
                .into_bytes(),
            422,
            "expected a board",
        ),
        (
            json!({"answers": ["1"], "numbers": [[1]], "targets": "24"})
                .to_string()
                .into_bytes(),
            422,
            "targets: null, an integer",
        ),
        (
            json!({"answers": ["1"], "numbers": [[1]], "game": "chess"})
                .to_string()
                .into_bytes(),
            422,
            "unknown game `chess`",
        ),
        (
            json!({"answers": ["1"], "numbers": [[1]], "game": 24})
                .to_string()
                .into_bytes(),
            422,
            "a name or an object",
        ),
        (
            json!({"answers": vec!["1"; 4], "numbers": vec![[1]; 4]})
                .to_string()
                .into_bytes(),
            413,
            "at most 3 answers; this one has 4",
        ),
        (
            br#"{"answers": ["1"], "numbers": [[1, 99999999999999999999]]}"#.to_vec(),
            422,
            "invalid type: floating point",
        ),
    ];
    for (body, status, why) in cases {
        let r = s.handle("POST", "/check", &body);
        let text = r.error_text().unwrap_or_default();
        assert_eq!(
            r.status,
            status,
            "{}: {text}",
            String::from_utf8_lossy(&body[..body.len().min(80)])
        );
        assert!(text.contains(why), "{text} lacks {why}");
        assert!(!text.contains('\n'));
    }
}

fn label(numbers: &[i64], target: i64, game: Value) -> Value {
    json!({"numbers": numbers, "target": target, "game": game})
}

#[test]
fn get_reward_scores_by_the_rows_own_game() {
    let (s, notes) = service(&ServeRequest::default());
    let countdown = json!({"kind": "countdown"});
    let prompt = "<|im_start|>user\nUse 4 6 7 9 9 100 to make 907. Answer like <answer>1+2</answer><|im_end|>\n<|im_start|>assistant\n";
    let body = json!({
        "query": [
            format!("{prompt}7 + 9 * 100 <answer>7 + 9 * 100</answer>"),
            format!("{prompt}<answer>9 * 100</answer>"),
            format!("{prompt}I give up"),
            "Assistant: <answer>(1+2+3)*4</answer>".to_string(),
            "Assistant: <answer>(1+2+3)*4</answer>".to_string(),
            "Assistant: <answer>(1+2+3)*4</answer>".to_string(),
        ],
        "prompts": [prompt, prompt, prompt, "other", "", ""],
        "labels": [
            label(&[4, 6, 7, 9, 9, 100], 907, countdown.clone()).to_string(),
            label(&[4, 6, 7, 9, 9, 100], 907, countdown.clone()),
            label(&[4, 6, 7, 9, 9, 100], 907, countdown),
            json!({"numbers": [1, 2, 3, 4], "target": 24}),
            json!("{broken"),
            label(&[1, 2, 3, 4], 24, json!("chess")),
        ],
        "metas": [{"ignored": true}],
    });
    let (status, v) = post(&s, "/get_reward", &body);
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["rewards"], json!([1.0, 0.0, 0.0, 1.0, 0.0, 0.0]));
    assert_eq!(v["scores"], json!([1.0, 0.0, 0.0, 1.0, 0.0, 0.0]));
    let logs = &v["extra_logs"];
    assert_eq!(logs["answered"], json!([1.0, 1.0, 0.0, 1.0, 1.0, 1.0]));
    assert_eq!(logs["valid"], json!([1.0, 1.0, 0.0, 1.0, 0.0, 0.0]));
    assert_eq!(logs["solved"], json!([1.0, 0.0, 0.0, 1.0, 0.0, 0.0]));
    assert_eq!(logs["judged"], json!([1.0, 1.0, 1.0, 1.0, 0.0, 0.0]));
    let notes = notes.0.lock().unwrap().clone();
    // Once for the fallback, once per reason a row could not be judged; the server's game
    // was not given, so a row naming another is not remarked on.
    assert_eq!(notes.len(), 3, "{notes:?}");
    assert!(notes[0].contains("names no game are judged under the server's (--game 24"));
    assert!(notes.iter().any(|n| n.contains("is not JSON")));
    assert!(notes.iter().any(|n| n.contains("unknown game `chess`")));
}

#[test]
fn the_format_score_and_the_disagreement_note() {
    let request = ServeRequest {
        game: Some(GameOptions::named("24")),
        scoring: crate::reward::Scoring {
            score: 2.0,
            format_score: 0.1,
        },
        ..ServeRequest::default()
    };
    let (s, notes) = service(&request);
    let body = json!({
        "query": ["<answer>(1+2+3)*4</answer>", "<answer>1+2+3+4</answer>", "no answer",
                  "<answer>7 + 9 * 100</answer>", "<answer>7 + 9 * 100</answer>"],
        "labels": [
            {"numbers": [1, 2, 3, 4]},
            {"numbers": [1, 2, 3, 4], "target": 24},
            {"numbers": [1, 2, 3, 4]},
            label(&[4, 6, 7, 9, 9, 100], 907, json!({"kind": "countdown"})),
            label(&[4, 6, 7, 9, 9, 100], 907, json!({"kind": "countdown"})),
        ],
    });
    for _ in 0..2 {
        let (status, v) = post(&s, "/get_reward", &body);
        assert_eq!(status, 200, "{v}");
        assert_eq!(v["rewards"], json!([2.0, 0.1, 0.0, 2.0, 2.0]));
    }
    let notes = notes.0.lock().unwrap().clone();
    assert_eq!(notes.len(), 2, "{notes:?}");
    assert!(notes.iter().any(|n| n.contains(
        "other than the server's (--game 24): each is judged under its own, e.g. --game countdown"
    )));
}

#[test]
fn every_malformed_reward_request_is_a_4xx_with_its_reason() {
    let (s, _) = service(&ServeRequest {
        max_batch: 2,
        ..ServeRequest::default()
    });
    for (body, status, why) in [
        (json!({"query": ["a"]}), 422, "no labels"),
        (
            json!({"query": ["a"], "labels": []}),
            422,
            "one label per query: 1 queries, 0 labels",
        ),
        (
            json!({"query": ["a"], "labels": [{}], "prompts": []}),
            422,
            "one prompt per query",
        ),
        (
            json!({"query": "a", "labels": [{}]}),
            422,
            "invalid type: string",
        ),
        (
            json!({"query": [1], "labels": [{}]}),
            422,
            "invalid type: integer",
        ),
        (
            json!({"query": ["a", "b", "c"], "labels": [{}, {}, {}]}),
            413,
            "at most 2 queries",
        ),
    ] {
        let (got, v) = post(&s, "/get_reward", &body);
        assert_eq!(got, status, "{body}: {v}");
        assert!(v["error"].as_str().unwrap().contains(why), "{v}");
    }
}

fn head(bytes: &str) -> Result<Head, u16> {
    match read_head(&mut Cursor::new(bytes.as_bytes().to_vec())) {
        Ok(Ok(h)) => Ok(h),
        Ok(Err(reply)) => Err(reply.status),
        Err(_) => Err(0),
    }
}

#[test]
fn a_head_is_read_or_refused_with_its_status() {
    let h = head("POST /check HTTP/1.1\r\nHost: x\r\nContent-Length: 12\r\n\r\n").unwrap();
    assert_eq!(
        (h.method.as_str(), h.target.as_str(), h.length, h.keep_alive),
        ("POST", "/check", 12, true)
    );
    let h = head("\r\nGET /health HTTP/1.0\nConnection: keep-alive\n\n").unwrap();
    assert!(h.keep_alive);
    assert!(
        !head("GET / HTTP/1.1\r\nConnection: close\r\n\r\n")
            .unwrap()
            .keep_alive
    );
    assert!(
        head("POST / HTTP/1.1\r\nExpect: 100-continue\r\n\r\n")
            .unwrap()
            .expect_continue
    );
    for (bytes, status) in [
        ("garbage\r\n\r\n", 400),
        ("get / HTTP/1.1\r\n\r\n", 400),
        ("GET / HTTP/2\r\n\r\n", 505),
        ("GET / HTTP/1.1\r\nno colon\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\n folded: x\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nContent-Length: -1\r\n\r\n", 400),
        (
            "GET / HTTP/1.1\r\nContent-Length: 99999999999999999999999\r\n\r\n",
            400,
        ),
        (
            "GET / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
            400,
        ),
        ("GET / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", 501),
        ("GET / HTTP/1.1\r\nExpect: magic\r\n\r\n", 417),
        ("GET / HTTP/1.1\r\nHost: x\r\n", 0),
    ] {
        assert_eq!(head(bytes).map(|_| 200), Err(status), "{bytes:?}");
    }
    let long = format!(
        "GET / HTTP/1.1\r\nX: {}\r\n\r\n",
        "a".repeat(http::MAX_HEAD)
    );
    assert_eq!(head(&long).unwrap_err(), 431);
    let many = format!(
        "GET / HTTP/1.1\r\n{}\r\n",
        "X: 1\r\n".repeat(http::MAX_HEADERS + 1)
    );
    assert_eq!(head(&many).unwrap_err(), 431);
    // A huge declared body is only a number in the head: refused by the server before it is
    // read (413), never allocated.
    let h = head("POST /check HTTP/1.1\r\nContent-Length: 1000000000000000\r\n\r\n").unwrap();
    assert_eq!(h.length, 1_000_000_000_000_000);
}

#[test]
fn a_reply_is_a_whole_response() {
    let r = Reply::busy();
    let bytes = String::from_utf8(response(&r, false)).unwrap();
    assert!(
        bytes.starts_with("HTTP/1.1 503 Service Unavailable\r\n"),
        "{bytes}"
    );
    assert!(bytes.contains("\r\nRetry-After: 1\r\n"));
    assert!(bytes.contains("\r\nConnection: close\r\n"));
    assert!(bytes.ends_with(&String::from_utf8(r.body.clone()).unwrap()));
    assert!(bytes.contains(&format!("Content-Length: {}\r\n", r.body.len())));
}
