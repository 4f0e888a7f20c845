//! `serve`'s line on standard output once it listens: the address a script waits for.

use std::fmt;
use std::net::SocketAddr;

/// `digits-lab serve: listening on http://127.0.0.1:8039`.
pub struct Listening(pub SocketAddr);

impl fmt::Display for Listening {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "digits-lab serve: listening on http://{}", self.0)
    }
}
