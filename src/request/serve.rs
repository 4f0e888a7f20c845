//! `serve`: the reward and check server (docs/SERVE.md) — its game, scores, address and
//! limits, checked, and the server started from them ([`crate::serve`]).

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::Duration;

use crate::error::{Error, Result};
use crate::reward::games::Notes;
use crate::reward::{Games, Scoring};
use crate::serve::{Limits, Running, ServeError, Service, serve};

use super::{Bound, GameOptions};

/// Answers (or queries) in one request (`--max-batch`).
pub const MAX_BATCH: Bound = Bound::new("--max-batch", 1, 1_000_000);
/// A request body's bytes (`--max-body`): 1 KiB to 1 GiB.
pub const MAX_BODY: Bound = Bound::new("--max-body", 1 << 10, 1 << 30);
/// Requests checked at once (`--workers`).
pub const WORKERS: Bound = Bound::new("--workers", 1, 1024);
/// Seconds a client may take to send a request, or stay idle between two (`--timeout`).
pub const TIMEOUT: Bound = Bound::new("--timeout", 1, 3600);

/// The server to start.
#[derive(Clone, Debug, PartialEq)]
pub struct ServeRequest {
    /// The game of the rows whose ground truth names none (`--game` and the game's flags);
    /// `None`: [`ServeRequest::countdown_tasks`], the Python rewards' default.
    pub game: Option<GameOptions>,
    /// The address to listen on: the loopback address unless told.
    pub host: IpAddr,
    /// The port (0: any free port; the line the server prints says which).
    pub port: u16,
    /// The reward of a solved puzzle, and of an answer that does not solve it.
    pub scoring: Scoring,
    pub max_batch: usize,
    pub max_body: usize,
    /// Requests checked at once; one per core when not given.
    pub workers: Option<u16>,
    pub timeout_s: u64,
    /// Nothing on standard error (the rule's notes, the reasons rows scored 0).
    pub quiet: bool,
}

impl Default for ServeRequest {
    fn default() -> ServeRequest {
        let limits = Limits::default();
        ServeRequest {
            game: None,
            host: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: 8039,
            scoring: Scoring::default(),
            max_batch: limits.batch,
            max_body: limits.body,
            workers: None,
            timeout_s: limits.request_timeout.as_secs(),
            quiet: false,
        }
    }
}

impl ServeRequest {
    /// TinyZero's Countdown tasks as a game (the Python rewards' `COUNTDOWN_TASKS`): the 24
    /// game's arithmetic (exact rationals, every number used) on numbers 1–100 and any
    /// target 1–100,000.
    pub fn countdown_tasks() -> GameOptions {
        GameOptions {
            pool: Some("1-100x6".into()),
            targets: Some("1-100000".into()),
            ..GameOptions::named("24")
        }
    }

    /// The server's game as options: the ones given, where they name a game or a rules
    /// file; else [`ServeRequest::countdown_tasks`], changed by the options given.
    pub fn game_options(&self) -> GameOptions {
        let base = ServeRequest::countdown_tasks();
        match &self.game {
            None => base,
            Some(o) if o.rules.game.is_some() || o.rules.rules.is_some() || o.inline.is_some() => {
                o.clone()
            }
            Some(o) => GameOptions {
                rules: super::RulesOptions {
                    game: base.rules.game,
                    ..o.rules.clone()
                },
                pool: o.pool.clone().or(base.pool),
                targets: o.targets.clone().or(base.targets),
                size: o.size,
                inline: None,
            },
        }
    }

    /// The judging service these options describe, checked; its notes go to `notes`.
    pub fn service(&self, notes: Box<dyn Notes>) -> Result<Service> {
        for (flag, v) in [
            ("--score", self.scoring.score),
            ("--format-score", self.scoring.format_score),
        ] {
            if !v.is_finite() {
                return Err(Error::input(format!(
                    "invalid value '{v}' for '{flag}': a reward is a finite number"
                )));
            }
        }
        MAX_BATCH.check(self.max_batch as u64)?;
        MAX_BODY.check(self.max_body as u64)?;
        TIMEOUT.check(self.timeout_s)?;
        let workers = match self.workers {
            Some(w) => usize::from(WORKERS.fit::<u16>(i128::from(w))?),
            None => std::thread::available_parallelism().map_or(1, usize::from),
        };
        let options = self.game_options();
        let game = options.game()?;
        let timeout = Duration::from_secs(self.timeout_s);
        Ok(Service {
            games: Games::new(game, options.flags(), self.game.is_some(), notes),
            scoring: self.scoring,
            limits: Limits {
                body: self.max_body,
                batch: self.max_batch,
                workers,
                request_timeout: timeout,
                idle_timeout: timeout,
                ..Limits::default()
            },
        })
    }

    /// Starts the server; it runs until stopped ([`Running::stop`], [`Running::run_until`]).
    pub fn start(&self, notes: Box<dyn Notes>) -> Result<Running> {
        let service = self.service(notes)?;
        serve(service, SocketAddr::new(self.host, self.port)).map_err(|e| match e {
            ServeError::Listen { addr, source } => {
                Error::failed(format!("cannot listen on {addr}"), source)
            }
        })
    }
}
