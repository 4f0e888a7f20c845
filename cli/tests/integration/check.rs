//! `check` against the engine and the brute force, on random boards of every preset and
//! variant:
//!
//! * `every_printed_solution_is_solved`: every `distinct` solution `solve --all` prints, its
//!   shortest solution (with `ops` equal to `min_ops`) and that solution's moves check as
//!   solved; a closest miss checks as valid at its distance;
//! * `corrupted_solutions_are_refused_with_their_reason`: a number off the board, a number
//!   used once too often, `^` or unary minus where the game has none, a wrong `= value` or
//!   move result, a dropped move where every number is used, a step out of the domain —
//!   each refused with its own fault;
//! * `check_agrees_with_the_brute_force`: random expressions over board and other numbers,
//!   every operation, unary minus: valid exactly when the brute force's printed-expression
//!   evaluator (`brute::eval_printed`) evaluates them and their numbers are the board's (all
//!   of them where every number is used), with the same value;
//! * a file of answers (JSONL, CSV, Parquet) gets the verdicts one answer at a time gets.

use std::collections::BTreeMap;

use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::TestCaseError;

use digits_lab::check::{Fault, Verdict, check};
use digits_lab::dataset::check::{Output, Tally, check_file};
use digits_lab::dataset::input::Columns;
use digits_lab::game::board::Board;
use digits_lab::game::rule_set::{Game, GameKind};
use digits_lab::progress::Silent;
use digits_lab::puzzle::solve::{Exact, Options, solve};

use crate::brute::{self, BruteRules, Q};

/// The presets and the variants whose answers differ: powers, unary minus, joined digits.
fn games() -> Vec<(&'static str, Game)> {
    let preset = Game::preset;
    let mut make10_joined = preset(GameKind::Make10);
    make10_joined.rules.concat = true;
    vec![
        ("digits", preset(GameKind::Digits)),
        ("countdown", preset(GameKind::Countdown)),
        ("24", preset(GameKind::TwentyFour)),
        ("make10", preset(GameKind::Make10)),
        ("krypto", preset(GameKind::Krypto)),
        ("countdown --pow", preset(GameKind::Countdown).with_pow()),
        ("24 --pow", preset(GameKind::TwentyFour).with_pow()),
        (
            "24 --unary-minus",
            preset(GameKind::TwentyFour).with_unary_minus().unwrap(),
        ),
        ("make10 --concat", make10_joined),
    ]
}

/// A board of `size` numbers the game deals, picked from its cards by `picks`.
fn board(game: &Game, size: usize, picks: &[Index]) -> Board {
    let mut cards: Vec<i64> = game
        .pool
        .cards()
        .into_iter()
        .flat_map(|(n, copies)| {
            std::iter::repeat_n(n, if game.distinct { 1 } else { copies as usize })
        })
        .collect();
    let mut numbers = Vec::new();
    for p in picks.iter().take(size.min(cards.len())) {
        numbers.push(cards.remove(p.index(cards.len())));
    }
    Board::new(game, numbers).expect("dealt from the pool")
}

fn target(game: &Game, pick: Index) -> i64 {
    game.target.unwrap_or_else(|| {
        let (lo, hi) = (*game.targets.start(), (*game.targets.end()).min(200));
        lo + pick.index((hi - lo + 1) as usize) as i64
    })
}

fn fail(msg: String) -> TestCaseError {
    TestCaseError::fail(msg)
}

fn solved(what: &str, v: &Verdict) -> Result<(), TestCaseError> {
    if v.solved {
        Ok(())
    } else {
        Err(fail(format!("{what}: {v}")))
    }
}

fn refused(what: &str, v: &Verdict, want: Fault) -> Result<(), TestCaseError> {
    match &v.reason {
        Some(r) if r.fault == want => Ok(()),
        _ => Err(fail(format!("{what}: {v}, wanted {}", want.name()))),
    }
}

/// `check` on the answers in `input` (the default columns): its tally and its verdicts, one
/// JSON line each.
fn check_lines(game: &Game, input: &std::path::Path) -> (Tally, Vec<u8>) {
    let mut out = Vec::new();
    let tally = check_file(
        game,
        input,
        &Columns::default(),
        Output::Lines(&mut out),
        &Silent,
    )
    .unwrap();
    (tally, out)
}

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// The numbers of an expression as written, left to right.
fn literals(e: &str) -> Vec<i64> {
    e.split(|c: char| !c.is_ascii_digit())
        .filter(|w| !w.is_empty())
        .map(|w| w.parse().unwrap())
        .collect()
}

fn check_game(name: &str, game: &Game, b: &Board, t: i64) -> Result<(), TestCaseError> {
    let at = format!("{name}: {t} from {:?}", b.numbers());
    let report = solve(
        game,
        b,
        t,
        Options {
            all: true,
            no_moves: true,
            no_difficulty: true,
        },
    )
    .map_err(|e| fail(format!("{at}: {e}")))?;
    for s in report.solutions.iter().flatten().take(60) {
        solved(&format!("{at}: {s}"), &check(game, b, t, s))?;
        let claimed = format!("{s} = {t}");
        solved(&format!("{at}: {claimed}"), &check(game, b, t, &claimed))?;
    }
    let Some(shortest) = &report.shortest else {
        if let Some(c) = &report.closest
            && let Some(w) = &c.solution
        {
            let v = check(game, b, t, &w.expression);
            if !v.valid || v.solved || v.distance.as_ref() != Some(&c.distance) {
                return Err(fail(format!("{at}: the closest {}: {v}", w.expression)));
            }
        }
        return Ok(());
    };
    let e = &shortest.expression;
    let v = check(game, b, t, e);
    solved(&format!("{at}: {e}"), &v)?;
    if v.ops != report.counts.min_ops.map(|m| m as usize) {
        return Err(fail(format!(
            "{at}: {e}: {v}, min_ops {:?}",
            report.counts.min_ops
        )));
    }
    let moves = shortest.moves.join("\n");
    if !moves.is_empty() {
        solved(&format!("{at}: {moves:?}"), &check(game, b, t, &moves))?;
    }
    corruptions(game, b, t, &at, e, &shortest.moves)
}

fn corruptions(
    game: &Game,
    b: &Board,
    t: i64,
    at: &str,
    e: &str,
    moves: &[String],
) -> Result<(), TestCaseError> {
    let rules = &game.rules;
    let c = |answer: &str| check(game, b, t, answer);
    let wrong = format!("{e} = {}", t + 1);
    refused(&format!("{at}: {wrong}"), &c(&wrong), Fault::WrongResult)?;
    if !rules.pow {
        let a = format!("({e}) ^ 2");
        refused(&format!("{at}: {a}"), &c(&a), Fault::Operator)?;
    }
    if !rules.unary_minus {
        let a = format!("-({e})");
        refused(&format!("{at}: {a}"), &c(&a), Fault::Operator)?;
    }
    let used = literals(e);
    if !rules.concat {
        if let Some(off) = (1..).find(|n| !b.numbers().contains(n)) {
            let first = used[0].to_string();
            let a = e.replacen(&first, &off.to_string(), 1);
            refused(&format!("{at}: {a}"), &c(&a), Fault::NotOnBoard)?;
        }
        let x = used[0];
        let spare = b.numbers().iter().filter(|&&n| n == x).count()
            - used.iter().filter(|&&n| n == x).count();
        let a = format!("{e}{}", format!(" + {x}").repeat(spare + 1));
        refused(&format!("{at}: {a}"), &c(&a), Fault::UsedTooOften)?;
    }
    if let Some((last, rest)) = moves.split_last() {
        let (stated, _) = last.rsplit_once(" = ").expect("a move states its result");
        let mut lines = rest.to_vec();
        lines.push(format!("{stated} = {}", t + 1));
        let a = lines.join("\n");
        refused(&format!("{at}: {a:?}"), &c(&a), Fault::WrongResult)?;
        if rules.use_all && !rest.is_empty() {
            let a = rest.join("\n");
            refused(&format!("{at}: {a:?}"), &c(&a), Fault::Unused)?;
        }
    }
    let n = b.numbers();
    if rules.arithmetic == digits_lab::game::rules::Arithmetic::PositiveIntegers
        && !rules.use_all
        && n[0] < n[n.len() - 1]
    {
        let a = format!("{} - {}", n[0], n[n.len() - 1]);
        refused(&format!("{at}: {a}"), &c(&a), Fault::Domain)?;
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(48))]

    #[test]
    fn every_printed_solution_is_solved(
        size in 1usize..=4,
        picks in prop::collection::vec(any::<Index>(), 4),
        t in any::<Index>(),
    ) {
        for (name, game) in games() {
            let b = board(&game, size, &picks);
            check_game(name, &game, &b, target(&game, t))?;
        }
    }

    #[test]
    fn corrupted_solutions_are_refused_on_larger_boards(
        picks in prop::collection::vec(any::<Index>(), 6),
        t in any::<Index>(),
    ) {
        for (name, game) in games().into_iter().take(2) {
            let b = board(&game, 6, &picks);
            check_game(name, &game, &b, target(&game, t))?;
        }
    }
}

/// A random expression over `leaves` (board numbers and others), as text.
#[derive(Clone, Debug)]
enum Tree {
    /// A board number not used yet, picked by the index; one time in eight (or when none is
    /// left) any number of the board or a few others.
    Leaf(Index),
    Neg(Box<Tree>),
    Bin(char, Box<Tree>, Box<Tree>),
}

impl Tree {
    fn text(&self, board: &[i64], left: &mut Vec<i64>) -> String {
        match self {
            Tree::Leaf(i) if left.is_empty() || i.index(8) == 0 => {
                let others = [board, &[0, 1, 10, 12, 13, 25]].concat();
                others[i.index(others.len())].to_string()
            }
            Tree::Leaf(i) => left.remove(i.index(left.len())).to_string(),
            Tree::Neg(t) => format!("-({})", t.text(board, left)),
            Tree::Bin(op, l, r) => {
                let l = l.text(board, left);
                format!("({l} {op} {})", r.text(board, left))
            }
        }
    }
}

fn tree() -> impl Strategy<Value = Tree> {
    let leaf = any::<Index>().prop_map(Tree::Leaf);
    leaf.prop_recursive(3, 6, 2, |inner| {
        prop_oneof![
            4 => (prop::sample::select(vec!['+', '-', '*', '/', '^']), inner.clone(), inner.clone())
                .prop_map(|(op, l, r)| Tree::Bin(op, Box::new(l), Box::new(r))),
            1 => inner.prop_map(|t| Tree::Neg(Box::new(t))),
        ]
    })
}

fn multiset(numbers: &[i64]) -> BTreeMap<i64, usize> {
    let mut m = BTreeMap::new();
    for &n in numbers {
        *m.entry(n).or_default() += 1;
    }
    m
}

fn exact(q: Q) -> Exact {
    if q.den == 1 {
        Exact::Integer(q.num)
    } else {
        Exact::Fraction(format!("{}/{}", q.num, q.den))
    }
}

/// Random expressions on random boards of every game, each judged by `check` and by the
/// brute force, counting how many both found valid (so that the test can tell it is not
/// judging refusals only).
#[test]
fn check_agrees_with_the_brute_force() {
    let games = games();
    let strategy = (
        0..games.len(),
        prop::collection::vec(any::<Index>(), 4),
        tree(),
    );
    let valid = std::cell::Cell::new(0u32);
    // Seeded like the fuzzers (`FUZZ_SEED`), so that a failure seen once is seen again.
    let mut runner = crate::fuzz::runner(600);
    let result = runner.run(&strategy, |(g, picks, expr)| {
        let (name, game) = &games[g];
        let b = board(game, 4, &picks);
        let text = expr.text(b.numbers(), &mut b.numbers().to_vec());
        let v = check(game, &b, 24.max(*game.targets.start()), &text);
        let rules = BruteRules::of(&game.rules);
        let brute = brute::eval_printed(&text, rules).filter(|(_, used)| {
            let (used, have) = (multiset(used), multiset(b.numbers()));
            used.iter()
                .all(|(n, k)| have.get(n).is_some_and(|h| h >= k))
                && (!game.rules.use_all || used == have)
        });
        let at = format!("{name}: {text} on {:?}: {v}", b.numbers());
        match brute {
            Some((q, _)) => {
                prop_assert!(v.valid, "{at}: the brute force reaches {q:?}");
                prop_assert_eq!(&v.value, &Some(exact(q)), "{}", at);
                valid.set(valid.get() + 1);
            }
            None => prop_assert!(!v.valid, "{at}: the brute force refuses it"),
        }
        Ok(())
    });
    result.unwrap();
    // About one expression in nine is valid on its board (68 of 600 at the default seed);
    // far fewer means the cases judge refusals only.
    let valid = valid.get();
    eprintln!("check against the brute force: {valid} of 600 valid");
    assert!(
        valid >= 40,
        "only {valid} of 600 random expressions were valid"
    );
}

#[test]
fn a_file_of_answers_gets_the_verdicts_of_one_answer_at_a_time() {
    let dir = tempfile::tempdir().unwrap();
    let game = Game::preset(GameKind::TwentyFour);
    let rows = [
        ("[1, 2, 3, 4]", "4*3*2*1"),
        ("[3, 3, 8, 8]", "8/(3-8/3)"),
        ("[1, 2, 7, 7]", "7*7/2*1"),
        ("[1, 2, 3, 4]", "6*4*1*1"),
        ("[3, 3, 8, 8]", "3 * 8 = 24\n3 * 8 = 24"),
    ];
    let mut jsonl = String::new();
    let mut csv = String::from("nums,target,response\n");
    for (numbers, answer) in rows {
        let answer_json = serde_json::to_string(answer).unwrap();
        jsonl.push_str(&format!(
            "{{\"nums\": {numbers}, \"target\": 24, \"response\": {answer_json}}}\n"
        ));
        csv.push_str(&format!(
            "\"{numbers}\",24,\"{}\"\n",
            answer.replace('"', "\"\"")
        ));
    }
    let one_at_a_time: Vec<String> = rows
        .iter()
        .map(|(numbers, answer)| {
            let n: Vec<i64> = serde_json::from_str(numbers).unwrap();
            let b = Board::new(&game, n).unwrap();
            let v = check(&game, &b, 24, answer);
            format!("{}/{}", v.solved, v.reason.map_or("", |r| r.fault.name()))
        })
        .collect();
    assert_eq!(
        one_at_a_time,
        [
            "true/",
            "true/",
            "false/",
            "false/not-on-board",
            "false/unused"
        ]
    );
    for (name, text) in [("a.jsonl", &jsonl), ("a.csv", &csv)] {
        let input = dir.path().join(name);
        std::fs::write(&input, text).unwrap();
        let (tally, out) = check_lines(&game, &input);
        assert_eq!(
            (tally.rows, tally.solved, tally.missed, tally.invalid),
            (5, 2, 1, 2)
        );
        let got: Vec<String> = String::from_utf8(out)
            .unwrap()
            .lines()
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).unwrap();
                format!("{}/{}", v["solved"], v["fault"].as_str().unwrap_or(""))
            })
            .collect();
        assert_eq!(got, one_at_a_time, "{name}");
        let parquet = dir.path().join(format!("{name}.parquet"));
        check_file(
            &game,
            &input,
            &Columns::default(),
            Output::File(&parquet),
            &Silent,
        )
        .unwrap();
        let df = digits_lab::store::read::read_file(&parquet).unwrap();
        assert_eq!(df.height(), 5);
        let solved = df.column("solved").unwrap().bool().unwrap();
        assert_eq!(solved.sum(), Some(2));
    }
}

#[test]
fn a_board_of_another_size_is_no_puzzle_and_a_set_all_invalid_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("a.csv");
    let write =
        |rows: &str| std::fs::write(&input, format!("numbers,target,answer\n{rows}")).unwrap();
    let run = |game: &Game| {
        let (tally, out) = check_lines(game, &input);
        let faults: Vec<String> = String::from_utf8(out)
            .unwrap()
            .lines()
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).unwrap();
                v["fault"].as_str().unwrap_or("").to_string()
            })
            .collect();
        (tally, faults)
    };
    // Five cards, and three: neither is a 24-game deal, whatever the answer.
    write("\"1 2 3 4 5\",24,5*4+3+2-1\n\"4 6 1\",24,4*6*1\n\"1 2 3 4\",24,1*2*3*4\n");
    let twenty_four = Game::preset(GameKind::TwentyFour);
    let (tally, faults) = run(&twenty_four);
    assert_eq!(faults, ["puzzle", "puzzle", ""]);
    assert!(!tally.to_string().contains("every row is invalid"));
    // A custom pool plays other sizes (TinyZero's three- and four-number tasks).
    let mut tasks = twenty_four.clone();
    tasks.pool = "1-100x6".parse().unwrap();
    assert_eq!(run(&tasks).1, ["", "", ""]);
    // Stream-of-Search's numbers under the plain Countdown pool: every row refused, and the
    // summary says by what, and which rules to look at.
    write("\"78 3 2\",81,78+3\n\"99 1 2\",101,99+2\n");
    let (tally, faults) = run(&Game::preset(GameKind::Countdown));
    assert_eq!(faults, ["puzzle", "puzzle"]);
    let summary = tally.to_string();
    assert!(
        summary
            .contains("every row is invalid, the commonest as row 1: 78 is not a countdown number")
            && summary.contains("--pool"),
        "{summary}"
    );
}

#[test]
fn saying_there_is_no_solution_is_judged_by_whether_there_is_one() {
    for (kind, numbers) in [
        (GameKind::Digits, vec![1, 2, 3, 4, 5, 6]),
        (GameKind::Countdown, vec![1, 2, 3, 4, 5, 6]),
        (GameKind::TwentyFour, vec![1, 1, 2, 2]),
    ] {
        let game = Game::preset(kind);
        let b = Board::new(&game, numbers.clone()).unwrap();
        let opts = Options {
            all: false,
            no_moves: true,
            no_difficulty: true,
        };
        let reached = |t: i64| solve(&game, &b, t, opts).unwrap().counts.min_ops;
        let targets: Vec<i64> = game.targets.clone().rev().collect();
        let missed = *targets.iter().find(|&&t| reached(t).is_none()).unwrap();
        let made = *targets
            .iter()
            .find(|&&t| reached(t).is_some())
            .unwrap_or_else(|| panic!("{kind:?}: no target made"));
        for answer in ["none", "There is no solution.", "IMPOSSIBLE"] {
            let v = check(&game, &b, missed, answer);
            assert!(
                v.valid && v.solved && v.value.is_none(),
                "{kind:?} {missed}: {v:?}"
            );
            let v = check(&game, &b, made, answer);
            assert!(!v.solved, "{kind:?} {made}");
            let r = v.reason.unwrap();
            assert_eq!(r.fault, Fault::GaveUp);
            let ops = reached(made).unwrap();
            let plural = if ops == 1 { "" } else { "s" };
            let said = format!("{made} can be made in {ops} operation{plural}");
            assert!(r.message.ends_with(&said), "{}", r.message);
        }
    }
}

/// `score` is a number in one verdict's JSON (`check --json`, with `score_unit` beside it)
/// as in a file's verdicts (`check --batch`): one shape, which a column can hold.
#[test]
fn a_score_has_one_shape_in_every_output() {
    let game = Game::preset(GameKind::Countdown);
    let board = Board::new(&game, vec![1, 3, 7, 10, 25, 50]).unwrap();
    let one = serde_json::to_value(check(&game, &board, 765, "(25-10)*(1+50)")).unwrap();
    assert_eq!(
        (&one["score"], &one["score_unit"]),
        (&10.into(), &"points".into())
    );
    let missed = serde_json::to_value(check(&game, &board, 765, "(25-10)*50+7")).unwrap();
    assert_eq!(
        (&missed["score"], &missed["score_unit"]),
        (&5.into(), &"points".into())
    );
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("a.jsonl");
    std::fs::write(
        &input,
        "{\"numbers\": [1, 3, 7, 10, 25, 50], \"target\": 765, \"answer\": \"(25-10)*50+7\"}\n",
    )
    .unwrap();
    let (_, out) = check_lines(&game, &input);
    let line: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(line["score"], missed["score"]);
}
