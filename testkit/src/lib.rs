//! The end-to-end tests' loopback harness, the one copy the `cli/` crate's tests and load
//! benchmark and the `study/` crate's tests share (a dev-dependency of both, never linked
//! into a binary): a server started as a process on port 0, its address read from the line
//! it prints once it listens; and an HTTP/1.1 response read off a kept-alive connection.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};

/// Spawns `command` with its standard output piped and reads the first line it prints: the
/// child and the address in that line, what follows `prefix` (which ends in `http://`) up to
/// a `/`. A line without one kills the child and panics, naming the line.
pub fn listening(command: &mut Command, prefix: &str) -> (Child, SocketAddr) {
    let mut child = command.stdout(Stdio::piped()).spawn().unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .trim()
        .strip_prefix(prefix)
        .and_then(|rest| rest.split('/').next())
        .and_then(|a| a.parse().ok());
    match addr {
        Some(addr) => (child, addr),
        None => {
            let _ = child.kill();
            let _ = child.wait();
            panic!("no address after `{prefix}` in `{line}`")
        }
    }
}

/// One HTTP/1.1 response.
#[derive(Clone, Debug)]
pub struct Response {
    pub status: u16,
    pub body: Vec<u8>,
    /// The server closes the connection after it (`Connection: close`).
    pub close: bool,
}

/// Reads one response: its status line, its headers, and a body of `Content-Length` bytes
/// or in chunks (`Transfer-Encoding: chunked`). A malformed status line or length is an
/// error, not a panic, so that a test can tell a refused connection from a bad reply.
pub fn read_response(s: &mut impl BufRead) -> std::io::Result<Response> {
    let mut line = String::new();
    s.read_line(&mut line)?;
    let status: u16 = line
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .ok_or_else(|| std::io::Error::other(format!("bad status line `{line}`")))?;
    let (mut length, mut close, mut chunked) = (0usize, false, false);
    loop {
        let mut h = String::new();
        s.read_line(&mut h)?;
        let h = h.trim_end();
        if h.is_empty() {
            break;
        }
        let (k, v) = h.split_once(':').unwrap_or((h, ""));
        let (k, v) = (k.trim().to_ascii_lowercase(), v.trim().to_ascii_lowercase());
        match k.as_str() {
            "content-length" => {
                length = v
                    .parse()
                    .map_err(|_| std::io::Error::other(format!("bad Content-Length `{v}`")))?
            }
            "connection" if v == "close" => close = true,
            "transfer-encoding" if v.contains("chunked") => chunked = true,
            _ => {}
        }
    }
    let mut body = Vec::new();
    if chunked {
        loop {
            let mut size = String::new();
            s.read_line(&mut size)?;
            let n = usize::from_str_radix(size.trim(), 16)
                .map_err(|_| std::io::Error::other(format!("bad chunk size `{size}`")))?;
            // The chunk and the line end after it.
            let mut chunk = vec![0; n + 2];
            s.read_exact(&mut chunk)?;
            if n == 0 {
                break;
            }
            body.extend_from_slice(&chunk[..n]);
        }
    } else {
        body.resize(length, 0);
        s.read_exact(&mut body)?;
    }
    Ok(Response {
        status,
        body,
        close,
    })
}
