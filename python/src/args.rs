//! The command line's own parsers, applied to the words the Python side builds from keyword
//! arguments: the same defaults, the same ranges, the same one-line messages.

use clap::{Args, Command, FromArgMatches};

use digits_lab::cli::GameArgs;

use crate::errors::Failure;

/// `words` parsed as the flags and arguments of the command `name`, whose options are `A`.
pub fn parse<A: Args + FromArgMatches>(name: &'static str, words: &[String]) -> Result<A, Failure> {
    let command = A::augment_args(Command::new(name).no_binary_name(true));
    let matches = command
        .try_get_matches_from(words)
        .map_err(|e| Failure::usage(&e))?;
    A::from_arg_matches(&matches).map_err(|e| Failure::usage(&e))
}

/// Only the options that choose and change a game (`--game`, `--rules`, `--pool`, …).
#[derive(Debug, clap::Args)]
pub struct GameOnly {
    #[command(flatten)]
    pub game: GameArgs,
}

/// A pool of `threads` workers (0: one per core), as the commands build theirs.
pub fn pool(threads: Option<u16>) -> Result<rayon::ThreadPool, Failure> {
    Ok(rayon::ThreadPoolBuilder::new()
        .num_threads(threads.map_or(0, usize::from))
        .build()?)
}
