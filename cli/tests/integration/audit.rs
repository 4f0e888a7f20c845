//! `audit` against `solve`: every row's counts, `min_ops`, uniqueness and flags on a file of
//! random puzzles of several games (with rows the game forbids and repeats), the same bytes
//! at one thread and at two, and the command's summary.

use std::path::Path;

use assert_cmd::Command;

use digits_lab::dataset::input::Columns;
use digits_lab::game::board::Board;
use digits_lab::game::rule_set::{Game, GameKind};
use digits_lab::progress::Silent;
use digits_lab::puzzle::solve::{Options, solve};
use digits_lab::random::SplitMix64;
use digits_lab::request::{AuditRequest, GameOptions};

use crate::cli::{one_line_error, succeeded};

/// `n` rows of random boards of `game` (some numbers off its pool) with targets in
/// `lo..=hi`, every fifth row a repeat of an earlier one.
fn rows(game: &Game, n: usize, lo: i64, hi: i64, seed: u64) -> Vec<(Vec<i64>, i64)> {
    let mut rng = SplitMix64::new(seed);
    let cards: Vec<i64> = game.pool.cards().into_iter().map(|(v, _)| v).collect();
    let mut out: Vec<(Vec<i64>, i64)> = Vec::new();
    for i in 0..n {
        if i % 5 == 4 {
            let again = out[rng.below(out.len() as u64) as usize].clone();
            out.push(again);
            continue;
        }
        let size = 3 + rng.below(2) as usize;
        let numbers = (0..size)
            .map(|_| match rng.below(40) {
                0 => 1_000,
                _ => cards[rng.below(cards.len() as u64) as usize],
            })
            .collect();
        out.push((numbers, lo + rng.below((hi - lo + 1) as u64) as i64));
    }
    out
}

fn write_jsonl(path: &Path, rows: &[(Vec<i64>, i64)]) {
    let text: String = rows
        .iter()
        .map(|(n, t)| format!("{{\"nums\": {n:?}, \"target\": {t}}}\n"))
        .collect();
    std::fs::write(path, text).unwrap();
}

fn audit(game: &str, input: &Path, out: &Path, threads: u16) {
    AuditRequest {
        game: GameOptions::named(game),
        input: input.to_path_buf(),
        columns: Columns::default(),
        out: Some(out.to_path_buf()),
        threads: Some(threads),
    }
    .run(&Silent)
    .unwrap();
}

#[test]
fn every_row_is_solves_verdict() {
    let dir = tempfile::tempdir().unwrap();
    for (name, kind, lo, hi) in [
        ("countdown", GameKind::Countdown, 100, 140),
        ("24", GameKind::TwentyFour, 1, 40),
        ("krypto", GameKind::Krypto, 1, 25),
    ] {
        let game = Game::preset(kind);
        let rows = rows(&game, 120, lo, hi, 7);
        let input = dir.path().join(format!("{name}.jsonl"));
        write_jsonl(&input, &rows);
        let (one, two) = (
            dir.path().join("one.parquet"),
            dir.path().join("two.parquet"),
        );
        audit(name, &input, &one, 1);
        audit(name, &input, &two, 2);
        assert_eq!(
            std::fs::read(&one).unwrap(),
            std::fs::read(&two).unwrap(),
            "{name}"
        );
        let df = digits_lab::store::read::read_file(&one).unwrap();
        assert_eq!(df.height(), rows.len());
        let status = df.column("status").unwrap().str().unwrap().clone();
        let trees = df.column("trees").unwrap().u64().unwrap().clone();
        let min_ops = df.column("min_ops").unwrap().u32().unwrap().clone();
        let unique = df.column("unique").unwrap().bool().unwrap().clone();
        let duplicate_of = df.column("duplicate_of").unwrap().u64().unwrap().clone();
        let mut seen = std::collections::HashMap::new();
        let (mut invalid, mut repeats, mut solvable) = (0, 0, 0);
        for (i, (numbers, target)) in rows.iter().enumerate() {
            let at = format!("{name} row {}: {target} from {numbers:?}", i + 1);
            // A board the game refuses, or of a size the game does not deal, is no puzzle.
            let dealt = digits_lab::dataset::check::dealt_size(&game, numbers.len()).is_ok();
            let Some(board) = Board::new(&game, numbers.clone()).ok().filter(|_| dealt) else {
                assert_eq!(status.get(i), Some("invalid"), "{at}");
                invalid += 1;
                continue;
            };
            let key = (board.numbers().to_vec(), *target);
            if let Some(&first) = seen.get(&key) {
                assert_eq!(status.get(i), Some("duplicate"), "{at}");
                assert_eq!(duplicate_of.get(i), Some(first), "{at}");
                repeats += 1;
            } else {
                seen.insert(key, i as u64 + 1);
            }
            let report = solve(
                &game,
                &board,
                *target,
                Options {
                    all: false,
                    no_moves: true,
                    no_difficulty: true,
                },
            )
            .unwrap();
            assert_eq!(trees.get(i), Some(report.counts.trees), "{at}");
            assert_eq!(min_ops.get(i), report.counts.min_ops, "{at}");
            assert_eq!(
                unique.get(i),
                report.counts.distinct.map(|d| d == 1),
                "{at}"
            );
            if report.solvable {
                solvable += 1;
            } else if status.get(i) != Some("duplicate") {
                assert_eq!(status.get(i), Some("unsolvable"), "{at}");
            }
        }
        // The file has each kind of row, or the test proves little.
        assert!(
            invalid > 0 && repeats > 0 && solvable > 0,
            "{name}: {invalid} {repeats} {solvable}"
        );
    }
}

#[test]
fn the_command_writes_the_rows_and_says_how_they_fared() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("set.jsonl");
    write_jsonl(
        &input,
        &[
            (vec![1, 2, 3, 4], 24),
            (vec![3, 3, 8, 8], 24),
            (vec![1, 1, 1, 1], 24),
            (vec![4, 3, 2, 1], 24),
            (vec![1, 2, 3, 99], 24),
        ],
    );
    let out = succeeded(
        Command::cargo_bin("digits-lab")
            .unwrap()
            .args(["audit", "--game", "24", "--quiet"])
            .arg(&input),
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.starts_with(
            "5 rows: 2 solvable (40.0%), 1 unsolvable (20.0%), 1 invalid, 1 duplicates\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("unique solution: 1 of the 2 solvable"),
        "{text}"
    );
    let written = dir.path().join("set.audit.parquet");
    assert!(
        text.ends_with(&format!("wrote {}\n", written.display())),
        "{text}"
    );
    // Under unary minus `distinct` is undefined, so no row is unique or not: the summary
    // says so rather than "0 of the 4".
    let minus = Command::cargo_bin("digits-lab")
        .unwrap()
        .args(["audit", "--game", "24", "--unary-minus", "--quiet", "--out"])
        .arg(dir.path().join("minus.parquet"))
        .arg(&input)
        .output()
        .unwrap();
    let text = String::from_utf8(minus.stdout).unwrap();
    assert!(
        text.contains("unique solution: undefined (unary minus leaves `distinct` undefined)"),
        "{text}"
    );
    let df = digits_lab::store::read::read_file(&written).unwrap();
    let reason = df.column("reason").unwrap().str().unwrap().clone();
    assert_eq!(
        reason.get(4),
        Some("99 is not a 24 number (the pool is 1-13x4)")
    );
    let bad = Command::cargo_bin("digits-lab")
        .unwrap()
        .args(["audit", "--game", "24", "--numbers-column", "cards"])
        .arg(&input)
        .output()
        .unwrap();
    let err = one_line_error(bad, 2);
    assert!(
        err.contains("no numbers column (looked for `cards`"),
        "{err}"
    );
}
