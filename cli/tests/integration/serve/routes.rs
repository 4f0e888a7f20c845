//! The routes end to end: every reference of every rule set scores 1.0 through `/get_reward`
//! and `/check` gives the library's verdicts; the one rule's notes; malformed requests refused
//! with a reason while the server goes on; bad flags.

use super::*;

#[test]
fn every_reference_of_every_rule_set_scores_one_and_check_is_the_librarys() {
    let server = Server::start(&["--quiet"]);
    let mut c = Client::new(server.addr);
    assert_eq!(c.get("/health").unwrap().1["status"], "ok");
    for args in SETS {
        let rows = generated(args);
        let n = rows.len();
        let (status, v) = c
            .post(
                "/get_reward",
                &reward_body(&rows, |r| {
                    format!("<answer>{}</answer>", r["solution"].as_str().unwrap())
                }),
            )
            .unwrap();
        assert_eq!(status, 200, "{args:?}: {v}");
        assert_eq!(v["rewards"], json!(vec![1.0; n]), "{args:?}: {v}");
        assert_eq!(v["scores"], json!(vec![1.0; n]), "{args:?}");
        assert_eq!(v["extra_logs"]["judged"], json!(vec![1.0; n]), "{args:?}");
        // A wrong answer scores below 1 (the format score, 0 by default); no answer 0.
        let (_, v) = c
            .post(
                "/get_reward",
                &reward_body(&rows, |_| "<answer>1 + 1</answer>".into()),
            )
            .unwrap();
        let rewards: Vec<f64> = serde_json::from_value(v["rewards"].clone()).unwrap();
        assert!(rewards.iter().all(|&r| r < 1.0), "{args:?}: {v}");
        let (_, v) = c
            .post(
                "/get_reward",
                &reward_body(&rows, |_| "no tags at all".into()),
            )
            .unwrap();
        assert_eq!(v["rewards"], json!(vec![0.0; n]), "{args:?}");
        assert_eq!(v["extra_logs"]["answered"], json!(vec![0.0; n]), "{args:?}");
        // /check: references, wrong answers and garbage get the library's own verdicts.
        let answers: Vec<String> = rows
            .iter()
            .enumerate()
            .map(|(i, r)| match i % 3 {
                0 => r["solution"].as_str().unwrap().to_string(),
                1 => "1 + 1".to_string(),
                _ => "((((".to_string(),
            })
            .collect();
        let body = json!({
            "answers": answers,
            "numbers": rows.iter().map(|r| r["numbers"].clone()).collect::<Vec<_>>(),
            "targets": rows.iter().map(|r| r["target"].clone()).collect::<Vec<_>>(),
            "game": rows[0]["ground_truth"]["game"],
        });
        let (status, v) = c.post("/check", &body).unwrap();
        assert_eq!(status, 200, "{args:?}: {v}");
        assert_eq!(
            v["verdicts"],
            json!(library_verdicts(&rows, &answers)),
            "{args:?}"
        );
        let solved = (0..n).filter(|i| i % 3 == 0).count();
        assert_eq!(v["tally"]["solved"], solved, "{args:?}: {v}");
    }
}

#[test]
fn the_row_decides_its_game_and_the_server_says_so_once() {
    let rows = generated(&["--game", "countdown", "--count", "6"]);
    let refs = |r: &Value| format!("<answer>{}</answer>", r["solution"].as_str().unwrap());
    // Started as the 24 game, explicitly: the Countdown rows are judged as Countdown.
    let server = Server::start(&["--game", "24"]);
    let mut c = Client::new(server.addr);
    for _ in 0..2 {
        let (_, v) = c.post("/get_reward", &reward_body(&rows, refs)).unwrap();
        assert_eq!(v["rewards"], json!(vec![1.0; 6]), "{v}");
    }
    // Rows that name no game fall back on the server's: 24-game puzzles, judged as such.
    let body = json!({"query": ["<answer>(1+2+3)*4</answer>", "<answer>(1+2+3)*4</answer>"],
                      "labels": [{"numbers": [1, 2, 3, 4]}, "{\"nums\": [1, 2, 3, 4], \"target\": 24}"]});
    for _ in 0..2 {
        assert_eq!(
            c.post("/get_reward", &body).unwrap().1["rewards"],
            json!([1.0, 1.0])
        );
    }
    let (clean, log) = server.terminate();
    assert!(clean, "{log}");
    let lines: Vec<&str> = log.lines().collect();
    assert_eq!(lines.len(), 2, "{log}");
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.contains("other than the server's (--game 24)"))
            .count(),
        1,
        "{log}"
    );
    assert_eq!(
        lines
            .iter()
            .filter(|l| l.contains("names no game are judged under the server's (--game 24)"))
            .count(),
        1,
        "{log}"
    );
    // The default game is COUNTDOWN_TASKS: a ground truth without a game is a Countdown task
    // (every number used, any target to 100,000); nothing is said of rows that name theirs.
    let server = Server::start(&[]);
    let mut c = Client::new(server.addr);
    let (_, v) = c.post("/get_reward", &reward_body(&rows, refs)).unwrap();
    assert_eq!(v["rewards"], json!(vec![1.0; 6]));
    let tasks = json!({"query": ["<answer>(75 - 5) * 100 + 3 </answer>", "<answer>75 * 100</answer>"],
                       "labels": [{"nums": [3, 5, 75, 100], "target": 7003}, {"nums": [3, 5, 75, 100], "target": 7500}]});
    assert_eq!(
        c.post("/get_reward", &tasks).unwrap().1["rewards"],
        json!([1.0, 0.0])
    );
    let (clean, log) = server.terminate();
    assert!(clean);
    assert_eq!(log.lines().count(), 1, "{log}");
    assert!(
        log.contains("(--game 24 --pool 1-100x6 --targets 1-100000)"),
        "{log}"
    );
}

#[test]
fn malformed_requests_are_refused_with_a_reason_and_the_server_goes_on() {
    let server = Server::start(&["--quiet", "--max-batch", "100", "--max-body", "100000"]);
    let addr = server.addr;
    let cases: Vec<(Vec<u8>, u16, &str)> = vec![
        (post_bytes("/check", "not json"), 400, "malformed request"),
        (
            post_bytes("/get_reward", "{\"query\": 5, \"labels\": []}"),
            422,
            "invalid type: integer",
        ),
        (
            post_bytes(
                "/get_reward",
                "{\"query\": [\"a\", \"b\"], \"labels\": [{}]}",
            ),
            422,
            "one label per query",
        ),
        (
            post_bytes(
                "/get_reward",
                &format!(
                    "{{\"query\": [\"a\"], \"labels\": [{}{}]}}",
                    "{\"a\": ".repeat(10_000),
                    "}".repeat(10_000)
                ),
            ),
            400,
            "recursion limit",
        ),
        (
            post_bytes(
                "/check",
                &json!({"answers": vec!["1"; 101], "numbers": vec![[1]; 101]}).to_string(),
            ),
            413,
            "at most 100 answers",
        ),
        (
            post_bytes("/check", &"x".repeat(100_001)),
            413,
            "at most 100000 bytes",
        ),
        (
            b"POST /check HTTP/1.1\r\nContent-Length: 1000000000000000\r\n\r\n{}".to_vec(),
            413,
            "declares 1000000000000000",
        ),
        (
            b"POST /check HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n".to_vec(),
            501,
            "chunked",
        ),
        (b"HELLO\r\n\r\n".to_vec(), 400, "not a request line"),
        (
            b"GET /health HTTP/9.9\r\n\r\n".to_vec(),
            505,
            "HTTP/1.1 only",
        ),
        (
            b"DELETE /check HTTP/1.1\r\n\r\n".to_vec(),
            405,
            "/check takes POST",
        ),
        (
            b"GET /admin HTTP/1.1\r\n\r\n".to_vec(),
            404,
            "no route /admin",
        ),
        (
            format!("GET / HTTP/1.1\r\nX: {}\r\n\r\n", "a".repeat(20_000)).into_bytes(),
            431,
            "head is at most",
        ),
    ];
    for (bytes, status, why) in cases {
        let mut c = Client::new(addr);
        let (got, body) = c.raw(&bytes).unwrap();
        let v: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(
            got,
            status,
            "{}: {v}",
            String::from_utf8_lossy(&bytes[..bytes.len().min(60)])
        );
        assert!(v["error"].as_str().unwrap().contains(why), "{v}");
        // The server still answers, on a new connection.
        assert_eq!(Client::new(addr).get("/health").unwrap().0, 200);
    }
    // Bytes that are no HTTP at all, then a closed connection: nothing breaks.
    let mut s = TcpStream::connect(addr).unwrap();
    s.write_all(&[0xff; 64]).unwrap();
    drop(s);
    assert_eq!(Client::new(addr).get("/health").unwrap().0, 200);
}

#[test]
fn the_server_refuses_bad_flags_in_one_line() {
    for (args, why) in [
        (vec!["--score", "nan"], "a reward is a finite number"),
        (vec!["--max-batch", "0"], "--max-batch"),
        (vec!["--workers", "5000"], "--workers"),
        (vec!["--game", "chess"], "unknown game `chess`"),
        (vec!["--host", "example.com"], "invalid value"),
    ] {
        let out = Command::new(BIN).arg("serve").args(&args).output().unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(why), "{args:?}: {err}");
    }
    // A port taken is a failure to start (exit 1), not a panic.
    let server = Server::start(&["--quiet"]);
    let out = Command::new(BIN)
        .args(["serve", "--port", &server.addr.port().to_string()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot listen on 127.0.0.1"));
}
