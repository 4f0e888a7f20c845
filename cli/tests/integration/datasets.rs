//! `generate --format jsonl|parquet`: datasets for models. Every row's reference solution
//! checks as solved; `ground_truth` and `prompt` carry the puzzle; `--per-board` never gives
//! a board more puzzles than asked nor a puzzle twice; a split holds out whole boards (or
//! whole targets), is the same for the same seed and another for another; the Parquet file
//! holds the JSON lines' rows; and the command refuses what it cannot write.

use std::collections::{HashMap, HashSet};

use assert_cmd::Command;

use digits_lab::check::check;
use digits_lab::game::board::Board;
use digits_lab::progress::Silent;
use digits_lab::request::generate::GenerateFormat;
use digits_lab::request::{GameOptions, GenerateReport, GenerateRequest};

use digits_lab::generate::dataset::HoldOut;

fn generate(game: &str, targets: Option<&str>, seed: u64, hold_out: HoldOut) -> GenerateReport {
    let mut options = GameOptions::named(game);
    options.targets = targets.map(String::from);
    GenerateRequest {
        game: options,
        count: Some(120),
        seed,
        per_board: Some(4),
        test_share: Some(0.25),
        hold_out,
        threads: Some(2),
        format: GenerateFormat::Jsonl,
        ..GenerateRequest::default()
    }
    .run(&Silent)
    .unwrap()
}

fn lines(report: &GenerateReport) -> Vec<serde_json::Value> {
    let mut bytes = Vec::new();
    report.write_jsonl(&mut bytes).unwrap();
    String::from_utf8(bytes)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn numbers(row: &serde_json::Value) -> Vec<i64> {
    serde_json::from_value(row["numbers"].clone()).unwrap()
}

/// `count` puzzles of the game `options` on two threads, every other option its default.
fn generated(options: GameOptions, count: u32) -> GenerateReport {
    GenerateRequest {
        game: options,
        count: Some(count),
        threads: Some(2),
        ..GenerateRequest::default()
    }
    .run(&Silent)
    .unwrap()
}

#[test]
fn every_row_is_a_solved_puzzle_and_the_split_holds_out_whole_boards() {
    let report = generate("countdown", None, 5, HoldOut::Boards);
    let rows = lines(&report);
    assert_eq!(rows.len(), 120);
    let game = &report.game;
    let (mut per_board, mut puzzles) = (HashMap::new(), HashSet::new());
    let mut split_of_board: HashMap<Vec<i64>, String> = HashMap::new();
    for row in &rows {
        let (n, t) = (numbers(row), row["target"].as_i64().unwrap());
        assert_eq!(row["ground_truth"]["numbers"], row["numbers"]);
        assert_eq!(row["ground_truth"]["target"], row["target"]);
        let list = n.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
        assert!(
            row["prompt"]
                .as_str()
                .unwrap()
                .starts_with(&format!("Using the numbers [{list}], make {t}."))
        );
        let board = Board::new(game, n.clone()).unwrap();
        let solution = row["solution"].as_str().unwrap();
        let v = check(game, &board, t, solution);
        assert!(v.solved, "{solution} for {t} from {n:?}: {v}");
        assert_eq!(v.ops, row["min_ops"].as_u64().map(|m| m as usize));
        *per_board.entry(n.clone()).or_insert(0) += 1;
        assert!(puzzles.insert((n.clone(), t)), "{t} from {n:?} twice");
        let split = row["split"].as_str().unwrap().to_string();
        let first = split_of_board.entry(n.clone()).or_insert(split.clone());
        assert_eq!(*first, split, "board {n:?} in both parts");
    }
    assert!(per_board.values().all(|&k| (1..=4).contains(&k)));
    assert!(per_board.len() >= 30, "{} boards", per_board.len());
    let test = rows.iter().filter(|r| r["split"] == "test").count();
    assert!((10..=60).contains(&test), "{test} of 120 in test");
    // The same seed gives the same rows; another seed splits the same boards otherwise.
    assert_eq!(
        lines(&generate("countdown", None, 5, HoldOut::Boards)),
        rows
    );
    let other = lines(&generate("countdown", None, 6, HoldOut::Boards));
    assert_ne!(other, rows);
}

#[test]
fn a_split_by_targets_holds_out_whole_targets_and_parquet_holds_the_rows() {
    let report = generate("24", Some("1-60"), 9, HoldOut::Targets);
    let rows = lines(&report);
    let mut split_of_target: HashMap<i64, String> = HashMap::new();
    for row in &rows {
        let t = row["target"].as_i64().unwrap();
        let split = row["split"].as_str().unwrap().to_string();
        assert_eq!(
            *split_of_target.entry(t).or_insert(split.clone()),
            split,
            "target {t}"
        );
    }
    assert!(split_of_target.values().any(|s| s == "test"));
    assert!(split_of_target.values().any(|s| s == "train"));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("set.parquet");
    report.write_parquet(&path).unwrap();
    let df = digits_lab::store::read::read_file(&path).unwrap();
    assert_eq!(df.height(), rows.len());
    let column = df.column("target").unwrap().i64().unwrap().clone();
    let targets: Vec<Option<i64>> = (0..column.len()).map(|i| column.get(i)).collect();
    let want: Vec<Option<i64>> = rows.iter().map(|r| r["target"].as_i64()).collect();
    assert_eq!(targets, want);
    let split = df.column("split").unwrap().str().unwrap();
    assert_eq!(split.get(0), rows[0]["split"].as_str());
    // The ground truth is a struct of the JSON object's fields, the game's options that are
    // off as false or null where the JSON leaves them out.
    let truth = df
        .column("ground_truth")
        .unwrap()
        .struct_()
        .unwrap()
        .clone();
    let field = |name: &str| truth.field_by_name(name).unwrap();
    assert_eq!(
        field("target").i64().unwrap().get(0),
        rows[0]["target"].as_i64()
    );
    let game = field("game");
    let game = game.struct_().unwrap();
    let kind = game.field_by_name("kind").unwrap();
    assert_eq!(kind.str().unwrap().get(0), Some("24"));
    let use_all = game.field_by_name("use_all").unwrap();
    assert_eq!(use_all.bool().unwrap().get(0), Some(false));
    let pool = game.field_by_name("pool").unwrap();
    assert_eq!(pool.str().unwrap().get(0), None);
    let targets = game.field_by_name("targets").unwrap();
    assert_eq!(
        targets.str().unwrap().get(0),
        rows[0]["ground_truth"]["game"]["targets"].as_str()
    );
}

#[test]
fn the_command_refuses_what_it_cannot_write() {
    let run = |args: &[&str]| {
        let out = Command::cargo_bin("digits-lab")
            .unwrap()
            .arg("generate")
            .args(args)
            .output()
            .unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        err
    };
    assert!(run(&["--format", "parquet", "--quiet"]).contains("give --out FILE"));
    assert!(
        run(&["--format", "jsonl", "--test-share", "1.5", "--quiet"]).contains("between 0 and 1")
    );
    assert!(
        run(&["--test-share", "0.1", "--quiet"])
            .contains("give --format jsonl, parquet, hf or verl")
    );
    assert!(run(&["--per-board", "0", "--quiet"]).contains("--per-board"));
    assert!(run(&["--format", "hf", "--quiet"]).contains("give --out DIR"));
    // One target held out cannot make a test split.
    let err = run(&[
        "--game",
        "24",
        "--count",
        "20",
        "--test-share",
        "0.2",
        "--hold-out",
        "targets",
        "--format",
        "jsonl",
        "--quiet",
    ]);
    assert!(
        err.contains("none in test") && err.contains("hold 1 target;"),
        "{err}"
    );
    // A folder that holds something is not written over.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("mine.txt"), "kept").unwrap();
    let out = dir.path().to_str().unwrap();
    assert!(run(&["--format", "hf", "--out", out, "--quiet"]).contains("not empty"));
    assert_eq!(
        std::fs::read_to_string(dir.path().join("mine.txt")).unwrap(),
        "kept"
    );
}

#[test]
fn a_game_with_a_fixed_target_makes_it_and_its_ground_truth_names_the_game() {
    let report = generated(GameOptions::named("24"), 30);
    let rows = lines(&report);
    assert!(rows.iter().all(|r| r["target"] == 24), "{rows:?}");
    assert_eq!(
        rows[0]["ground_truth"]["game"],
        serde_json::json!({"kind": "24"})
    );
    let mut options = GameOptions::named("countdown");
    options.rules.use_all = true;
    options.targets = Some("100-200".into());
    let report = generated(options, 5);
    let game = &lines(&report)[0]["ground_truth"]["game"];
    assert_eq!(
        *game,
        serde_json::json!({"kind": "countdown", "use_all": true, "targets": "100-200"})
    );
}

#[test]
fn a_dataset_folder_holds_a_file_per_split_and_a_card_naming_them() {
    let report = generate("countdown", None, 7, HoldOut::Boards);
    let rows = lines(&report);
    let parent = tempfile::tempdir().unwrap();
    let dir = parent.path().join("set");
    report.write_folder(&dir, "digits-lab generate").unwrap();
    let mut total = 0;
    for part in ["train", "test"] {
        let path = dir.join(format!("data/{part}-00000-of-00001.parquet"));
        let df = digits_lab::store::read::read_file(&path).unwrap();
        assert!(df.column("split").is_err(), "the split is the file");
        let want = rows.iter().filter(|r| r["split"] == part).count();
        assert_eq!(df.height(), want, "{part}");
        total += df.height();
    }
    assert_eq!(total, rows.len());
    let card = std::fs::read_to_string(dir.join("README.md")).unwrap();
    assert!(
        card.starts_with("---\nconfigs:\n- config_name: default\n"),
        "{card}"
    );
    assert!(card.contains("  - split: test\n    path: data/test-00000-of-00001.parquet\n"));
    assert!(card.contains("```sh\ndigits-lab generate\n```"));
    // Nothing is left beside it.
    let entries: Vec<_> = std::fs::read_dir(parent.path()).unwrap().collect();
    assert_eq!(entries.len(), 1);
}

#[test]
fn a_stratified_set_shares_its_puzzles_equally_among_the_strata() {
    use digits_lab::generate::strata::Stratify;
    let by = |stratify: Stratify, count: u32| {
        let mut options = GameOptions::named("countdown");
        options.targets = Some("100-400".into());
        GenerateRequest {
            game: options,
            count: Some(count),
            stratify: Some(stratify),
            threads: Some(2),
            ..GenerateRequest::default()
        }
        .run(&Silent)
        .unwrap()
        .generated
        .puzzles
    };
    let mut ops: HashMap<u32, usize> = HashMap::new();
    for p in by(Stratify::MinOps, 11) {
        *ops.entry(p.min_ops).or_default() += 1;
    }
    // Five strata (1 to 5 operations) of 11: the first takes the one left over.
    assert_eq!(ops, HashMap::from([(1, 3), (2, 2), (3, 2), (4, 2), (5, 2)]));
    let mut bands: HashMap<String, usize> = HashMap::new();
    for p in by(Stratify::Band, 8) {
        *bands.entry(p.band.unwrap().to_string()).or_default() += 1;
    }
    assert_eq!(bands.len(), 4);
    assert!(bands.values().all(|&n| n == 2), "{bands:?}");
}

#[test]
fn references_are_spelled_with_the_operators_the_prompt_names() {
    let mut request = GenerateRequest {
        game: GameOptions::named("countdown"),
        count: Some(40),
        all: true,
        threads: Some(2),
        ..GenerateRequest::default()
    };
    let ascii = lines(&request.run(&Silent).unwrap());
    let spelled = |r: &serde_json::Value| {
        let mut all = vec![r["solution"].as_str().unwrap().to_string()];
        let rest = r["solutions"].as_array().unwrap().iter();
        all.extend(rest.map(|s| s.as_str().unwrap().to_string()));
        all
    };
    for r in &ascii {
        assert!(r["prompt"].as_str().unwrap().contains("+, -, * and /"));
        for s in spelled(r) {
            assert!(
                s.chars()
                    .all(|c| c.is_ascii_digit() || " +-*/()".contains(c)),
                "{s}"
            );
        }
    }
    assert!(ascii.iter().flat_map(spelled).any(|s| s.contains('*')));
    request.unicode = true;
    let unicode = lines(&request.run(&Silent).unwrap());
    let back = |s: &str| s.replace('×', "*").replace('−', "-").replace('÷', "/");
    for (a, u) in ascii.iter().zip(&unicode) {
        let u: Vec<String> = spelled(u).iter().map(|s| back(s)).collect();
        assert_eq!(spelled(a), u);
    }
    assert!(unicode.iter().flat_map(spelled).any(|s| s.contains('×')));
}

#[test]
fn under_unary_minus_a_reference_needs_no_minus_sign_where_none_is_needed() {
    let mut options = GameOptions::named("24");
    options.rules.unary_minus = true;
    let report = generated(options, 30);
    let game = &report.game;
    let mut plain = game.clone();
    plain.rules.unary_minus = false;
    let mut spared = 0;
    for row in lines(&report) {
        let (n, t) = (numbers(&row), row["target"].as_i64().unwrap());
        let solution = row["solution"].as_str().unwrap();
        let board = Board::new(game, n.clone()).unwrap();
        assert!(check(game, &board, t, solution).solved, "{n:?} {solution}");
        let opts = digits_lab::puzzle::solve::Options {
            all: false,
            no_moves: true,
            no_difficulty: true,
        };
        let without = digits_lab::puzzle::solve::solve(&plain, &board, t, opts).unwrap();
        if without.counts.min_ops == row["min_ops"].as_u64().map(|m| m as u32) {
            assert!(!solution.contains("(-"), "{n:?} → {t}: {solution}");
            spared += 1;
        }
    }
    assert!(spared > 20, "{spared}");
    let err = Command::cargo_bin("digits-lab")
        .unwrap()
        .args([
            "generate",
            "--game",
            "24",
            "--unary-minus",
            "--all",
            "--quiet",
        ])
        .output()
        .unwrap();
    assert_eq!(err.status.code(), Some(2));
    let err = String::from_utf8(err.stderr).unwrap();
    assert!(err.contains("unary minus leaves undefined"), "{err}");
}

#[test]
fn a_set_mixes_in_puzzles_with_no_solution_at_the_share_asked() {
    for game in ["24", "countdown"] {
        let report = GenerateRequest {
            game: GameOptions::named(game),
            count: Some(20),
            seed: 5,
            unsolvable: Some(0.25),
            test_share: Some(0.5),
            format: GenerateFormat::Jsonl,
            ..GenerateRequest::default()
        }
        .run(&Silent)
        .unwrap();
        let rows = lines(&report);
        assert_eq!(rows.len(), 20);
        let g = GameOptions::named(game).game().unwrap();
        let mut unsolved = Vec::new();
        for (i, row) in rows.iter().enumerate() {
            let board = Board::new(&g, numbers(row)).unwrap();
            let target = row["target"].as_i64().unwrap();
            let prompt = row["prompt"].as_str().unwrap();
            assert!(
                prompt.contains("answer <answer>no solution</answer>"),
                "{prompt}"
            );
            let reference = row["solution"].as_str().unwrap();
            // Every reference is judged solved: a solution, or "no solution" where there is
            // none, which the engine confirms.
            assert!(check(&g, &board, target, reference).solved, "{row}");
            let solvable = row["solvable"].as_bool().unwrap();
            let counted = digits_lab::request::SolveRequest::from_words(
                GameOptions::named(game),
                Some(target.to_string()),
                &numbers(row).iter().map(i64::to_string).collect::<Vec<_>>(),
            )
            .unwrap()
            .run()
            .unwrap();
            assert_eq!(counted.solvable, solvable, "{row}");
            if !solvable {
                assert_eq!(reference, "no solution");
                assert!(row["min_ops"].is_null() && row["difficulty"].is_null());
                assert_eq!(row["distinct"], 0);
                unsolved.push(i);
            }
        }
        // A quarter, spread through the file rather than gathered at one end.
        assert_eq!(unsolved, [3, 7, 11, 15, 19], "{game}");
        assert!(
            report
                .title
                .contains("--unsolvable 0.25 (5 with no solution)"),
            "{}",
            report.title
        );
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("set.parquet");
        report.write_parquet(&path).unwrap();
        let df = digits_lab::store::read::read_file(&path).unwrap();
        let solvable = df.column("solvable").unwrap().bool().unwrap().clone();
        assert_eq!(solvable.sum(), Some(15));
        assert_eq!(df.column("min_ops").unwrap().null_count(), 5);
    }
    for (share, days, message) in [
        (1.0, None, "at least 0 and below 1"),
        (0.2, Some(2), "not with days"),
    ] {
        let e = GenerateRequest {
            unsolvable: Some(share),
            days,
            format: GenerateFormat::Jsonl,
            ..GenerateRequest::default()
        }
        .run(&Silent)
        .unwrap_err()
        .to_string();
        assert!(e.contains(message), "{e}");
    }
    let out = Command::cargo_bin("digits-lab")
        .unwrap()
        .args(["generate", "--game", "24", "--unsolvable", "0.2"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("give --format jsonl, parquet, hf or verl")
    );
}
