//! The study's web server (tiny_http: no async runtime, so the study binary stays small and
//! shares every dependency build with the library): the page and its script, and a JSON API
//! the page plays through. Requests are checked before anything is stored: a POST must be
//! JSON of at most [`MAX_BODY`] bytes with exactly the expected fields; the study checks the
//! rest. Every refusal is a 4xx with `{"error": "…"}`, and stores nothing.
//!
//! | route | body | answer |
//! |---|---|---|
//! | `GET /` | | the page |
//! | `GET /api/plan` | | game, puzzles, time limit, consent text, operations |
//! | `POST /api/start` | `{"consent": true}` | `{"participant": ID}` |
//! | `POST /api/next` | `{"participant"}` | the open or next board, or `{"done": true}` |
//! | `POST /api/move` | `{"participant", "trial", "seq", "a", "op", "b"}` | the board |
//! | `POST /api/undo`, `/api/reset` | `{"participant", "trial", "seq"}` | the board |
//! | `POST /api/give-up`, `/api/timeout` | `{"participant", "trial", "seq"}` | the board, ended |

use std::io::Read;
use std::net::SocketAddr;
use std::sync::Arc;
use std::thread;

use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::json;
use tiny_http::{Header, Method, Request, Response, Server};

use crate::api_error::ApiError;
use crate::play::{Action, op_of};
use crate::state::Outcome;
use crate::trials::{Study, Turn};

/// The largest request body taken.
pub const MAX_BODY: usize = 4096;
/// Threads answering requests.
pub const WORKERS: usize = 16;

const PAGE: &str = include_str!("page/index.html");
const SCRIPT: &str = include_str!("page/app.js");
const STYLE: &str = include_str!("page/style.css");

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StartBody {
    consent: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NextBody {
    participant: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveBody {
    participant: String,
    trial: i64,
    seq: i64,
    a: usize,
    op: String,
    b: usize,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeqBody {
    participant: String,
    trial: i64,
    seq: i64,
}

impl SeqBody {
    fn turn(&self) -> Turn<'_> {
        Turn {
            participant: &self.participant,
            trial: self.trial,
            seq: self.seq,
        }
    }
}

/// A running server.
pub struct Running {
    pub addr: SocketAddr,
    server: Arc<Server>,
    workers: Vec<thread::JoinHandle<()>>,
}

impl Running {
    /// Stops taking requests and waits for the workers.
    pub fn stop(self) {
        self.server.unblock();
        for _ in 1..self.workers.len() {
            self.server.unblock();
        }
        for w in self.workers {
            let _ = w.join();
        }
    }

    /// Blocks until the server stops (never, unless stopped from elsewhere).
    pub fn wait(self) {
        for w in self.workers {
            let _ = w.join();
        }
    }
}

/// Why the server did not start, in one line (exit code 1): it could not listen (the
/// library server's error), or it listens on no IP address.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error(transparent)]
    Listen(#[from] digits_lab::serve::ServeError),
    #[error("not an IP address")]
    NotIp,
}

/// Serves `study` on `addr` (port 0: any free port).
pub fn serve(study: Arc<Study>, addr: SocketAddr) -> Result<Running, ServeError> {
    let server =
        Arc::new(
            Server::http(addr).map_err(|e| digits_lab::serve::ServeError::Listen {
                addr,
                source: std::io::Error::other(e),
            })?,
        );
    let addr = server.server_addr().to_ip().ok_or(ServeError::NotIp)?;
    let workers = (0..WORKERS)
        .map(|i| {
            let (server, study) = (server.clone(), study.clone());
            thread::Builder::new()
                .name(format!("study-http-{i}"))
                .spawn(move || {
                    while let Ok(req) = server.recv() {
                        handle(&study, req);
                    }
                })
                .expect("a thread starts")
        })
        .collect();
    Ok(Running {
        addr,
        server,
        workers,
    })
}

fn header(name: &str, value: &str) -> Header {
    Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("a valid header")
}

fn respond(req: Request, status: u16, content_type: &str, body: String) {
    let mut r = Response::from_string(body)
        .with_status_code(status)
        .with_header(header("Content-Type", content_type))
        .with_header(header("Cache-Control", "no-store"))
        .with_header(header("X-Content-Type-Options", "nosniff"))
        .with_header(header(
            "Content-Security-Policy",
            "default-src 'self'; frame-ancestors 'none'",
        ));
    if status == 413 {
        // The rest of an oversized body is not read: close rather than parse it as a request.
        r = r.with_header(header("Connection", "close"));
    }
    let _ = req.respond(r);
}

fn json_reply(req: Request, status: u16, body: serde_json::Value) {
    respond(req, status, "application/json", body.to_string());
}

fn refused(req: Request, r: ApiError) {
    json_reply(req, r.status, json!({ "error": r.message }));
}

/// The body of a POST as `T`, or why not.
fn body<T: DeserializeOwned>(req: &mut Request) -> Result<T, ApiError> {
    let bad = |status: u16, m: String| ApiError::new(status, m);
    let json = req.headers().iter().any(|h| {
        h.field.equiv("Content-Type")
            && h.value
                .as_str()
                .split(';')
                .next()
                .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json"))
    });
    if !json {
        return Err(bad(415, "the body must be application/json".into()));
    }
    if req.body_length().is_some_and(|n| n > MAX_BODY) {
        return Err(bad(
            413,
            format!("a request body is at most {MAX_BODY} bytes"),
        ));
    }
    let mut buf = Vec::new();
    req.as_reader()
        .take(MAX_BODY as u64 + 1)
        .read_to_end(&mut buf)
        .map_err(|e| bad(400, format!("cannot read the body: {e}")))?;
    if buf.len() > MAX_BODY {
        return Err(bad(
            413,
            format!("a request body is at most {MAX_BODY} bytes"),
        ));
    }
    serde_json::from_slice(&buf).map_err(|e| bad(400, format!("malformed request: {e}")))
}

fn handle(study: &Study, mut req: Request) {
    let path = req.url().split('?').next().unwrap_or("").to_string();
    let method = req.method().clone();
    match (&method, path.as_str()) {
        (Method::Get, "/") => respond(req, 200, "text/html; charset=utf-8", PAGE.into()),
        (Method::Get, "/app.js") => {
            respond(req, 200, "text/javascript; charset=utf-8", SCRIPT.into())
        }
        (Method::Get, "/style.css") => respond(req, 200, "text/css; charset=utf-8", STYLE.into()),
        (Method::Get, "/api/plan") => {
            let p = &study.plan;
            let mut ops = vec!["+", "−", "×", "÷"];
            if p.game.rules.pow {
                ops.push("^");
            }
            json_reply(
                req,
                200,
                json!({
                    "game": p.game.kind.name(),
                    "puzzles": p.puzzles,
                    "time_limit_s": p.time_limit_s,
                    "consent": p.consent,
                    "ops": ops,
                    "use_all": p.game.rules.use_all,
                }),
            );
        }
        (Method::Post, route) if route.starts_with("/api/") => {
            let out = api(study, route, &mut req);
            match out {
                Ok(v) => json_reply(req, 200, v),
                Err(r) => refused(req, r),
            }
        }
        (_, "/" | "/app.js" | "/style.css" | "/api/plan") => {
            refused(req, ApiError::new(405, "method not allowed"))
        }
        _ => refused(req, ApiError::new(404, "not found")),
    }
}

fn api(study: &Study, route: &str, req: &mut Request) -> Result<serde_json::Value, ApiError> {
    match route {
        "/api/start" => {
            let b: StartBody = body(req)?;
            if !b.consent {
                return Err(ApiError::new(400, "the study needs consent"));
            }
            Ok(json!({ "participant": study.start()? }))
        }
        "/api/next" => {
            let b: NextBody = body(req)?;
            Ok(to_json(&study.next(&b.participant)?))
        }
        "/api/move" => {
            let b: MoveBody = body(req)?;
            let op = op_of(&b.op)
                .filter(|_| b.op.chars().count() == 1)
                .ok_or_else(|| {
                    ApiError::new(
                        400,
                        format!(
                            "unknown operation `{}`",
                            b.op.chars().take(8).collect::<String>()
                        ),
                    )
                })?;
            let turn = Turn {
                participant: &b.participant,
                trial: b.trial,
                seq: b.seq,
            };
            Ok(to_json(
                &study.act(turn, Action::Combine { a: b.a, op, b: b.b })?,
            ))
        }
        "/api/undo" => act(study, req, Action::Undo),
        "/api/reset" => act(study, req, Action::Reset),
        "/api/give-up" => end(study, req, Outcome::GaveUp),
        "/api/timeout" => end(study, req, Outcome::TimedOut),
        _ => Err(ApiError::new(404, "not found")),
    }
}

/// An answer as JSON.
/// An action that names nothing but its turn: undo, reset.
fn act(study: &Study, req: &mut Request, action: Action) -> Result<serde_json::Value, ApiError> {
    let b: SeqBody = body(req)?;
    Ok(to_json(&study.act(b.turn(), action)?))
}

/// The trial ended by the participant or by the clock.
fn end(study: &Study, req: &mut Request, outcome: Outcome) -> Result<serde_json::Value, ApiError> {
    let b: SeqBody = body(req)?;
    Ok(to_json(&study.end(b.turn(), outcome)?))
}

fn to_json<T: serde::Serialize>(v: &T) -> serde_json::Value {
    serde_json::to_value(v).unwrap_or(serde_json::Value::Null)
}
