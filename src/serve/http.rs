//! HTTP/1.1 messages, as much of them as a JSON API needs: a request's head read within
//! [`MAX_HEAD`] bytes, its body by `Content-Length` (a chunked body is refused, 501), and a
//! reply written whole. Everything a client may send wrong gets a status and a reason:
//! a request line or header that does not parse (400), a head too long (431), a version
//! other than 1.0 or 1.1 (505), an `Expect` other than `100-continue` (417).

use std::io::{self, BufRead, Read, Write};

use super::routes::Reply;

/// The longest request head (its request line and headers), in bytes.
pub const MAX_HEAD: usize = 16 << 10;
/// The most header lines in a head.
pub const MAX_HEADERS: usize = 100;

/// A request's head.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Head {
    pub method: String,
    pub target: String,
    /// The body's length (0 when the request has none).
    pub length: u64,
    /// Whether the connection stays open after the reply (HTTP/1.1 unless `Connection:
    /// close`; HTTP/1.0 only with `Connection: keep-alive`).
    pub keep_alive: bool,
    /// The client waits for `100 Continue` before it sends the body.
    pub expect_continue: bool,
}

/// Reads a request's head. `Ok(Err(reply))`: the head is not one this server takes, and
/// the reply says why (the connection is closed after it); `Err`: the connection failed or
/// timed out.
pub fn read_head<R: BufRead>(r: &mut R) -> io::Result<Result<Head, Reply>> {
    let mut used = 0usize;
    let mut line = Vec::new();
    // One empty line before the request line is tolerated (RFC 9112 §2.2).
    let request_line = loop {
        match next_line(r, &mut line, &mut used)? {
            Line::Text(t) if t.is_empty() && used <= 2 => continue,
            Line::Text(t) => break t,
            Line::TooLong => return Ok(Err(too_long())),
        }
    };
    let parts: Vec<&str> = request_line.split(' ').collect();
    let [method, target, version] = parts[..] else {
        return Ok(Err(Reply::error(
            400,
            &format!(
                "`{}` is not a request line (METHOD TARGET HTTP/1.1)",
                clip(&request_line)
            ),
        )));
    };
    let http10 = match version {
        "HTTP/1.1" => false,
        "HTTP/1.0" => true,
        v => {
            return Ok(Err(Reply::error(
                505,
                &format!("HTTP/1.1 only, not `{}`", clip(v)),
            )));
        }
    };
    if method.is_empty() || !method.bytes().all(|b| b.is_ascii_uppercase()) || target.is_empty() {
        return Ok(Err(Reply::error(
            400,
            "a request line needs a method and a target",
        )));
    }
    let mut head = Head {
        method: method.to_string(),
        target: target.to_string(),
        length: 0,
        keep_alive: !http10,
        expect_continue: false,
    };
    let mut length: Option<u64> = None;
    let mut headers = 0;
    loop {
        let text = match next_line(r, &mut line, &mut used)? {
            Line::Text(t) => t,
            Line::TooLong => return Ok(Err(too_long())),
        };
        if text.is_empty() {
            break;
        }
        headers += 1;
        if headers > MAX_HEADERS {
            return Ok(Err(Reply::error(
                431,
                &format!("a request has at most {MAX_HEADERS} headers"),
            )));
        }
        let Some((name, value)) = text.split_once(':') else {
            return Ok(Err(bad_header(&text)));
        };
        if name.is_empty()
            || name
                .bytes()
                .any(|b| b.is_ascii_whitespace() || b.is_ascii_control())
        {
            return Ok(Err(bad_header(&text)));
        }
        let value = value.trim_matches([' ', '\t']);
        match name.to_ascii_lowercase().as_str() {
            "content-length" => {
                let n = (!value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()))
                    .then(|| value.parse::<u64>().ok())
                    .flatten();
                match (n, length) {
                    (None, _) => {
                        return Ok(Err(Reply::error(
                            400,
                            &format!("Content-Length `{}` is not a length", clip(value)),
                        )));
                    }
                    (Some(n), Some(m)) if n != m => {
                        return Ok(Err(Reply::error(400, "two different Content-Lengths")));
                    }
                    (Some(n), _) => length = Some(n),
                }
            }
            "transfer-encoding" => {
                return Ok(Err(Reply::error(
                    501,
                    "a chunked body is not taken: send the body with its Content-Length",
                )));
            }
            "connection" => {
                for token in value.split(',').map(|t| t.trim().to_ascii_lowercase()) {
                    match token.as_str() {
                        "close" => head.keep_alive = false,
                        "keep-alive" if http10 => head.keep_alive = true,
                        _ => {}
                    }
                }
            }
            "expect" if value.eq_ignore_ascii_case("100-continue") => {
                head.expect_continue = true;
            }
            "expect" => {
                return Ok(Err(Reply::error(
                    417,
                    &format!("Expect `{}` is not met (only 100-continue)", clip(value)),
                )));
            }
            _ => {}
        }
    }
    head.length = length.unwrap_or(0);
    Ok(Ok(head))
}

enum Line {
    Text(String),
    TooLong,
}

/// The next line of the head, without its line end, counting its bytes into `used`.
fn next_line<R: BufRead>(r: &mut R, buf: &mut Vec<u8>, used: &mut usize) -> io::Result<Line> {
    buf.clear();
    let room = MAX_HEAD.saturating_sub(*used) as u64;
    let n = r.by_ref().take(room).read_until(b'\n', buf)?;
    *used += n;
    if buf.last() != Some(&b'\n') {
        if *used >= MAX_HEAD {
            return Ok(Line::TooLong);
        }
        return Err(io::ErrorKind::UnexpectedEof.into());
    }
    buf.pop();
    if buf.last() == Some(&b'\r') {
        buf.pop();
    }
    Ok(Line::Text(String::from_utf8_lossy(buf).into_owned()))
}

fn too_long() -> Reply {
    Reply::error(431, &format!("a request head is at most {MAX_HEAD} bytes"))
}

fn bad_header(text: &str) -> Reply {
    Reply::error(400, &format!("`{}` is not a header", clip(text)))
}

fn clip(text: &str) -> String {
    super::routes::clip(text)
}

/// Reads a body of `length` bytes (already checked against the limit).
pub fn read_body<R: Read>(r: &mut R, length: u64) -> io::Result<Vec<u8>> {
    let mut body = Vec::with_capacity(usize::try_from(length).unwrap_or(0));
    r.take(length).read_to_end(&mut body)?;
    if (body.len() as u64) < length {
        return Err(io::ErrorKind::UnexpectedEof.into());
    }
    Ok(body)
}

/// Reads and drops a body of `length` bytes, holding none of it.
pub fn skip_body<R: Read>(r: &mut R, length: u64) -> io::Result<()> {
    let skipped = io::copy(&mut r.take(length), &mut io::sink())?;
    if skipped < length {
        return Err(io::ErrorKind::UnexpectedEof.into());
    }
    Ok(())
}

fn reason(status: u16) -> &'static str {
    match status {
        100 => "Continue",
        200 => "OK",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        413 => "Content Too Large",
        417 => "Expectation Failed",
        422 => "Unprocessable Content",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error",
        501 => "Not Implemented",
        503 => "Service Unavailable",
        505 => "HTTP Version Not Supported",
        _ => "",
    }
}

/// The bytes of `reply` as a response; `keep_alive` false closes the connection after it.
pub fn response(reply: &Reply, keep_alive: bool) -> Vec<u8> {
    let mut out = Vec::with_capacity(reply.body.len() + 160);
    out.extend_from_slice(
        format!(
            "HTTP/1.1 {} {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n",
            reply.status,
            reason(reply.status),
            reply.body.len()
        )
        .as_bytes(),
    );
    if !keep_alive {
        out.extend_from_slice(b"Connection: close\r\n");
    }
    if let Some(methods) = reply.allow {
        out.extend_from_slice(format!("Allow: {methods}\r\n").as_bytes());
    }
    if let Some(s) = reply.retry_after {
        out.extend_from_slice(format!("Retry-After: {s}\r\n").as_bytes());
    }
    out.extend_from_slice(b"\r\n");
    out.extend_from_slice(&reply.body);
    out
}

/// Writes `reply` and flushes it.
pub fn write_reply<W: Write>(w: &mut W, reply: &Reply, keep_alive: bool) -> io::Result<()> {
    w.write_all(&response(reply, keep_alive))?;
    w.flush()
}

/// Tells a client that sent `Expect: 100-continue` to send its body.
pub fn write_continue<W: Write>(w: &mut W) -> io::Result<()> {
    w.write_all(b"HTTP/1.1 100 Continue\r\n\r\n")?;
    w.flush()
}
