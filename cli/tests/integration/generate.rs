//! `digits-lab generate` as a setter meets it: the checks of issue 28 (a NYT-style day, ten
//! unique Countdown puzzles that `solve` agrees with, the same bytes at 1 and 8 threads, an
//! impossible request that stops in one line), every constraint honoured, and every
//! generated puzzle re-checked against the brute-force reference: its counts under every
//! convention and `min_ops`, and each written solution evaluated under the game's rules on
//! numbers of its board.

use std::collections::{BTreeMap, HashSet};
use std::time::{Duration, Instant};

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use serde_json::Value;

use digits_lab::generate::style::Style;

use crate::brute::{self, Arith, BruteCounts, BruteRules, Q};
use crate::cli::{cli, succeeded};

/// Runs `generate` with `args`; its stdout when it succeeds.
fn generate(args: &[&str]) -> Vec<u8> {
    let mut generate = cli();
    generate
        .arg("generate")
        .arg("--quiet")
        .args(args)
        .timeout(Duration::from_secs(120));
    succeeded(&mut generate).stdout
}

fn json(args: &[&str]) -> Vec<Value> {
    let mut a = args.to_vec();
    a.extend(["--format", "json"]);
    serde_json::from_slice(&generate(&a)).unwrap()
}

fn board(p: &Value) -> Vec<i64> {
    p["board"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_i64().unwrap())
        .collect()
}

fn int(p: &Value, key: &str) -> u64 {
    p[key].as_u64().unwrap_or_else(|| panic!("{key} in {p}"))
}

/// The brute force's rules for `digits`, `countdown`, `24` and `24-minus` (with unary minus).
fn rules_of(game: &str) -> BruteRules {
    let twenty_four = game.starts_with("24");
    BruteRules {
        arith: if twenty_four {
            Arith::Rationals
        } else {
            Arith::PositiveIntegers
        },
        use_all: twenty_four,
        pow: false,
        unary_minus: game == "24-minus",
        concat: false,
    }
}

/// The rules a `generate` argument list asks for, as the brute force takes them.
fn rules_of_args(args: &[String]) -> BruteRules {
    let game = args
        .iter()
        .position(|a| a == "--game")
        .and_then(|i| args.get(i + 1))
        .map_or("digits", String::as_str);
    BruteRules {
        pow: args.iter().any(|a| a == "--pow"),
        unary_minus: args.iter().any(|a| a == "--unary-minus"),
        concat: args.iter().any(|a| a == "--concat"),
        ..rules_of(game)
    }
}

/// The brute-force counts of every value of a board, computed once per board and rules.
#[derive(Default)]
struct Brute(BTreeMap<(Vec<i64>, String), BTreeMap<Q, BruteCounts>>);

impl Brute {
    /// Checks puzzle `p` of `game` against the brute force: counts, `min_ops`, and every
    /// written solution (the shortest, and with `--all` each listed one).
    fn check(&mut self, game: &str, p: &Value) {
        self.check_with(rules_of(game), p);
    }

    /// [`Brute::check`] under `rules`. With `^` on more than 4 numbers the brute force's
    /// counts take minutes, so there only the written solutions are checked.
    fn check_with(&mut self, rules: BruteRules, p: &Value) {
        let numbers = board(p);
        let target = p["target"].as_i64().unwrap();
        let said = format!("{rules:?} {numbers:?} → {target}");
        let written = self.check_solutions(rules, p, &numbers, target, &said);
        if rules.pow && numbers.len() > 4 {
            return;
        }
        let all = self
            .0
            .entry((numbers.clone(), format!("{rules:?}")))
            .or_insert_with(|| brute::solve_all(&numbers, rules));
        let c = all
            .get(&Q::int(target))
            .unwrap_or_else(|| panic!("{p}: the brute force does not reach the target"));
        if let Some(n) = written {
            assert_eq!(n, c.distinct, "--all of {said}");
        }
        assert_eq!(int(p, "trees"), c.trees, "trees of {said}");
        assert_eq!(
            int(p, "expressions"),
            c.expressions,
            "expressions of {said}"
        );
        if rules.unary_minus {
            assert_eq!(p["distinct"], Value::Null, "distinct of {said}");
        } else {
            assert_eq!(int(p, "distinct"), c.distinct, "distinct of {said}");
        }
        assert_eq!(int(p, "min_ops"), u64::from(c.min_ops), "min_ops of {said}");
    }

    /// Every written solution of `p` evaluates to the target under `rules`, on numbers of
    /// the board (all of them where every number must be used), the first in `min_ops + 1`
    /// numbers; the number of solutions listed with `--all`, if any.
    fn check_solutions(
        &self,
        rules: BruteRules,
        p: &Value,
        numbers: &[i64],
        target: i64,
        said: &str,
    ) -> Option<u64> {
        let mut written = vec![p["solution"].as_str().unwrap().to_string()];
        let mut listed = None;
        if let Some(list) = p.get("solutions") {
            let list: Vec<String> = list
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s.as_str().unwrap().to_string())
                .collect();
            listed = Some(list.len() as u64);
            assert_eq!(
                list.iter().collect::<HashSet<_>>().len(),
                list.len(),
                "{said}: a solution listed twice"
            );
            written.extend(list);
        }
        for (k, s) in written.iter().enumerate() {
            let (v, leaves) = brute::eval_printed(s, rules)
                .unwrap_or_else(|| panic!("{said}: `{s}` is not valid under the rules"));
            assert_eq!(v, Q::int(target), "{said}: `{s}`");
            let mut left = numbers.to_vec();
            for l in &leaves {
                let i = left
                    .iter()
                    .position(|n| n == l)
                    .unwrap_or_else(|| panic!("{said}: `{s}` uses {l} once too often"));
                left.remove(i);
            }
            if rules.use_all {
                assert!(left.is_empty(), "{said}: `{s}` leaves {left:?} unused");
            }
            if k == 0 {
                assert_eq!(
                    leaves.len() as u64,
                    int(p, "min_ops") + 1,
                    "{said}: `{s}` is not a shortest solution"
                );
            }
        }
        listed
    }
}

#[test]
fn a_digits_day_has_five_rising_puzzles_in_the_nyt_bands() {
    let day = json(&["--game", "digits", "--day", "--seed", "7"]);
    assert_eq!(day.len(), 5);
    let style = Style::nyt().unwrap();
    let bands = [(51, 98), (105, 199), (201, 297), (301, 398), (401, 499)];
    let mut brute = Brute::default();
    let mut last = f64::NEG_INFINITY;
    for (k, p) in day.iter().enumerate() {
        assert_eq!(int(p, "slot"), k as u64 + 1);
        assert_eq!(int(p, "day"), 1);
        let target = p["target"].as_i64().unwrap();
        assert!(
            (bands[k].0..=bands[k].1).contains(&target),
            "slot {}: {target}",
            k + 1
        );
        let numbers = board(p);
        assert_eq!(numbers.iter().collect::<HashSet<_>>().len(), 6, "{p}");
        // The slot's numbers only: each was on some real board of that slot.
        let known: Vec<i64> = style.slots[k].numbers.iter().map(|&(n, _)| n).collect();
        assert!(numbers.iter().all(|n| known.contains(n)), "{p}");
        let d = p["difficulty"].as_f64().unwrap();
        assert!(d > last, "slot {}: {d} after {last}", k + 1);
        last = d;
        assert!((2..=4).contains(&int(p, "min_ops")), "{p}");
        brute.check("digits", p);
    }
    // The table says the same, one line per slot under a title and a header.
    let table = String::from_utf8(generate(&["--game", "digits", "--day", "--seed", "7"])).unwrap();
    assert_eq!(table.lines().count(), 7, "{table}");
    assert!(
        table.starts_with("digits · seed 7 · a NYT-style day"),
        "{table}"
    );
}

#[test]
fn a_day_takes_under_two_seconds_without_tables() {
    // Run in an empty folder: there are no tables to read.
    let dir = tempfile::tempdir().unwrap();
    let started = Instant::now();
    cli()
        .current_dir(dir.path())
        .args([
            "generate", "--game", "digits", "--day", "--seed", "7", "--quiet",
        ])
        .assert()
        .success();
    let took = started.elapsed();
    assert!(took < Duration::from_secs(2), "took {took:?}");
}

const UNIQUE: &[&str] = &[
    "--game",
    "countdown",
    "--solutions",
    "1",
    "--convention",
    "distinct",
    "--count",
    "10",
    "--seed",
    "3",
    "--format",
    "json",
];

#[test]
fn ten_unique_countdown_puzzles_that_solve_agrees_with() {
    let list: Vec<Value> = serde_json::from_slice(&generate(UNIQUE)).unwrap();
    assert_eq!(list.len(), 10);
    let mut brute = Brute::default();
    let mut boards = HashSet::new();
    for p in &list {
        assert_eq!(int(p, "distinct"), 1, "{p}");
        assert!(boards.insert(board(p)), "a board used twice: {p}");
        brute.check("countdown", p);
        let numbers: Vec<String> = board(p).iter().map(i64::to_string).collect();
        let target = p["target"].to_string();
        let out = cli()
            .args([
                "solve",
                "--game",
                "countdown",
                "--json",
                "--no-moves",
                &target,
            ])
            .args(&numbers)
            .output()
            .unwrap();
        let solved: Value = serde_json::from_slice(&out.stdout).unwrap();
        for key in ["trees", "expressions", "distinct", "min_ops"] {
            assert_eq!(solved["counts"][key], p[key], "{key} of {p}");
        }
        assert_eq!(solved["shortest"]["expression"], p["solution"], "{p}");
    }
}

/// A generated puzzle's difficulty is the score its game's table holds: in the 24 game the
/// simulated player's exact walk, the same `solve` prints (in Digits and Countdown the table
/// holds the player's surrogate, where `solve` walks exactly), and its band is the band of
/// that score, so a `--difficulty` band asked for is the band printed.
#[test]
fn a_24_puzzles_difficulty_is_solves_and_its_band_the_one_asked_for() {
    let args = [
        "--game",
        "24",
        "--targets",
        "24",
        "--difficulty",
        "hard",
        "--count",
        "5",
        "--seed",
        "1",
        "--format",
        "json",
    ];
    let list: Vec<Value> = serde_json::from_slice(&generate(&args)).unwrap();
    assert_eq!(list.len(), 5);
    for p in &list {
        assert_eq!(p["band"], "hard", "{p}");
        let numbers: Vec<String> = board(p).iter().map(i64::to_string).collect();
        let out = cli()
            .args(["solve", "--game", "24", "--json", "--no-moves"])
            .args(&numbers)
            .output()
            .unwrap();
        let solved: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(solved["difficulty"]["difficulty"], p["difficulty"], "{p}");
    }
}

#[test]
fn the_same_request_gives_the_same_bytes_at_1_and_8_threads() {
    let once = generate(UNIQUE);
    for threads in ["1", "8"] {
        let out = cli()
            .arg("generate")
            .arg("--quiet")
            .args(UNIQUE)
            .env("RAYON_NUM_THREADS", threads)
            .output()
            .unwrap();
        assert_eq!(out.stdout, once, "RAYON_NUM_THREADS={threads}");
        let mut flag = UNIQUE.to_vec();
        flag.extend(["--threads", threads]);
        assert_eq!(generate(&flag), once, "--threads {threads}");
    }
    // The same with tables from an earlier `analyze` in `data/`: generate reads none.
    let dir = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(crate::fixture::data_dir(), dir.path().join("data")).unwrap();
    let out = cli()
        .current_dir(dir.path())
        .arg("generate")
        .arg("--quiet")
        .args(UNIQUE)
        .output()
        .unwrap();
    assert_eq!(out.stdout, once, "with tables in data/");
    // Days too, at both thread counts.
    let days = ["--days", "3", "--seed", "11", "--format", "csv"];
    let one = generate(&[&days[..], &["--threads", "1"]].concat());
    assert_eq!(generate(&[&days[..], &["--threads", "8"]].concat()), one);
}

#[test]
fn an_impossible_request_stops_with_one_line() {
    let started = Instant::now();
    let out = cli()
        .args([
            "generate",
            "--game",
            "digits",
            "--solutions",
            "1",
            "--targets",
            "1-10",
            "--min-ops",
            "5",
            "--count",
            "1",
            "--seed",
            "1",
        ])
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    let took = started.elapsed();
    assert!(took < Duration::from_secs(30), "took {took:?}");
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(
        err.starts_with(
            "error: no puzzle met every constraint in 5,000 boards tried (50,000 puzzles, \
             targets 1-10): solvable "
        ),
        "{err}"
    );
    assert!(
        err.contains(" · --solutions 1 (distinct) 0 · --min-ops 5 0"),
        "{err}"
    );
    assert!(
        err.contains("the tightest are --solutions 1 (distinct) and --min-ops 5"),
        "{err}"
    );
}

#[test]
fn each_constraint_is_met_and_every_puzzle_checks_out() {
    let mut brute = Brute::default();
    // Solutions as a range under `expressions`, the shortest solution's length as a range.
    for p in json(&[
        "--game",
        "digits",
        "--solutions",
        "2-4",
        "--convention",
        "expressions",
        "--min-ops",
        "3-4",
        "--targets",
        "200-400",
        "--count",
        "4",
        "--seed",
        "5",
        "--all",
    ]) {
        assert!((2..=4).contains(&int(&p, "expressions")), "{p}");
        assert!((3..=4).contains(&int(&p, "min_ops")), "{p}");
        assert!((200..=400).contains(&p["target"].as_i64().unwrap()), "{p}");
        brute.check("digits", &p);
    }
    // Every number used, none twice (Countdown deals pairs).
    for p in json(&[
        "--game",
        "countdown",
        "--uses-all",
        "--no-repeats",
        "--count",
        "3",
        "--seed",
        "2",
    ]) {
        assert_eq!(int(&p, "min_ops"), 5, "{p}");
        let b = board(&p);
        assert_eq!(b.iter().collect::<HashSet<_>>().len(), 6, "{p}");
        brute.check("countdown", &p);
    }
    // A named band, and predicted seconds.
    for p in json(&[
        "--game",
        "24",
        "--targets",
        "24",
        "--difficulty",
        "hard",
        "--count",
        "3",
        "--seed",
        "4",
        "--all",
    ]) {
        assert_eq!(p["band"], "hard", "{p}");
        assert_eq!(p["target"], 24);
        brute.check("24", &p);
    }
    for p in json(&[
        "--game",
        "countdown",
        "--difficulty",
        "10-20",
        "--count",
        "3",
        "--seed",
        "9",
    ]) {
        let t = p["predicted_time_s"].as_f64().unwrap();
        assert!((10.0..=20.0).contains(&t), "{p}");
        brute.check("countdown", &p);
    }
}

#[test]
fn days_never_use_a_board_twice() {
    days_never_use_a_board_twice_in(3);
}

#[test]
#[ignore = "slow: a week of Digits days, 35 puzzles each checked by the brute force"]
fn a_week_of_days_never_uses_a_board_twice() {
    days_never_use_a_board_twice_in(7);
}

/// `n` days of five puzzles each: no board twice, days and slots in order, every puzzle
/// confirmed by the brute force.
fn days_never_use_a_board_twice_in(n: usize) {
    let days = json(&["--days", &n.to_string(), "--seed", "2"]);
    assert_eq!(days.len(), 5 * n);
    let boards: HashSet<Vec<i64>> = days.iter().map(board).collect();
    assert_eq!(boards.len(), 5 * n);
    let mut brute = Brute::default();
    for (k, p) in days.iter().enumerate() {
        assert_eq!(int(p, "day"), k as u64 / 5 + 1);
        assert_eq!(int(p, "slot"), k as u64 % 5 + 1);
        brute.check("digits", p);
    }
}

#[test]
fn csv_and_the_table_hold_the_same_puzzles_as_json() {
    let args = ["--game", "countdown", "--count", "3", "--seed", "8"];
    let list = json(&args);
    let mut brute = Brute::default();
    for p in &list {
        brute.check("countdown", p);
    }
    let csv = String::from_utf8(generate(&[&args[..], &["--format", "csv"]].concat())).unwrap();
    let mut lines = csv.lines();
    assert_eq!(
        lines.next().unwrap(),
        "board,target,trees,expressions,distinct,min_ops,difficulty,predicted_time_s,\
         predicted_solve_rate,band,solution"
    );
    for (p, line) in list.iter().zip(lines) {
        let b: Vec<String> = board(p).iter().map(i64::to_string).collect();
        assert!(
            line.starts_with(&format!("{},{},", b.join(" "), p["target"])),
            "{line}"
        );
    }
    let table = String::from_utf8(generate(&args)).unwrap();
    assert_eq!(table.lines().count(), 2 + 3, "{table}");
}

#[test]
fn json_matches_its_schema() {
    let cases: &[&[&str]] = &[
        &["--day", "--seed", "7", "--all"],
        &[
            "--game",
            "countdown",
            "--solutions",
            "1",
            "--count",
            "3",
            "--seed",
            "3",
        ],
        // `distinct` undefined, and no band: the game is not a standard one.
        &[
            "--game",
            "24",
            "--unary-minus",
            "--targets",
            "24",
            "--count",
            "2",
            "--seed",
            "1",
        ],
    ];
    for args in cases {
        let list = json(args);
        crate::json_schema::validate(&Value::Array(list.clone()), "generate.schema.json");
        assert!(list[0]["board"][0].is_i64(), "{args:?}");
    }
    let minus = json(cases[2]);
    assert_eq!(minus[0]["distinct"], Value::Null);
    assert!(minus[0].get("band").is_none());
    // The other cases' puzzles are checked by the tests above (the same seeds and streams).
    let mut brute = Brute::default();
    for p in &minus {
        brute.check("24-minus", p);
    }
}

/// Flags of `generate` whose values are thrown at random; `--count`, `--days` and `--tries`
/// are given small values so that a valid request ends quickly, and the output is JSON so
/// that every puzzle made is checked against the brute force.
const FLAGS: &[&str] = &[
    "--game",
    "--pow",
    "--unary-minus",
    "--pool",
    "--targets",
    "--seed",
    "--solutions",
    "--convention",
    "--min-ops",
    "--uses-all",
    "--no-repeats",
    "--difficulty",
    "--all",
    "--day",
];

fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        (-5i64..1200).prop_map(|n| n.to_string()),
        "[0-9]{1,3}-[0-9]{0,3}",
        prop::sample::select(vec![
            "digits",
            "countdown",
            "24",
            "chess",
            "1",
            "2-5",
            "3-",
            "easy",
            "medium",
            "hard",
            "fiendish",
            "20-60",
            "30-",
            "trees",
            "expressions",
            "distinct",
            "json",
            "csv",
            "table",
            "1-12",
            "1-9x2,25",
            "24",
            "-1",
            "NaN",
            "½",
        ])
        .prop_map(String::from),
        "[^\\x00]{0,8}",
    ]
}

/// One random request: flags with random values, and a small `--count` or `--days`.
fn request() -> impl Strategy<Value = Vec<String>> {
    (
        prop::collection::vec(
            (prop::sample::select(FLAGS), prop::option::of(value())),
            0..5,
        ),
        1u32..4,
        prop::option::of(1u32..3),
    )
        .prop_map(|(flags, count, days)| {
            let mut args = vec!["generate".to_string(), "--quiet".into()];
            args.extend([
                "--tries".into(),
                "300".into(),
                "--format".into(),
                "json".into(),
            ]);
            match days {
                Some(d) => args.extend(["--days".into(), d.to_string()]),
                None => args.extend(["--count".into(), count.to_string()]),
            }
            for (f, v) in flags {
                args.push(f.to_string());
                args.extend(v);
            }
            args
        })
}

/// Any argument list: exit 0 with puzzles that the brute force confirms, 1 (nothing found in
/// the tries, one line) or 2 (refused, one line), never a panic or a hang; both puzzles and
/// refusals among them.
#[test]
fn any_request_ends_in_one_line_or_puzzles() {
    any_request_ends_in_one_line_or_puzzles_in(20);
}

#[test]
#[ignore = "slow: 60 random generate runs, each checked by the brute force"]
fn sixty_requests_end_in_one_line_or_puzzles() {
    any_request_ends_in_one_line_or_puzzles_in(60);
}

/// `cases` random requests (at least 20, so that both outcomes must show).
fn any_request_ends_in_one_line_or_puzzles_in(cases: u32) {
    assert!(cases >= 20);
    // Seeded (`FUZZ_SEED`), so that the share of each outcome is the same on every run.
    let mut runner = crate::fuzz::runner(cases.into());
    let exits = std::sync::Mutex::new(BTreeMap::<i32, u32>::new());
    let result = runner.run(&request(), |args| {
        let (out, err, said) = crate::fuzz::run_fuzzed(&args, Duration::from_secs(90))?;
        match out.status.code() {
            Some(0) => {
                let list: Value = serde_json::from_slice(&out.stdout).unwrap();
                crate::json_schema::validate(&list, "generate.schema.json");
                prop_assert!(!list.as_array().unwrap().is_empty(), "{}", said);
                let mut brute = Brute::default();
                for p in list.as_array().unwrap() {
                    brute.check_with(rules_of_args(&args), p);
                }
            }
            Some(1 | 2) => prop_assert_eq!(err.trim_end().lines().count(), 1, "{}", said),
            _ => return Err(TestCaseError::fail(said)),
        }
        *exits
            .lock()
            .unwrap()
            .entry(out.status.code().unwrap())
            .or_default() += 1;
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    let exits = exits.into_inner().unwrap();
    assert!(
        exits.get(&0).copied().unwrap_or(0) >= cases / 20
            && exits.get(&2).copied().unwrap_or(0) >= cases / 20,
        "exit codes: {exits:?}"
    );
}
