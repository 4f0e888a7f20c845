//! Fuzzing `check`: answers (any text, and text built from the answer alphabet so that most
//! cases get past the tokens), and files of answers (JSONL and CSV rows with fields of any
//! kind), each also audited. An answer always gets a verdict whose message is one line; a
//! file is checked (or audited) or refused with a one-line error; nothing panics. Cases: `FUZZ_CASES`, seed `FUZZ_SEED`.

use proptest::prelude::*;

use digits_lab::check::{MAX_ANSWER_BYTES, check};
use digits_lab::dataset::check::{Output, check_file};
use digits_lab::dataset::input::Columns;
use digits_lab::game::board::Board;
use digits_lab::game::rule_set::{Game, GameKind};
use digits_lab::progress::Silent;
use digits_lab::request::{AuditRequest, GameOptions};

use crate::fuzz::{cases, fuzz};

/// Text made of the answer grammar's pieces: numbers of any length, every spelling of every
/// operation, brackets, `=`, joins, separators and a stray character now and then.
fn answer_text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        4 => "[0-9]{1,3}",
        1 => "[0-9]{15,22}",
        1 => Just("0".to_string()),
        3 => prop::sample::select(vec![
            "+", "-", "−", "*", "x", "×", "/", "÷", "^", "**", "(", ")", "=", "‖", "||", "\n",
            ";", ",", " ", "1/3", "(-2)", "= 24",
        ])
        .prop_map(String::from),
        1 => "\\PC",
    ];
    prop_oneof![
        3 => "(1|2|3|5|7|8|10|25|50)( ?[-+*/x^] ?\\(?(0|1|2|3|5|7|8|10|25|50)\\)?){0,4}( = [0-9]{1,3})?",
        6 => prop::collection::vec(piece, 0..40).prop_map(|p| p.concat()),
        1 => any::<String>(),
        1 => (1usize..400).prop_map(|n| "(".repeat(n) + "2" + &")".repeat(n)),
        1 => (1usize..400).prop_map(|n| "2^".repeat(n) + "2"),
    ]
}

fn one_line(m: &str) -> Result<(), TestCaseError> {
    prop_assert!(!m.trim().is_empty() && !m.contains('\n'), "message {m:?}");
    Ok(())
}

#[test]
fn fuzz_answers() {
    let games = [
        Game::preset(GameKind::Countdown),
        Game::preset(GameKind::TwentyFour).with_pow(),
        {
            let mut g = Game::preset(GameKind::Make10);
            g.rules.concat = true;
            g
        },
    ];
    let boards = [
        vec![1, 3, 7, 10, 25, 50],
        vec![2, 2, 3, 8],
        vec![0, 1, 2, 5],
    ];
    fuzz("answers", cases(), answer_text(), |text| {
        let mut accepted = false;
        for (game, numbers) in games.iter().zip(&boards) {
            let board = Board::new(game, numbers.clone()).unwrap();
            let v = check(game, &board, 24, &text);
            match &v.reason {
                Some(r) => one_line(&r.message)?,
                None => {
                    prop_assert!(v.value.is_some() && text.len() <= MAX_ANSWER_BYTES);
                    accepted = true;
                }
            }
            prop_assert_eq!(
                v.solved,
                v.valid && v.distance.as_ref().is_some_and(|d| d.to_string() == "0")
            );
        }
        Ok(accepted)
    });
}

/// A dataset line: JSON objects with fields of every kind, or any text.
fn jsonl_line() -> impl Strategy<Value = String> {
    let numbers = prop_oneof![
        "\\[[0-9, -]{0,16}\\]",
        "\"[0-9 ,x]{0,12}\"",
        Just("null".to_string()),
        Just("[1.5, 2]".to_string()),
        Just("{}".to_string()),
    ];
    let target = prop_oneof!["-?[0-9]{1,22}", "\"[0-9.]{0,5}\"", Just("24.0".to_string())];
    let answer = prop_oneof![
        "\"[0-9+*/() -]{0,20}\"",
        Just("7".to_string()),
        Just("null".to_string())
    ];
    prop_oneof![
        4 => (numbers, target, answer).prop_map(|(n, t, a)| {
            format!("{{\"numbers\": {n}, \"target\": {t}, \"answer\": {a}}}")
        }),
        1 => "\\PC{0,30}",
    ]
}

#[test]
fn fuzz_answer_files() {
    let dir = tempfile::tempdir().unwrap();
    let game = Game::preset(GameKind::TwentyFour);
    let file = prop::collection::vec(jsonl_line(), 0..8);
    fuzz(
        "files of answers, checked and audited",
        cases() / 10,
        (file, any::<bool>()),
        |(lines, csv)| {
            let path = if csv {
                let p = dir.path().join("a.csv");
                std::fs::write(&p, lines.join("\n")).unwrap();
                p
            } else {
                let p = dir.path().join("a.jsonl");
                std::fs::write(&p, lines.join("\n")).unwrap();
                p
            };
            let audited = dir.path().join("audit.parquet");
            let audit = AuditRequest {
                game: GameOptions::named("24"),
                input: path.clone(),
                columns: Columns::default(),
                out: Some(audited),
                threads: Some(1),
            }
            .run(&Silent);
            if let Err(e) = audit {
                one_line(&e.to_string())?;
            }
            let mut out = Vec::new();
            match check_file(
                &game,
                &path,
                &Columns::default(),
                Output::Lines(&mut out),
                &Silent,
            ) {
                Ok(tally) => {
                    let text = String::from_utf8(out).unwrap();
                    prop_assert_eq!(text.lines().count() as u64, tally.rows);
                    for line in text.lines() {
                        let v: serde_json::Value = serde_json::from_str(line).unwrap();
                        if let Some(m) = v["message"].as_str() {
                            one_line(m)?;
                        }
                    }
                    Ok(true)
                }
                Err(e) => {
                    one_line(&e.to_string())?;
                    Ok(false)
                }
            }
        },
    );
}
