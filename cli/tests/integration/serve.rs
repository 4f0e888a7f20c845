//! `digits-lab serve` end to end, over loopback only: every reference of every rule set
//! `generate` writes scores 1.0 through `/get_reward` (labels as JSON text and as objects),
//! and `/check` gives the library's own verdicts; the one rule's notes; malformed requests
//! refused with a reason while the server goes on; the bounds (503 past the gate and the
//! connections, 408 for a slow client); a bounded load; and a server killed mid-load,
//! restarted on its port, losing nothing acknowledged.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use digits_lab::dataset::check::{VerdictColumns, check_rows};
use digits_lab::dataset::input::Row;
use digits_lab::request::ServeRequest;
use digits_lab::reward::Notes;

const BIN: &str = env!("CARGO_BIN_EXE_digits-lab");

/// The server as a process, killed with SIGKILL when dropped.
struct Server {
    child: Child,
    addr: SocketAddr,
    stderr: PathBuf,
    _dir: tempfile::TempDir,
}

impl Server {
    fn start(args: &[&str]) -> Server {
        Server::on(0, args)
    }

    fn on(port: u16, args: &[&str]) -> Server {
        let dir = tempfile::tempdir().unwrap();
        let stderr = dir.path().join("stderr.txt");
        let mut child = Command::new(BIN)
            .args(["serve", "--port", &port.to_string()])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&stderr).unwrap())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let addr = line
            .trim()
            .strip_prefix("digits-lab serve: listening on http://")
            .and_then(|a| a.parse().ok())
            .unwrap_or_else(|| panic!("no address in `{line}`"));
        Server {
            child,
            addr,
            stderr,
            _dir: dir,
        }
    }

    /// SIGTERM, and the exit status and what the server wrote on standard error.
    fn terminate(mut self) -> (bool, String) {
        let pid = self.child.id().to_string();
        assert!(
            Command::new("kill")
                .args(["-TERM", &pid])
                .status()
                .unwrap()
                .success()
        );
        let status = self.child.wait().unwrap();
        (
            status.success(),
            std::fs::read_to_string(&self.stderr).unwrap(),
        )
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One kept-alive HTTP/1.1 connection to the loopback address.
struct Client {
    addr: SocketAddr,
    stream: Option<BufReader<TcpStream>>,
}

impl Client {
    fn new(addr: SocketAddr) -> Client {
        assert!(addr.ip().is_loopback(), "tests talk to 127.0.0.1 only");
        Client { addr, stream: None }
    }

    fn post(&mut self, path: &str, body: &Value) -> std::io::Result<(u16, Value)> {
        let body = body.to_string();
        let head = format!(
            "POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            body.len()
        );
        let (status, text) = self.raw(&[head.as_bytes(), body.as_bytes()].concat())?;
        let v = serde_json::from_str(&text).map_err(std::io::Error::other)?;
        Ok((status, v))
    }

    fn get(&mut self, path: &str) -> std::io::Result<(u16, Value)> {
        let (status, text) =
            self.raw(format!("GET {path} HTTP/1.1\r\nHost: x\r\n\r\n").as_bytes())?;
        Ok((
            status,
            serde_json::from_str(&text).map_err(std::io::Error::other)?,
        ))
    }

    fn raw(&mut self, request: &[u8]) -> std::io::Result<(u16, String)> {
        let r = self.exchange(request);
        if r.is_err() {
            self.stream = None;
        }
        r
    }

    fn exchange(&mut self, request: &[u8]) -> std::io::Result<(u16, String)> {
        if self.stream.is_none() {
            let s = TcpStream::connect_timeout(&self.addr, Duration::from_secs(5))?;
            s.set_read_timeout(Some(Duration::from_secs(30)))?;
            self.stream = Some(BufReader::new(s));
        }
        let s = self.stream.as_mut().unwrap();
        s.get_mut().write_all(request)?;
        read_response(s)
            .inspect(|(_, _, close)| {
                if *close {
                    self.stream = None;
                }
            })
            .map(|(status, body, _)| (status, body))
    }
}

/// A response: its status, its body, and whether the server closes the connection.
fn read_response(s: &mut BufReader<TcpStream>) -> std::io::Result<(u16, String, bool)> {
    let mut line = String::new();
    s.read_line(&mut line)?;
    let status: u16 = line
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .ok_or_else(|| std::io::Error::other(format!("bad status line `{line}`")))?;
    let (mut length, mut close) = (0usize, false);
    loop {
        let mut h = String::new();
        s.read_line(&mut h)?;
        let h = h.trim_end().to_ascii_lowercase();
        if h.is_empty() {
            break;
        }
        if let Some(v) = h.strip_prefix("content-length:") {
            length = v.trim().parse().unwrap();
        }
        close |= h == "connection: close";
    }
    let mut body = vec![0; length];
    s.read_exact(&mut body)?;
    Ok((status, String::from_utf8(body).unwrap(), close))
}

/// A set written by `generate --format jsonl`, its rows.
fn generated(args: &[&str]) -> Vec<Value> {
    let out = Command::new(BIN)
        .args(["generate", "--format", "jsonl", "--quiet", "--threads", "2"])
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rows: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(rows.len() >= 6, "{args:?}: {} rows", rows.len());
    rows
}

/// Every rule set `generate` can write.
const SETS: &[&[&str]] = &[
    &["--game", "countdown", "--count", "12"],
    &["--game", "24", "--count", "12"],
    &["--game", "digits", "--count", "8"],
    &["--game", "make10", "--count", "8"],
    &["--game", "krypto", "--count", "8"],
    &["--game", "24", "--unary-minus", "--count", "8"],
    &["--game", "countdown", "--size", "5", "--count", "8"],
    &["--game", "24", "--unsolvable", "0.25", "--count", "12"],
    &[
        "--game",
        "countdown",
        "--unsolvable",
        "0.25",
        "--count",
        "8",
    ],
    &[
        "--game",
        "countdown",
        "--pool",
        "1-12x2,25,50",
        "--targets",
        "100-300",
        "--count",
        "8",
    ],
];

fn reward_body(rows: &[Value], answer: impl Fn(&Value) -> String) -> Value {
    let prompts: Vec<&str> = rows.iter().map(|r| r["prompt"].as_str().unwrap()).collect();
    let query: Vec<String> = rows
        .iter()
        .zip(&prompts)
        .map(|(r, p)| format!("{p}<think>let me see</think>{}", answer(r)))
        .collect();
    // Labels alternate: the ground truth as JSON text, and as an object.
    let labels: Vec<Value> = rows
        .iter()
        .enumerate()
        .map(|(i, r)| match i % 2 {
            0 => Value::String(r["ground_truth"].to_string()),
            _ => r["ground_truth"].clone(),
        })
        .collect();
    json!({"query": query, "prompts": prompts, "labels": labels})
}

/// The library's own verdicts (`check_many`'s) on `answers` to the set's puzzles, as JSON.
fn library_verdicts(rows: &[Value], answers: &[String]) -> Vec<Value> {
    let truth = &rows[0]["ground_truth"]["game"];
    let spec = digits_lab::reward::GameSpec::of(truth).unwrap();
    let game = spec.options().unwrap().game().unwrap();
    let lib: Vec<Row> = rows
        .iter()
        .zip(answers)
        .enumerate()
        .map(|(i, (r, a))| Row {
            row: i as u64,
            numbers: Ok(r["numbers"]
                .as_array()
                .unwrap()
                .iter()
                .map(|n| n.as_i64().unwrap())
                .collect()),
            target: Some(Ok(r["target"].as_i64().unwrap())),
            answer: Some(Ok(a.clone())),
            model: None,
        })
        .collect();
    let c = VerdictColumns::of(&check_rows(&game, &lib));
    (0..rows.len())
        .map(|i| {
            json!({"row": c.row[i], "valid": c.valid[i], "solved": c.solved[i],
                   "fault": c.fault[i], "message": c.message[i], "value": c.value[i],
                   "distance": c.distance[i], "score": c.score[i], "ops": c.ops[i]})
        })
        .collect()
}

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

fn post_bytes(path: &str, body: &str) -> Vec<u8> {
    format!("POST {path} HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}", body.len()).into_bytes()
}

struct Quiet;
impl Notes for Quiet {
    fn note(&self, _: &str) {}
}

fn in_process(workers: u16, connections: usize, timeout_s: u64) -> digits_lab::serve::Running {
    let request = ServeRequest {
        port: 0,
        workers: Some(workers),
        timeout_s,
        ..ServeRequest::default()
    };
    let mut service = request.service(Box::new(Quiet)).unwrap();
    service.limits.waiting = 0;
    service.limits.connections = connections;
    digits_lab::serve::serve(service, "127.0.0.1:0".parse().unwrap()).unwrap()
}

#[test]
fn past_its_bounds_a_request_gets_503_and_a_slow_client_408() {
    let running = in_process(1, 3, 1);
    let addr = running.addr;
    // A client that sends a head and stalls holds the one place (1 worker, none waiting)...
    let mut slow = TcpStream::connect(addr).unwrap();
    slow.write_all(b"POST /check HTTP/1.1\r\nContent-Length: 50\r\n\r\n{")
        .unwrap();
    // ...so another request is refused at once with Retry-After (as soon as the slow one is
    // admitted), and the health check still answers.
    let empty = post_bytes("/check", "{\"answers\": [], \"numbers\": []}");
    let (mut status, mut body) = (0, String::new());
    for _ in 0..100 {
        (status, body) = Client::new(addr).raw(&empty).unwrap();
        if status == 503 {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(status, 503, "{body}");
    assert!(body.contains("retry"), "{body}");
    assert_eq!(Client::new(addr).get("/health").unwrap().0, 200);
    // The slow client is cut off after the timeout (1 s) with 408, and the place is free.
    let started = Instant::now();
    let mut reader = BufReader::new(slow);
    let (status, _, close) = read_response(&mut reader).unwrap();
    assert_eq!((status, close), (408, true));
    assert!(started.elapsed() < Duration::from_secs(3));
    drop(reader);
    let (status, v) = Client::new(addr)
        .post("/check", &json!({"answers": [], "numbers": []}))
        .unwrap();
    assert_eq!(status, 200, "{v}");
    // Connections past the bound (3) get 503 and are closed (once the connections above have
    // closed on the server's side too).
    std::thread::sleep(Duration::from_millis(300));
    let mut open: Vec<Client> = (0..3).map(|_| Client::new(addr)).collect();
    for c in &mut open {
        assert_eq!(c.get("/health").unwrap().0, 200);
    }
    let (status, _) = Client::new(addr)
        .raw(b"GET /health HTTP/1.1\r\n\r\n")
        .unwrap();
    assert_eq!(status, 503);
    drop(open);
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(Client::new(addr).get("/health").unwrap().0, 200);
    running.stop();
    assert!(TcpStream::connect_timeout(&addr, Duration::from_secs(1)).is_err());
}

/// 256 references of the 24 game, and the rewards they must get.
fn batch_of_references() -> (Value, Value) {
    let rows = generated(&["--game", "24", "--count", "32"]);
    let rows: Vec<Value> = rows.iter().cycle().take(256).cloned().collect();
    let body = reward_body(&rows, |r| {
        format!("<answer>{}</answer>", r["solution"].as_str().unwrap())
    });
    (body, json!(vec![1.0; 256]))
}

#[test]
fn a_bounded_load_gets_every_reply_right() {
    let server = Server::start(&["--quiet"]);
    let (body, want) = batch_of_references();
    let (body, want) = (Arc::new(body), Arc::new(want));
    let started = Instant::now();
    let clients: Vec<_> = (0..4)
        .map(|_| {
            let (body, want, addr) = (body.clone(), want.clone(), server.addr);
            std::thread::spawn(move || {
                let mut c = Client::new(addr);
                for _ in 0..25 {
                    let (status, v) = c.post("/get_reward", &body).unwrap();
                    assert_eq!(status, 200, "{v}");
                    assert_eq!(v["rewards"], *want);
                }
            })
        })
        .collect();
    for c in clients {
        c.join().unwrap();
    }
    // 100 batches of 256: a few hundred milliseconds; the bound only catches a hang.
    assert!(started.elapsed() < Duration::from_secs(60));
}

#[test]
fn a_server_killed_mid_load_and_restarted_loses_nothing_acknowledged() {
    let first = Server::start(&["--quiet"]);
    let addr = first.addr;
    let (body, want) = batch_of_references();
    let (body, want) = (Arc::new(body), Arc::new(want));
    let (acknowledged, failures) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    let done = Arc::new(AtomicBool::new(false));
    let deadline = Instant::now() + Duration::from_secs(60);
    let clients: Vec<_> = (0..3)
        .map(|_| {
            let (body, want) = (body.clone(), want.clone());
            let (acknowledged, failures, done) =
                (acknowledged.clone(), failures.clone(), done.clone());
            std::thread::spawn(move || {
                let mut c = Client::new(addr);
                let mut mine = 0;
                // Each client retries until it has 40 acknowledged replies after the restart.
                while mine < 40 || !done.load(Ordering::SeqCst) {
                    assert!(Instant::now() < deadline, "no progress");
                    match c.post("/get_reward", &body) {
                        Ok((200, v)) => {
                            assert_eq!(v["rewards"], *want, "an acknowledged reply is wrong");
                            acknowledged.fetch_add(1, Ordering::SeqCst);
                            if done.load(Ordering::SeqCst) {
                                mine += 1;
                            }
                        }
                        Ok((status, v)) => panic!("{status}: {v}"),
                        Err(_) => {
                            failures.fetch_add(1, Ordering::SeqCst);
                            std::thread::sleep(Duration::from_millis(20));
                        }
                    }
                }
            })
        })
        .collect();
    while acknowledged.load(Ordering::SeqCst) < 30 {
        assert!(Instant::now() < deadline);
        std::thread::sleep(Duration::from_millis(5));
    }
    drop(first); // SIGKILL, mid-load.
    let before = acknowledged.load(Ordering::SeqCst);
    let second = Server::on(addr.port(), &["--quiet"]);
    assert_eq!(second.addr, addr);
    done.store(true, Ordering::SeqCst);
    for c in clients {
        c.join().unwrap();
    }
    assert!(acknowledged.load(Ordering::SeqCst) >= before + 120);
    assert!(
        failures.load(Ordering::SeqCst) > 0,
        "the kill interrupted no client"
    );
    let (clean, _) = second.terminate();
    assert!(clean);
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
