//! `generate --format verl`: a folder of `train.parquet` and `test.parquet` in verl's row
//! shape, read back with polars — exactly verl's columns and nested types, the splits
//! disjoint and as the JSON lines split them, each prompt a conversation of one user
//! message holding the set's prompt, and every reference solved under the game its own
//! ground truth names (by the library's checker), for every rule set `generate` writes; and
//! `--format hf`'s `conversational` config beside the plain one.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use polars::prelude::*;

use digits_lab::check::check;
use digits_lab::game::board::Board;
use digits_lab::game::rule_set::Game;
use digits_lab::generate::dataset::prompt;
use digits_lab::progress::Silent;
use digits_lab::request::generate::GenerateFormat;
use digits_lab::request::{GameOptions, GenerateReport, GenerateRequest, RulesOptions};
use digits_lab::store::read::read_file;

use crate::cli::assert_succeeded;

/// A rule set `generate` writes, and the `data_source` its rows must name.
struct Case {
    name: &'static str,
    options: GameOptions,
    unsolvable: Option<f64>,
    source: &'static str,
}

fn cases() -> Vec<Case> {
    let named = |game: &str| GameOptions::named(game);
    let with = |game: &str, f: &dyn Fn(&mut GameOptions)| {
        let mut o = GameOptions::named(game);
        f(&mut o);
        o
    };
    let case = |name, options, source| Case {
        name,
        options,
        unsolvable: None,
        source,
    };
    vec![
        case("countdown", named("countdown"), "digits_lab/countdown"),
        case("24", named("24"), "digits_lab/24"),
        case("digits", named("digits"), "digits_lab/digits"),
        case("make10", named("make10"), "digits_lab/make10"),
        case("krypto", named("krypto"), "digits_lab/krypto"),
        case(
            "24 --size 5",
            with("24", &|o| o.size = Some(5)),
            "digits_lab/24",
        ),
        Case {
            unsolvable: Some(0.25),
            ..case("24 --unsolvable", named("24"), "digits_lab/24")
        },
        case(
            "24 --unary-minus",
            with("24", &|o| o.rules.unary_minus = true),
            "digits_lab/24",
        ),
        case(
            "countdown --pool --targets",
            with("countdown", &|o| {
                o.pool = Some("1-10x2,25,50".into());
                o.targets = Some("50-150".into());
            }),
            "digits_lab/countdown",
        ),
    ]
}

fn made(case: &Case) -> GenerateReport {
    GenerateRequest {
        game: case.options.clone(),
        count: Some(24),
        seed: 3,
        test_share: Some(0.3),
        unsolvable: case.unsolvable,
        threads: Some(2),
        format: GenerateFormat::Jsonl,
        ..GenerateRequest::default()
    }
    .run(&Silent)
    .unwrap_or_else(|e| panic!("{}: {e}", case.name))
}

fn jsonl(report: &GenerateReport) -> Vec<serde_json::Value> {
    let mut bytes = Vec::new();
    report.write_jsonl(&mut bytes).unwrap();
    let text = String::from_utf8(bytes).unwrap();
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn field(s: &Series, name: &str) -> Series {
    s.struct_().unwrap().field_by_name(name).unwrap()
}

fn text(s: &Series, i: usize) -> Option<String> {
    s.str().unwrap().get(i).map(String::from)
}

fn flag(s: &Series, i: usize) -> bool {
    s.bool().unwrap().get(i).unwrap()
}

fn ints(s: &Series, i: usize) -> Vec<i64> {
    let list = s.list().unwrap().get_as_series(i).unwrap();
    list.i64().unwrap().into_no_null_iter().collect()
}

fn named(fields: &[(&str, DataType)]) -> DataType {
    DataType::Struct(
        fields
            .iter()
            .map(|(n, t)| Field::new((*n).into(), t.clone()))
            .collect(),
    )
}

/// The type of `ground_truth`: the same struct the Parquet and hf formats write.
fn truth_type() -> DataType {
    let game = named(&[
        ("kind", DataType::String),
        ("rules", DataType::String),
        ("pow", DataType::Boolean),
        ("unary_minus", DataType::Boolean),
        ("use_all", DataType::Boolean),
        ("zero", DataType::Boolean),
        ("negatives", DataType::Boolean),
        ("fractions", DataType::Boolean),
        ("concat", DataType::Boolean),
        ("pool", DataType::String),
        ("targets", DataType::String),
        ("size", DataType::UInt64),
    ]);
    named(&[
        ("numbers", DataType::List(Box::new(DataType::Int64))),
        ("target", DataType::Int64),
        ("game", game),
    ])
}

fn messages_type() -> DataType {
    DataType::List(Box::new(named(&[
        ("role", DataType::String),
        ("content", DataType::String),
    ])))
}

/// verl's columns and their types; `extra_info` with `solvable` in a set that mixes in
/// puzzles with no solution.
fn verl_schema(no_solution: bool) -> Vec<(String, DataType)> {
    let mut extra = vec![("split", DataType::String), ("index", DataType::Int64)];
    if no_solution {
        extra.push(("solvable", DataType::Boolean));
    }
    extra.extend([
        ("trees", DataType::UInt64),
        ("expressions", DataType::UInt64),
        ("distinct", DataType::UInt64),
        ("min_ops", DataType::UInt32),
        ("difficulty", DataType::Float64),
        ("predicted_time_s", DataType::Float64),
        ("predicted_solve_rate", DataType::Float64),
        ("band", DataType::String),
        ("solution", DataType::String),
    ]);
    [
        ("data_source", DataType::String),
        ("prompt", messages_type()),
        ("ability", DataType::String),
        (
            "reward_model",
            named(&[("style", DataType::String), ("ground_truth", truth_type())]),
        ),
        ("extra_info", named(&extra)),
    ]
    .into_iter()
    .map(|(n, t)| (n.to_string(), t))
    .collect()
}

fn schema_of(df: &DataFrame) -> Vec<(String, DataType)> {
    df.schema()
        .iter()
        .map(|(n, t)| (n.to_string(), t.clone()))
        .collect()
}

/// The game a row's ground truth names, as `check` is given it.
fn truth_game(game: &Series, i: usize) -> Game {
    let t = |name: &str| text(&field(game, name), i);
    let f = |name: &str| flag(&field(game, name), i);
    let size = field(game, "size").u64().unwrap().get(i);
    GameOptions {
        rules: RulesOptions {
            game: t("kind"),
            rules: t("rules").map(PathBuf::from),
            pow: f("pow"),
            unary_minus: f("unary_minus"),
            concat: f("concat"),
            use_all: f("use_all"),
            zero: f("zero"),
            negatives: f("negatives"),
            fractions: f("fractions"),
        },
        pool: t("pool"),
        targets: t("targets"),
        size: size.map(|n| n as usize),
        inline: None,
    }
    .game()
    .unwrap()
}

/// One part's file read back and checked row by row against the JSON lines of that part;
/// its boards.
fn check_part(
    case: &Case,
    report: &GenerateReport,
    path: &Path,
    part: &str,
    want: &[&serde_json::Value],
) -> HashSet<Vec<i64>> {
    let df = read_file(path).unwrap();
    let no_solution = case.unsolvable.is_some();
    assert_eq!(schema_of(&df), verl_schema(no_solution), "{}", case.name);
    assert_eq!(df.height(), want.len(), "{} {part}", case.name);
    let column = |name: &str| df.column(name).unwrap().as_materialized_series().clone();
    let (source, ability) = (column("data_source"), column("ability"));
    let (reward, extra) = (column("reward_model"), column("extra_info"));
    let prompts = column("prompt");
    let truth = field(&reward, "ground_truth");
    let mut boards = HashSet::new();
    for (i, row) in want.iter().enumerate() {
        assert_eq!(text(&source, i).as_deref(), Some(case.source));
        assert_eq!(text(&ability, i).as_deref(), Some("math"));
        assert_eq!(text(&field(&reward, "style"), i).as_deref(), Some("rule"));
        assert_eq!(text(&field(&extra, "split"), i).as_deref(), Some(part));
        assert_eq!(field(&extra, "index").i64().unwrap().get(i), Some(i as i64));
        let (numbers, target) = (ints(&field(&truth, "numbers"), i), row["target"].as_i64());
        assert_eq!(
            numbers,
            serde_json::from_value::<Vec<i64>>(row["numbers"].clone()).unwrap()
        );
        assert_eq!(field(&truth, "target").i64().unwrap().get(i), target);
        let target = target.unwrap();
        // The prompt: one user message, the set's prompt word for word.
        let chat = prompts.list().unwrap().get_as_series(i).unwrap();
        assert_eq!(chat.len(), 1);
        assert_eq!(text(&field(&chat, "role"), 0).as_deref(), Some("user"));
        let content = text(&field(&chat, "content"), 0).unwrap();
        assert_eq!(content, prompt(&report.game, &numbers, target, no_solution));
        assert_eq!(Some(content.as_str()), row["prompt"].as_str());
        // The reference, judged under the game the row's own ground truth names.
        let game = truth_game(&field(&truth, "game"), i);
        let board = Board::new(&game, numbers.clone()).unwrap();
        let solution = text(&field(&extra, "solution"), i).unwrap();
        let v = check(&game, &board, target, &solution);
        assert!(
            v.solved,
            "{}: {solution} for {target} from {numbers:?}: {v}",
            case.name
        );
        let min_ops = field(&extra, "min_ops").u32().unwrap().get(i);
        let solvable = solution != "no solution";
        if solvable {
            assert_eq!(v.ops, min_ops.map(|m| m as usize), "{}", case.name);
        } else {
            assert_eq!(min_ops, None, "{}", case.name);
        }
        if no_solution {
            let flagged = flag(&field(&extra, "solvable"), i);
            assert_eq!(Some(flagged), row["solvable"].as_bool());
            assert_eq!(flagged, solvable, "{}", case.name);
        }
        boards.insert(numbers);
    }
    boards
}

#[test]
fn a_verl_folder_holds_verls_rows_and_every_reference_solves_under_its_ground_truth() {
    for case in cases() {
        let report = made(&case);
        let rows = jsonl(&report);
        let parent = tempfile::tempdir().unwrap();
        let dir = parent.path().join("set");
        report.write_verl(&dir).unwrap();
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, ["test.parquet", "train.parquet"], "{}", case.name);
        let part = |p: &str| -> Vec<&serde_json::Value> {
            rows.iter().filter(|r| r["split"] == p).collect()
        };
        let [train, test] = ["train", "test"].map(|p| {
            check_part(
                &case,
                &report,
                &dir.join(format!("{p}.parquet")),
                p,
                &part(p),
            )
        });
        assert!(!train.is_empty() && !test.is_empty(), "{}", case.name);
        assert!(
            train.is_disjoint(&test),
            "{}: a board in both parts",
            case.name
        );
        assert_eq!(
            part("train").len() + part("test").len(),
            24,
            "{}",
            case.name
        );
        if case.unsolvable.is_some() {
            let none = rows
                .iter()
                .filter(|r| r["solution"] == "no solution")
                .count();
            assert_eq!(none, 6, "{}", case.name);
        }
        // Nothing is left beside it.
        assert_eq!(std::fs::read_dir(parent.path()).unwrap().count(), 1);
    }
}

#[test]
fn the_command_writes_a_verl_folder_only_to_a_new_one() {
    let run = |args: &[&str]| {
        Command::cargo_bin("digits-lab")
            .unwrap()
            .arg("generate")
            .args(args)
            .output()
            .unwrap()
    };
    let out = run(&["--format", "verl", "--quiet"]);
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("--format verl writes a folder: give --out DIR"),
        "{err}"
    );
    let parent = tempfile::tempdir().unwrap();
    let dir = parent.path().join("set");
    let path = dir.to_str().unwrap();
    let args = [
        "--game",
        "countdown",
        "--count",
        "5",
        "--format",
        "verl",
        "--out",
        path,
    ];
    let out = run(&[&args[..], &["--quiet"]].concat());
    assert_succeeded(&out);
    let df = read_file(&dir.join("train.parquet")).unwrap();
    assert_eq!(df.height(), 5);
    assert!(!dir.join("test.parquet").exists(), "no split asked for");
    // The folder now holds something: it is not written over.
    let out = run(&[&args[..], &["--quiet"]].concat());
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not empty"));
}

#[test]
fn an_hf_folder_holds_the_same_rows_with_chat_prompts_in_a_conversational_config() {
    let report = GenerateRequest {
        game: GameOptions::named("countdown"),
        count: Some(40),
        seed: 4,
        test_share: Some(0.25),
        threads: Some(2),
        format: GenerateFormat::Jsonl,
        ..GenerateRequest::default()
    }
    .run(&Silent)
    .unwrap();
    let parent = tempfile::tempdir().unwrap();
    let dir = parent.path().join("set");
    report.write_folder(&dir, "digits-lab generate").unwrap();
    let card = std::fs::read_to_string(dir.join("README.md")).unwrap();
    for part in ["train", "test"] {
        let file = format!("{part}-00000-of-00001.parquet");
        let plain = read_file(&dir.join("data").join(&file)).unwrap();
        let chat = read_file(&dir.join("conversational").join(&file)).unwrap();
        assert_eq!(plain.get_column_names(), chat.get_column_names());
        assert_eq!(plain.column("prompt").unwrap().dtype(), &DataType::String);
        assert_eq!(chat.column("prompt").unwrap().dtype(), &messages_type());
        assert!(plain.height() > 0);
        let rest = |df: &DataFrame| df.drop("prompt").unwrap();
        assert!(rest(&plain).equals_missing(&rest(&chat)), "{part}");
        let texts = plain.column("prompt").unwrap().str().unwrap().clone();
        let chats = chat
            .column("prompt")
            .unwrap()
            .as_materialized_series()
            .clone();
        for i in 0..plain.height() {
            let m = chats.list().unwrap().get_as_series(i).unwrap();
            assert_eq!(m.len(), 1);
            assert_eq!(text(&field(&m, "role"), 0).as_deref(), Some("user"));
            assert_eq!(text(&field(&m, "content"), 0).as_deref(), texts.get(i));
        }
        for config in ["data", "conversational"] {
            assert!(
                card.contains(&format!("  - split: {part}\n    path: {config}/{file}\n")),
                "{card}"
            );
        }
    }
    // The default config first (`load_dataset(DIR)` takes it), then the chat one.
    let yaml = &card[..card[4..].find("---").unwrap()];
    let default = yaml.find("- config_name: default\n").unwrap();
    let chat = yaml.find("- config_name: conversational\n").unwrap();
    assert!(default < chat, "{yaml}");
}
