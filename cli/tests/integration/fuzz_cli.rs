//! Seeded random `solve` calls, mostly malformed, run as a user runs them: numbers of every
//! kind (small, huge, negative, zero, repeated, text, empty), targets likewise, pools and
//! target ranges valid and broken, `--game`, `--pow`, `--zero`, `--concat`, `--unary-minus`, `--all`, `--count`,
//! `--json` and `--no-moves` mixed in any order. Every run must exit 0 with output, or 1 or
//! 2 with exactly one line on stderr; none may panic (exit 101) or run past the time limit.
//!
//! Runs: `FUZZ_CLI_CASES` (default 300; `just fuzz` runs 5,000), seed `FUZZ_SEED`.
//!
//! Boards of seven valid numbers are left out of the 24 game unless `--pow` refuses them: with
//! rationals such a board is a legitimate request that takes the engine 15 to 30 s, not a
//! hang; `docs/FUZZING.md` has the measurements.

use std::time::Duration;

use assert_cmd::Command;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

use crate::fuzz::{env_number, fuzz, run_fuzzed};

/// A number as a user might type it: in range, out of range, huge, negative, text.
fn number() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => (1i64..30).prop_map(|n| n.to_string()),
        1 => prop::sample::select(vec![25i64, 50, 75, 100, 13, 1_000_000, 1_000_001]).prop_map(|n| n.to_string()),
        1 => (-5i64..=0).prop_map(|n| n.to_string()),
        1 => "[0-9]{15,25}",
        1 => "-[0-9]{15,25}",
        1 => prop::sample::select(vec!["", " ", "x", "1.5", "1/2", "1e3", "0x10", "+7", " 7 ", "½", "٣", "NaN", "-0", "--", "\n3"]).prop_map(String::from),
    ]
}

fn target() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => (1i64..1000).prop_map(|n| n.to_string()),
        1 => (-200i64..3000).prop_map(|n| n.to_string()),
        2 => number(),
    ]
}

fn pool() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("1-10x2,25,50,75,100".to_string()),
        "[1-9](-[1-9][0-9]?)?(x[0-9]{1,2})?(,[0-9]{1,3}(x[0-9])?){0,4}",
        "[0-9]{1,8}-[0-9]{1,8}(x[0-9]{1,2})?",
        Just(["1-1000000"; 3].join(",")),
        number(),
        Just(String::new()),
    ]
}

fn targets() -> impl Strategy<Value = String> {
    prop_oneof![
        (-50i64..500, 0i64..2000).prop_map(|(lo, span)| format!("{lo}-{}", lo + span)),
        (-50i64..500, 0i64..2000).prop_map(|(lo, span)| format!("{lo}..={}", lo + span)),
        Just("1-1000000000".to_string()),
        Just("-9223372036854775808..5".to_string()),
        Just("1-99999999999999999999".to_string()),
        Just("9-1".to_string()),
        number(),
    ]
}

/// `solve`'s flags that take no value.
const SWITCHES: [&str; 8] = [
    "--pow",
    "--zero",
    "--concat",
    "--unary-minus",
    "--all",
    "--count",
    "--json",
    "--no-moves",
];

/// One `solve` command line: flags and flag values in any order, then the target (as
/// `--target` in a game that fixes it) and up to nine numbers, or stray words anywhere.
fn solve_call() -> impl Strategy<Value = Vec<String>> {
    let game = prop_oneof![
        3 => Just(None),
        2 => Just(Some("digits")),
        2 => Just(Some("countdown")),
        3 => Just(Some("24")),
        1 => Just(Some("make10")),
        1 => Just(Some("krypto")),
        1 => Just(Some("chess")),
    ];
    let flag = prop_oneof![
        prop::sample::select([&SWITCHES[..], &["--bogus", "--"]].concat())
            .prop_map(|f| vec![f.to_string()]),
        pool().prop_map(|p| vec!["--pool".to_string(), p]),
        targets().prop_map(|t| vec!["--targets".to_string(), t]),
        Just(vec!["--pool".to_string()]),
    ];
    let flags = prop::collection::vec(flag, 0..4);
    let numbers = prop::collection::vec(number(), 0..10);
    (game, flags, target(), numbers).prop_map(|(game, flags, target, numbers)| {
        let mut args = vec!["solve".to_string()];
        if let Some(g) = game {
            args.extend(["--game".to_string(), g.to_string()]);
        }
        let valid = |w: &String| w.trim().parse::<i64>().is_ok_and(|n| n >= 1);
        let rational = matches!(game, Some("24" | "make10"));
        let mut numbers = numbers;
        let pow = flags.iter().any(|f| f[0] == "--pow");
        // Seven numbers outside the positive integers run for seconds: six are enough here.
        let zero = game == Some("krypto") || flags.iter().any(|f| f[0] == "--zero");
        if ((rational && !pow) || zero) && numbers.len() == 7 && numbers.iter().all(valid) {
            numbers.pop();
        }
        args.extend(flags.concat());
        // A game with a fixed target takes the numbers alone; `--target` changes it.
        if rational {
            args.push(format!("--target={target}"));
        } else {
            args.push(target);
        }
        args.extend(numbers);
        args
    })
}

/// A `solve` call that is valid but for the odd flag: a board of the game's own numbers and a
/// target in its range, with any of the flags.
fn plausible_call() -> impl Strategy<Value = Vec<String>> {
    let board = prop_oneof![
        (prop::collection::btree_set(1i64..26, 1..7), 1i64..1000).prop_map(|(b, t)| (
            "digits",
            t,
            b.into_iter().collect::<Vec<_>>()
        )),
        (
            prop::collection::vec(
                prop::sample::select(vec![1i64, 2, 3, 4, 5, 6, 7, 8, 9, 10, 25, 50, 75, 100]),
                1..7
            ),
            100i64..1000
        )
            .prop_map(|(b, t)| ("countdown", t, b)),
        (prop::collection::vec(1i64..14, 1..6), 1i64..101).prop_map(|(b, t)| ("24", t, b)),
        (prop::collection::vec(0i64..10, 4), Just(10)).prop_map(|(b, t)| ("make10", t, b)),
    ];
    // Sometimes a target outside the game's range (negative, zero, large), with a
    // `--targets` range that takes it in.
    let moved = prop::option::weighted(0.3, -100i64..2000);
    let flags = prop::collection::vec(prop::sample::select(SWITCHES.to_vec()), 0..4);
    (board, flags, moved).prop_map(|((game, target, board), flags, moved)| {
        let mut args = vec!["solve".to_string(), "--game".to_string(), game.to_string()];
        args.extend(flags.iter().map(|f| f.to_string()));
        let fixed = matches!(game, "24" | "make10");
        match moved {
            Some(t) => {
                args.push(format!("--targets={}..{}", t.min(1), t.max(999)));
                args.push(format!("--target={t}"));
            }
            None if fixed => {}
            None => args.push(target.to_string()),
        }
        args.extend(board.iter().map(i64::to_string));
        args
    })
}

#[test]
fn fuzz_solve_command_lines() {
    let cases = env_number("FUZZ_CLI_CASES", 300);
    let calls = prop_oneof![solve_call(), plausible_call()];
    fuzz("solve command lines", cases, calls, |args| {
        let (out, err, said) = run_fuzzed(&args, Duration::from_secs(60))?;
        match out.status.code() {
            Some(0) => {
                prop_assert!(!out.stdout.is_empty(), "{said}");
                Ok(true)
            }
            Some(1 | 2) => {
                prop_assert_eq!(err.trim_end().lines().count(), 1, "{}", said);
                Ok(false)
            }
            // A kill at the time limit (no code) or a panic (101).
            _ => Err(TestCaseError::fail(said)),
        }
    });
}

/// The failures the fuzzing found, each as the user met it, and what is said now.
#[test]
fn what_fuzzing_found_is_refused_in_one_line() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["solve", "99999999999999999999", "1", "2"],
            "error: target `99999999999999999999` is too large: digits targets are 1..999 \
             (--targets changes the range, within ±1000000000)",
        ),
        (
            &["solve", "765", "1", "99999999999999999999"],
            "error: `99999999999999999999` is too large: digits numbers come from the pool 1-1000000",
        ),
        (
            &[
                "solve",
                "--targets",
                "-9223372036854775808..5",
                "3",
                "1",
                "2",
            ],
            "error: bad target range `-9223372036854775808..5`: `-9223372036854775808` is too \
             small: targets are within ±1000000000",
        ),
        (
            &[
                "solve",
                "--game",
                "24",
                "--targets",
                "-5-5",
                "--target",
                "7",
                "1",
                "2",
                "3",
                "4",
            ],
            "error: target 7 is out of range: 24 targets are -5..5 (--targets changes the range, \
             within ±1000000000)",
        ),
        (
            &[
                "solve",
                "--pool",
                "1-1000000,1-1000000,1-1000000",
                "3",
                "1",
                "2",
            ],
            "error: bad pool `1-1000000,1-1000000,1-1000000`: its ranges cover more than \
             2,000,000 values",
        ),
        (
            &[
                "solve",
                "--game",
                "24",
                "--pow",
                "--no-moves",
                "2",
                "3",
                "7",
                "10",
                "11",
                "12",
                "13",
            ],
            "error: a board of 7 numbers is too large with ^ in exact rationals: the engine \
             takes at most 6 there (seven grew past 7 GiB)",
        ),
    ];
    for (args, said) in cases {
        let out = Command::new(env!("CARGO_BIN_EXE_digits-lab"))
            .args(*args)
            .timeout(Duration::from_secs(60))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            format!("{said}\n"),
            "{args:?}"
        );
    }
}

/// Found by this fuzzing: a target at or below 0 in the 24 game (a `--targets` range that
/// takes it in) panicked in the difficulty measures, which ask the engine about whole numbers
/// only and gave it a window holding none.
#[test]
fn a_target_below_one_in_the_24_game_is_solved() {
    let solve = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_digits-lab"))
            .args(["solve", "--game", "24"])
            .args(args)
            .timeout(Duration::from_secs(60))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}: {out:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let out = solve(&["--targets=-3..999", "--target=-3", "1", "2"]);
    assert!(out.starts_with("-3 from 1 2 (24): not reachable"), "{out}");
    let out = solve(&[
        "--targets=-5..5",
        "--target=-5",
        "--no-moves",
        "--",
        "1",
        "2",
        "3",
        "4",
    ]);
    assert!(
        out.starts_with("-5 from 1 2 3 4 (24): solvable in 3 operations"),
        "{out}"
    );
    assert!(
        out.contains("trees 122 · expressions 57 · distinct 31"),
        "{out}"
    );
}
