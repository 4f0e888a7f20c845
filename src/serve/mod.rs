//! The reward and check server (`digits-lab serve`): the checker over HTTP, for trainers
//! whose rollout workers call a reward remotely (OpenRLHF's `--remote_rm_url`) and for any
//! client that checks batches of answers. docs/SERVE.md is its manual.
//!
//! | route | body | reply |
//! |---|---|---|
//! | `GET /health` | | `{"status": "ok", "version", "game"}` |
//! | `POST /check` | `{"answers", "numbers", "targets"?, "game"?}` | `{"verdicts": […], "tally"}` |
//! | `POST /get_reward` | `{"query", "prompts"?, "labels"}` | `{"rewards", "scores", "extra_logs"}` |
//!
//! A request is handled by a plain function, bytes in and a status and bytes out
//! ([`Service::handle`], in [`routes`], [`check`] and [`reward`]), which the tests call
//! directly; [`http`] reads and writes HTTP/1.1 messages, and [`listen`] runs the server:
//! one thread a connection (at most [`Limits::connections`]), requests admitted to the
//! checker up to a bound and refused past it with 503, every read under a deadline. It keeps
//! no state: a request's reply depends on that request alone.
//!
//! The server speaks HTTP itself, with the standard library only, rather than through
//! `tiny_http` (the study's server): `tiny_http` 0.12 aborts the whole process when a
//! request declaring a body larger than memory is answered without reading it (its reader
//! allocates what remains of the body when dropped), which is exactly what refusing a large
//! request up front does.

pub mod check;
pub mod http;
pub mod listen;
pub mod reward;
pub mod routes;

use std::time::Duration;

use crate::reward::{Games, Scoring};

pub use listen::{Running, ServeError, serve};
pub use routes::Reply;

/// What a request may cost, and how long a client may take.
#[derive(Clone, Debug, PartialEq)]
pub struct Limits {
    /// The largest request body, in bytes; a larger one is refused (413) before it is read.
    pub body: usize,
    /// The most answers (or queries) in one request (413 past it).
    pub batch: usize,
    /// Requests checked at once (the worker pool); the checker itself runs each batch on
    /// all cores.
    pub workers: usize,
    /// Requests admitted to wait for a worker; past `workers + waiting`, a request gets 503
    /// with `Retry-After` rather than joining a queue without end.
    pub waiting: usize,
    /// Connections open at once (one thread each); past it, a new one gets 503 and is closed.
    pub connections: usize,
    /// The longest a client may take to send a request's head and body, once it has begun.
    pub request_timeout: Duration,
    /// How long a kept-alive connection may stay idle between requests.
    pub idle_timeout: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            body: 32 << 20,
            batch: 16_384,
            workers: 2,
            waiting: 16,
            connections: 64,
            request_timeout: Duration::from_secs(30),
            idle_timeout: Duration::from_secs(30),
        }
    }
}

/// What the server judges with: the games, the scores and the limits.
pub struct Service {
    pub games: Games,
    pub scoring: Scoring,
    pub limits: Limits,
}

#[cfg(test)]
mod tests;
