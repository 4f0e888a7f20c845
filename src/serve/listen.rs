//! The server running: one thread accepts connections, one thread serves each (at most
//! [`Limits::connections`](super::Limits::connections); past it a connection gets 503 and is closed), and a gate admits
//! requests to the checker — [`Limits::workers`](super::Limits::workers) at once, [`Limits::waiting`](super::Limits::waiting) more waiting —
//! and refuses the rest with 503 and `Retry-After`. Every read has a deadline
//! ([`Limits::request_timeout`](super::Limits::request_timeout) for a request once begun, [`Limits::idle_timeout`](super::Limits::idle_timeout) between
//! requests), so a slow or silent client holds a connection for a bounded time and never
//! holds a worker. A reply that panics (a bug) is a 500, and the server goes on.

use std::io::{self, BufRead, BufReader, Read};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use super::Service;
use super::http::{read_body, read_head, skip_body, write_continue, write_reply};
use super::routes::{Reply, needs_worker};

/// Why the server did not start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error("cannot listen on {addr}: {source}")]
    Listen {
        addr: SocketAddr,
        #[source]
        source: io::Error,
    },
}

/// How often a thread waiting on a quiet connection looks whether the server is stopping.
const TICK: Duration = Duration::from_millis(200);

/// A running server.
pub struct Running {
    /// The address it listens on (its port chosen by the system when 0 was asked).
    pub addr: SocketAddr,
    shared: Arc<Shared>,
    accept: Option<JoinHandle<()>>,
}

struct Shared {
    service: Service,
    stop: AtomicBool,
    gate: Gate,
    /// Connections open, and a signal when one closes.
    open: Mutex<usize>,
    closed: Condvar,
}

/// Starts serving `service` on `addr` (port 0: any free port).
pub fn serve(service: Service, addr: SocketAddr) -> Result<Running, ServeError> {
    let listener = TcpListener::bind(addr).map_err(|source| ServeError::Listen { addr, source })?;
    let addr = listener
        .local_addr()
        .map_err(|source| ServeError::Listen { addr, source })?;
    let gate = Gate::new(service.limits.workers.max(1), service.limits.waiting);
    let shared = Arc::new(Shared {
        service,
        stop: AtomicBool::new(false),
        gate,
        open: Mutex::new(0),
        closed: Condvar::new(),
    });
    let inside = shared.clone();
    let accept = thread::Builder::new()
        .name("serve-accept".into())
        .spawn(move || accept_loop(&inside, &listener))
        .map_err(|source| ServeError::Listen { addr, source })?;
    Ok(Running {
        addr,
        shared,
        accept: Some(accept),
    })
}

impl Running {
    /// Serves until `stop` is set (by a signal handler), then stops.
    pub fn run_until(self, stop: &AtomicBool) {
        while !stop.load(Ordering::Relaxed) && !self.shared.stop.load(Ordering::Relaxed) {
            thread::sleep(Duration::from_millis(50));
        }
        self.stop();
    }

    /// Stops taking connections, lets each request begun finish (for at most the request
    /// timeout), and returns.
    pub fn stop(mut self) {
        self.shared.stop.store(true, Ordering::SeqCst);
        // Wake the accept thread with a connection of our own.
        let mut wake = self.addr;
        if wake.ip().is_unspecified() {
            wake.set_ip(match wake {
                SocketAddr::V4(_) => std::net::Ipv4Addr::LOCALHOST.into(),
                SocketAddr::V6(_) => std::net::Ipv6Addr::LOCALHOST.into(),
            });
        }
        let _ = TcpStream::connect_timeout(&wake, Duration::from_secs(1));
        if let Some(a) = self.accept.take() {
            let _ = a.join();
        }
        let until = Instant::now() + self.shared.service.limits.request_timeout + TICK;
        let Ok(mut open) = self.shared.open.lock() else {
            return;
        };
        while *open > 0 {
            let left = until.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return;
            }
            match self.shared.closed.wait_timeout(open, left) {
                Ok((o, _)) => open = o,
                Err(_) => return,
            }
        }
    }
}

fn accept_loop(shared: &Arc<Shared>, listener: &TcpListener) {
    for stream in listener.incoming() {
        if shared.stop.load(Ordering::SeqCst) {
            return;
        }
        let Ok(stream) = stream else {
            // Out of file descriptors, most likely: let connections close.
            thread::sleep(Duration::from_millis(10));
            continue;
        };
        let admitted = match shared.open.lock() {
            Ok(mut open) if *open < shared.service.limits.connections => {
                *open += 1;
                true
            }
            _ => false,
        };
        if !admitted {
            refuse(stream);
            continue;
        }
        let inside = shared.clone();
        let spawned = thread::Builder::new()
            .name("serve-connection".into())
            .spawn(move || {
                let _closes = Closes(&inside);
                connection(&inside, stream);
            });
        if spawned.is_err() {
            // The stream went with the closure; count it closed.
            Closes(shared);
        }
    }
}

/// Counts a connection closed when dropped, however its thread ends.
struct Closes<'a>(&'a Shared);

impl Drop for Closes<'_> {
    fn drop(&mut self) {
        if let Ok(mut open) = self.0.open.lock() {
            *open = open.saturating_sub(1);
        }
        self.0.closed.notify_all();
    }
}

/// 503 to a connection past the bound, without a thread of its own.
fn refuse(mut stream: TcpStream) {
    let _ = stream.set_nonblocking(true);
    // What the client sent already is read, so that closing does not reset the connection
    // before it reads the reply.
    let _ = stream.read(&mut [0u8; 16 << 10]);
    let _ = stream.set_nonblocking(false);
    let _ = stream.set_write_timeout(Some(Duration::from_secs(1)));
    let _ = write_reply(&mut stream, &Reply::busy(), false);
    let _ = stream.shutdown(Shutdown::Both);
}

/// A connection's reads, each under the deadline in force.
struct Timed {
    stream: TcpStream,
    deadline: Option<Instant>,
}

impl Read for Timed {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let timeout = match self.deadline {
            None => None,
            Some(d) => {
                let left = d.saturating_duration_since(Instant::now());
                if left.is_zero() {
                    return Err(io::ErrorKind::TimedOut.into());
                }
                Some(left)
            }
        };
        self.stream.set_read_timeout(timeout)?;
        self.stream.read(buf)
    }
}

fn timed_out(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::TimedOut | io::ErrorKind::WouldBlock
    )
}

/// Serves one connection's requests until it closes, errs, idles too long or the server
/// stops.
fn connection(shared: &Shared, stream: TcpStream) {
    let limits = &shared.service.limits;
    let _ = stream.set_nodelay(true);
    let _ = stream.set_write_timeout(Some(limits.request_timeout));
    let Ok(read_half) = stream.try_clone() else {
        return;
    };
    let mut writer = stream;
    let mut reader = BufReader::with_capacity(
        64 << 10,
        Timed {
            stream: read_half,
            deadline: None,
        },
    );
    while wait_for_request(shared, &mut reader) {
        reader.get_mut().deadline = Some(Instant::now() + limits.request_timeout);
        let (reply, keep) = match one_request(shared, &mut reader, &mut writer) {
            Ok(r) => r,
            Err(e) if timed_out(&e) => {
                (Reply::error(408, "the request was not sent in time"), false)
            }
            Err(_) => return,
        };
        let keep = keep && !shared.stop.load(Ordering::Relaxed);
        if write_reply(&mut writer, &reply, keep).is_err() {
            return;
        }
        if !keep {
            linger(&mut reader, &writer);
            return;
        }
    }
}

/// Closes a connection gently: what the client is still sending (the body of a request
/// refused unread) is read and dropped for a moment, at most 1 MiB, so that closing does not
/// reset the connection before the client has read the reply.
fn linger(reader: &mut BufReader<Timed>, writer: &TcpStream) {
    let _ = writer.shutdown(Shutdown::Write);
    reader.get_mut().deadline = Some(Instant::now() + Duration::from_millis(500));
    let _ = io::copy(&mut reader.take(1 << 20), &mut io::sink());
}

/// Waits for the first byte of the next request: `false` when the connection closes, idles
/// past the idle timeout, or the server stops.
fn wait_for_request(shared: &Shared, reader: &mut BufReader<Timed>) -> bool {
    let idle_until = Instant::now() + shared.service.limits.idle_timeout;
    loop {
        if !reader.buffer().is_empty() {
            return true;
        }
        if shared.stop.load(Ordering::Relaxed) {
            return false;
        }
        let now = Instant::now();
        if now >= idle_until {
            return false;
        }
        reader.get_mut().deadline = Some((now + TICK).min(idle_until));
        match reader.fill_buf() {
            Ok([]) => return false,
            Ok(_) => return true,
            Err(e) if timed_out(&e) || e.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => return false,
        }
    }
}

/// Reads one request and makes its reply, and whether to keep the connection after it.
fn one_request(
    shared: &Shared,
    reader: &mut BufReader<Timed>,
    writer: &mut TcpStream,
) -> io::Result<(Reply, bool)> {
    let limits = &shared.service.limits;
    let head = match read_head(reader)? {
        Ok(h) => h,
        Err(refused) => return Ok((refused, false)),
    };
    if head.length > limits.body as u64 {
        // Refused before a byte of the body is read; the connection closes with the reply.
        let reply = Reply::error(
            413,
            &format!(
                "a request body is at most {} bytes; this one declares {}",
                limits.body, head.length
            ),
        );
        return Ok((reply, false));
    }
    let admitted = if needs_worker(&head.target) {
        match shared.gate.admit() {
            Some(a) => Some(a),
            None => {
                // The body is read (and dropped) so that the connection can go on, unless
                // the client waits to be asked for it.
                if head.expect_continue {
                    return Ok((Reply::busy(), false));
                }
                skip_body(reader, head.length)?;
                return Ok((Reply::busy(), head.keep_alive));
            }
        }
    } else {
        None
    };
    if head.expect_continue && head.length > 0 {
        write_continue(writer)?;
    }
    let body = read_body(reader, head.length)?;
    reader.get_mut().deadline = None;
    let _running = admitted.as_ref().map(Admitted::run);
    let reply = catch_unwind(AssertUnwindSafe(|| {
        shared.service.handle(&head.method, &head.target, &body)
    }))
    .unwrap_or_else(|_| Reply::error(500, "the server failed on this request (a bug)"));
    Ok((reply, head.keep_alive))
}

/// Requests admitted (at most `workers + waiting`) and those running (at most `workers`).
struct Gate {
    state: Mutex<(usize, usize)>,
    free: Condvar,
    workers: usize,
    admits: usize,
}

impl Gate {
    fn new(workers: usize, waiting: usize) -> Gate {
        Gate {
            state: Mutex::new((0, 0)),
            free: Condvar::new(),
            workers,
            admits: workers.saturating_add(waiting),
        }
    }

    /// Admits a request, or `None` when as many as may be are admitted already.
    fn admit(&self) -> Option<Admitted<'_>> {
        let mut s = self.state.lock().ok()?;
        if s.0 >= self.admits {
            return None;
        }
        s.0 += 1;
        Some(Admitted(self))
    }
}

struct Admitted<'a>(&'a Gate);

impl Admitted<'_> {
    /// Waits for a worker, and holds it while the guard lives.
    fn run(&self) -> Option<Worker<'_>> {
        let g = self.0;
        let mut s = g.state.lock().ok()?;
        while s.1 >= g.workers {
            s = g.free.wait(s).ok()?;
        }
        s.1 += 1;
        Some(Worker(g))
    }
}

impl Drop for Admitted<'_> {
    fn drop(&mut self) {
        if let Ok(mut s) = self.0.state.lock() {
            s.0 = s.0.saturating_sub(1);
        }
    }
}

struct Worker<'a>(&'a Gate);

impl Drop for Worker<'_> {
    fn drop(&mut self) {
        if let Ok(mut s) = self.0.state.lock() {
            s.1 = s.1.saturating_sub(1);
        }
        self.0.free.notify_one();
    }
}
