//! `evaluate` against answers whose failures are known: solvers built here with set error
//! rates and set causes (a wrong stated result on a share of answers, "no solution" on every
//! puzzle that needs a fraction, the simulated player under a move budget) over every
//! solvable 24-game hand — the report must recover each rate within its interval and name
//! each cause. Beside them: pass@k against the estimator by hand, the counts against
//! `check --batch`'s, the same bytes at any thread count, and the command's errors.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use assert_cmd::Command;
use polars::prelude::*;

use digits_lab::dataset::check::{Output, check_file};
use digits_lab::dataset::input::{Columns, Row};
use digits_lab::evaluate::stats::Share;
use digits_lab::evaluate::{Outcome, Summary, judge_rows, summarise};
use digits_lab::game::board::Board;
use digits_lab::game::number::Rational;
use digits_lab::game::rule_set::{Game, GameKind};
use digits_lab::model::success::SuccessModel;
use digits_lab::progress::Silent;
use digits_lab::puzzle::explain::walk;
use digits_lab::puzzle::solve::{Options, solve};
use digits_lab::random::SplitMix64;
use digits_lab::request::{EvaluateRequest, FitRequest, GameOptions, GenerateRequest};

/// A solvable 24-game hand: its cards, a solution, whether every solution needs a fraction
/// and the simulated player's expected moves to a solution.
pub(crate) struct Hand {
    pub(crate) cards: Vec<i64>,
    pub(crate) solution: String,
    pub(crate) needs_fraction: bool,
    player_moves: f64,
}

fn game() -> Game {
    Game::preset(GameKind::TwentyFour)
}

/// Every solvable hand of four cards 1–13 (the answers of `generate_model`'s solvers too).
pub(crate) fn hands() -> &'static [Hand] {
    static HANDS: OnceLock<Vec<Hand>> = OnceLock::new();
    HANDS.get_or_init(|| {
        let game = game();
        let mut out = Vec::new();
        for a in 1..=13 {
            for b in a..=13 {
                for c in b..=13 {
                    for d in c..=13 {
                        let board = Board::new(&game, vec![a, b, c, d]).unwrap();
                        let r = solve(&game, &board, 24, Options::default()).unwrap();
                        let Some(shortest) = r.shortest else { continue };
                        let features = r.difficulty.unwrap().features;
                        out.push(Hand {
                            cards: vec![a, b, c, d],
                            solution: shortest.expression,
                            needs_fraction: features.needs_fraction,
                            player_moves: walk::<Rational>(&game, &[a, b, c, d], 24).unwrap().moves,
                        });
                    }
                }
            }
        }
        out
    })
}

/// `evaluate` under the 24 game's rules of `answers` (JSON lines), written to `file` in `dir`;
/// the folder it writes its tables to (`dir/eval`).
pub(crate) fn evaluate_24(dir: &Path, file: &str, answers: &str) -> PathBuf {
    let input = dir.join(file);
    std::fs::write(&input, answers).unwrap();
    let out = dir.join("eval");
    EvaluateRequest {
        game: GameOptions::named("24"),
        input,
        out: Some(out.clone()),
        ..EvaluateRequest::default()
    }
    .run(&Silent)
    .unwrap();
    out
}

fn row(i: usize, model: &str, hand: &Hand, answer: String) -> Row {
    Row {
        row: i as u64 + 1,
        numbers: Ok(hand.cards.clone()),
        target: None,
        answer: Some(Ok(answer)),
        model: Some(model.to_string()),
    }
}

/// Three answers a hand from each solver; the player gives up past its budget, the moves
/// within which 70% of the hands are solved.
fn answers() -> Vec<Row> {
    let hands = hands();
    let mut moves: Vec<f64> = hands.iter().map(|h| h.player_moves).collect();
    moves.sort_by(f64::total_cmp);
    let budget = moves[moves.len() * 7 / 10];
    let mut rng = SplitMix64::new(56);
    let mut rows = Vec::new();
    for h in hands {
        for _ in 0..3 {
            // Right but for a wrong `= 25` on a quarter of its answers, at random.
            let wrong = rng.below(4) == 0;
            let a = if wrong {
                format!("{} = 25", h.solution)
            } else {
                h.solution.clone()
            };
            rows.push(row(rows.len(), "careless", h, a));
            let a = if h.needs_fraction {
                "no solution".to_string()
            } else {
                h.solution.clone()
            };
            rows.push(row(rows.len(), "no-fractions", h, a));
            let a = if h.player_moves <= budget {
                h.solution.clone()
            } else {
                "no solution".to_string()
            };
            rows.push(row(rows.len(), "player", h, a));
        }
    }
    rows
}

fn summary() -> &'static Summary {
    static SUMMARY: OnceLock<Summary> = OnceLock::new();
    SUMMARY.get_or_init(|| summarise("24", &judge_rows(&game(), answers(), &Silent), &[1, 3]))
}

fn model<'a>(s: &'a Summary, name: &str) -> &'a digits_lab::evaluate::summary::ModelSummary {
    s.models.iter().find(|m| m.model == name).unwrap()
}

fn outcome(m: &digits_lab::evaluate::summary::ModelSummary, o: Outcome) -> u64 {
    m.outcomes
        .iter()
        .find(|c| c.outcome == o.name())
        .unwrap()
        .answers
}

#[test]
fn a_careless_solvers_rate_is_recovered_and_no_property_is_blamed() {
    let s = summary();
    let m = model(s, "careless");
    assert_eq!(m.solved.trials, 3 * hands().len() as u64);
    let wrong = Share::of(outcome(m, Outcome::Arithmetic), m.solved.trials);
    assert!(wrong.lo <= 0.25 && 0.25 <= wrong.hi, "{wrong:?}");
    assert_eq!(
        outcome(m, Outcome::Arithmetic) + outcome(m, Outcome::Solved),
        m.solved.trials
    );
    assert_eq!(m.faults.keys().collect::<Vec<_>>(), ["wrong-result"]);
    assert!(!m.drivers.predictive(), "{:?}", m.drivers.r2_cv);
    // pass@3 of a 75% solver on three answers: 1 − 0.25³ in expectation.
    let p3 = m.pass_at.iter().find(|p| p.k == 3).unwrap().value.unwrap();
    assert!((p3 - (1.0 - 0.25f64.powi(3))).abs() < 0.01, "{p3}");
}

#[test]
fn a_solver_that_fails_fractions_is_named_by_them() {
    let s = summary();
    let m = model(s, "no-fractions");
    let fractions = hands().iter().filter(|h| h.needs_fraction).count() as u64;
    assert!(fractions >= 10, "{fractions}");
    assert_eq!(outcome(m, Outcome::GaveUp), 3 * fractions);
    assert_eq!(m.never_solved.successes, fractions);
    let by = m
        .by_property
        .iter()
        .find(|p| p.property == "needs_fraction")
        .unwrap();
    let level = |l: &str| by.levels.iter().find(|x| x.level == l).unwrap().share;
    assert_eq!(level("yes").share, 0.0);
    assert_eq!(level("no").share, 1.0);
    assert!(m.drivers.predictive(), "{:?}", m.drivers.r2_cv);
    assert_eq!(m.drivers.inputs[0].name, "needs_fraction");
    assert!(
        m.drivers.inputs[0].effect < -0.8,
        "{:?}",
        m.drivers.inputs[0]
    );
}

#[test]
fn the_player_under_a_budget_fails_what_people_find_hard() {
    let s = summary();
    let m = model(s, "player");
    let over = Share::of(outcome(m, Outcome::GaveUp) / 3, hands().len() as u64);
    assert!(over.lo <= 0.3 && 0.3 <= over.hi, "{over:?}");
    let rho = m.drivers.rho_human.unwrap();
    assert!(rho < -0.5, "{rho}");
    assert!(m.drivers.predictive(), "{:?}", m.drivers.r2_cv);
    assert_eq!(m.drivers.inputs[0].name, "human difficulty");
    // Paired: the solver that fails only fractions does better on far more puzzles.
    let c = s
        .comparisons
        .iter()
        .find(|c| c.a == "no-fractions" && c.b == "player")
        .unwrap();
    assert_eq!(c.shared, hands().len() as u64);
    assert!(c.a_better > c.b_better && c.p_value < 1e-6, "{c:?}");
}

fn write_jsonl(path: &Path, rows: &[(&str, [i64; 4], &str)]) {
    let text: String = rows
        .iter()
        .map(|(m, n, a)| {
            format!(
                "{}\n",
                serde_json::json!({"model": m, "numbers": n, "answer": a})
            )
        })
        .collect();
    std::fs::write(path, text).unwrap();
}

#[test]
fn pass_at_k_and_the_tables_match_the_estimator_and_check() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("answers.jsonl");
    // Two puzzles, five answers each: 3 of 5 right, and none of 5 (one valid but 20, four
    // stating a wrong result); a row that is no puzzle.
    let mut rows = Vec::new();
    for i in 0..5 {
        rows.push(("m", [4, 6, 1, 1], if i < 3 { "4*6*1*1" } else { "4+6+1+1" }));
        rows.push((
            "m",
            [1, 5, 5, 5],
            if i == 0 { "5*5-1*5" } else { "(5-1/5)*5 = 23" },
        ));
    }
    rows.push(("m", [1, 2, 3, 99], "1+2+3+99"));
    write_jsonl(&input, &rows);
    let out = dir.path().join("eval");
    let request = EvaluateRequest {
        game: GameOptions::named("24"),
        input: input.clone(),
        k: vec![1, 2, 5],
        out: Some(out.clone()),
        ..EvaluateRequest::default()
    };
    let e = request.run(&Silent).unwrap();
    let m = &e.summary.models[0];
    assert_eq!(m.skipped, 1);
    let puzzles = ParquetReader::new(std::fs::File::open(out.join("puzzles.parquet")).unwrap())
        .finish()
        .unwrap();
    let col = |name: &str| -> Vec<Option<f64>> {
        let c = puzzles.column(name).unwrap().f64().unwrap().clone();
        (0..c.len()).map(|i| c.get(i)).collect()
    };
    // By hand: 1 − C(n−c, k)/C(n, k) with n = 5; c = 3 and c = 0.
    assert_eq!(col("pass_at_1"), [Some(0.6), Some(0.0)]);
    assert_eq!(col("pass_at_2"), [Some(1.0 - 1.0 / 10.0), Some(0.0)]);
    assert_eq!(col("pass_at_5"), [Some(1.0), Some(0.0)]);
    let p2 = m.pass_at.iter().find(|p| p.k == 2).unwrap();
    assert_eq!(p2.value, Some((0.9 + 0.0) / 2.0));
    // Every count equals `check --batch`'s verdicts on the same file.
    let tally = check_file(
        &game(),
        &input,
        &Columns::default(),
        Output::File(&dir.path().join("v.jsonl")),
        &Silent,
    )
    .unwrap();
    let mut faults = m.faults.clone();
    faults.insert("puzzle".into(), m.skipped);
    assert_eq!(faults, tally.faults);
    assert_eq!(m.solved.successes, tally.solved);
    assert_eq!(outcome(m, Outcome::Missed), tally.missed);
    let answers = ParquetReader::new(std::fs::File::open(out.join("answers.parquet")).unwrap())
        .finish()
        .unwrap();
    assert_eq!(answers.height(), 11);
    let mut outcomes: BTreeMap<String, u64> = BTreeMap::new();
    let column = answers.column("outcome").unwrap().str().unwrap().clone();
    for o in (0..column.len()).filter_map(|i| column.get(i)) {
        *outcomes.entry(o.to_string()).or_default() += 1;
    }
    assert_eq!(outcomes["solved"], 3);
    assert_eq!(outcomes["missed"], 3);
    assert_eq!(outcomes["arithmetic"], 4);
    let report = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(report.contains("| m | 30.0% ["), "{report}");
}

#[test]
fn the_same_bytes_at_any_thread_count_and_errors_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("a.csv");
    let mut text = "model,numbers,target,response\n".to_string();
    for (i, h) in hands().iter().take(60).enumerate() {
        let cards: Vec<String> = h.cards.iter().map(i64::to_string).collect();
        let answer = if i % 3 == 0 {
            "1+1"
        } else {
            h.solution.as_str()
        };
        text.push_str(&format!(
            "m{},\"{}\",24,\"{}\"\n",
            i % 2,
            cards.join(" "),
            answer
        ));
    }
    std::fs::write(&input, text).unwrap();
    let run = |threads: &str, out: &str| {
        let a = Command::cargo_bin("digits-lab")
            .unwrap()
            .args([
                "evaluate",
                "--game",
                "24",
                "--quiet",
                "--threads",
                threads,
                "--out",
            ])
            .arg(dir.path().join(out))
            .arg(&input)
            .assert()
            .success();
        let stdout = String::from_utf8(a.get_output().stdout.clone()).unwrap();
        assert!(stdout.starts_with("m0: solved"), "{stdout}");
    };
    run("1", "one");
    run("2", "two");
    let mut files: Vec<String> = [
        "answers.parquet",
        "puzzles.parquet",
        "summary.parquet",
        "evaluation.json",
        "report.md",
    ]
    .map(String::from)
    .to_vec();
    for chart in std::fs::read_dir(dir.path().join("one/charts")).unwrap() {
        files.push(format!(
            "charts/{}",
            chart.unwrap().file_name().to_string_lossy()
        ));
    }
    assert!(
        files.contains(&"charts/solved-by-band.svg".to_string()),
        "{files:?}"
    );
    for f in &files {
        let a = std::fs::read(dir.path().join("one").join(f)).unwrap();
        let b = std::fs::read(dir.path().join("two").join(f)).unwrap();
        assert!(a == b, "{f} differs between one thread and two");
    }
    for (args, message) in [
        (vec!["--k", "0"], "invalid value '0' for '--k'"),
        (vec!["--model-column", "who"], "no model column"),
    ] {
        let out = Command::cargo_bin("digits-lab")
            .unwrap()
            .args(["evaluate", "--game", "24", "--quiet"])
            .args(&args)
            .arg(&input)
            .assert()
            .failure()
            .code(2);
        let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
        assert!(
            err.contains(message) && err.trim().lines().count() == 1,
            "{err}"
        );
    }
}

#[test]
fn a_success_model_fitted_on_an_evaluation_makes_a_set_hard_for_that_model() {
    let dir = tempfile::tempdir().unwrap();
    let text: String = hands()
        .iter()
        .map(|h| {
            let answer = if h.needs_fraction {
                "no solution"
            } else {
                h.solution.as_str()
            };
            format!(
                "{}\n",
                serde_json::json!({"model": "no-fractions", "numbers": h.cards, "answer": answer})
            )
        })
        .collect();
    let out = evaluate_24(dir.path(), "no-fractions.jsonl", &text);
    let fit = FitRequest {
        evaluation: Some(out.clone()),
        ..FitRequest::default()
    }
    .run()
    .unwrap();
    let text = fit.to_string();
    assert!(text.contains("R² 1.000"), "{text}");
    let model = out.join("success-no-fractions.json");
    let read = SuccessModel::read(&model).unwrap();
    assert_eq!(
        (read.model.as_str(), read.game.as_str()),
        ("no-fractions", "24")
    );
    assert_eq!(read.puzzles, hands().len() as u64);
    let generate = |difficulty: &str, game: &str| GenerateRequest {
        game: GameOptions::named(game),
        count: Some(6),
        seed: 9,
        difficulty: Some(difficulty.parse().unwrap()),
        model_difficulty: Some(model.clone()),
        ..GenerateRequest::default()
    };
    let hard = generate("fiendish", "24")
        .run(&Silent)
        .unwrap()
        .generated
        .puzzles;
    assert_eq!(hard.len(), 6);
    for p in &hard {
        let h = hands().iter().find(|h| h.cards == p.board).unwrap();
        assert!(h.needs_fraction, "{:?}", p.board);
        assert!(p.model_success.unwrap() < 0.25, "{:?}", p.model_success);
    }
    crate::json_schema::validate(
        &serde_json::to_value(&hard).unwrap(),
        "generate.schema.json",
    );
    let easy = generate("easy", "24")
        .run(&Silent)
        .unwrap()
        .generated
        .puzzles;
    assert!(easy.iter().all(|p| p.model_success.unwrap() >= 0.75));
    for (request, message) in [
        (generate("20-60", "24"), "takes --difficulty as a band"),
        (
            generate("hard", "countdown"),
            "fitted on 24 puzzles; this set is countdown",
        ),
    ] {
        let e = request.run(&Silent).unwrap_err().to_string();
        assert!(e.contains(message), "{e}");
    }
    let two = FitRequest {
        evaluation: Some(out.clone()),
        model: Some("other".into()),
        ..FitRequest::default()
    };
    assert!(
        two.run()
            .unwrap_err()
            .to_string()
            .contains("name one of its models")
    );
}
