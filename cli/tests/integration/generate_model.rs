//! A model difficulty only where it predicts: success models fitted (`fit --evaluation`) on
//! the answers of two scripted solvers over every solvable 24-game hand — `careless`, wrong
//! at random on a quarter of its answers (noise: nothing predicts its failures), and
//! `no-fractions`, which fails exactly the hands that need a fraction. `fit` says the first
//! predicts nothing and suggests no band; `generate --model-difficulty` refuses it with that
//! reason unless `--allow-unpredictive`, and the set then says so; and every output format
//! shows `model_success` when a model chose the puzzles, and none otherwise.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use assert_cmd::Command;
use polars::prelude::*;

use digits_lab::model::success::SuccessModel;
use digits_lab::progress::Silent;
use digits_lab::random::SplitMix64;
use digits_lab::request::{FitRequest, GameOptions, GenerateRequest};
use digits_lab::store::read::read_file;

use crate::cli::assert_succeeded;
use crate::evaluate::{evaluate_24, hands};

/// The two success models and what `fit` printed of each.
struct Models {
    _dir: tempfile::TempDir,
    careless: PathBuf,
    no_fractions: PathBuf,
    careless_fit: String,
    no_fractions_fit: String,
}

fn models() -> &'static Models {
    static MODELS: OnceLock<Models> = OnceLock::new();
    MODELS.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let mut rng = SplitMix64::new(56);
        let mut text = String::new();
        for h in hands() {
            for _ in 0..3 {
                // Right but for a wrong `= 25` on a quarter of its answers, at random.
                let careless = if rng.below(4) == 0 {
                    format!("{} = 25", h.solution)
                } else {
                    h.solution.clone()
                };
                let no_fractions = if h.needs_fraction {
                    "no solution".to_string()
                } else {
                    h.solution.clone()
                };
                for (model, answer) in [("careless", careless), ("no-fractions", no_fractions)] {
                    let row =
                        serde_json::json!({"model": model, "numbers": h.cards, "answer": answer});
                    text.push_str(&format!("{row}\n"));
                }
            }
        }
        let out = evaluate_24(dir.path(), "answers.jsonl", &text);
        let fit = |model: &str| {
            FitRequest {
                evaluation: Some(out.clone()),
                model: Some(model.into()),
                ..FitRequest::default()
            }
            .run()
            .unwrap()
            .to_string()
        };
        Models {
            careless_fit: fit("careless"),
            no_fractions_fit: fit("no-fractions"),
            careless: out.join("success-careless.json"),
            no_fractions: out.join("success-no-fractions.json"),
            _dir: dir,
        }
    })
}

fn cli(args: &[&str]) -> std::process::Output {
    Command::cargo_bin("digits-lab")
        .unwrap()
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn fit_says_when_a_models_failures_are_not_predictable_and_then_suggests_no_band() {
    let m = models();
    let careless = SuccessModel::read(&m.careless).unwrap();
    assert!(careless.r2_cv.mean < 0.05, "{:?}", careless.r2_cv);
    let why = careless.unpredictive().expect("careless is noise");
    assert!(why.starts_with("cross-validated R² "), "{why}");
    let said = format!(
        "careless's failures are not predictable from the puzzles' properties ({why}): a set \
         chosen by its predicted success would be chosen by noise\n"
    );
    assert!(m.careless_fit.contains(&said), "{}", m.careless_fit);
    assert!(
        !m.careless_fit.contains("--difficulty"),
        "{}",
        m.careless_fit
    );
    assert!(
        m.careless_fit
            .contains("refuses it without --allow-unpredictive"),
        "{}",
        m.careless_fit
    );
    let no_fractions = SuccessModel::read(&m.no_fractions).unwrap();
    assert_eq!(
        no_fractions.unpredictive(),
        None,
        "{:?}",
        no_fractions.r2_cv
    );
    let path = m.no_fractions.display();
    assert!(
        m.no_fractions_fit.ends_with(&format!(
            "wrote {path} (generate --model-difficulty {path} --difficulty hard)\n"
        )),
        "{}",
        m.no_fractions_fit
    );
    assert!(!m.no_fractions_fit.contains("not predictable"));
    assert!(m.no_fractions_fit.contains("needs_fraction"));
}

#[test]
fn generate_refuses_a_model_that_does_not_predict_unless_told_and_then_says_so() {
    let m = models();
    let why = SuccessModel::read(&m.careless)
        .unwrap()
        .unpredictive()
        .unwrap();
    let model = m.careless.to_str().unwrap();
    let asked = [
        "generate",
        "--game",
        "24",
        "--count",
        "3",
        "--difficulty",
        "medium",
        "--model-difficulty",
        model,
        "--quiet",
    ];
    let out = cli(&asked);
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains(&format!(
            "{model}: careless's failures are not predictable from the puzzles' properties \
             ({why})"
        )),
        "{err}"
    );
    assert!(err.contains("give --allow-unpredictive"), "{err}");
    // The override: the table's title and the card say the model difficulty is noise.
    let out = cli(&[&asked[..], &["--allow-unpredictive"]].concat());
    assert_succeeded(&out);
    let table = String::from_utf8(out.stdout).unwrap();
    let title = table.lines().next().unwrap();
    let flagged = format!("--model-difficulty (careless, not predictive: {why})");
    assert!(title.contains(&flagged), "{title}");
    let parent = tempfile::tempdir().unwrap();
    let dir = parent.path().join("set");
    let hf = [
        "--allow-unpredictive",
        "--format",
        "hf",
        "--out",
        dir.to_str().unwrap(),
    ];
    let out = cli(&[&asked[..], &hf].concat());
    assert_succeeded(&out);
    let card = std::fs::read_to_string(dir.join("README.md")).unwrap();
    assert!(card.contains(&flagged), "{card}");
    assert!(
        card.contains(&format!(
            "**The model difficulty is not predictive**: careless's failures are not \
             predictable from the puzzles' properties ({why})"
        )),
        "{card}"
    );
    // The flag overrides a model's check only.
    let out = cli(&["generate", "--allow-unpredictive", "--quiet"]);
    assert_eq!(out.status.code(), Some(2));
    let request = GenerateRequest {
        allow_unpredictive: true,
        ..GenerateRequest::default()
    };
    let e = request.run(&Silent).unwrap_err().to_string();
    assert!(e.contains("give --model-difficulty"), "{e}");
}

/// A struct column's field, or a column, as a list of floats.
fn floats(s: &Series) -> Vec<Option<f64>> {
    s.f64().unwrap().iter().collect()
}

/// The `model_success` a Parquet file holds, as a column or in `extra_info` (verl); `None`
/// when it holds none.
fn parquet_success(path: &Path, verl: bool) -> Option<Vec<Option<f64>>> {
    let df = read_file(path).unwrap();
    if verl {
        let extra = df.column("extra_info").unwrap().struct_().unwrap().clone();
        return extra
            .field_by_name("model_success")
            .ok()
            .map(|s| floats(&s));
    }
    let c = df.column("model_success").ok()?;
    Some(floats(c.as_materialized_series()))
}

#[test]
fn every_format_shows_model_success_when_a_model_chose_the_puzzles_and_none_otherwise() {
    let m = models();
    for model in [true, false] {
        let request = |format: &str, out: Option<PathBuf>| GenerateRequest {
            game: GameOptions::named("24"),
            count: Some(4),
            seed: 9,
            difficulty: model.then(|| "fiendish".parse().unwrap()),
            model_difficulty: model.then(|| m.no_fractions.clone()),
            format: format.parse().unwrap(),
            out,
            threads: Some(2),
            ..GenerateRequest::default()
        };
        let report = request("table", None).run(&Silent).unwrap();
        let want: Vec<Option<f64>> = (report.generated.puzzles.iter())
            .map(|p| p.model_success)
            .collect();
        assert_eq!(want.len(), 4);
        if model {
            assert!(want.iter().all(|s| s.is_some_and(|s| s < 0.25)), "{want:?}");
        } else {
            assert!(want.iter().all(Option::is_none));
        }
        for format in ["table", "csv", "json", "jsonl"] {
            let mut bytes = Vec::new();
            request(format, None)
                .write(&report, &mut bytes, "")
                .unwrap();
            let text = String::from_utf8(bytes).unwrap();
            assert_eq!(text.contains("model_success"), model, "{format}: {text}");
            if !model {
                continue;
            }
            let got: Vec<Option<f64>> = match format {
                "json" => serde_json::from_str::<Vec<serde_json::Value>>(&text)
                    .unwrap()
                    .iter()
                    .map(|p| p["model_success"].as_f64())
                    .collect(),
                "jsonl" => (text.lines())
                    .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
                    .map(|p| p["model_success"].as_f64())
                    .collect(),
                "csv" => {
                    let mut lines = text.lines();
                    let head: Vec<&str> = lines.next().unwrap().split(',').collect();
                    let k = head.iter().position(|&h| h == "model_success").unwrap();
                    lines
                        .map(|l| l.split(',').nth(k).unwrap().parse().ok())
                        .collect()
                }
                _ => {
                    // The table: each puzzle's line shows its success as a percentage.
                    let rows: Vec<&str> = text.lines().skip(2).collect();
                    for (row, s) in rows.iter().zip(&want) {
                        let shown = format!(" {:.0}% ", s.unwrap() * 100.0);
                        assert!(row.contains(&shown), "{row} lacks {shown}");
                    }
                    want.clone()
                }
            };
            assert_eq!(got, want, "{format}");
        }
        let dir = tempfile::tempdir().unwrap();
        for format in ["parquet", "hf", "verl"] {
            let out = dir.path().join(format!("{format}-{model}"));
            request(format, Some(out.clone()))
                .write(&report, &mut Vec::new(), "digits-lab generate")
                .unwrap();
            let files = match format {
                "parquet" => vec![out.clone()],
                "hf" => ["data", "conversational"]
                    .map(|c| out.join(c).join("train-00000-of-00001.parquet"))
                    .to_vec(),
                _ => vec![out.join("train.parquet")],
            };
            for file in files {
                let got = parquet_success(&file, format == "verl");
                assert_eq!(got, model.then(|| want.clone()), "{}", file.display());
            }
            if format == "hf" {
                let card = std::fs::read_to_string(out.join("README.md")).unwrap();
                let said = "The puzzles were chosen by no-fractions's predicted success";
                assert_eq!(card.contains(said), model, "{card}");
                assert!(!card.contains("not predictive"), "{card}");
            }
        }
    }
}
