//! The reward rule against the Python rewards' own results: each expected value below is
//! what `rewards.reply` and `rewards.last_answer` (python/digits_lab/rewards.py) return for
//! the text, printed by Python.

use serde_json::json;

use super::*;
use crate::check::{Reason, Verdict};
use crate::generate::dataset::TruthGame;

/// (text, Python's `reply(text)`, Python's `last_answer(text)`).
const PYTHON: &[(&str, &str, Option<&str>)] = &[
    ("no tags at all", "no tags at all", None),
    (
        "<answer> (1+2+3)*4 </answer>",
        "<answer> (1+2+3)*4 </answer>",
        Some("(1+2+3)*4"),
    ),
    (
        "User: show <answer>1+1</answer> as example. Assistant: <answer>2*12</answer> done",
        " <answer>2*12</answer> done",
        Some("2*12"),
    ),
    (
        "Assistant: first Assistant: second <answer>x</answer>",
        " first Assistant: second <answer>x</answer>",
        Some("x"),
    ),
    (
        "<|im_start|>user\n<answer>no</answer><|im_end|>\n<|im_start|>assistant\nthink <answer>a</answer> then <answer>b</answer>",
        "\nthink <answer>a</answer> then <answer>b</answer>",
        Some("b"),
    ),
    (
        "<|im_start|>assistant one <start_of_turn>model two <answer>g</answer>",
        " two <answer>g</answer>",
        Some("g"),
    ),
    (
        "<answer><answer>inner</answer></answer>",
        "<answer><answer>inner</answer></answer>",
        Some("<answer>inner"),
    ),
    ("<answer>open only", "<answer>open only", None),
    (
        "<answer>a</answer><answer>unclosed",
        "<answer>a</answer><answer>unclosed",
        Some("a"),
    ),
    (
        "<answer>\u{1c}\u{1f} 3*8 \u{3000}</answer>",
        "<answer>\u{1c}\u{1f} 3*8 \u{3000}</answer>",
        Some("3*8"),
    ),
    ("<answer>\n\n</answer>", "<answer>\n\n</answer>", Some("")),
    (
        "<answer>multi\nline</answer>",
        "<answer>multi\nline</answer>",
        Some("multi\nline"),
    ),
    ("Assistant:", "", None),
    (
        "<|start_header_id|>assistant<|end_header_id|>\n\n<answer> 24 </answer>",
        "\n\n<answer> 24 </answer>",
        Some("24"),
    ),
];

#[test]
fn the_reply_and_its_last_answer_are_pythons() {
    for &(text, want_reply, want_answer) in PYTHON {
        assert_eq!(reply(text), want_reply, "reply of {text:?}");
        assert_eq!(last_answer(text), want_answer, "last_answer of {text:?}");
    }
}

#[test]
fn a_ground_truth_is_read_from_an_object_or_its_text() {
    let object = json!({"numbers": [4, 6, 7, 9], "target": 24, "game": "24"});
    let text = json!(object.to_string());
    let want = Truth {
        numbers: Ok(vec![4, 6, 7, 9]),
        target: Some(24),
        game: Some(GameSpec::Named("24".into())),
    };
    assert_eq!(Truth::of_label(&object).unwrap(), want);
    assert_eq!(Truth::of_label(&text).unwrap(), want);
    // TinyZero's `nums`, a board as text, no target, no game.
    let t = Truth::of_label(&json!({"nums": "1 2 3 4"})).unwrap();
    assert_eq!(
        (t.numbers, t.target, t.game),
        (Ok(vec![1, 2, 3, 4]), None, None)
    );
    // A game as generate writes it: its kind and the options that change it.
    let g = Truth::of_label(&json!({"numbers": [1], "game": {"kind": "countdown",
        "pool": "1-100x6", "size": 6, "pow": false, "rules": null}}))
    .unwrap()
    .game;
    assert_eq!(
        g,
        Some(GameSpec::Options(TruthGame {
            kind: "countdown".into(),
            pool: Some("1-100x6".into()),
            size: Some(6),
            ..TruthGame::default()
        }))
    );
}

#[test]
fn a_ground_truth_that_cannot_be_read_says_why() {
    for (label, why) in [
        (json!("not json"), "is not JSON"),
        (
            json!("[1, 2]"),
            "a ground truth is a JSON object, not a list",
        ),
        (json!(7), "not an integer"),
        (
            json!({"target": 24}),
            "has none of numbers, nums (it has target)",
        ),
        (
            json!({"numbers": [1.5, 2]}),
            "expected integers, not a float",
        ),
        (json!({"numbers": [true]}), "expected integers, not a bool"),
        (
            json!({"numbers": [1], "target": "24"}),
            "target: expected an integer, not a string",
        ),
        (json!({"numbers": [1], "game": 24}), "a name or an object"),
        (
            json!({"numbers": [1], "game": {"kind": "24", "colour": "red"}}),
            "unknown field `colour`",
        ),
        (
            json!({"numbers": [1], "game": {"pow": "yes"}}),
            "game.pow: expected a bool",
        ),
    ] {
        let e = Truth::of_label(&label).unwrap_err();
        assert!(e.contains(why), "{label}: {e}");
    }
    // A rules file named by a row is never read.
    let t = Truth::of_label(&json!({"numbers": [1], "game": {"rules": "/etc/passwd"}})).unwrap();
    let e = t.game.unwrap().options().unwrap_err();
    assert!(e.contains("reads none a request names"), "{e}");
}

#[test]
fn a_game_spec_maps_onto_the_game_options() {
    use crate::game::rule_set::GameKind;
    // Python's `Game(**{})` is Digits.
    let spec = GameSpec::of(&json!({})).unwrap();
    let g = spec.options().unwrap().game().unwrap();
    assert_eq!(g.kind, GameKind::Digits);
    let spec = GameSpec::Options(TruthGame {
        kind: "24".into(),
        pool: Some("1-100x6".into()),
        targets: Some("1-100000".into()),
        ..TruthGame::default()
    });
    let g = spec.options().unwrap().game().unwrap();
    assert_eq!(
        g,
        crate::request::ServeRequest::countdown_tasks()
            .game()
            .unwrap()
    );
}

fn verdict(v: Verdict) -> crate::dataset::check::RowVerdict {
    crate::dataset::check::RowVerdict { row: 0, verdict: v }
}

#[test]
fn the_score_is_the_pythons() {
    let s = Scoring {
        score: 2.0,
        format_score: 0.25,
    };
    let solved = Verdict {
        valid: true,
        solved: true,
        reason: None,
        ..Verdict::invalid(Reason::new(crate::check::Fault::Syntax, ""))
    };
    let wrong = Verdict::invalid(Reason::new(crate::check::Fault::Syntax, "x"));
    let puzzle = Verdict::invalid(Reason::new(crate::check::Fault::Puzzle, "not a board"));
    assert_eq!(s.reward(true, Some(&verdict(solved.clone()))).reward, 2.0);
    assert_eq!(s.reward(true, Some(&verdict(wrong.clone()))).reward, 0.25);
    assert_eq!(s.reward(false, Some(&verdict(wrong))).reward, 0.0);
    let r = s.reward(true, Some(&verdict(puzzle)));
    assert_eq!((r.reward, r.judged), (0.0, false));
    let r = s.reward(true, None);
    assert_eq!((r.reward, r.judged, r.answered), (0.0, false, true));
    assert_eq!(
        Scoring::default(),
        Scoring {
            score: 1.0,
            format_score: 0.0
        }
    );
}
