//! A minimal HTTP/1.1 client over one kept-alive TCP connection (loopback only), enough for
//! the study's JSON API and for WebDriver; every response it reads is kept, so that a test
//! can inspect all of them.

use std::io::{BufReader, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use digits_lab_testkit::read_response;
use serde_json::Value;

/// One response.
#[derive(Clone, Debug)]
pub struct Reply {
    pub status: u16,
    pub body: String,
}

impl Reply {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.body))
    }
}

/// Every response read by the clients sharing it.
pub type Log = Arc<Mutex<Vec<Reply>>>;

pub struct Client {
    pub addr: SocketAddr,
    stream: Option<BufReader<TcpStream>>,
    pub log: Log,
}

impl Client {
    pub fn new(addr: SocketAddr, log: Log) -> Client {
        assert!(
            addr.ip().is_loopback(),
            "tests talk to the loopback address only"
        );
        Client {
            addr,
            stream: None,
            log,
        }
    }

    fn connect(&mut self) -> std::io::Result<&mut BufReader<TcpStream>> {
        if self.stream.is_none() {
            let s = TcpStream::connect_timeout(&self.addr, Duration::from_secs(5))?;
            s.set_read_timeout(Some(Duration::from_secs(60)))?;
            s.set_nodelay(true)?;
            self.stream = Some(BufReader::new(s));
        }
        Ok(self.stream.as_mut().unwrap())
    }

    /// Sends raw request bytes and reads one response.
    pub fn raw(&mut self, request: &[u8]) -> std::io::Result<Reply> {
        let r = self.exchange(request);
        if r.is_err() {
            self.stream = None;
        }
        let r = r?;
        self.log.lock().unwrap().push(r.clone());
        Ok(r)
    }

    fn exchange(&mut self, request: &[u8]) -> std::io::Result<Reply> {
        let s = self.connect()?;
        s.get_mut().write_all(request)?;
        let r = read_response(s)?;
        if r.close {
            self.stream = None;
        }
        Ok(Reply {
            status: r.status,
            body: String::from_utf8_lossy(&r.body).into_owned(),
        })
    }

    pub fn request(&mut self, method: &str, path: &str, body: Option<&str>) -> Reply {
        let mut req = format!("{method} {path} HTTP/1.1\r\nHost: {}\r\n", self.addr);
        if let Some(b) = body {
            req.push_str(&format!(
                "Content-Type: application/json\r\nContent-Length: {}\r\n",
                b.len()
            ));
        }
        req.push_str("\r\n");
        req.push_str(body.unwrap_or(""));
        // A kept-alive connection the server closed is opened again once.
        match self.raw(req.as_bytes()) {
            Ok(r) => r,
            Err(_) => self
                .raw(req.as_bytes())
                .unwrap_or_else(|e| panic!("{method} {path}: {e}")),
        }
    }

    pub fn post(&mut self, path: &str, body: &Value) -> Reply {
        self.request("POST", path, Some(&body.to_string()))
    }

    pub fn get(&mut self, path: &str) -> Reply {
        self.request("GET", path, None)
    }
}
