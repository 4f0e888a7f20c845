//! `digits-lab hardest` on the fixture tables: the ranking, the solutions written out, the
//! formats and the one-line errors.

use assert_cmd::Command;
use digits_lab::corpus::CorpusId;
use digits_lab::engine::Dp;
use digits_lab::game::board::Board;
use digits_lab::game::number::{Number, Rational};
use digits_lab::game::rule_set::{Game, GameKind};
use serde_json::Value;

use crate::brute::{self, BruteRules, Q};
use crate::cli::one_line_error;
use crate::fixture;

/// `digits-lab hardest ARGS` on the fixture tables.
pub fn hardest(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_digits-lab"))
        .arg("hardest")
        .arg("--data")
        .arg(fixture::data_dir())
        .args(args)
        .output()
        .unwrap()
}

/// `digits-lab hardest ARGS --format json` on the fixture tables, which succeeds: its list.
fn hardest_json(args: &[&str]) -> Vec<Value> {
    let out = hardest(&[args, &["--format", "json"]].concat());
    assert!(out.status.success(), "{args:?}");
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn the_24_sets_with_one_tree_for_24_are_listed_each_with_that_solution() {
    // The sets with exactly one `trees` solution for 24, by the engine directly.
    let game = Game::preset(GameKind::TwentyFour);
    let mut expected: Vec<String> = Vec::new();
    for line in fixture::boards_of(CorpusId::TwentyFour) {
        let numbers: Vec<i64> = line.split(' ').map(|n| n.parse().unwrap()).collect();
        let t: Dp<Rational> = Dp::build(&Board::new(&game, numbers).unwrap(), &game.rules).unwrap();
        if let Some(c) = t.counts(Rational::from_int(24).unwrap()).unwrap()
            && c.trees == 1
        {
            expected.push(line);
        }
    }
    assert!(expected.iter().any(|b| b == "3 3 8 8"), "{expected:?}");

    let out = hardest(&["--corpus", "24", "--target", "24", "--convention", "trees"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    // Table: every such set on a line with count 1 and its one solution.
    for b in &expected {
        let line = text
            .lines()
            .find(|l| l.contains(&format!(" {b} ")))
            .unwrap_or_else(|| panic!("{b} not listed:\n{text}"));
        let cells: Vec<&str> = line.split_whitespace().collect();
        assert!(cells.contains(&"24") && cells.contains(&"1"), "{line}");
    }

    let list = hardest_json(&[
        "--corpus",
        "24",
        "--target",
        "24",
        "--convention",
        "trees",
        "--limit",
        "1000",
    ]);
    let ones: Vec<&Value> = list.iter().filter(|h| h["count"] == 1).collect();
    let mut listed: Vec<String> = ones
        .iter()
        .map(|h| {
            let numbers: Vec<String> = h["board"]
                .as_array()
                .unwrap()
                .iter()
                .map(|n| n.to_string())
                .collect();
            numbers.join(" ")
        })
        .collect();
    listed.sort();
    expected.sort();
    assert_eq!(listed, expected);
    // Fewest first, and the one solution evaluates to 24 using every card.
    assert!(
        list.windows(2)
            .all(|w| w[0]["count"].as_u64() <= w[1]["count"].as_u64())
    );
    let rules = BruteRules::twenty_four();
    for h in ones {
        let sols = h["solutions"].as_array().unwrap();
        assert_eq!(sols.len(), 1, "{h}");
        let (v, mut used) = brute::eval_printed(sols[0].as_str().unwrap(), rules).unwrap();
        assert_eq!(v, Q { num: 24, den: 1 }, "{h}");
        used.sort();
        assert_eq!(used, fixture::json_board(h), "{h}");
        assert_eq!(h["min_ops"], 3);
    }
}

#[test]
fn csv_lists_every_target_and_uses_difficulty_when_the_tables_have_it() {
    let out = hardest(&["--corpus", "nyt", "--limit", "5", "--format", "csv"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let mut r = csv::Reader::from_reader(text.as_bytes());
    let rows: Vec<csv::StringRecord> = r.records().map(|x| x.unwrap()).collect();
    assert_eq!(rows.len(), 5);
    assert_eq!(&r.headers().unwrap()[6], "difficulty");
    for row in &rows {
        assert_eq!(&row[3], "distinct");
        assert_eq!(&row[4], "1");
        assert!(!row[6].is_empty(), "{row:?}");
        assert!(!row[8].is_empty(), "{row:?}");
    }
    // Among equal counts, higher difficulty first.
    let d: Vec<f64> = rows.iter().map(|r| r[6].parse().unwrap()).collect();
    assert!(d.windows(2).all(|w| w[0] >= w[1]), "{d:?}");
}

/// The NYT archive deals some boards on several days (the fixture's first 40 days hold
/// `1 2 4 5 10 25` twice): every ranking lists each puzzle once, and as many as asked;
/// `difficulty` walks the tables' `candidates` highest exactly (`None`: as many as `hardest`
/// walks by default, 20 × the limit).
fn listed_once(candidates: Option<&str>) {
    let boards = fixture::boards_of(CorpusId::Nyt);
    let distinct: std::collections::HashSet<&String> = boards.iter().collect();
    assert!(distinct.len() < boards.len(), "the fixture repeats a board");
    for by in ["count", "difficulty"] {
        let mut args = vec!["--corpus", "nyt", "--by", by, "--limit", "60"];
        if let Some(n) = candidates.filter(|_| by == "difficulty") {
            args.extend(["--candidates", n]);
        }
        let list = hardest_json(&args);
        let puzzles: std::collections::HashSet<(Vec<i64>, i64)> = list
            .iter()
            .map(|h| (fixture::json_board(h), h["target"].as_i64().unwrap()))
            .collect();
        assert_eq!((list.len(), puzzles.len()), (60, 60), "by {by}");
    }
}

/// With `difficulty` walking only as many candidates as it lists.
#[test]
fn a_board_dealt_on_several_days_is_listed_once() {
    listed_once(Some("60"));
}

#[test]
#[ignore = "slow: 1,200 exact walks of six-number boards (the default candidates)"]
fn a_board_dealt_on_several_days_is_listed_once_among_the_default_candidates() {
    listed_once(None);
}

#[test]
fn unary_minus_has_no_distinct_so_one_shortest_solution_is_shown() {
    let list = hardest_json(&[
        "--corpus",
        "24-minus",
        "--convention",
        "expressions",
        "--limit",
        "2",
    ]);
    assert_eq!(list.len(), 2);
    for h in &list {
        assert_eq!(h["solutions"].as_array().unwrap().len(), 1);
        assert!(h["distinct_total"].is_null());
    }
}

#[test]
fn bad_requests_get_one_line_and_exit_2() {
    for (args, says) in [
        (vec!["--corpus", "chess"], "unknown corpus `chess`"),
        (
            vec!["--corpus", "digits", "--convention", "trees"],
            "no `trees` counts",
        ),
        (
            vec!["--corpus", "24-minus", "--convention", "distinct"],
            "no `distinct` counts",
        ),
        (
            vec!["--corpus", "24", "--target", "500"],
            "target 500 is not among",
        ),
    ] {
        let err = one_line_error(hardest(&args), 2);
        assert!(err.contains(says), "{args:?}: {err}");
    }
    let out = Command::new(env!("CARGO_BIN_EXE_digits-lab"))
        .args(["hardest", "--corpus", "24", "--data", "/nonexistent/data"])
        .output()
        .unwrap();
    let err = one_line_error(out, 2);
    assert!(err.contains("does not exist"), "{err}");
}
