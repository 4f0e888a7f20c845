//! The phase transition, `cover` and `covers_to` end to end: the reach engine against the
//! corpus runs where they overlap (every Countdown fixture selection and target; an exact
//! phase cell recomputed from a corpus run's `boards` table), the published cover figures
//! through the command line, identical `phase.parquet` bytes at any thread count, the
//! report's section, and bad input refused in one line.

use std::collections::HashMap;
use std::path::Path;

use polars::prelude::*;

use digits_lab::corpus::{Corpus, Custom, Shard};
use digits_lab::engine::reach::bounded::Bounded;
use digits_lab::engine::reach::covers::covers_to;
use digits_lab::game::number::Int;
use digits_lab::game::rule_set::{Game, GameKind};
use digits_lab::game::rules::Rules;
use digits_lab::store::read::{bools, i64s, read_table, strs, u32s};
use digits_lab::variant::phase::{self, Method, draws};

use crate::analyze::run;
use crate::brute::{self, BruteRules, Q};
use crate::cli::{cli, stdout};
use crate::fixture;

/// Per board id, its numbers (from `boards`, its `board` text).
fn boards(dir: &Path) -> HashMap<u32, Vec<i64>> {
    let df = read_table(&dir.join("boards")).unwrap();
    let ids = u32s(&df, "board_id").unwrap();
    let text = strs(&df, "board").unwrap();
    ids.into_iter()
        .zip(text)
        .map(|(id, t)| {
            let v: Vec<i64> = t.split(' ').map(|x| x.parse().unwrap()).collect();
            (id.unwrap(), v)
        })
        .collect()
}

fn countdown() -> Rules {
    Game::preset(GameKind::Countdown).rules
}

/// `phase ARGS --out DIR/data --reports DIR/reports` on one thread and on two, whose
/// `phase.parquet` must be the same bytes; the one-thread run's `DIR`.
pub(crate) fn phase_on_one_and_two_threads(args: &[&str]) -> tempfile::TempDir {
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    for (dir, threads) in [(&a, "1"), (&b, "2")] {
        cli()
            .args(args)
            .args(["--threads", threads, "--out"])
            .arg(dir.path().join("data"))
            .arg("--reports")
            .arg(dir.path().join("reports"))
            .assert()
            .success();
    }
    let read = |d: &tempfile::TempDir| std::fs::read(d.path().join("data/phase.parquet")).unwrap();
    assert_eq!(read(&a), read(&b));
    a
}

/// `phase --game 24 ARGS --no-report --out DIR`: its standard output.
pub(crate) fn phase_24(args: &[&str], dir: &Path) -> String {
    let out = ["--no-report", "--out", dir.to_str().unwrap()];
    stdout(&[&["phase", "--game", "24"][..], args, &out].concat())
}

/// Every Countdown fixture selection (six cards, the quiz show's own boards) against every
/// target 100..999: the reach engine says solvable exactly where the full engine's corpus
/// run does.
#[test]
fn reach_agrees_with_the_countdown_corpus_run() {
    let dir = fixture::data_dir().join("countdown");
    let by_id = boards(&dir);
    let puzzles = read_table(&dir.join("puzzles")).unwrap();
    let ids = u32s(&puzzles, "board_id").unwrap();
    let targets = i64s(&puzzles, "target").unwrap();
    let solvable = bools(&puzzles, "solvable").unwrap();
    let mut reach: HashMap<u32, Vec<i64>> = HashMap::new();
    let mut rows = 0;
    for ((id, t), s) in ids.into_iter().zip(targets).zip(solvable) {
        let (id, t, s) = (id.unwrap(), t.unwrap(), s.unwrap());
        let r = reach.entry(id).or_insert_with(|| {
            Bounded::<Int>::new(&countdown(), &by_id[&id], Some(999))
                .unwrap()
                .reachable()
        });
        assert_eq!(
            r.binary_search(&t).is_ok(),
            s,
            "board {:?} target {t}",
            by_id[&id]
        );
        rows += 1;
    }
    assert_eq!(rows, by_id.len() * 900);
    assert!(by_id.values().all(|b| b.len() == 6));
}

/// A corpus run that is one phase cell: every multiset of 3 numbers from 1..=6 (the pool
/// holds three of each) against targets 1..=6. `P(3, 6)` recomputed from its `boards`
/// table (each board weighted by its ordered draws) equals the phase sweep's exact cell,
/// and each board's `covers_to` is its cover capped at the range's end.
#[test]
fn an_exact_cell_equals_the_corpus_run_of_the_same_boards() {
    let custom = Custom {
        pool: Some("1-6x3".into()),
        size: Some(3),
        distinct: None,
        targets: Some("1-6".into()),
    };
    let corpus = Corpus::custom("cell", Game::preset(GameKind::Countdown), &custom).unwrap();
    let tmp = tempfile::tempdir().unwrap();
    run(&corpus, tmp.path(), Shard::default(), 2);
    let dir = tmp.path().join("cell");
    let by_id = boards(&dir);
    assert_eq!(by_id.len() as u128, phase::multisets(3, 6).unwrap());
    let df = read_table(&dir.join("boards")).unwrap();
    let ids = u32s(&df, "board_id").unwrap();
    let reached = u32s(&df, "targets_reached").unwrap();
    let covers = u32s(&df, "covers_to").unwrap();
    let mut sum = 0u128;
    for ((id, r), c) in ids.into_iter().zip(reached).zip(covers) {
        let b = &by_id[&id.unwrap()];
        let drawn: Vec<u64> = b.iter().map(|&n| n as u64).collect();
        sum += draws(&drawn) * u128::from(r.unwrap());
        assert_eq!(
            u64::from(c.unwrap()),
            covers_to(&countdown(), b).unwrap().min(6),
            "board {b:?}"
        );
    }
    let from_corpus = sum as f64 / (6f64.powi(3) * 6.0);
    let cell = phase::exact_cell(&countdown(), 3, 6, &|_| {}).unwrap();
    assert_eq!(cell.method, Method::Exact);
    assert_eq!(cell.p, from_corpus);
}

/// `covers_to` is null where the corpus's targets start above 1 (Countdown: 100..999), and
/// set for every board where they start at 1.
#[test]
fn covers_to_is_set_exactly_where_the_range_starts_at_1() {
    for (name, set) in [
        ("countdown", false),
        ("digits", true),
        ("24", true),
        ("nyt", true),
    ] {
        let df = read_table(&fixture::data_dir().join(name).join("boards")).unwrap();
        let c = df.column("covers_to").unwrap();
        let nulls = c.null_count();
        if set {
            assert_eq!(nulls, 0, "{name}");
        } else {
            assert_eq!(nulls, df.height(), "{name}");
        }
    }
    // The 24 game's hand 1 2 3 4 (every card used, fractions and negatives allowed): its
    // `covers_to` is the run its `puzzles` rows give, and the brute force's.
    let dir = fixture::data_dir().join("24");
    let df = read_table(&dir.join("boards")).unwrap();
    let mask = df.column("board").unwrap().str().unwrap().equal("1 2 3 4");
    let row = df.filter(&mask).unwrap();
    let id = row
        .column("board_id")
        .unwrap()
        .u32()
        .unwrap()
        .get(0)
        .unwrap();
    let covers = row
        .column("covers_to")
        .unwrap()
        .u32()
        .unwrap()
        .get(0)
        .unwrap();
    let puzzles = read_table(&dir.join("puzzles")).unwrap();
    let mask = puzzles.column("board_id").unwrap().u32().unwrap().equal(id);
    let p = puzzles.filter(&mask).unwrap();
    let solvable = bools(&p, "solvable").unwrap();
    let run = solvable.iter().take_while(|s| **s == Some(true)).count() as u32;
    assert_eq!(covers, run);
    let rules = BruteRules::twenty_four();
    let values = brute::solve_all(&[1, 2, 3, 4], rules);
    let brute_run = (1..)
        .take_while(|&n| values.contains_key(&Q::int(n)))
        .count() as u32;
    assert_eq!(covers, brute_run.min(100));
    // The reach engine under the 24 game's rules gives the same run.
    let twenty_four = Game::preset(GameKind::TwentyFour).rules;
    assert_eq!(
        covers_to(&twenty_four, &[1, 2, 3, 4]).unwrap().min(100),
        u64::from(covers)
    );
}

#[test]
fn cover_prints_the_published_figures() {
    for (board, n) in [
        (&["1", "3"][..], 4),
        (&["2", "3", "10"][..], 17),
        (&["2", "3", "5", "33"][..], 79),
    ] {
        let out = stdout(&[&["cover"][..], board].concat());
        assert_eq!(
            out.lines().next(),
            Some(format!("covers 1..{n}").as_str()),
            "{out}"
        );
    }
    let out = stdout(&["cover", "--size", "4", "--max", "2,4,6,50", "--quiet"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[0],
        "searched 1,403 boards of 4 numbers, the i-th at most 2 4 6 50 (388 measured, the rest ruled out by a window)"
    );
    assert_eq!(lines[1..], ["best: covers 1..79 (1 board)", "  2 3 5 33"]);
}

/// `phase` and `cover` take any rule set: under the 24 game's (exact rationals, every number
/// used) an exact cell is the brute force's share over every ordered draw, the file says
/// which rules it holds, and `cover` gives the brute force's run.
#[test]
fn phase_and_cover_play_any_rule_set() {
    let dir = tempfile::tempdir().unwrap();
    let out = phase_24(&["--k", "2,3", "--m", "7", "--quiet"], dir.path());
    assert!(out.is_empty(), "{out}");
    let cells = digits_lab::store::phase::read(dir.path()).unwrap().unwrap();
    let rules = BruteRules::twenty_four();
    for cell in &cells {
        assert_eq!(cell.method, Method::Exact);
        // Every ordered draw of k numbers and a target from 1..7.
        let (k, m) = (cell.k as usize, cell.m as i64);
        let (mut hits, mut all) = (0u64, 0u64);
        let mut draw = vec![1i64; k];
        loop {
            let values = brute::solve_all(&draw, rules);
            hits += (1..=m).filter(|&t| values.contains_key(&Q::int(t))).count() as u64;
            all += m as u64;
            let Some(i) = draw.iter().rposition(|&d| d < m) else {
                break;
            };
            draw[i] += 1;
            draw[i + 1..].fill(1);
        }
        assert_eq!(cell.p, hits as f64 / all as f64, "k {k}");
    }
    assert_eq!(
        digits_lab::store::phase::rules(dir.path())
            .unwrap()
            .as_deref(),
        Some("exact rationals, every number used")
    );
    // Every number used: 1 and 5 make 4, 5, 6 and 1/5, never 1; with a subset, 1 itself.
    assert_eq!(
        stdout(&["cover", "--use-all", "1", "5"]),
        "covers nothing: 1 5 cannot make 1\n"
    );
    assert!(stdout(&["cover", "1", "5"]).starts_with("covers 1..1\n"));
    let values = brute::solve_all(&[2, 3, 5, 33], rules);
    let run = (1..)
        .take_while(|&n| values.contains_key(&Q::int(n)))
        .count();
    let out = stdout(&["cover", "--game", "24", "2", "3", "5", "33"]);
    assert!(out.starts_with(&format!("covers 1..{run}\n")), "{out}");
}

#[test]
fn bad_cover_and_phase_requests_are_one_line_errors() {
    for bad in [
        &["cover"][..],
        &["cover", "0", "3"],
        &["cover", "1", "2", "3", "4", "5", "6", "7", "8"],
        &["cover", "--size", "3", "--max", "1,2"],
        &["cover", "--size", "3"],
        &["cover", "2", "3", "--size", "2", "--max", "3,4"],
        &[
            "cover",
            "--size",
            "7",
            "--max",
            "100,100,100,100,100,100,100",
        ],
        &["cover", "--size", "2", "--max", "0,5"],
        &["phase", "--m", "0"],
        &["phase", "--m", "20000"],
        &["phase", "--k", "8"],
        &["phase", "--samples", "1"],
    ] {
        let out = cli()
            .args(bad)
            .timeout(std::time::Duration::from_secs(20))
            .assert()
            .code(2)
            .get_output()
            .clone();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{bad:?}: {err}");
    }
}

/// One and two threads write the same `phase.parquet` bytes (exact and sampled cells), and
/// the report gets its section and the two charts.
#[test]
fn phase_writes_the_same_bytes_at_any_thread_count_and_reports() {
    let a = phase_on_one_and_two_threads(&[
        "phase",
        "--k",
        "2,3,4",
        "--m",
        "10,50",
        "--samples",
        "300",
        "--exact-limit",
        "300",
        "--quiet",
    ]);
    let cells = digits_lab::store::phase::read(&a.path().join("data"))
        .unwrap()
        .unwrap();
    assert_eq!(cells.len(), 6);
    let methods: Vec<(u32, u64, Method)> = cells.iter().map(|c| (c.k, c.m, c.method)).collect();
    assert_eq!(
        methods,
        [
            (2, 10, Method::Exact),
            (3, 10, Method::Exact),
            (4, 10, Method::Sampled),
            (2, 50, Method::Sampled),
            (3, 50, Method::Sampled),
            (4, 50, Method::Sampled)
        ]
    );
    // P(2, 10) and P(3, 10), exact (also in docs/PHASE.md).
    assert_eq!(format!("{:.4}", cells[0].p), "0.3430");
    assert_eq!(format!("{:.4}", cells[1].p), "0.8142");
    let report = std::fs::read_to_string(a.path().join("reports/REPORT.md")).unwrap();
    assert!(report.contains("## Phase transition"), "{report}");
    assert!(report.contains("| 2 | 0.3430 |"), "{report}");
    for stem in ["phase-k", "phase-rescaled"] {
        assert!(
            a.path()
                .join(format!("reports/charts/{stem}.png"))
                .is_file()
        );
        assert!(
            a.path()
                .join(format!("reports/charts/{stem}.svg"))
                .is_file()
        );
    }
}

/// docs/TABLES.md lists exactly `phase.parquet`'s columns, and the file has them in order.
#[test]
fn tables_md_lists_the_phase_columns() {
    let path = crate::repo().join("docs/TABLES.md");
    let doc = std::fs::read_to_string(path).unwrap();
    let section = &doc[doc
        .find("## `phase.parquet`")
        .expect("a phase.parquet section")..];
    let rows: Vec<&str> = section.lines().filter(|l| l.starts_with("| `")).collect();
    let want: Vec<String> = digits_lab::store::phase::COLUMNS
        .iter()
        .map(|(n, t, m)| format!("| `{n}` | {t} | {m} |"))
        .collect();
    assert_eq!(rows, want);
    let dir = tempfile::tempdir().unwrap();
    let cells = phase::sweep(
        &phase::Plan {
            rules: countdown(),
            ks: vec![2],
            ms: vec![5],
            exact_limit: 100,
            samples: 10,
            seed: 1,
            budget: 1,
        },
        &|_| {},
    )
    .unwrap();
    let file = digits_lab::store::phase::write(dir.path(), &cells, None).unwrap();
    let df = digits_lab::store::read::read_file(&file).unwrap();
    let names: Vec<&str> = df.get_column_names().iter().map(|c| c.as_str()).collect();
    let want: Vec<&str> = digits_lab::store::phase::COLUMNS
        .iter()
        .map(|c| c.0)
        .collect();
    assert_eq!(names, want);
}
