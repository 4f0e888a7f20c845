//! `digits-lab serve` end to end, over loopback only: every reference of every rule set
//! `generate` writes scores 1.0 through `/get_reward` (labels as JSON text and as objects),
//! and `/check` gives the library's own verdicts; the one rule's notes; malformed requests
//! refused with a reason while the server goes on; the bounds (503 past the gate and the
//! connections, 408 for a slow client); a bounded load; and a server killed mid-load,
//! restarted on its port, losing nothing acknowledged.

use std::io::{BufReader, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use digits_lab_testkit::{listening, read_response};
use serde_json::{Value, json};

use digits_lab::dataset::check::{VerdictColumns, check_rows};
use digits_lab::dataset::input::Row;
use digits_lab::request::ServeRequest;
use digits_lab::reward::Notes;

use crate::cli::{cli, succeeded};

const BIN: &str = env!("CARGO_BIN_EXE_digits-lab");

/// What `serve` prints first, before its address.
const LISTENING: &str = "digits-lab serve: listening on http://";

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
        let (child, addr) = listening(
            Command::new(BIN)
                .args(["serve", "--port", &port.to_string()])
                .args(args)
                .stderr(std::fs::File::create(&stderr).unwrap()),
            LISTENING,
        );
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
        let r = read_response(s)?;
        if r.close {
            self.stream = None;
        }
        Ok((r.status, String::from_utf8(r.body).unwrap()))
    }
}

/// A set written by `generate --format jsonl`, its rows.
fn generated(args: &[&str]) -> Vec<Value> {
    let out = succeeded(
        cli()
            .args(["generate", "--format", "jsonl", "--quiet", "--threads", "2"])
            .args(args),
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

fn batch_of_references() -> (Value, Value) {
    let rows = generated(&["--game", "24", "--count", "32"]);
    let rows: Vec<Value> = rows.iter().cycle().take(256).cloned().collect();
    let body = reward_body(&rows, |r| {
        format!("<answer>{}</answer>", r["solution"].as_str().unwrap())
    });
    (body, json!(vec![1.0; 256]))
}

mod bounds;
mod routes;
