//! `digits-lab serve`: the reward and check server (docs/SERVE.md) — `GET /health`,
//! `POST /check`, and OpenRLHF's remote reward at `POST /get_reward` — on 127.0.0.1 unless
//! `--host` says otherwise, until SIGINT or SIGTERM.

use std::io::Write;
use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use clap::Args;

use digits_lab::present;
use digits_lab::request::ServeRequest;
use digits_lab::reward::Scoring;
use digits_lab::reward::games::Stderr;

use super::GameArgs;

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The game of the rows whose ground truth names none (each row that names one is judged
    /// under its own). Default: the Python rewards' COUNTDOWN_TASKS, i.e. `--game 24 --pool
    /// 1-100x6 --targets 1-100000`, which the game flags change when --game is not given.
    #[command(flatten)]
    pub game: GameArgs,
    /// The address to listen on (the loopback address unless told; 0.0.0.0 takes clients
    /// from other machines).
    #[arg(long, default_value = "127.0.0.1")]
    pub host: IpAddr,
    /// The port to listen on (0: any free port; the line printed says which).
    #[arg(long, default_value_t = 8039)]
    pub port: u16,
    /// The reward of an answer that solves its puzzle.
    #[arg(long, default_value_t = 1.0, allow_negative_numbers = true)]
    pub score: f64,
    /// The reward of an answer that does not (a rule broken or the target missed); no answer
    /// and a row that cannot be judged get 0. `compute_score`'s TinyZero default is 0.1.
    #[arg(long, default_value_t = 0.0, allow_negative_numbers = true)]
    pub format_score: f64,
    /// The most answers (or queries) in one request (413 past it).
    #[arg(long, default_value_t = 16_384)]
    pub max_batch: i128,
    /// The largest request body in bytes (413 before it is read).
    #[arg(long, default_value_t = 32 << 20)]
    pub max_body: i128,
    /// Requests checked at once, 1 to 1024 (default: one per core); 16 more may wait, and
    /// past them a request gets 503 with Retry-After.
    #[arg(long)]
    pub workers: Option<i128>,
    /// Seconds a client may take to send a request, or stay idle between requests.
    #[arg(long, default_value_t = 30)]
    pub timeout: i128,
    /// Print only the address line: not the game rule's notes, nor why rows scored 0.
    #[arg(long)]
    pub quiet: bool,
}

impl ServeArgs {
    pub fn request(&self) -> digits_lab::Result<ServeRequest> {
        use digits_lab::request::serve::{MAX_BATCH, MAX_BODY, TIMEOUT, WORKERS};
        let o = self.game.options();
        let given = o != digits_lab::request::GameOptions::default();
        Ok(ServeRequest {
            game: given.then_some(o),
            host: self.host,
            port: self.port,
            scoring: Scoring {
                score: self.score,
                format_score: self.format_score,
            },
            max_batch: MAX_BATCH.fit(self.max_batch)?,
            max_body: MAX_BODY.fit(self.max_body)?,
            workers: WORKERS.fit_opt(self.workers)?,
            timeout_s: TIMEOUT.fit(self.timeout)?,
            quiet: self.quiet,
        })
    }
}

pub(super) fn run(args: &ServeArgs) -> anyhow::Result<()> {
    let request = args.request()?;
    let running = request.start(Box::new(Stderr {
        quiet: request.quiet,
    }))?;
    let stop = Arc::new(AtomicBool::new(false));
    for signal in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
        signal_hook::flag::register(signal, stop.clone())?;
    }
    // The line a script waits for.
    let mut out = std::io::stdout().lock();
    writeln!(out, "{}", present::serve::Listening(running.addr))?;
    out.flush()?;
    drop(out);
    running.run_until(&stop);
    Ok(())
}
