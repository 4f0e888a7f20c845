//! The one rule: a row is judged by the game its ground truth names; the server's own game
//! only where the row names none. The server says once (in its log) when it falls back, once
//! when a row's game is not the one it was started with explicitly, and once per reason
//! (up to [`MAX_REASONS`]) why a row could not be judged. Nothing here outlives the process
//! or changes what a later request gets.

use std::collections::HashSet;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::game::rule_set::Game;

use super::truth::GameSpec;

/// The distinct reasons a row could not be judged that are logged; the rest are counted
/// in the replies only (`extra_logs.judged`), so that the log of a long run stays short.
pub const MAX_REASONS: usize = 32;

/// Where the server's notes go: standard error in the binary, a list in a test.
pub trait Notes: Send + Sync {
    fn note(&self, line: &str);
}

/// Notes on standard error, or nowhere (`--quiet`).
pub struct Stderr {
    pub quiet: bool,
}

impl Notes for Stderr {
    fn note(&self, line: &str) {
        if !self.quiet {
            eprintln!("{line}");
        }
    }
}

/// The server's game, and what it has said about the rows' games.
pub struct Games {
    pub server: Game,
    /// The server's game as it was given (`--game 24 --pool 1-100x6 …`), for the notes.
    pub named: String,
    /// Whether the server's game was given on its command line (else it is the default).
    pub explicit: bool,
    notes: Box<dyn Notes>,
    fell_back: AtomicBool,
    disagreed: AtomicBool,
    reasons: Mutex<HashSet<String>>,
}

impl Games {
    pub fn new(server: Game, named: String, explicit: bool, notes: Box<dyn Notes>) -> Games {
        Games {
            server,
            named,
            explicit,
            notes,
            fell_back: AtomicBool::new(false),
            disagreed: AtomicBool::new(false),
            reasons: Mutex::new(HashSet::new()),
        }
    }

    /// A resolver for one request: each game a request names is built once.
    pub fn resolver(&self) -> Resolver<'_> {
        Resolver {
            games: self,
            named: Vec::new(),
            built: Vec::new(),
        }
    }

    /// Logs why a row scored 0, the first time this reason is met.
    pub fn unjudged(&self, reason: &str) {
        let Ok(mut seen) = self.reasons.lock() else {
            return;
        };
        if seen.len() > MAX_REASONS || seen.contains(reason) {
            return;
        }
        if seen.len() == MAX_REASONS {
            self.notes.note(&format!(
                "digits-lab serve: {MAX_REASONS} reasons logged; further rows that cannot be \
                 judged score 0 without a word (extra_logs.judged counts them)"
            ));
            seen.insert(String::new());
            return;
        }
        seen.insert(reason.to_string());
        self.notes
            .note(&format!("digits-lab serve: a row scored 0: {reason}"));
    }

    fn once(&self, flag: &AtomicBool, line: &str) {
        if !flag.swap(true, Ordering::Relaxed) {
            self.notes.note(line);
        }
    }
}

/// The games of one request's rows, each built once.
pub struct Resolver<'a> {
    games: &'a Games,
    /// Each game named, and where it was built (or why it could not be).
    named: Vec<(GameSpec, Result<usize, String>)>,
    built: Vec<Game>,
}

/// Which game a row is judged under: the server's, or one a row of the request names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick {
    Server,
    Named(usize),
}

impl Resolver<'_> {
    /// The game a row is judged under: `spec`, the game its ground truth names, else the
    /// server's; or why the named game is none.
    pub fn game(&mut self, spec: Option<&GameSpec>) -> Result<&Game, String> {
        let pick = self.pick(spec)?;
        Ok(self.get(pick))
    }

    /// The game picked.
    pub fn get(&self, pick: Pick) -> &Game {
        match pick {
            Pick::Server => &self.games.server,
            Pick::Named(i) => &self.built[i],
        }
    }

    /// [`Resolver::game`], as a [`Pick`] to look up later ([`Resolver::get`]), so that a
    /// batch's rows are checked together once every row's game is known.
    pub fn pick(&mut self, spec: Option<&GameSpec>) -> Result<Pick, String> {
        let g = self.games;
        let Some(spec) = spec else {
            g.once(
                &g.fell_back,
                &format!(
                    "digits-lab serve: rows whose ground truth names no game are judged under \
                     the server's ({})",
                    g.named
                ),
            );
            return Ok(Pick::Server);
        };
        let i = match self.named.iter().position(|(s, _)| s == spec) {
            Some(i) => i,
            None => {
                let game = spec
                    .options()
                    .and_then(|o| o.game().map_err(|e| format!("the row's game: {e}")));
                if let Ok(game) = &game
                    && g.explicit
                    && *game != g.server
                {
                    g.once(
                        &g.disagreed,
                        &format!(
                            "digits-lab serve: rows name a game other than the server's ({}): \
                             each is judged under its own, e.g. {}",
                            g.named,
                            describe(spec)
                        ),
                    );
                }
                let at = game.map(|game| {
                    self.built.push(game);
                    self.built.len() - 1
                });
                self.named.push((spec.clone(), at));
                self.named.len() - 1
            }
        };
        match &self.named[i].1 {
            Ok(at) => Ok(Pick::Named(*at)),
            Err(why) => Err(why.clone()),
        }
    }
}

/// A game a row names, for a note: as the flags that give it.
fn describe(spec: &GameSpec) -> String {
    match spec.options() {
        Ok(o) => o.flags(),
        Err(why) => why,
    }
}
