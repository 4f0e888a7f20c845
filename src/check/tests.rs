//! Each kind of answer and each fault on hand-picked puzzles; the integration tests check
//! every solution `solve` prints and corrupted ones on random boards.

use std::time::Instant;

use super::*;
use crate::game::rule_set::GameKind;

fn verdict(kind: GameKind, numbers: &[i64], target: i64, answer: &str) -> Verdict {
    let game = Game::preset(kind);
    let board = Board::new(&game, numbers.to_vec()).unwrap();
    check(&game, &board, target, answer)
}

fn countdown(answer: &str) -> Verdict {
    verdict(GameKind::Countdown, &[1, 10, 25, 50, 75, 100], 765, answer)
}

fn fault(v: &Verdict) -> (Fault, &str) {
    let r = v.reason.as_ref().unwrap_or_else(|| panic!("valid: {v}"));
    (r.fault, r.message.as_str())
}

#[test]
fn a_solution_is_solved_in_every_spelling() {
    for answer in [
        "(25-10)*(1+50)",
        "(25 − 10) × (1 + 50) = 765",
        "(25-10)x(1+50)",
        "25 - 10 = 15\n1 + 50 = 51\n15 * 51 = 765",
        "25 - 10 = 15; 1 + 50 = 51; 15 × 51 = 765",
    ] {
        let v = countdown(answer);
        assert!(v.solved, "{answer}: {v}");
        assert_eq!(v.ops, Some(3));
        assert_eq!(v.to_string(), "solved: 765 in 3 operations (10 points)");
    }
}

#[test]
fn a_near_miss_is_valid_and_scored() {
    let v = countdown("75 * 10 + 1");
    assert!(v.valid && !v.solved);
    assert_eq!(
        v.to_string(),
        "valid: 751 in 2 operations, 14 from the target (0 points)"
    );
    let v = countdown("75 * 10 + 25 - 1");
    assert_eq!((v.score, v.score_unit), (Some(5), Some("points")));
    assert_eq!(
        countdown("100").value,
        Some(crate::puzzle::solve::Exact::Integer(100))
    );
}

#[test]
fn each_fault_has_its_reason() {
    let cases: &[(&str, Fault, &str)] = &[
        (
            "7 * 100",
            Fault::NotOnBoard,
            "7 is not on the board (1 10 25 50 75 100)",
        ),
        (
            "25 * 25",
            Fault::UsedTooOften,
            "25 is used more often than the board (1 10 25 50 75 100) has it: once",
        ),
        (
            "100 - 75 - 50",
            Fault::Domain,
            "25 − 50 = -25, and every step must stay in the positive integers",
        ),
        (
            "75 / 10",
            Fault::Domain,
            "75 ÷ 10 = 15/2, and every step must stay in the positive integers",
        ),
        (
            "10 ^ 2",
            Fault::Operator,
            "`^` is not allowed: countdown has no powers (--pow allows them)",
        ),
        (
            "-25 + 50",
            Fault::Operator,
            "unary minus is not allowed in countdown (a − needs a number on each side)",
        ),
        (
            "(25-10)*(1+50) = 764",
            Fault::WrongResult,
            "the answer says = 764, but it makes 765",
        ),
        (
            "25 - 10 = 16\n16 * 50 = 800",
            Fault::WrongResult,
            "move 1: says = 16, but it is 15",
        ),
        (
            "25 - 10 = 15\n25 + 1 = 26",
            Fault::NotAvailable,
            "move 2: 25 is not in hand (left: 1 50 75 100 15)",
        ),
        (
            "25 - 10\n15 * 50 = 750",
            Fault::Syntax,
            "move 1: no result stated: write `a op b = c`",
        ),
        (
            "2 + import",
            Fault::Syntax,
            "`i` at column 5 is not part of an answer",
        ),
        (
            "(1 + 10",
            Fault::Syntax,
            "a `(` is never closed at column 1",
        ),
        ("", Fault::Syntax, "the answer is empty"),
    ];
    for &(answer, want, message) in cases {
        let v = countdown(answer);
        assert_eq!(fault(&v), (want, message), "{answer}");
    }
}

#[test]
fn the_24_game_uses_every_number_in_exact_rationals() {
    let v = |numbers: &[i64], a: &str| verdict(GameKind::TwentyFour, numbers, 24, a);
    assert!(v(&[3, 3, 8, 8], "8 / (3 - 8 / 3)").solved);
    assert!(
        v(
            &[3, 3, 8, 8],
            "8 ÷ 3 = 8/3\n3 − (8/3) = 1/3\n8 ÷ (1/3) = 24"
        )
        .solved
    );
    // reasoning-gym's grader takes both of these: numbers never compared, 24.5 rounded.
    assert_eq!(fault(&v(&[1, 2, 3, 4], "6*4*1*1")).0, Fault::NotOnBoard);
    let near = v(&[1, 2, 7, 7], "7*7/2*1");
    assert!(near.valid && !near.solved, "{near}");
    assert_eq!(
        near.to_string(),
        "valid: 49/2 in 3 operations, 1/2 from the target"
    );
    assert_eq!(
        fault(&v(&[1, 2, 3, 4], "4*3*2")),
        (Fault::Unused, "1 is not used: 24 uses every number")
    );
    assert_eq!(
        fault(&v(&[1, 2, 3, 4], "4 * 3 = 12\n12 * 2 = 24")),
        (Fault::Unused, "1 is not used: 24 uses every number")
    );
    assert_eq!(
        fault(&v(&[1, 1, 2, 3], "3 / (1 - 1) * 2")),
        (Fault::DivisionByZero, "3 ÷ 0 divides by zero")
    );
}

#[test]
fn powers_are_bounded_and_cheap() {
    let mut game = Game::preset(GameKind::TwentyFour).with_pow();
    game.pool.segments = vec![(1, 13, 6)];
    let board = Board::new(&game, vec![2; 6]).unwrap();
    let start = Instant::now();
    let v = check(&game, &board, 24, "2**2**2**2**2**2");
    assert_eq!(v.reason.unwrap().fault, Fault::TooLarge);
    let long = "1+".repeat(5_000);
    let v = check(&game, &board, 24, &long);
    assert_eq!(v.reason.unwrap().fault, Fault::TooLong);
    // A bound on cost, not a benchmark: both are refused before any real work.
    assert!(start.elapsed().as_millis() < 50, "{:?}", start.elapsed());
    let v = check(&game, &board, 24, "2 ^ (2 - 2 - 2) + 2 - 2");
    assert_eq!(v.value.unwrap().to_string(), "1/4");
    let countdown = Game::preset(GameKind::Countdown).with_pow();
    let board = Board::new(&countdown, vec![2, 3, 4]).unwrap();
    assert_eq!(
        fault(&check(&countdown, &board, 24, "2 ^ (3 - 4)")).0,
        Fault::Domain
    );
}

#[test]
fn joined_digits_count_one_operation_a_join() {
    let mut game = Game::preset(GameKind::Make10);
    game.rules.concat = true;
    let board = Board::new(&game, vec![0, 1, 5, 5]).unwrap();
    let v = check(&game, &board, 10, "(5 + 5) * 10 / 10");
    assert_eq!(fault(&v).0, Fault::NotOnBoard);
    let v = check(&game, &board, 10, "15 - 5 + 0");
    assert!(v.solved, "{v}");
    assert_eq!(v.ops, Some(3));
    let v = check(&game, &board, 10, "15 - 5 + 0 * 5");
    assert_eq!(fault(&v).0, Fault::UsedTooOften);
    let v = check(&game, &board, 10, "50 / 5 - 1");
    assert!(v.valid, "{v}");
    assert_eq!((v.solved, v.ops), (false, Some(3)));
    let v = check(&game, &board, 10, "1 ‖ 0 = 10\n5 − 5 = 0\n10 + 0 = 10");
    assert!(v.solved, "{v}");
    let plain = Game::preset(GameKind::Make10);
    let v = check(&plain, &board, 10, "50 / 5 - 1");
    assert_eq!(fault(&v).0, Fault::NotOnBoard);
}
