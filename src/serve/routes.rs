//! A request's route, and the reply: a status and JSON bytes. A refusal is a 4xx (or 503)
//! with `{"error": "…"}`, its reason in one line.

use serde::Serialize;

use super::Service;

/// A reply: its status and JSON body; `allow` names the methods a route takes (405) and
/// `retry_after` the seconds to wait (503).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    pub status: u16,
    pub body: Vec<u8>,
    pub allow: Option<&'static str>,
    pub retry_after: Option<u32>,
}

impl Reply {
    /// 200 with `value` as JSON.
    pub fn ok<T: Serialize>(value: &T) -> Reply {
        match serde_json::to_vec(value) {
            Ok(body) => Reply {
                status: 200,
                body,
                allow: None,
                retry_after: None,
            },
            Err(e) => Reply::error(500, &format!("the reply could not be written: {e}")),
        }
    }

    /// `status` with `{"error": reason}`, the reason on one line.
    pub fn error(status: u16, reason: &str) -> Reply {
        let one_line = reason.split_whitespace().collect::<Vec<_>>().join(" ");
        Reply {
            status,
            body: serde_json::json!({ "error": one_line })
                .to_string()
                .into_bytes(),
            allow: None,
            retry_after: None,
        }
    }

    /// 503: every worker busy and the waiting places taken.
    pub fn busy() -> Reply {
        Reply {
            retry_after: Some(1),
            ..Reply::error(
                503,
                "the server is checking as many requests as it takes: retry in a moment",
            )
        }
    }

    /// The error text of a refusal (for tests and logs).
    pub fn error_text(&self) -> Option<String> {
        let v: serde_json::Value = serde_json::from_slice(&self.body).ok()?;
        v.get("error")?.as_str().map(str::to_string)
    }
}

/// The routes and the methods each takes.
pub const ROUTES: [(&str, &str); 3] = [
    ("/health", "GET"),
    ("/check", "POST"),
    ("/get_reward", "POST"),
];

/// Whether a request to `path` is checked by a worker (and so waits for one): every route
/// but the health check, which answers at once however busy the server is.
pub fn needs_worker(path: &str) -> bool {
    route_path(path) != "/health"
}

/// The path without its query string.
fn route_path(target: &str) -> &str {
    target.split(['?', '#']).next().unwrap_or("")
}

#[derive(Serialize)]
struct Health<'a> {
    status: &'static str,
    version: &'static str,
    game: &'a str,
}

impl Service {
    /// The reply to `method target` with `body`: the route's, or 404 (no such route) or
    /// 405 (a route that takes another method).
    pub fn handle(&self, method: &str, target: &str, body: &[u8]) -> Reply {
        let path = route_path(target);
        let Some(&(_, allowed)) = ROUTES.iter().find(|(p, _)| *p == path) else {
            return Reply::error(
                404,
                &format!(
                    "no route {}: the routes are GET /health, POST /check and POST /get_reward",
                    clip(path)
                ),
            );
        };
        if method != allowed {
            return Reply {
                allow: Some(allowed),
                ..Reply::error(
                    405,
                    &format!("{path} takes {allowed}, not {}", clip(method)),
                )
            };
        }
        match path {
            "/health" => Reply::ok(&Health {
                status: "ok",
                version: env!("CARGO_PKG_VERSION"),
                game: &self.games.named,
            }),
            "/check" => self.check(body),
            _ => self.get_reward(body),
        }
    }

    /// A batch's body ([`object`]) and how many `items` it holds (`len`), or the refusal of
    /// a body that is no such object or holds more than the batch limit.
    pub(super) fn batch<'a, T: serde::Deserialize<'a>>(
        &self,
        body: &'a [u8],
        items: &str,
        len: fn(&T) -> usize,
    ) -> Result<(T, usize), Reply> {
        let b: T = object(body)?;
        let n = len(&b);
        if n > self.limits.batch {
            return Err(Reply::error(
                413,
                &format!(
                    "a batch holds at most {} {items}; this one has {n}: send it in parts",
                    self.limits.batch
                ),
            ));
        }
        Ok((b, n))
    }
}

/// At most 40 characters of what a client sent, for a message.
pub(super) fn clip(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_string(),
    }
}

/// A body as the JSON object `T`, or the refusal: a list is refused too, which serde
/// would otherwise read as the object's fields in order.
pub(super) fn object<'a, T: serde::Deserialize<'a>>(body: &'a [u8]) -> Result<T, Reply> {
    if body.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'[') {
        return Err(Reply::error(
            422,
            "the body is a JSON object of named fields, not a list",
        ));
    }
    serde_json::from_slice(body).map_err(|e| malformed(&e))
}

/// A JSON body's parse error as a reason: where and what.
pub(super) fn malformed(e: &serde_json::Error) -> Reply {
    let status = if e.is_syntax() || e.is_eof() {
        400
    } else {
        422
    };
    Reply::error(status, &format!("malformed request: {e}"))
}
