//! A simulated participant over HTTP: starts, takes each puzzle, moves, undoes, gives up,
//! or plays a shortest solution, keeping the server's last board.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use digits_lab::game::rule_set::GameKind;
use serde_json::{Value, json};

use crate::client::{Client, Log, Reply};
use crate::harness::{places, steps};

pub struct Participant {
    pub client: Client,
    pub id: String,
    /// The last board the server sent.
    pub board: Value,
    /// Round trips of the actions taken, in seconds.
    pub round_trips: Vec<f64>,
}

impl Participant {
    pub fn start(addr: SocketAddr, log: Log) -> Participant {
        let mut client = Client::new(addr, log);
        let r = client.post("/api/start", &json!({ "consent": true }));
        assert_eq!(r.status, 200, "{}", r.body);
        let id = r.json()["participant"].as_str().unwrap().to_string();
        Participant {
            client,
            id,
            board: Value::Null,
            round_trips: Vec::new(),
        }
    }

    /// The open or next puzzle; `false` when every puzzle is played.
    pub fn next(&mut self) -> bool {
        let r = self
            .client
            .post("/api/next", &json!({ "participant": self.id }));
        assert_eq!(r.status, 200, "{}", r.body);
        let v = r.json();
        if v["done"] == json!(true) {
            return false;
        }
        self.board = v;
        true
    }

    pub fn trial(&self) -> i64 {
        self.board["trial"].as_i64().unwrap()
    }

    pub fn tiles(&self) -> Vec<Option<String>> {
        serde_json::from_value(self.board["tiles"].clone()).unwrap()
    }

    pub fn puzzle(&self) -> (Vec<i64>, i64) {
        let tiles: Vec<i64> = self
            .tiles()
            .iter()
            .map(|t| t.as_ref().unwrap().parse().unwrap())
            .collect();
        (tiles, self.board["target"].as_i64().unwrap())
    }

    fn send(&mut self, path: &str, mut body: Value) -> Reply {
        body["participant"] = json!(self.id);
        body["trial"] = self.board["trial"].clone();
        body["seq"] = self.board["seq"].clone();
        let t = Instant::now();
        let r = self.client.post(path, &body);
        self.round_trips.push(t.elapsed().as_secs_f64());
        if r.status == 200 {
            self.board = r.json();
        }
        r
    }

    pub fn combine(&mut self, a: usize, op: &str, b: usize) -> Reply {
        self.send("/api/move", json!({ "a": a, "op": op, "b": b }))
    }

    pub fn undo(&mut self) -> Reply {
        self.send("/api/undo", json!({}))
    }

    pub fn give_up(&mut self) -> Reply {
        self.send("/api/give-up", json!({}))
    }

    /// Plays a shortest solution of the open puzzle (a Digits one), waiting `think` before
    /// each move; the replies, all of which must be 200.
    pub fn solve(&mut self, think: Duration) -> Vec<Reply> {
        self.solve_in(GameKind::Digits, think)
    }

    /// [`Participant::solve`] in any game.
    pub fn solve_in(&mut self, kind: GameKind, think: Duration) -> Vec<Reply> {
        let (board, target) = self.puzzle();
        let mut replies = Vec::new();
        for (a, op, b) in steps(kind, &board, target) {
            std::thread::sleep(think);
            let (i, j) = places(&self.tiles(), &a, &b);
            let r = self.combine(i, &op, j);
            assert_eq!(r.status, 200, "{}", r.body);
            replies.push(r);
        }
        assert_eq!(self.board["outcome"], json!("solved"), "{}", self.board);
        replies
    }
}
