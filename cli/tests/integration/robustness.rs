//! No input crashes the program. Hundreds of random and malformed argument lists are thrown
//! at `solve`, `analyze`, `hardest` and `plots`: each run must exit 0 or 2, with exactly one
//! line on stderr when it refuses, and never panic, abort or hang. Random bytes are thrown at
//! the parsers of NYT files, pools, target ranges, shards and boards: each must give a value
//! or an error.
//!
//! The requests that are valid are kept small (custom corpora of a few dozen boards), so that
//! a run that is accepted ends in a second or two.

use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use assert_cmd::Command;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

use digits_lab::corpus::Shard;
use digits_lab::corpus::nyt::{self, Source};
use digits_lab::game::board::Board;
use digits_lab::game::pool::{Pool, parse_targets};
use digits_lab::game::rule_set::{Game, GameKind};

use crate::fixture;

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// A value for any flag: numbers small and huge, ranges, pools, shards, names, nothing, or
/// any text at all (but a NUL byte, which no program can receive as an argument).
fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        any::<i64>().prop_map(|n| n.to_string()),
        (-5i64..1200).prop_map(|n| n.to_string()),
        "[0-9]{10,30}",
        "-?[0-9]{1,4}(-|\\.\\.)[0-9]{1,4}",
        "[0-9]{1,2}(-[0-9]{1,2})?(x[0-9]{1,2})?(,[0-9]{1,2}(-[0-9]{1,2})?){0,2}",
        "[0-9]{1,3}/[0-9]{1,3}",
        prop::sample::select(vec![
            "digits",
            "countdown",
            "24",
            "chess",
            "custom",
            "24,chess",
            "trees",
            "expressions",
            "distinct",
            "count",
            "difficulty",
            "table",
            "csv",
            "json",
            "true",
            "false",
            "-1",
            "1e3",
            "0x10",
            "NaN",
            "½",
            "../..",
            "/",
            "1-1000000000",
            "-0",
            "+7",
        ])
        .prop_map(String::from),
        "[^\\x00]{0,12}",
    ]
}

/// `--flag` followed by a value, a bare flag, or a stray word.
fn tokens(flags: &'static [&'static str]) -> impl Strategy<Value = Vec<String>> {
    let one = prop_oneof![
        3 => (prop::sample::select(flags), value())
            .prop_map(|(f, v)| vec![f.to_string(), v]),
        1 => prop::sample::select(flags).prop_map(|f| vec![f.to_string()]),
        1 => value().prop_map(|v| vec![v]),
        1 => Just(vec!["--no-such-flag".to_string()]),
    ];
    prop::collection::vec(one, 0..6).prop_map(|v| v.concat())
}

const SOLVE: &[&str] = &[
    "--game",
    "--pow",
    "--unary-minus",
    "--pool",
    "--targets",
    "--all",
    "--count",
    "--json",
];
const HARDEST: &[&str] = &[
    "--corpus",
    "--target",
    "--convention",
    "--by",
    "--limit",
    "--candidates",
    "--format",
    "--data",
];
const PLOTS: &[&str] = &["--data", "--out"];

/// Analyze requests that, when valid, are small: a custom corpus from a pool of at most a
/// dozen small numbers, boards of at most 5, targets up to a few thousand (or absurd ranges,
/// which must be refused).
fn analyze_args() -> impl Strategy<Value = Vec<String>> {
    let pool = prop_oneof![
        "[1-9](-1[0-2])?(x[1-2])?".prop_map(String::from),
        "[1-9],[1-9]{1,2}(x[1-3])?".prop_map(String::from),
        value(),
    ];
    let targets = prop_oneof![
        (-5i64..60, 0i64..2000).prop_map(|(lo, span)| format!("{lo}..{}", lo + span)),
        Just("1-1000000000".to_string()),
        Just("999999999-1000000000".to_string()),
        value(),
    ];
    let size = prop_oneof![(-1i64..=5).prop_map(|n| n.to_string()), value()];
    let corpus = prop::sample::select(vec!["custom", "custom", "chess", "", "24,chess", "all,x"]);
    let flag = prop_oneof![
        pool.prop_map(|p| vec!["--pool".to_string(), p]),
        targets.prop_map(|t| vec!["--targets".to_string(), t]),
        size.prop_map(|s| vec!["--size".to_string(), s]),
        prop::sample::select(vec!["digits", "countdown", "24", "chess"])
            .prop_map(|g| vec!["--game".to_string(), g.to_string()]),
        value().prop_map(|v| vec!["--distinct".to_string(), v]),
        value().prop_map(|v| vec!["--threads".to_string(), v]),
        value().prop_map(|v| vec!["--shard".to_string(), v]),
        value().prop_map(|v| vec!["--cache-mb".to_string(), v]),
        value().prop_map(|v| vec!["--name".to_string(), v]),
        value().prop_map(|v| vec!["--nyt".to_string(), v]),
        Just(vec!["--bogus".to_string()]),
    ];
    (corpus, prop::collection::vec(flag, 0..5)).prop_map(|(c, flags)| {
        let mut args = vec!["analyze".to_string(), "--corpus".to_string(), c.to_string()];
        // Without a pool a custom corpus takes the game's own, which for Digits is every
        // number up to a million: valid, and a billion puzzles long. A small pool keeps a
        // valid request small; the generated pools are still tried when there is one.
        if !flags.iter().any(|f| f[0] == "--pool") {
            args.extend(["--pool".to_string(), "1-12".to_string()]);
        }
        args.extend(flags.concat());
        args
    })
}

/// Requests that are mostly valid, so that runs to the end are thrown in too: a puzzle of
/// small numbers, or a small custom corpus.
fn plausible() -> impl Strategy<Value = Vec<String>> {
    let game = prop::sample::select(vec!["digits", "countdown", "24"]);
    let solve = (
        game.clone(),
        1i64..1000,
        prop::collection::vec(1i64..30, 1..7),
    )
        .prop_map(|(g, t, numbers)| {
            let mut args = vec!["solve", "--no-moves", "--json", "--game", g]
                .into_iter()
                .map(String::from)
                .collect::<Vec<_>>();
            args.push(t.to_string());
            args.extend(numbers.iter().map(i64::to_string));
            args
        });
    let analyze = (game, 2i64..10, 1i64..5, 1i64..200).prop_map(|(g, top, size, hi)| {
        let args = [
            "analyze".to_string(),
            "--corpus".into(),
            "custom".into(),
            "--game".into(),
            g.into(),
            "--pool".into(),
            format!("1-{top}x2"),
            "--size".into(),
            size.to_string(),
            "--targets".into(),
            format!("1-{hi}"),
        ];
        args.to_vec()
    });
    prop_oneof![solve, analyze]
}

fn arguments() -> impl Strategy<Value = Vec<String>> {
    let numbers = prop::collection::vec(value(), 0..9);
    prop_oneof![
        3 => plausible(),
        3 => (tokens(SOLVE), value(), numbers).prop_map(|(flags, target, numbers)| {
            // `--no-moves`: the move walk of a valid 7-number board takes seconds, and it
            // has its own tests.
            let mut args = vec!["solve".to_string(), "--no-moves".to_string()];
            args.extend(flags);
            args.push(target);
            args.extend(numbers);
            args
        }),
        3 => analyze_args(),
        2 => tokens(HARDEST).prop_map(|t| [vec!["hardest".to_string()], t].concat()),
        1 => tokens(PLOTS).prop_map(|t| [vec!["plots".to_string()], t].concat()),
        1 => prop::collection::vec(value(), 0..4),
    ]
}

/// Runs the program with `args` in the folder `dir`, with the fixture tables as `data/`;
/// counts the runs that exit 0 in `accepted`.
fn check(args: &[String], dir: &Path, accepted: &AtomicUsize) -> Result<(), TestCaseError> {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_digits-lab"));
    cmd.current_dir(dir).args(args);
    if args.first().is_some_and(|a| a == "analyze") {
        cmd.args(["--quiet", "--out", "out", "--reports", "reports"]);
    }
    let out = cmd.timeout(Duration::from_secs(90)).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    let lines = err.trim_end().lines().count();
    let said = format!("{args:?}: exit {:?}, stderr: {err}", out.status.code());
    prop_assert!(!err.contains("panicked"), "{said}");
    match out.status.code() {
        Some(0) => {
            accepted.fetch_add(1, Ordering::Relaxed);
        }
        Some(2) => prop_assert_eq!(lines, 1, "{}", said),
        // Stopped at the time budget: a valid request too big to finish in it (a custom
        // corpus of a generated pool of dozens of numbers is millions of boards). It has
        // printed nothing (`--quiet`), so nothing went wrong so far.
        None if args.first().is_some_and(|a| a == "analyze") => {
            prop_assert!(err.trim().is_empty(), "{said}")
        }
        _ => return Err(TestCaseError::fail(said)),
    }
    Ok(())
}

#[test]
fn any_argument_list_exits_0_or_2_with_one_line() {
    argument_lists(60);
}

#[test]
#[ignore = "slow: 400 runs of the binary, `plots` among them"]
fn four_hundred_argument_lists_exit_0_or_2_with_one_line() {
    argument_lists(400);
}

/// `cases` argument lists thrown at the program (at least 60, so that both outcomes must
/// show).
fn argument_lists(cases: u32) {
    assert!(cases >= 60);
    let dir = tempfile::tempdir().unwrap();
    // `hardest` and `plots` read `data/` by default: the fixture's tables.
    let data = dir.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    for id in [
        digits_lab::corpus::CorpusId::TwentyFour,
        digits_lab::corpus::CorpusId::Nyt,
    ] {
        let from = fixture::data_dir().join(id.name());
        copy(&from, &data.join(id.name()));
    }
    // Seeded (`FUZZ_SEED`), so that the share of each outcome is the same on every run.
    let mut runner = crate::fuzz::runner(cases.into());
    let accepted = AtomicUsize::new(0);
    let result = runner.run(&arguments(), |args| check(&args, dir.path(), &accepted));
    if let Err(e) = result {
        panic!("{e}");
    }
    // Both paths were taken: requests ran to the end, and more were refused.
    let accepted = accepted.into_inner();
    assert!(
        (cases as usize / 20..cases as usize * 3 / 4).contains(&accepted),
        "{accepted} of {cases} runs succeeded"
    );
}

fn copy(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        if e.file_type().unwrap().is_dir() {
            copy(&e.path(), &to.join(e.file_name()));
        } else {
            std::fs::copy(e.path(), to.join(e.file_name())).unwrap();
        }
    }
}

proptest! {
    #![proptest_config(config(2000))]

    #[test]
    fn the_parsers_take_any_bytes(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let text = String::from_utf8_lossy(&bytes);
        let digits = Game::preset(GameKind::Digits);
        let _ = nyt::parse(&digits, bytes.as_slice(), &Source::Embedded);
        let _ = text.parse::<Pool>();
        let _ = parse_targets(&text);
        let _ = text.parse::<Shard>();
        let words: Vec<&str> = text.split_whitespace().collect();
        for game in GameKind::ALL.map(Game::preset) {
            let _ = Board::parse(&game, &words);
        }
    }

    #[test]
    fn nyt_files_with_broken_rows_are_refused(
        date in ".{0,12}",
        slot in value(),
        target in value(),
        numbers in prop::collection::vec(value(), 0..9),
    ) {
        let row = format!("date,slot,target,n1\n{date},{slot},{target},{}\n", numbers.join(","));
        let digits = Game::preset(GameKind::Digits);
        if let Ok(boards) = nyt::parse(&digits, row.as_bytes(), &Source::Embedded) {
            prop_assert!(boards.len() <= 1);
        }
    }
}
