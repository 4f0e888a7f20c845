//! The command line as a user meets it: output, JSON, and one-line errors with exit code 2.

use std::process::Output;

use assert_cmd::Command;

/// The binary under test; every test module runs it through this.
pub(crate) fn cli() -> Command {
    Command::new(env!("CARGO_BIN_EXE_digits-lab"))
}

/// The worked example of the SPEC (an NYT Digits puzzle), as `solve` takes it: the target,
/// then the numbers.
pub(crate) const PUZZLE_765: [&str; 7] = ["765", "1", "3", "7", "10", "25", "50"];

/// Asserts that a run succeeded, its standard error shown when it did not.
pub(crate) fn assert_succeeded(out: &Output) {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The output of `cmd`, which must succeed (the command and its standard error shown when it
/// does not).
pub(crate) fn succeeded(cmd: &mut Command) -> Output {
    let out = cmd.output().unwrap();
    assert!(
        out.status.success(),
        "{cmd:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// The standard error of a run that failed with exit code `code`, which must be one line.
pub(crate) fn one_line_error(out: Output, code: i32) -> String {
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(code), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    err
}

/// The standard output of a run that must succeed.
pub(crate) fn stdout(args: &[&str]) -> String {
    let out = cli()
        .args(args)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out).unwrap()
}

#[test]
fn solve_prints_counts_moves_and_a_shortest_solution() {
    let out = stdout(&["solve", "765", "1", "3", "7", "10", "25", "50"]);
    assert!(
        out.contains("765 from 1 3 7 10 25 50 (digits): solvable in 3 operations"),
        "{out}"
    );
    assert!(
        out.contains("trees 780 · expressions 67 · distinct 12"),
        "{out}"
    );
    assert!(out.contains("score: 3 stars"), "{out}");
    assert!(out.contains("a shortest solution:"), "{out}");
    // Three moves, then the expression.
    let moves: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("a shortest"))
        .skip(1)
        .take(4)
        .collect();
    assert_eq!(moves.len(), 4);
    assert!(moves[2].ends_with("= 765"), "{moves:?}");
    assert!(moves[3].starts_with("  = "), "{moves:?}");
}

#[test]
fn solve_all_lists_every_distinct_solution_shortest_first() {
    let out = stdout(&[&["solve", "--all", "--no-moves"][..], &PUZZLE_765].concat());
    assert!(out.contains("all 12 distinct solutions"), "{out}");
    let listed: Vec<&str> = out
        .lines()
        .filter(|l| {
            l.trim_start()
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_digit())
                && l.contains(". ")
        })
        .collect();
    assert_eq!(listed.len(), 12, "{out}");
    assert!(listed[0].ends_with("(25 − 10) × (50 + 1)"), "{listed:?}");
}

#[test]
fn an_unreachable_target_reports_the_closest_values_and_the_score() {
    let out = stdout(&["solve", "831", "1", "3", "7", "10", "25", "50"]);
    assert!(out.contains("not reachable"), "{out}");
    assert!(out.contains("closest: 830 and 832 (off by 1)"), "{out}");
    assert!(out.contains("score: 2 stars"), "{out}");
    let cd = stdout(&[
        "solve",
        "--game",
        "countdown",
        "--no-moves",
        "999",
        "1",
        "1",
        "2",
        "2",
        "3",
        "3",
    ]);
    assert!(cd.contains("score: 0 points"), "{cd}");
}

#[test]
fn json_output_is_machine_readable() {
    let out = stdout(&[
        "solve",
        "--json",
        "--game",
        "countdown",
        "94",
        "1",
        "2",
        "4",
        "5",
        "10",
        "25",
        "--targets",
        "1-999",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["solvable"], true);
    assert_eq!(v["moves"]["sequences"], 1319);
    assert_eq!(v["moves"]["boards_visited"], 777_019);
    assert_eq!(v["counts"]["min_ops"], 3);
    assert_eq!(v["game"]["kind"], "countdown");
}

#[test]
fn the_24_game_uses_every_card() {
    let out = stdout(&["solve", "--game", "24", "--all", "3", "3", "8", "8"]);
    assert!(out.contains("solvable in 3 operations"), "{out}");
    assert!(out.contains("8 ÷ (3 − 8 ÷ 3)"), "{out}");
    let none = stdout(&["solve", "--game", "24", "1", "1", "1", "1"]);
    assert!(none.contains("not reachable"), "{none}");
}

#[test]
fn bad_input_is_one_line_and_exit_code_2() {
    let cases: &[(&[&str], &str)] = &[
        (&["solve", "765", "1", "x"], "`x` is not a whole number"),
        (
            &["solve", "abc", "1", "2"],
            "target `abc` is not a whole number",
        ),
        (&["solve", "765", "0", "3"], "0 is not allowed"),
        (&["solve", "765", "-4", "3"], "-4 is not allowed"),
        (&["solve", "765", "3", "3"], "must be distinct"),
        (
            &["solve", "765", "1", "2", "3", "4", "5", "6", "7", "8"],
            "at most 7",
        ),
        (&["solve", "1000", "1", "2"], "out of range"),
        (
            &["solve", "--game", "countdown", "50", "1", "2"],
            "out of range",
        ),
        (
            &["solve", "--game", "countdown", "500", "13", "2"],
            "not a countdown number",
        ),
        (
            &["solve", "--game", "countdown", "500", "100", "100"],
            "has 1",
        ),
        (&["solve", "--unary-minus", "50", "1", "2"], "unary minus"),
        (
            &["solve", "--pool", "0-5", "3", "1", "2"],
            "`pool`: the pool 0-5 has 0",
        ),
        (&["solve", "--pool=-1-5", "3", "1", "2"], "bad pool"),
        (
            &["solve", "--targets", "9-1", "3", "1", "2"],
            "bad target range",
        ),
        (
            &["solve", "99999999999999999999", "1", "2"],
            "target `99999999999999999999` is too large: digits targets are 1..999",
        ),
    ];
    for (args, needle) in cases {
        let out = cli().args(*args).assert().code(2).get_output().clone();
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(needle), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    // A missing board is a usage error from the parser, also exit code 2.
    cli().args(["solve", "765"]).assert().code(2);
}

/// Every command that writes progress or notes on standard error takes `--quiet`, and then
/// writes nothing there (the study's commands are its own binary's, tested in `study/`; a
/// server's `--quiet` in `serve`'s tests). Two of them, run without it, show that there was
/// something to silence.
#[test]
fn every_command_that_notes_is_silent_under_quiet() {
    let dir = tempfile::tempdir().unwrap();
    let p = |name: &str| dir.path().join(name).to_string_lossy().into_owned();
    std::fs::write(
        p("answers.csv"),
        "numbers,target,answer\n1 2 3 4,24,1*2*3*4\n3 3 8 8,24,8/(3-8/3)\n1 1 1 1,24,1+1\n",
    )
    .unwrap();
    std::fs::write(
        p("set.jsonl"),
        "{\"nums\": [1, 2, 3, 4], \"target\": 24}\n{\"nums\": [1, 1, 1, 1], \"target\": 24}\n",
    )
    .unwrap();
    std::fs::write(
        p("replies.csv"),
        "model,numbers,target,response\nm0,\"1 2 3 4\",24,\"1*2*3*4\"\nm0,\"3 3 8 8\",24,\"1+1\"\n",
    )
    .unwrap();
    let data = crate::fixture::subset(&[digits_lab::corpus::CorpusId::TwentyFour]);
    let data = data.path().to_str().unwrap().to_string();
    let (tables, reports) = (p("tables"), p("reports"));
    let words = |line: &[&str]| line.iter().map(|w| w.to_string()).collect::<Vec<_>>();
    let analyze = |shard: &str| {
        words(&[
            "analyze",
            "--corpus",
            "24-nine",
            "--no-report",
            "--shard",
            shard,
            "--out",
            &tables,
        ])
    };
    let commands: Vec<Vec<String>> = vec![
        analyze("1/2"),
        analyze("2/2"),
        words(&[
            "gather", "--corpus", "24-nine", "--shards", "2", "--out", &tables,
        ]),
        words(&["check", "--game", "24", "--batch", &p("answers.csv")]),
        words(&["audit", "--game", "24", &p("set.jsonl")]),
        words(&[
            "evaluate",
            "--game",
            "24",
            "--out",
            &p("eval"),
            &p("replies.csv"),
        ]),
        words(&["generate", "--game", "24", "--count", "3"]),
        words(&[
            "phase",
            "--game",
            "24",
            "--k",
            "2,3",
            "--m",
            "7",
            "--no-report",
            "--out",
            &tables,
        ]),
        words(&["cover", "--size", "4", "--max", "2,4,6,50"]),
        words(&["plots", "--data", &data, "--reports", &reports]),
    ];
    for args in &commands {
        let out = cli().args(args).arg("--quiet").output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{args:?} --quiet: {err}");
        assert_eq!(err, "", "{args:?} --quiet wrote on standard error");
    }
    for args in &commands[3..] {
        if matches!(args[0].as_str(), "check" | "plots") {
            let out = cli().args(args).output().unwrap();
            assert!(out.status.success(), "{args:?}");
            assert!(!out.stderr.is_empty(), "{args:?} has nothing to say");
        }
    }
}
