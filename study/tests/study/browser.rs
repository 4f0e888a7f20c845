//! A participant's session in a real browser: headless Chromium (Debian's `chromium` and
//! `chromium-driver`) driven through WebDriver. Puzzle 1 is solved with the mouse after a
//! move is undone; puzzle 2 is solved and puzzle 3 given up with the keyboard alone; the
//! trials are then read back from the database and from the export.

use std::net::{SocketAddr, TcpListener};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use polars::prelude::*;
use serde_json::{Value, json};

use crate::client::{Client, Log};
use crate::harness::{DIGITS_PLAN, Server, count};

/// chromedriver, killed when dropped.
struct Driver {
    child: Child,
    profile: tempfile::TempDir,
    client: Client,
    session: String,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let path = format!("/session/{}", self.session);
        // Quits the browser; then chromedriver, and any browser process left (found by its
        // own profile folder) by its id.
        let _ = self.client.request("DELETE", &path, None);
        let _ = self.child.kill();
        let _ = self.child.wait();
        for pid in processes_with(&self.profile.path().display().to_string()) {
            let _ = Command::new("kill").arg("-9").arg(pid.to_string()).status();
        }
    }
}

/// The processes whose command line holds `text`.
fn processes_with(text: &str) -> Vec<u32> {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    dir.filter_map(|e| {
        let pid: u32 = e.ok()?.file_name().to_str()?.parse().ok()?;
        let cmd = std::fs::read(format!("/proc/{pid}/cmdline")).ok()?;
        String::from_utf8_lossy(&cmd).contains(text).then_some(pid)
    })
    .collect()
}

fn which(names: &[&str]) -> Option<String> {
    names.iter().find_map(|n| {
        std::env::var_os("PATH").and_then(|paths| {
            std::env::split_paths(&paths)
                .map(|d| d.join(n))
                .find(|p| p.is_file())
                .map(|p| p.display().to_string())
        })
    })
}

impl Driver {
    fn start() -> Driver {
        let driver = which(&["chromedriver"])
            .expect("chromedriver is not installed: apt-get install chromium chromium-driver");
        let browser = which(&["chromium", "chromium-browser", "google-chrome"])
            .expect("chromium is not installed: apt-get install chromium chromium-driver");
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let child = Command::new(driver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
        let start = Instant::now();
        while std::net::TcpStream::connect(addr).is_err() {
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "chromedriver did not start"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
        let mut client = Client::new(addr, Log::default());
        let profile = tempfile::tempdir().unwrap();
        let caps = json!({ "capabilities": { "alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": browser,
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=800,1000",
                         format!("--user-data-dir={}", profile.path().display())]
            }
        }}});
        let r = client.post("/session", &caps);
        assert_eq!(r.status, 200, "{}", r.body);
        let session = r.json()["value"]["sessionId"].as_str().unwrap().to_string();
        Driver {
            child,
            profile,
            client,
            session,
        }
    }

    fn call(&mut self, method: &str, path: &str, body: Option<Value>) -> Value {
        let path = format!("/session/{}{path}", self.session);
        let r = match body {
            Some(b) => self.client.request(method, &path, Some(&b.to_string())),
            None => self.client.request(method, &path, None),
        };
        assert_eq!(r.status, 200, "{method} {path}: {}", r.body);
        r.json()["value"].clone()
    }

    fn go(&mut self, url: &str) {
        self.call("POST", "/url", Some(json!({ "url": url })));
    }

    fn find(&mut self, css: &str) -> String {
        let v = self.call(
            "POST",
            "/element",
            Some(json!({ "using": "css selector", "value": css })),
        );
        v.as_object()
            .unwrap()
            .values()
            .next()
            .unwrap()
            .as_str()
            .unwrap()
            .to_string()
    }

    fn click(&mut self, css: &str) {
        let e = self.find(css);
        self.call("POST", &format!("/element/{e}/click"), Some(json!({})));
    }

    /// Types `keys` into whatever has the focus, as key presses.
    fn keys(&mut self, keys: &str) {
        let mut actions = Vec::new();
        for k in keys.chars() {
            actions.push(json!({ "type": "keyDown", "value": k.to_string() }));
            actions.push(json!({ "type": "keyUp", "value": k.to_string() }));
            actions.push(json!({ "type": "pause", "duration": 60 }));
        }
        self.call(
            "POST",
            "/actions",
            Some(json!({ "actions": [{ "type": "key", "id": "keyboard", "actions": actions }] })),
        );
    }

    fn script(&mut self, js: &str) -> Value {
        self.call(
            "POST",
            "/execute/sync",
            Some(json!({ "script": js, "args": [] })),
        )
    }

    /// Waits until `js` (an expression) is true in the page.
    fn until(&mut self, js: &str) {
        let start = Instant::now();
        loop {
            if self.script(&format!("return !!({js});")) == json!(true) {
                return;
            }
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "timed out waiting for {js}; status: {}",
                self.script("return document.getElementById('status').textContent;")
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn tiles(&mut self) -> String {
        self.script("return [...document.querySelectorAll('#tiles .tile')].map(t => t.textContent || '.').join(' ');")
            .as_str()
            .unwrap()
            .to_string()
    }
}

#[test]
#[ignore = "slow: starts headless Chromium (needs `chromium` and `chromium-driver`; .ci/run installs them)"]
fn a_browser_session_lands_in_the_database_and_the_export() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), DIGITS_PLAN);
    let mut d = Driver::start();
    d.go(&format!("http://{}/", server.addr));
    d.until("document.getElementById('consent').textContent.includes('I agree that')");
    // The consent button has the focus: Enter starts.
    d.until("document.activeElement && document.activeElement.id === 'agree'");
    d.keys("\u{E007}");
    d.until("!document.getElementById('game').hidden && document.getElementById('target').textContent === '765'");
    assert_eq!(d.tiles(), "1 3 7 10 25 50");

    // Puzzle 1 with the mouse: 25 − 10, undone, then (25 − 10) × (1 + 50).
    let tile = |i: usize| format!("#tiles .tile[data-i='{i}']");
    let op = |o: &str| format!("#ops button[data-op='{o}']");
    d.click(&tile(4));
    d.click(&op("−"));
    d.click(&tile(3));
    d.until("document.querySelector(\"#tiles .tile[data-i='3']\").textContent === '15'");
    d.click("#undo");
    d.until("document.querySelector(\"#tiles .tile[data-i='3']\").textContent === '10'");
    assert_eq!(d.tiles(), "1 3 7 10 25 50");
    for (a, o, b) in [(4, "−", 3), (0, "+", 5), (3, "×", 5)] {
        d.click(&tile(a));
        d.click(&op(o));
        d.click(&tile(b));
        d.until(&format!(
            "document.querySelector(\"#tiles .tile[data-i='{a}']\").classList.contains('empty')"
        ));
    }
    d.until("document.getElementById('status').textContent === 'Solved!'");

    // Puzzle 2 with the keyboard alone: 13 × 7 = 91, 91 + 11 = 102, 102 − 2 = 100.
    d.keys("\u{E007}");
    d.until("document.getElementById('target').textContent === '100'");
    assert_eq!(d.tiles(), "2 3 5 7 11 13");
    d.keys("6*4");
    d.until("document.querySelector(\"#tiles .tile[data-i='3']\").textContent === '91'");
    d.keys("4+5");
    d.until("document.querySelector(\"#tiles .tile[data-i='4']\").textContent === '102'");
    d.keys("5-1");
    d.until("document.getElementById('status').textContent === 'Solved!'");

    // Puzzle 3 with the keyboard: a move, undone with U, then given up with G.
    d.keys("\u{E007}");
    d.until("document.getElementById('target').textContent === '11'");
    d.keys("1+2");
    d.until("document.querySelector(\"#tiles .tile[data-i='1']\").textContent === '3'");
    d.keys("u");
    d.until("document.querySelector(\"#tiles .tile[data-i='1']\").textContent === '2'");
    d.keys("g");
    d.until("document.getElementById('status').textContent.startsWith('You gave up')");
    d.keys("\u{E007}");
    d.until("!document.getElementById('done').hidden");

    // Every move is in the database.
    let db = &server.db;
    let outcomes: Vec<String> = {
        let c = rusqlite::Connection::open(db).unwrap();
        let mut s = c
            .prepare("SELECT outcome FROM trials ORDER BY slot")
            .unwrap();
        s.query_map([], |r| r.get(0))
            .unwrap()
            .map(Result::unwrap)
            .collect()
    };
    assert_eq!(outcomes, ["solved", "solved", "gave_up"]);
    assert_eq!(count(db, "SELECT COUNT(*) FROM moves"), 5 + 3 + 2);
    assert_eq!(
        count(db, "SELECT COUNT(*) FROM moves WHERE kind = 'undo'"),
        2
    );
    assert_eq!(
        count(
            db,
            "SELECT COUNT(*) FROM moves m JOIN trials t ON t.id = m.trial WHERE t.slot = 0 AND m.seq = 4 AND m.result = '765'"
        ),
        1
    );
    // And in the export.
    let out = dir.path().join("export");
    let x = digits_lab_study::export::export(db, &out).unwrap();
    assert_eq!((x.puzzles, x.trials, x.moves), (3, 3, 10));
    let csv = std::fs::read_to_string(out.join("puzzles.csv")).unwrap();
    assert!(csv.contains(",digits,765,1,1,1,0,0,"), "{csv}");
    assert!(csv.contains(",digits,100,1,1,1,0,0,"), "{csv}");
    assert!(
        csv.contains("1 2 4 5 10 25,,0.0000,,,digits,11,1,1,0,1,0,"),
        "{csv}"
    );
    let df = ParquetReader::new(std::fs::File::open(out.join("moves.parquet")).unwrap())
        .finish()
        .unwrap();
    assert_eq!(df.height(), 10);
    println!(
        "browser session: 3 trials (solved by mouse, solved and given up by keyboard), 10 actions stored and exported"
    );
}
