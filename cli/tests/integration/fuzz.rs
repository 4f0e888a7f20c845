//! Fuzzing every parser a user can reach, in process: numbers and targets as typed, target
//! ranges, pools, rules files, shard specs, corpus names and every command line (clap), board
//! numbers, the NYT CSV reader, the human-data CSV that `fit` reads (and the fit itself), and the model
//! JSON. Each gets arbitrary strings or bytes and inputs built to be nearly valid; each case
//! must give a value that meets the parser's promise or an error of one line, never a panic
//! (proptest catches one and shrinks its input).
//!
//! Cases per property: `FUZZ_CASES` (default 2,000; `just fuzz` runs 100,000), a tenth of
//! that for the human-data CSV, and for the fit, which runs a cross-validation per case, a
//! 400th on the quick plan (5 to 20) and, in the slow tier, a hundredth on the full plan (5 to
//! 20; `just fuzz` runs the slow tier's fuzzers too). `FUZZ_SEED` changes the seed (default
//! fixed, so a failure seen once is seen again). Every property prints how many cases it
//! tried (`cargo test … fuzz -- --nocapture` shows them).
//! Whole `solve` runs are thrown at the binary in `fuzz_cli`.

use std::fmt::Debug;
use std::process::Output;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use clap::Parser;
use proptest::prelude::*;
use proptest::test_runner::{RngAlgorithm, TestCaseError, TestRng, TestRunner};

use digits_lab::corpus::nyt::{self, Source};
use digits_lab::corpus::{CorpusId, Shard};
use digits_lab::game::board::{Board, MAX_NUMBERS};
use digits_lab::game::pool::{MAX_CARD, MAX_POOL_VALUES, MAX_TARGET, Pool, parse_targets};
use digits_lab::game::rule_file;
use digits_lab::game::rule_set::{Game, GameKind};
use digits_lab::game::words;
use digits_lab::model::{Fitted, human, train};
use digits_lab::present::fit::markdown as fit_report;
use digits_lab_cli::Cli;

use crate::cli::cli;

/// `var` as a number when set, else `default`.
pub fn env_number(var: &str, default: u64) -> u64 {
    std::env::var(var)
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(default)
}

/// Cases per property: `FUZZ_CASES`, or 2,000.
pub fn cases() -> u64 {
    env_number("FUZZ_CASES", 2_000)
}

/// A runner of `cases` cases from the seed `FUZZ_SEED` (default 0).
pub fn runner(cases: u64) -> TestRunner {
    let mut seed = [0u8; 32];
    seed[..8].copy_from_slice(&env_number("FUZZ_SEED", 0).to_le_bytes());
    let config = ProptestConfig {
        cases: u32::try_from(cases).unwrap_or(u32::MAX),
        failure_persistence: None,
        ..ProptestConfig::default()
    };
    TestRunner::new_with_rng(config, TestRng::from_seed(RngAlgorithm::ChaCha, &seed))
}

/// The program run on a fuzzed command line (killed after `limit`): its output, its standard
/// error, and what to say of the run when a check fails. Fails the case when it panicked.
pub fn run_fuzzed(
    args: &[String],
    limit: Duration,
) -> Result<(Output, String, String), TestCaseError> {
    let out = cli().args(args).timeout(limit).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    let said = format!("{args:?}: exit {:?}, stderr: {err}", out.status.code());
    prop_assert!(!err.contains("panicked"), "{}", said);
    Ok((out, err, said))
}

/// Runs `test` on `cases` values of `strategy` (it says whether the value was accepted),
/// prints how many it tried and accepted, and fails with the smallest failing value proptest
/// finds.
pub fn fuzz<S>(
    name: &str,
    cases: u64,
    strategy: S,
    test: impl Fn(S::Value) -> Result<bool, TestCaseError>,
) where
    S: Strategy,
    S::Value: Debug,
{
    let (tried, accepted) = (AtomicU64::new(0), AtomicU64::new(0));
    let result = runner(cases).run(&strategy, |v| {
        tried.fetch_add(1, Ordering::Relaxed);
        if test(v)? {
            accepted.fetch_add(1, Ordering::Relaxed);
        }
        Ok(())
    });
    eprintln!(
        "fuzz {name}: {} cases tried, {} accepted, {}",
        tried.into_inner(),
        accepted.into_inner(),
        if result.is_ok() {
            "no failure"
        } else {
            "FAILED"
        }
    );
    if let Err(e) = result {
        panic!("fuzz {name}: {e}");
    }
}

/// Refused with a message fit for one line on stderr.
fn one_line(e: &impl ToString) -> Result<bool, TestCaseError> {
    let m = e.to_string();
    prop_assert!(!m.trim().is_empty() && !m.contains('\n'), "message {m:?}");
    Ok(false)
}

/// Text as people might type a number, a range or a list: digits with signs, dots, dashes,
/// commas, `x` and spaces, numbers of any length, and any text at all.
fn typed() -> impl Strategy<Value = String> {
    prop_oneof![
        "[-+ ]?[0-9]{1,3}",
        "[-+ ]?[0-9]{1,25}",
        "[-+]?[0-9]{1,3}(-|\\.\\.|\\.\\.=|--)[-+]?[0-9]{1,4}",
        "[-+]?[0-9]{1,8}(-|\\.\\.|\\.\\.=|--)[-+]?[0-9]{1,22}",
        "[0-9]{1,6}/[0-9]{1,6}",
        prop::sample::select(vec![
            "digits",
            "countdown",
            "24",
            "24-nine",
            "24-pow",
            "24-minus",
            "nyt",
            "all",
            "custom",
            "24,nyt",
            "Digits",
            " 24",
            "24 ",
            "1/1",
            "0/0",
            "2/1",
            "100000/100000",
            "1/100001",
        ])
        .prop_map(String::from),
        "([0-9]{1,8}(-[0-9]{1,8})?([x*][0-9]{1,3})?,?){1,6}",
        "[0-9x*,./ +-]{0,20}",
        any::<i64>().prop_map(|n| n.to_string()),
        any::<String>(),
        "\\PC{0,16}",
    ]
}

/// Any string, or arbitrary bytes read as UTF-8 with replacement.
fn any_text() -> impl Strategy<Value = String> {
    prop_oneof![
        typed(),
        prop::collection::vec(any::<u8>(), 0..64)
            .prop_map(|b| String::from_utf8_lossy(&b).into_owned()),
    ]
}

#[test]
fn fuzz_whole_numbers_and_targets() {
    let games = GameKind::ALL.map(Game::preset);
    fuzz("numbers and targets", cases(), any_text(), |text| {
        match words::whole(&text) {
            Ok(n) => prop_assert_eq!(text.trim().parse::<i64>(), Ok(n)),
            Err(e) => prop_assert!(text.trim().parse::<i64>().is_err(), "{e:?}"),
        }
        let mut accepted = false;
        for game in &games {
            match game.parse_target(&text) {
                Ok(t) => {
                    prop_assert!(game.targets.contains(&t));
                    accepted = true;
                }
                Err(e) => {
                    one_line(&e)?;
                }
            }
        }
        Ok(accepted)
    });
}

#[test]
fn fuzz_target_ranges() {
    fuzz("target ranges", cases(), any_text(), |text| {
        match parse_targets(&text) {
            Ok(r) => prop_assert!(
                r.start() <= r.end()
                    && r.start().abs() <= MAX_TARGET
                    && r.end().abs() <= MAX_TARGET,
                "{text:?} gave {r:?}"
            ),
            Err(e) => return one_line(&e),
        }
        Ok(true)
    });
}

#[test]
fn fuzz_pools() {
    fuzz("pools", cases(), any_text(), |text| {
        match text.parse::<Pool>() {
            Ok(p) => {
                let covered: u64 = p
                    .segments
                    .iter()
                    .map(|&(lo, hi, _)| (hi - lo + 1) as u64)
                    .sum();
                prop_assert!(covered <= MAX_POOL_VALUES, "{text:?}");
                for &(lo, hi, copies) in &p.segments {
                    prop_assert!(
                        0 <= lo && lo <= hi && hi <= MAX_CARD && (1..=16).contains(&copies)
                    );
                }
                // Listing the cards costs what the ranges cover: only small pools here.
                if covered <= 10_000 {
                    let cards = p.cards();
                    prop_assert!(cards.windows(2).all(|w| w[0].0 < w[1].0));
                    prop_assert!(cards.iter().all(|&(v, c)| c == p.copies(v) && c >= 1));
                }
            }
            Err(e) => return one_line(&e),
        }
        Ok(true)
    });
}

/// A rules file: each key of the format (and a stray one) with a value of any kind — a typed
/// number or range, a game or deal name, a boolean, a quoted string, an array — in any order,
/// some lines broken; or any text at all.
fn rules_file() -> impl Strategy<Value = String> {
    let key = prop::sample::select(vec![
        "game",
        "pool",
        "size",
        "target",
        "targets",
        "use-all",
        "zero",
        "negatives",
        "fractions",
        "pow",
        "unary-minus",
        "concat",
        "distinct",
        "deal",
        "colour",
    ]);
    let value = prop_oneof![
        typed().prop_map(|t| format!("{t:?}")),
        "-?[0-9]{1,20}",
        prop::sample::select(vec![
            "true",
            "false",
            "\"24\"",
            "\"make10\"",
            "\"krypto\"",
            "\"countdown\"",
            "\"digits\"",
            "\"chess\"",
            "\"deck\"",
            "\"ticket\"",
            "\"deck-and-target\"",
            "\"0-9x4\"",
            "\"1-13x4\"",
            "\"0-10\"",
            "[1, 2]",
            "{}",
            "1.5",
            "",
        ])
        .prop_map(String::from),
    ];
    let line = prop_oneof![
        8 => (key, value).prop_map(|(k, v)| format!("{k} = {v}")),
        1 => any_text(),
    ];
    prop_oneof![
        6 => prop::collection::vec(line, 0..8).prop_map(|lines| lines.join("\n")),
        1 => any_text(),
    ]
}

#[test]
fn fuzz_rule_files() {
    fuzz("rules files", cases(), rules_file(), |text| {
        match rule_file::parse(&text) {
            // Whatever a file says, a game it gives passes the same checks the flags' do,
            // and deals boards or refuses in one line.
            Ok(game) => {
                prop_assert!(game.check().is_ok(), "{text:?}: {game:?}");
                prop_assert!((1..=MAX_NUMBERS).contains(&game.size), "{text:?}");
                if let Some(t) = game.target {
                    prop_assert!(game.targets.contains(&t), "{text:?}");
                }
                Ok(true)
            }
            Err(e) => one_line(&e),
        }
    });
}

#[test]
fn fuzz_shards_and_corpus_names() {
    fuzz(
        "shard specs and corpus names",
        cases(),
        any_text(),
        |text| {
            let shard = match text.parse::<Shard>() {
                Ok(s) => {
                    prop_assert!(1 <= s.k && s.k <= s.n && s.n <= Shard::MOST);
                    true
                }
                Err(e) => one_line(&e)?,
            };
            let corpus = match text.parse::<CorpusId>() {
                Ok(c) => {
                    prop_assert_eq!(c.name(), text.as_str());
                    true
                }
                Err(e) => one_line(&e)?,
            };
            Ok(shard || corpus)
        },
    );
}

/// Words for a board: small and large numbers, signs, text.
fn board_words() -> impl Strategy<Value = Vec<String>> {
    let word = prop_oneof![
        4 => (1i64..30).prop_map(|n| n.to_string()),
        1 => (-3i64..1_000_100).prop_map(|n| n.to_string()),
        1 => typed(),
    ];
    prop::collection::vec(word, 0..10)
}

#[test]
fn fuzz_board_numbers() {
    let games = GameKind::ALL.map(Game::preset);
    fuzz("board numbers", cases(), board_words(), |words| {
        let mut accepted = false;
        for game in &games {
            match Board::parse(game, &words) {
                Ok(b) => {
                    let n = b.numbers();
                    prop_assert!((1..=MAX_NUMBERS).contains(&n.len()) && n.is_sorted());
                    for &v in n {
                        let used = n.iter().filter(|&&m| m == v).count();
                        prop_assert!(used as u32 <= game.pool.copies(v));
                        prop_assert!(!game.distinct || used == 1);
                    }
                    accepted = true;
                }
                Err(e) => {
                    one_line(&e)?;
                }
            }
        }
        Ok(accepted)
    });
}

/// Every command line, parsed (clap) and checked as far as the library goes without running
/// anything: the corpora `analyze` and `gather` name, the game `solve` describes.
fn command_line() -> impl Strategy<Value = Vec<String>> {
    // Every command and every long flag clap knows, so a new one is fuzzed without a list
    // to keep up to date; `x` is no command.
    let cli = <Cli as clap::CommandFactory>::command();
    let mut commands: Vec<String> = cli
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .collect();
    commands.push("x".into());
    let mut flags: Vec<String> = cli
        .get_subcommands()
        .flat_map(|c| c.get_arguments())
        .filter_map(|a| a.get_long().map(|l| format!("--{l}")))
        .collect();
    flags.extend(["--help".into(), "--version".into()]);
    flags.sort();
    flags.dedup();
    let command = prop::sample::select(commands);
    let flag = prop::sample::select(flags);
    let token = prop_oneof![2 => flag, 3 => typed()];
    (command, prop::collection::vec(token, 0..10)).prop_map(|(c, rest)| {
        let mut args = vec!["digits-lab".to_string(), c];
        args.extend(rest);
        args
    })
}

#[test]
fn fuzz_command_lines() {
    use digits_lab_cli::Command;
    fuzz("command lines (clap)", cases(), command_line(), |args| {
        let cli = match Cli::try_parse_from(&args) {
            Ok(cli) => cli,
            Err(e) => return one_line(&digits_lab_cli::usage_error(&e)),
        };
        let checked = match cli.command {
            Command::Solve(s) => s.request().and_then(|r| r.puzzle()).map(|_| ()),
            Command::Analyze(a) => a.request().and_then(|r| r.corpora.corpora()).map(|_| ()),
            Command::Gather(g) => g.which.options().corpora().map(|_| ()),
            Command::Phase(p) => p.request().and_then(|r| r.plan()).map(|_| ()),
            _ => Ok(()),
        };
        match checked {
            Ok(()) => Ok(true),
            Err(e) => one_line(&e),
        }
    });
}

/// An NYT file: a header and rows of date, slot, target and numbers, each field nearly
/// valid or anything; or arbitrary bytes.
fn nyt_file() -> impl Strategy<Value = Vec<u8>> {
    let field = prop_oneof![
        4 => (1i64..40).prop_map(|n| n.to_string()),
        1 => (1i64..1200).prop_map(|n| n.to_string()),
        1 => typed(),
        1 => Just("\"a,b\"".to_string()),
    ];
    let row = (
        prop_oneof![Just("2023-05-01".to_string()), "\\PC{0,12}"],
        prop::collection::vec(field, 0..10),
    )
        .prop_map(|(date, rest)| format!("{date},{}", rest.join(",")));
    // Rows that are valid but for a field or two: six distinct numbers of 1–30 (sometimes
    // five or seven), slots 0–6, targets 0–1,000.
    let near = (
        prop::collection::btree_set(1i64..31, 5..8),
        0i64..7,
        0i64..1001,
        prop::option::weighted(0.2, (0usize..9, typed())),
    )
        .prop_map(|(numbers, slot, target, broken)| {
            let mut fields: Vec<String> = [
                "2023-05-01".to_string(),
                slot.to_string(),
                target.to_string(),
            ]
            .into_iter()
            .chain(numbers.iter().map(i64::to_string))
            .collect();
            if let Some((i, text)) = broken {
                let i = i.min(fields.len() - 1);
                fields[i] = text.replace(['"', ',', '\n', '\r'], "");
            }
            fields.join(",")
        });
    let row = prop_oneof![3 => near, 1 => row];
    let file = prop::collection::vec(row, 0..5).prop_map(|rows| {
        format!("date,slot,target,n1,n2,n3,n4,n5,n6\n{}\n", rows.join("\n")).into_bytes()
    });
    prop_oneof![2 => file, 1 => prop::collection::vec(any::<u8>(), 0..300)]
}

#[test]
fn fuzz_nyt_files() {
    let digits = Game::preset(GameKind::Digits);
    fuzz("NYT CSV", cases(), nyt_file(), |bytes| {
        match nyt::parse(&digits, bytes.as_slice(), &Source::Embedded) {
            Ok(boards) => {
                prop_assert!(!boards.is_empty());
                for b in boards.iter() {
                    prop_assert_eq!(b.board.numbers().len(), digits.size);
                    let p = b.published.as_ref().expect("a published puzzle");
                    prop_assert!((1..=nyt::SLOTS).contains(&p.slot));
                    prop_assert!(digits.targets.contains(&p.target));
                }
                Ok(true)
            }
            Err(e) => one_line(&e),
        }
    });
}

/// The cards of the first 60 sets of the real training file.
fn real_cards() -> Vec<String> {
    human::EMBEDDED
        .lines()
        .skip(1)
        .take(60)
        .map(|l| l.split(',').next().unwrap().to_string())
        .collect()
}

/// A training file: the header and rows of four cards (solvable sets of the real file, or
/// anything), a time and a rate, nearly valid or anything; or arbitrary text.
fn training_file(rows: std::ops::Range<usize>) -> impl Strategy<Value = String> {
    let real = real_cards();
    let cards = prop_oneof![
        6 => prop::sample::select(real),
        1 => prop::collection::vec(0i64..15, 0..6)
            .prop_map(|c| c.iter().map(i64::to_string).collect::<Vec<_>>().join(" ")),
        1 => typed(),
    ];
    let number = prop_oneof![
        4 => (0.5f64..120.0).prop_map(|t| format!("{t:.2}")),
        2 => Just("10".to_string()),
        1 => prop_oneof![Just("0"), Just("-1"), Just("NaN"), Just("inf"), Just("1e308"), Just("5e-324")]
            .prop_map(String::from),
        1 => typed(),
    ];
    let rate = prop_oneof![
        4 => (0.0f64..=1.0).prop_map(|r| format!("{r:.3}")),
        2 => Just("1".to_string()),
        1 => typed(),
    ];
    let row = (cards, number, rate).prop_map(|(c, t, r)| format!("{c},{t},{r}"));
    prop::collection::vec(row, rows)
        .prop_map(|rows| format!("cards,mean_time_s,solve_rate\n{}\n", rows.join("\n")))
}

#[test]
fn fuzz_training_files() {
    let file = prop_oneof![2 => fit_file(), 2 => training_file(0..30), 1 => any_text()];
    fuzz(
        "human-data CSV",
        cases() / 10,
        file,
        |text| match human::parse(&text, "fuzz.csv") {
            Ok(sets) => {
                prop_assert!(sets.len() >= 20 && sets.iter().all(|s| s.cards.len() == 4));
                Ok(true)
            }
            Err(e) => one_line(&e),
        },
    );
}

/// Training files `fit` accepts, with the degenerate cases it may meet: the same set over
/// and over, every time equal, extreme times (1e308 s, the least positive double), every
/// rate 0 or 1.
fn fit_file() -> impl Strategy<Value = String> {
    let real = real_cards();
    let cards = prop_oneof![
        3 => prop::sample::select(real),
        1 => Just("6 6 6 6".to_string()),
    ];
    let time = prop_oneof![
        4 => (0.5f64..120.0).prop_map(|t| format!("{t:.2}")),
        2 => Just("10".to_string()),
        1 => prop::sample::select(vec!["1e308", "5e-324", "1e-300", "0.001"]).prop_map(String::from),
    ];
    let rate = prop_oneof![
        3 => (0.0f64..=1.0).prop_map(|r| format!("{r:.3}")),
        1 => Just("1".to_string()),
        1 => Just("0".to_string()),
    ];
    let row = (cards, time, rate).prop_map(|(c, t, r)| format!("{c},{t},{r}"));
    prop::collection::vec(row, 20..40)
        .prop_map(|rows| format!("cards,mean_time_s,solve_rate\n{}\n", rows.join("\n")))
}

/// Files `fit` accepts, fitted on `plan`: the model it would write must read back, and its
/// report must be written. `count` fits.
fn fits(name: &str, plan: &train::Plan, count: u64) {
    fuzz(name, count, fit_file(), |text| {
        let sets = match human::parse(&text, "fuzz.csv") {
            Ok(sets) => sets,
            Err(e) => return one_line(&e),
        };
        let t = match train::train(sets, plan) {
            Ok(t) => t,
            Err(e) => return one_line(&e),
        };
        let json = t.model.to_json();
        prop_assert!(Fitted::parse(&json, "fit").is_ok(), "{json}");
        let _ = fit_report::report(&t);
        Ok(true)
    });
}

/// Fits on the small plan, which runs the same code as the published fit: a 400th of the
/// cases, 5 to 20 (5 in `cargo test`, 20 in `just fuzz`).
#[test]
fn fuzz_fits() {
    fits(
        "fit of accepted human-data CSV (quick plan)",
        &train::Plan::QUICK,
        (cases() / 400).clamp(5, 20),
    );
}

/// Fits on the published plan: each runs the nested cross-validation and the surrogate's
/// 600 exact walks (seconds each), so `just fuzz` tries as many as `cargo test` does.
#[test]
#[ignore = "slow: 20 fits on the full plan, each with 600 exact six-number walks"]
fn fuzz_fits_on_the_full_plan() {
    fits(
        "fit of accepted human-data CSV (full plan)",
        &train::Plan::FULL,
        (cases() / 100).clamp(5, 20),
    );
}

/// The model file with one value replaced (a number, a list, a string, a key dropped), or
/// arbitrary text.
fn model_file() -> impl Strategy<Value = String> {
    let real: serde_json::Value = serde_json::from_str(&Fitted::embedded().to_json()).unwrap();
    let replacement = prop_oneof![
        any::<f64>().prop_map(|x| serde_json::json!(x)),
        Just(serde_json::json!(0.0)),
        Just(serde_json::json!(-1.0)),
        Just(serde_json::json!(1e308)),
        Just(serde_json::json!([])),
        Just(serde_json::json!([1.0, 2.0])),
        Just(serde_json::json!(null)),
        Just(serde_json::json!("x")),
        any::<i64>().prop_map(|x| serde_json::json!(x)),
    ];
    let paths = vec![
        "/rows",
        "/rho_time",
        "/rho_solve",
        "/linear/inputs",
        "/linear/inputs/0",
        "/linear/mean",
        "/linear/mean/2",
        "/linear/sd/1",
        "/linear/sd",
        "/linear/weights/4",
        "/linear/weights",
        "/linear/intercept",
        "/linear/alpha",
        "/rate/a",
        "/rate/b",
        "/about",
        "/columns",
        "/columns/5",
        "/surrogate/linear/inputs/1",
        "/surrogate/linear/sd/3",
        "/surrogate/linear/weights",
        "/surrogate/check_rho",
        "/player/features/0",
        "/player/weights",
        "/player/weights/9",
    ];
    let edited = (prop::sample::select(paths), replacement, any::<bool>()).prop_map(
        move |(path, value, drop)| {
            let mut m = real.clone();
            let (parent, key) = path.rsplit_once('/').unwrap();
            let parent = m.pointer_mut(parent).unwrap();
            match (parent, drop) {
                (serde_json::Value::Object(o), true) => {
                    o.remove(key);
                }
                (p, _) => *p.pointer_mut(&format!("/{key}")).unwrap() = value,
            }
            m.to_string()
        },
    );
    prop_oneof![3 => edited, 1 => any_text()]
}

#[test]
fn fuzz_model_files() {
    fuzz("model JSON", cases(), model_file(), |text| {
        match Fitted::parse(&text, "model.json") {
            Ok(m) => {
                // Predicting takes one number per input and divides by each sd, and the
                // player's weights fill its feature slots: none can fail on a model that was
                // accepted.
                let ln_time = m.linear.predict(&vec![1.0; m.linear.inputs.len()]);
                let _ = m
                    .surrogate
                    .linear
                    .predict(&vec![1.0; m.surrogate.linear.inputs.len()]);
                let _ = m.player();
                let _ = m.solve_rate(ln_time);
                Ok(true)
            }
            Err(e) => one_line(&e),
        }
    });
}
