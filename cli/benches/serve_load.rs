//! The reward server under load (`just bench-serve`): the release `digits-lab serve` on
//! loopback, driven by CLIENTS kept-alive connections each posting batches of 256 24-game
//! answers, three runs per route: answers a second, the p50 and p99 latency of a batch, the
//! server's CPU and peak memory; and beside it the library's batch checker in-process (what
//! Python's `check_many` runs) on the same answers, and the ratio.
//!
//! `cargo bench -p digits-lab-cli --bench serve_load -- PATH/TO/digits-lab`

use std::io::{BufReader, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::Command;
use std::time::{Duration, Instant};

use digits_lab::dataset::input::Row;
use digits_lab::request::{CheckManyRequest, GameOptions};
use digits_lab_testkit::{listening, read_response};
use serde_json::{Value, json};

const BATCH: usize = 256;
const CLIENTS: usize = 4;
const BATCHES_PER_CLIENT: usize = 200;
const RUNS: usize = 3;

/// 24-game hands and answers, as `just bench-check` makes them (a seeded generator).
fn answers(n: usize) -> Vec<(Vec<i64>, String)> {
    let mut state: u64 = 47;
    let mut next = |m: u64| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (state >> 33) % m
    };
    (0..n)
        .map(|i| {
            let h: Vec<i64> = (0..4).map(|_| next(13) as i64 + 1).collect();
            let a = if i % 2 == 1 {
                format!("({}+{})*{}-{}", h[0], h[1], h[2], h[3])
            } else {
                format!("{}*{}*{}/{}", h[0], h[1], h[2], h[3])
            };
            (h, a)
        })
        .collect()
}

fn check_body(batch: &[(Vec<i64>, String)]) -> Vec<u8> {
    let body = json!({
        "answers": batch.iter().map(|b| &b.1).collect::<Vec<_>>(),
        "numbers": batch.iter().map(|b| &b.0).collect::<Vec<_>>(),
        "targets": 24,
        "game": "24",
    });
    request("/check", &body)
}

fn reward_body(batch: &[(Vec<i64>, String)]) -> Vec<u8> {
    let prompt = "<|im_start|>user\nUsing the numbers, make 24.<|im_end|>\n<|im_start|>assistant\n";
    let body = json!({
        "query": batch.iter().map(|b| format!("{prompt}<think>…</think><answer>{}</answer>", b.1)).collect::<Vec<_>>(),
        "prompts": vec![prompt; batch.len()],
        "labels": batch.iter().map(|b| json!({"numbers": b.0, "target": 24, "game": {"kind": "24"}}).to_string()).collect::<Vec<_>>(),
    });
    request("/get_reward", &body)
}

fn request(path: &str, body: &Value) -> Vec<u8> {
    let body = body.to_string();
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: bench\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    [head.into_bytes(), body.into_bytes()].concat()
}

/// Sends `request` and reads the reply: its status and body.
fn exchange(s: &mut BufReader<TcpStream>, request: &[u8]) -> (u16, Vec<u8>) {
    s.get_mut().write_all(request).unwrap();
    let reply = read_response(s).unwrap();
    (reply.status, reply.body)
}

/// The server's CPU seconds so far and its peak resident memory in MiB.
fn usage(pid: u32) -> (f64, u64) {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    let fields: Vec<&str> = stat
        .rsplit(')')
        .next()
        .unwrap()
        .split_whitespace()
        .collect();
    let ticks: f64 = fields[11].parse::<f64>().unwrap() + fields[12].parse::<f64>().unwrap();
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let kb: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    (ticks / 100.0, kb / 1024)
}

/// A route, its request bodies, and a text its first reply must hold.
type Route<'a> = (&'a str, Vec<Vec<u8>>, &'a [u8]);

struct Run {
    per_second: f64,
    p50_ms: f64,
    p99_ms: f64,
    cpu_s: f64,
}

fn load(addr: SocketAddr, pid: u32, bodies: &[Vec<u8>], expect: &[u8]) -> Run {
    let (cpu0, _) = usage(pid);
    let started = Instant::now();
    let threads: Vec<_> = (0..CLIENTS)
        .map(|c| {
            let mine: Vec<Vec<u8>> = bodies
                .iter()
                .skip(c)
                .step_by(CLIENTS)
                .take(BATCHES_PER_CLIENT)
                .cloned()
                .collect();
            let expect = expect.to_vec();
            std::thread::spawn(move || {
                let s = TcpStream::connect(addr).unwrap();
                s.set_nodelay(true).unwrap();
                s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
                let mut s = BufReader::new(s);
                let mut latencies = Vec::with_capacity(mine.len());
                for (i, body) in mine.iter().enumerate() {
                    let t = Instant::now();
                    let (status, reply) = exchange(&mut s, body);
                    latencies.push(t.elapsed());
                    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&reply));
                    if i == 0 {
                        let v: Value = serde_json::from_slice(&reply).unwrap();
                        let text = v.to_string();
                        assert!(
                            text.contains(std::str::from_utf8(&expect).unwrap()),
                            "{text}"
                        );
                    }
                }
                latencies
            })
        })
        .collect();
    let mut latencies: Vec<Duration> = threads
        .into_iter()
        .flat_map(|t| t.join().unwrap())
        .collect();
    let wall = started.elapsed().as_secs_f64();
    let (cpu1, _) = usage(pid);
    latencies.sort();
    let at =
        |q: f64| latencies[((latencies.len() - 1) as f64 * q).round() as usize].as_secs_f64() * 1e3;
    Run {
        per_second: (latencies.len() * BATCH) as f64 / wall,
        p50_ms: at(0.5),
        p99_ms: at(0.99),
        cpu_s: cpu1 - cpu0,
    }
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let bin = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with("--"))
        .expect("usage: serve_load PATH/TO/digits-lab");
    let all = answers(CLIENTS * BATCHES_PER_CLIENT * BATCH);
    let batches: Vec<&[(Vec<i64>, String)]> = all.chunks(BATCH).collect();
    let (mut server, addr) = listening(
        Command::new(&bin).args(["serve", "--port", "0", "--quiet"]),
        "digits-lab serve: listening on http://",
    );
    let pid = server.id();
    println!(
        "{} answers a run: {CLIENTS} kept-alive clients, {BATCHES_PER_CLIENT} batches of {BATCH} each, on {addr}; {RUNS} runs, medians",
        all.len()
    );
    let routes: [Route; 2] = [
        (
            "/check",
            batches.iter().map(|b| check_body(b)).collect(),
            b"\"tally\"",
        ),
        (
            "/get_reward",
            batches.iter().map(|b| reward_body(b)).collect(),
            b"\"rewards\"",
        ),
    ];
    let mut served = Vec::new();
    for (route, bodies, expect) in &routes {
        let runs: Vec<Run> = (0..RUNS).map(|_| load(addr, pid, bodies, expect)).collect();
        let per_second = median(runs.iter().map(|r| r.per_second).collect());
        println!(
            "POST {route}: {per_second:>9.0} answers/s, batch p50 {:.2} ms, p99 {:.2} ms, server CPU {:.2} s a run",
            median(runs.iter().map(|r| r.p50_ms).collect()),
            median(runs.iter().map(|r| r.p99_ms).collect()),
            median(runs.iter().map(|r| r.cpu_s).collect()),
        );
        served.push(per_second);
    }
    let (_, peak) = usage(pid);
    let _ = server.kill();
    let _ = server.wait();
    println!("server peak memory: {peak} MiB");
    // The same answers checked in-process, as Python's check_many checks them.
    let rows: Vec<Row> = all
        .iter()
        .enumerate()
        .map(|(i, (h, a))| Row {
            row: i as u64,
            numbers: Ok(h.clone()),
            target: Some(Ok(24)),
            answer: Some(Ok(a.clone())),
            model: None,
        })
        .collect();
    let request = CheckManyRequest {
        game: GameOptions::named("24"),
        rows,
        threads: None,
    };
    let times: Vec<f64> = (0..RUNS)
        .map(|_| {
            let t = Instant::now();
            let v = request.run().unwrap();
            assert_eq!(v.len(), all.len());
            t.elapsed().as_secs_f64()
        })
        .collect();
    let in_process = all.len() as f64 / median(times);
    println!("check_many in-process: {in_process:>9.0} answers/s");
    for ((route, _, _), s) in routes.iter().zip(served) {
        println!(
            "POST {route} / check_many: {:.2}× the in-process rate",
            s / in_process
        );
    }
}
