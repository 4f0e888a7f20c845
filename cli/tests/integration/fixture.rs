//! Fixture tables for the chart, report, `hardest` and reader tests, written by `analyze`
//! itself, so that those tests read exactly what a real run writes.
//!
//! The 24-game corpora are whole (every multiset of cards), so the report's SPEC comparisons
//! are exercised on the real figures; `digits`, `countdown` and `nyt` are deterministic slices
//! of their corpora (their boards keep their ids), small enough to run in a second or two.
//!
//! The tables are built once per test run and shared read-only. When `DIGITS_LAB_FIXTURE_DIR`
//! is set they are also copied there, for looking at them by hand.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use digits_lab::analyze::{self, Options};
use digits_lab::corpus::nyt::Source;
use digits_lab::corpus::{Corpus, CorpusId, Shard};
use digits_lab::progress::Silent;
use tempfile::TempDir;

/// Every corpus the fixture holds, in the report's order.
pub const CORPORA: [CorpusId; 10] = CorpusId::REPORT_ORDER;

/// The folder holding every fixture corpus (built on first use).
pub fn data_dir() -> &'static Path {
    static DIR: OnceLock<TempDir> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = tempfile::tempdir().expect("a temporary folder");
        for id in CORPORA {
            write_corpus(dir.path(), &slice(id));
        }
        if let Some(extra) = std::env::var_os("DIGITS_LAB_FIXTURE_DIR") {
            copy_dir(dir.path(), Path::new(&extra));
        }
        dir
    })
    .path()
}

/// A fresh folder holding copies of the named fixture corpora only.
pub fn subset(ids: &[CorpusId]) -> TempDir {
    let dir = tempfile::tempdir().expect("a temporary folder");
    for id in ids {
        copy_dir(&data_dir().join(id.name()), &dir.path().join(id.name()));
    }
    dir
}

/// The boards (as the tables write them) of fixture corpus `id`.
pub fn boards_of(id: CorpusId) -> Vec<String> {
    slice(id)
        .boards
        .iter()
        .map(|b| b.board.to_string())
        .collect()
}

/// The fixture's share of corpus `id`: all of a 24-game corpus and of make10; every 4,000th
/// Digits board; every 300th Countdown selection and two the SPEC names; the first 40 NYT
/// puzzles; every 500th Krypto hand.
pub fn slice(id: CorpusId) -> Corpus {
    let mut corpus = Corpus::named(id.clone(), &Source::Embedded).expect("a named corpus");
    let keep =
        |numbers: &[i64]| numbers == [1, 1, 2, 2, 3, 3] || numbers == [3, 6, 25, 50, 75, 100];
    match id {
        CorpusId::Digits => corpus.boards.retain(|b| b.id % 4_000 == 0),
        CorpusId::Countdown => corpus
            .boards
            .retain(|b| b.id % 300 == 0 || keep(b.board.numbers())),
        CorpusId::Nyt => corpus.boards.truncate(40),
        CorpusId::Krypto => corpus.boards.retain(|b| b.id % 500 == 0),
        _ => {}
    }
    corpus
}

/// Runs `analyze` on `corpus` into `data`.
pub fn write_corpus(data: &Path, corpus: &Corpus) {
    let opts = Options {
        out: data.to_path_buf(),
        shard: Shard::default(),
        cache_budget: 1 << 30,
        resume: false,
        reach_only: false,
        force: true,
    };
    analyze::analyze(corpus, &opts, &Silent).expect("the fixture corpus runs");
}

fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).expect("a folder for the copy");
    for e in fs::read_dir(from).expect("a fixture folder") {
        let e = e.expect("a folder entry");
        let dest: PathBuf = to.join(e.file_name());
        if e.file_type().expect("a file type").is_dir() {
            copy_dir(&e.path(), &dest);
        } else {
            fs::copy(e.path(), dest).expect("a copied file");
        }
    }
}

/// Fixture corpus `id`'s `puzzles` table, read whole.
pub fn puzzles(id: CorpusId) -> polars::prelude::DataFrame {
    let path = data_dir().join(id.name()).join("puzzles");
    digits_lab::store::read::read_table(&path).expect("the fixture's puzzles")
}

/// The highest `difficulty` in fixture corpus `id`'s `puzzles` table.
pub fn max_difficulty(id: CorpusId) -> f64 {
    puzzles(id)
        .column("difficulty")
        .expect("a difficulty column")
        .f64()
        .expect("Float64")
        .iter()
        .flatten()
        .fold(f64::NEG_INFINITY, f64::max)
}

/// A puzzle's `board` as `hardest --format json` writes it.
pub fn json_board(h: &serde_json::Value) -> Vec<i64> {
    h["board"]
        .as_array()
        .expect("a board array")
        .iter()
        .map(|n| n.as_i64().expect("a number"))
        .collect()
}

/// Every file under `dir` (and its folders) whose name ends in `.ext`, sorted by path.
pub fn files_with_extension(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in fs::read_dir(dir).unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display())) {
        let p = e.expect("a folder entry").path();
        if p.is_dir() {
            out.extend(files_with_extension(&p, ext));
        } else if p.extension().is_some_and(|x| x == ext) {
            out.push(p);
        }
    }
    out.sort();
    out
}
