//! The study server as a process: started from a plan in a scratch folder on a free
//! loopback port (read from the line it prints), killed with SIGKILL when dropped; and the
//! plans and puzzle solutions the tests play.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use digits_lab_testkit::listening;
use std::sync::{Mutex, OnceLock};

use digits_lab::game::board::Board;
use digits_lab::game::rule_set::{Game, GameKind};
use digits_lab::puzzle::solve::{Options, Report, solve};
use rusqlite::Connection;

/// Three Digits puzzles, each played by every participant of [`DIGITS_PLAN`].
pub const DIGITS_PLAN: &str = r#"
game = "digits"
puzzles = 3
time_limit_s = 120
consent = "I agree that my moves and times are recorded, without my name."
[choose]
fixed = [
  { board = [1, 3, 7, 10, 25, 50], target = 765 },
  { board = [2, 3, 5, 7, 11, 13], target = 100 },
  { board = [1, 2, 4, 5, 10, 25], target = 11 },
]
"#;

/// What `run` prints first, before its address: the line the tests wait for.
pub const LISTENING: &str = "study on http://";

/// `digits-lab-study run PLAN --db DB` on a free loopback port.
pub fn run_study(plan: &Path, db: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_digits-lab-study"));
    command
        .arg("run")
        .arg(plan)
        .arg("--db")
        .arg(db)
        .args(["--port", "0"]);
    command
}

pub struct Server {
    child: Child,
    pub addr: SocketAddr,
    pub db: PathBuf,
}

impl Server {
    /// Starts the study of `plan` (written to `dir/plan.toml`) on `dir/study.sqlite`.
    pub fn start(dir: &Path, plan: &str) -> Server {
        let plan_path = dir.join("plan.toml");
        std::fs::write(&plan_path, plan).unwrap();
        let db = dir.join("study.sqlite");
        let (child, addr) = listening(run_study(&plan_path, &db).stderr(Stdio::null()), LISTENING);
        Server { child, addr, db }
    }

    /// SIGKILL, at once.
    pub fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A count from the database.
pub fn count(db: &Path, sql: &str) -> i64 {
    let c = Connection::open(db).unwrap();
    c.query_row(sql, [], |r| r.get(0)).unwrap()
}

/// A move as (left operand, operation, right operand), as shown.
pub type Step = (String, String, String);

/// A shortest solution's moves, solved once per puzzle (the simulated participants of the
/// load test would otherwise spend the machine's cores on the engine, not the server).
pub fn steps(kind: GameKind, board: &[i64], target: i64) -> Vec<Step> {
    type Cache = Mutex<HashMap<(&'static str, Vec<i64>, i64), Vec<Step>>>;
    static SOLVED: OnceLock<Cache> = OnceLock::new();
    let cache = SOLVED.get_or_init(Cache::default);
    let key = (kind.name(), board.to_vec(), target);
    if let Some(s) = cache.lock().unwrap().get(&key) {
        return s.clone();
    }
    let s = solve_steps(kind, board, target);
    cache.lock().unwrap().insert(key, s.clone());
    s
}

/// The library's `solve` of a puzzle of the game `kind` (no moves listed), with every
/// `distinct` solution when `all`.
fn solved(kind: GameKind, board: &[i64], target: i64, all: bool) -> Report {
    let game = Game::preset(kind);
    let b = Board::new(&game, board.to_vec()).unwrap();
    let options = Options {
        all,
        no_moves: true,
        no_difficulty: false,
    };
    solve(&game, &b, target, options).unwrap()
}

fn solve_steps(kind: GameKind, board: &[i64], target: i64) -> Vec<Step> {
    let r = solved(kind, board, target, false);
    r.shortest
        .unwrap()
        .moves
        .iter()
        .map(|m| {
            let w: Vec<&str> = m.split_whitespace().collect();
            (w[0].to_string(), w[1].to_string(), w[2].to_string())
        })
        .collect()
}

/// Every `distinct` solution of a puzzle, written out, and its moves: what no response may
/// hold.
pub fn solutions(kind: GameKind, board: &[i64], target: i64) -> Vec<String> {
    let r = solved(kind, board, target, true);
    let mut all = r.solutions.unwrap_or_default();
    let s = r.shortest.unwrap();
    all.push(s.expression);
    all.extend(s.moves);
    all
}

/// Where tiles showing `a` and `b` are (two different places).
pub fn places(tiles: &[Option<String>], a: &str, b: &str) -> (usize, usize) {
    let i = tiles.iter().position(|t| t.as_deref() == Some(a)).unwrap();
    let j = tiles
        .iter()
        .enumerate()
        .position(|(k, t)| k != i && t.as_deref() == Some(b))
        .unwrap();
    (i, j)
}
