//! The difficulty features and score: known puzzles get the features their solutions show,
//! the score moves the obvious way when one feature changes, and `hardest --by difficulty`
//! ranks by the stored score.

use digits_lab::corpus::CorpusId;
use digits_lab::engine::Dp;
use digits_lab::game::board::Board;
use digits_lab::game::number::Int;
use digits_lab::game::rules::{Game, GameKind};
use digits_lab::puzzle::difficulty::{Assessment, Features, Setting};
use digits_lab::puzzle::solve::{self, Options};
use digits_lab::store::read::read_file;
use polars::prelude::*;
use serde_json::Value;

use crate::fixture;
use crate::hardest::hardest;

fn assess(kind: GameKind, target: i64, numbers: &[i64]) -> Option<Assessment> {
    let game = Game::preset(kind);
    let board = Board::new(&game, numbers.to_vec()).unwrap();
    let opts = Options {
        no_moves: true,
        ..Options::default()
    };
    solve::solve(&game, &board, target, opts)
        .unwrap()
        .difficulty
}

fn features(kind: GameKind, target: i64, numbers: &[i64]) -> Features {
    assess(kind, target, numbers).unwrap().features
}

#[test]
fn known_puzzles_have_the_features_their_solutions_show() {
    use GameKind::{Digits, TwentyFour};
    // 24 = 5 × (5 − 1 ÷ 5): its one solution divides and passes through 1/5.
    let f = features(TwentyFour, 24, &[1, 5, 5, 5]);
    assert!(f.needs_fraction && f.needs_division && !f.needs_negative && !f.greedy);
    assert_eq!((f.min_ops, f.solutions, f.peak), (3, 1, 24));
    assert!(f.uses_all);
    // 24 = (10 × 10 − 4) ÷ 4: whole numbers, but it climbs to 100 first.
    let f = features(TwentyFour, 24, &[4, 4, 10, 10]);
    assert!(!f.needs_fraction && f.needs_division);
    assert_eq!(f.peak, 100);
    // 24 = 3 × 8 + 1 − 1 (and 3 × 8 × 1 × 1): the greedy product.
    let f = features(TwentyFour, 24, &[1, 1, 3, 8]);
    assert!(f.greedy && !f.needs_division && !f.needs_fraction);
    // 1 × 2 × 3 × 4 needs nothing special.
    let f = features(TwentyFour, 24, &[1, 2, 3, 4]);
    assert!(!f.needs_fraction && !f.needs_division && !f.needs_negative);
    // Digits: 525 = 50 × 10 + 25, a product then a correction of a twentieth.
    let f = features(Digits, 525, &[1, 3, 7, 10, 25, 50]);
    assert!(f.greedy && !f.needs_division && f.min_ops == 2 && !f.uses_all);
    // Unreachable: no assessment.
    assert_eq!(assess(Digits, 831, &[1, 3, 7, 10, 25, 50]), None);
}

/// Near misses counted one by one with the plain engine: the integers within 2% of the
/// target, not the target, reached in at most its `min_ops` operations.
#[test]
fn near_misses_are_the_cheap_values_around_the_target() {
    let game = Game::preset(GameKind::Digits);
    for (target, numbers) in [
        (765, vec![1, 3, 7, 10, 25, 50]),
        (415, vec![1, 2, 3, 4, 5, 6]),
        (50, vec![2, 3, 9, 11, 19, 24]),
        (999, vec![5, 6, 13, 17, 20, 24]),
    ] {
        let board = Board::new(&game, numbers.clone()).unwrap();
        let t: Dp<Int> = Dp::build(&board, &game.rules).unwrap();
        let ops = t.counts(Int(target)).unwrap().unwrap().min_ops;
        let band = (target / 50).max(1);
        let expected = (target - band..=target + band)
            .filter(|&v| v != target && v > 0)
            .filter(|&v| t.counts(Int(v)).unwrap().is_some_and(|c| c.min_ops <= ops))
            .count() as u32;
        let f = features(GameKind::Digits, target, &numbers);
        assert_eq!(f.near_misses, expected, "{target} from {numbers:?}");
        assert!(expected > 0);
    }
}

#[test]
fn a_needed_fraction_scores_harder_than_the_same_structure_without() {
    let setting = Setting {
        numbers: 4,
        largest: 5,
        ones: 1,
        first_moves: 9,
    };
    let f = features(GameKind::TwentyFour, 24, &[1, 5, 5, 5]);
    let without = Features {
        needs_fraction: false,
        ..f
    };
    assert!(f.score(24, setting) > without.score(24, setting));
    // And for real: 1 5 5 5 needs a fraction, 1 2 7 7 (also one solution, three operations,
    // a division: (7 × 7 − 1) ÷ 2) does not.
    let a = assess(GameKind::TwentyFour, 24, &[1, 5, 5, 5]).unwrap();
    let b = assess(GameKind::TwentyFour, 24, &[1, 2, 7, 7]).unwrap();
    assert_eq!((a.features.solutions, b.features.solutions), (1, 1));
    assert!(!b.features.needs_fraction && b.features.needs_division);
    assert!(a.difficulty > b.difficulty, "{a:?} {b:?}");
}

#[test]
fn more_distinct_solutions_with_everything_else_equal_score_easier() {
    let setting = Setting {
        numbers: 6,
        largest: 50,
        ones: 1,
        first_moves: 70,
    };
    let f = features(GameKind::Digits, 765, &[1, 3, 7, 10, 25, 50]);
    let mut last = f64::INFINITY;
    for solutions in [1, 2, 3, 12, 100, 10_000] {
        let s = Features { solutions, ..f }.score(765, setting);
        assert!(s < last, "{solutions} solutions: {s} ≥ {last}");
        last = s;
    }
}

#[test]
fn hardest_by_difficulty_ranks_by_the_stored_score() {
    let out = hardest(&[
        "--corpus",
        "digits",
        "--by",
        "difficulty",
        "--limit",
        "5",
        "--format",
        "json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let list: Vec<Value> = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(list.len(), 5);
    let scores: Vec<f64> = list
        .iter()
        .map(|h| h["difficulty"].as_f64().unwrap())
        .collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
    // The first is the highest score of the whole table, re-solved to the same features.
    let top = &list[0];
    let board: Vec<i64> = top["board"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_i64().unwrap())
        .collect();
    let target = top["target"].as_i64().unwrap();
    let a = assess(GameKind::Digits, target, &board).unwrap();
    assert_eq!(scores[0], a.difficulty);
    assert_eq!(
        top["features"]["peak"].as_u64(),
        Some(a.features.peak),
        "{top}"
    );
    let table = fixture::max_difficulty(CorpusId::Digits);
    assert_eq!(scores[0], table);
}

/// Tables written before the score existed (no `difficulty` column): ranking by it is a
/// clear one-line error, exit 2.
#[test]
fn hardest_by_difficulty_on_tables_without_the_score_is_refused() {
    let data = fixture::subset(&[CorpusId::TwentyFourMinus]);
    let puzzles = data
        .path()
        .join("24-minus/puzzles/part-1-of-1.piece-0001.parquet");
    let mut old = read_file(&puzzles).unwrap().drop("difficulty").unwrap();
    let file = std::fs::File::create(&puzzles).unwrap();
    ParquetWriter::new(file).finish(&mut old).unwrap();
    let out = assert_cmd::Command::new(env!("CARGO_BIN_EXE_digits-lab"))
        .args(["hardest", "--data"])
        .arg(data.path())
        .args(["--corpus", "24-minus", "--by", "difficulty"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("difficulty") && err.lines().count() == 1,
        "{err}"
    );
}
