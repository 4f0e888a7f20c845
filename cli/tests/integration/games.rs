//! Games as rule sets: the make-10 corpus's published figures (and what joining digits
//! changes), games whose target is fixed,
//! rule sets kept in files (a preset's tables byte for byte) and bad rules refused in one
//! line naming the field.

use std::fs;
use std::path::{Path, PathBuf};

use digits_lab::corpus::{Corpus, CorpusId, Shard};
use digits_lab::store::read::{read_file, read_table};

use crate::analyze::{assert_same_files, nyt, run, u32s};
use crate::brute::{self, Arith, BruteRules, Q};
use crate::cli::{cli, stdout};

/// The rule set `toml`, written to `OUT/NAME.toml` and run as the custom corpus `NAME` into
/// `out`; the file's path.
fn analyze_rules(name: &str, toml: &str, out: &Path) -> PathBuf {
    fs::create_dir_all(out).unwrap();
    let rules = out.join(format!("{name}.toml"));
    fs::write(&rules, toml).unwrap();
    cli()
        .args(["analyze", "--corpus", "custom", "--name", name, "--quiet"])
        .args(["--no-report", "--rules"])
        .arg(&rules)
        .arg("--out")
        .arg(out)
        .assert()
        .success();
    rules
}

/// Make-10 under the common rules (+ − × ÷, brackets, digits reordered, not joined): 552 of
/// the 715 multisets of four digits make 10, and 8,147 of the 10,000 tickets (Japanese
/// Wikipedia's テンパズル, quoted by nicovideo's 10パズル article; 163 multisets cannot,
/// ooya-takemasa.thick.jp's 切符パズル).
#[test]
fn make10_solves_552_of_715_multisets_and_8147_of_10000_tickets() {
    let corpus = Corpus::named(CorpusId::Make10, &nyt()).unwrap();
    assert_eq!(corpus.boards.len(), 715);
    let dir = tempfile::tempdir().unwrap();
    run(&corpus, dir.path(), Shard::default(), 2);
    let root = dir.path().join("make10");
    let targets = read_file(&root.join("targets.parquet")).unwrap();
    assert_eq!(u32s(&targets, "boards"), [715]);
    assert_eq!(u32s(&targets, "solving"), [552]);
    let p = targets.column("probability").unwrap().f64().unwrap().get(0);
    assert_eq!(p.map(|p| (p * 10_000.0).round() as u32), Some(8_147));
    // The weights are the tickets' shares: 0000 is one ticket, 0123 is 24.
    let boards = read_table(&root.join("boards")).unwrap();
    let names = boards.column("board").unwrap().str().unwrap().clone();
    let weights = boards.column("weight").unwrap().f64().unwrap().clone();
    let weight = |board: &str| {
        let i = names.iter().position(|b| b == Some(board)).unwrap();
        weights.get(i).unwrap() * 10_000.0
    };
    assert!((weight("0 0 0 0") - 1.0).abs() < 1e-9);
    assert!((weight("0 1 2 3") - 24.0).abs() < 1e-9);
    assert!((weight("1 1 5 8") - 12.0).abs() < 1e-9);
}

/// Make-10 with its digits joining (`make10-concat`): 622 of the 715 multisets and 8,899 of
/// the 10,000 tickets make 10; every board solvable exactly when the brute force (with its
/// own joined leaves) reaches 10, and every board solvable without joining still is.
#[test]
fn make10_joining_digits_makes_10_from_622_multisets_and_8899_tickets() {
    // The fixture holds both corpora whole.
    let data = crate::fixture::data_dir();
    let solvable = |name: &str| -> Vec<(String, bool, f64)> {
        let boards = read_table(&data.join(name).join("boards")).unwrap();
        let names = boards.column("board").unwrap().str().unwrap().clone();
        let reached = u32s(&boards, "targets_reached");
        let weights = boards.column("weight").unwrap().f64().unwrap().clone();
        (0..boards.height())
            .map(|i| {
                let name = names.get(i).unwrap().to_string();
                (name, reached[i] == 1, weights.get(i).unwrap())
            })
            .collect()
    };
    let (plain, joined) = (solvable("make10"), solvable("make10-concat"));
    let count = |rows: &[(String, bool, f64)]| rows.iter().filter(|r| r.1).count();
    let tickets = |rows: &[(String, bool, f64)]| {
        (rows.iter().filter(|r| r.1).map(|r| r.2).sum::<f64>() * 10_000.0).round() as u32
    };
    assert_eq!((count(&plain), tickets(&plain)), (552, 8_147));
    assert_eq!((count(&joined), tickets(&joined)), (622, 8_899));
    let rules = BruteRules {
        concat: true,
        ..BruteRules::twenty_four()
    };
    for ((board, with, _), (same, without, _)) in joined.iter().zip(&plain) {
        assert_eq!(board, same);
        let numbers: Vec<i64> = board.split(' ').map(|w| w.parse().unwrap()).collect();
        let brute = brute::solve_all(&numbers, rules).contains_key(&Q::int(10));
        assert_eq!(*with, brute, "{board}: engine {with}, brute force {brute}");
        assert!(*with || !without, "{board} makes 10 only without joining");
    }
}

/// Krypto's target card is weighted as dealt: on a small deck (cards 1–4, two of each; three
/// cards and a fourth turned up), each target's `probability` equals the share of its
/// physical deals (every ordered choice of four different cards) that the brute force
/// solves, in whole numbers with every card used.
#[test]
fn krypto_weighs_each_target_card_by_the_copies_left() {
    let dir = tempfile::tempdir().unwrap();
    analyze_rules(
        "small",
        "game = \"krypto\"\npool = \"1-4x2\"\nsize = 3\ntargets = \"1-4\"\n",
        dir.path(),
    );
    let targets = read_file(&dir.path().join("small/targets.parquet")).unwrap();
    let probability = targets
        .column("probability")
        .unwrap()
        .f64()
        .unwrap()
        .clone();
    let brute_rules = BruteRules {
        arith: Arith::WholeNumbers,
        use_all: true,
        pow: false,
        unary_minus: false,
        concat: false,
    };
    let deck: Vec<i64> = (1..=4).flat_map(|v| [v, v]).collect();
    let (mut deals, mut solved) = ([0u32; 5], [0u32; 5]);
    for a in 0..8 {
        for b in a + 1..8 {
            for c in b + 1..8 {
                let hand = [deck[a], deck[b], deck[c]];
                let made = brute::solve_all(&hand, brute_rules);
                for (t, &card) in deck.iter().enumerate() {
                    if [a, b, c].contains(&t) {
                        continue;
                    }
                    deals[card as usize] += 1;
                    solved[card as usize] += u32::from(made.contains_key(&Q::int(card)));
                }
            }
        }
    }
    for t in 1..=4usize {
        let want = f64::from(solved[t]) / f64::from(deals[t]);
        let got = probability.get(t - 1).unwrap();
        assert!((got - want).abs() < 1e-12, "target {t}: {got} vs {want}");
    }
    // 56 hands × 5 cards left = 280 deals, 70 for each value of the target card.
    assert_eq!(deals[1..], [70, 70, 70, 70]);
}

/// The published Krypto figure ("Krypto Game Analysis", 2002, updated 2020): over every
/// multiset of five cards 1–25 and every target card 1–25 (2,968,875 games, the deck's
/// copies ignored), 61,910 have no solution in whole numbers with every card used.
#[test]
#[ignore = "slow: 2,968,875 puzzles, about 13 s of CPU"]
fn krypto_61910_of_2968875_games_have_no_solution() {
    let dir = tempfile::tempdir().unwrap();
    // Every target with every multiset: the target is not a card of the deck here.
    let rules = dir.path().join("every.toml");
    fs::write(
        &rules,
        "game = \"krypto\"\npool = \"1-25x5\"\ndeal = \"deck\"\n",
    )
    .unwrap();
    cli()
        .args(["analyze", "--corpus", "custom", "--name", "every"])
        .args(["--quiet", "--no-report", "--reach-only", "--rules"])
        .arg(&rules)
        .args(["--targets", "1-25", "--out"])
        .arg(dir.path())
        .assert()
        .success();
    let targets = read_file(&dir.path().join("every/targets.parquet")).unwrap();
    let boards: u32 = u32s(&targets, "boards").iter().sum();
    let solving: u32 = u32s(&targets, "solving").iter().sum();
    assert_eq!((boards, boards - solving), (2_968_875, 61_910));
}

#[test]
fn a_game_with_a_fixed_target_takes_the_numbers_alone() {
    let out = stdout(&["solve", "--game", "24", "4", "6", "8", "8"]);
    assert!(out.starts_with("24 from 4 6 8 8 (24): solvable"), "{out}");
    let out = stdout(&["solve", "--game", "make10", "1", "1", "5", "8"]);
    assert!(
        out.starts_with("10 from 1 1 5 8 (make10): solvable"),
        "{out}"
    );
    assert!(
        out.contains("trees 1 · expressions 1 · distinct 1"),
        "{out}"
    );
    // `--target` plays for another target of the game's range.
    let out = stdout(&[
        "solve", "--game", "24", "--target", "10", "1", "2", "3", "4",
    ]);
    assert!(out.starts_with("10 from 1 2 3 4 (24):"), "{out}");
    // The old form, target first, is a board holding a 24, which the cards are not.
    let err = cli()
        .args(["solve", "--game", "24", "24", "4", "6", "8", "8"])
        .output()
        .unwrap();
    assert_eq!(err.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&err.stderr),
        "error: 24 is not a 24 number (the pool is 1-13x4)\n"
    );
    // A game without a fixed target still wants one.
    let err = cli().args(["solve", "5"]).output().unwrap();
    assert_eq!(err.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&err.stderr).contains("digits has no fixed target"),
        "{err:?}"
    );
}

/// A rule set written out in a file reproduces the tables of the corpus it describes, byte
/// for byte (`24-nine`: the 24 game's rules on cards 1–9).
#[test]
fn a_rules_file_reproduces_a_presets_tables_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    let (named, custom) = (dir.path().join("named"), dir.path().join("custom"));
    let corpus = Corpus::named(CorpusId::TwentyFourNine, &nyt()).unwrap();
    run(&corpus, &named, Shard::default(), 2);
    let rules = analyze_rules(
        "24-nine",
        "game = \"24\"\npool = \"1-9x4\"\nsize = 4\nuse-all = true\nfractions = true\n",
        &custom,
    );
    assert_same_files(&named.join("24-nine"), &custom.join("24-nine"));
    // And `solve --rules` plays the file's game: a fixed target of 24, cards 1–9.
    let out = stdout(&[
        "solve",
        "--rules",
        rules.to_str().unwrap(),
        "3",
        "3",
        "8",
        "8",
    ]);
    assert!(out.starts_with("24 from 3 3 8 8 (24): solvable"), "{out}");
}

#[test]
fn bad_rules_are_refused_in_one_line_naming_the_field() {
    let dir = tempfile::tempdir().unwrap();
    let cases: &[(&str, &[&str], &str)] = &[
        ("colour = 1\n", &[], "unknown field `colour`"),
        (
            "pool = \"1-3\"\nsize = 5\n",
            &[],
            "`size`: a board of 5 numbers from a pool of 3",
        ),
        (
            "target = 10\ntargets = \"1-99\"\n",
            &[],
            "`target` and `targets` both given",
        ),
        (
            "game = \"countdown\"\npool = \"0-10\"\n",
            &[],
            "`pool`: the pool 0-10 has 0",
        ),
        ("", &["--game", "countdown"], "cannot be used with"),
        (
            "game = \"countdown\"\nconcat = true\n",
            &[],
            "`concat`: joining digits needs a pool of digits 0–9 (`--pool 1-9`), but the pool \
             1-10x2,25,50,75,100 goes up to 100",
        ),
    ];
    for (i, (text, extra, want)) in cases.iter().enumerate() {
        let path = dir.path().join(format!("{i}.toml"));
        fs::write(&path, text).unwrap();
        let out = cli()
            .args(["solve", "--rules"])
            .arg(&path)
            .args(*extra)
            .args(["--target", "100", "1", "2"])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{text:?}: {err}");
        assert!(err.contains(want), "{text:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{text:?}: {err}");
    }
    // The flags are held to the same rules: a 0 card needs fractions.
    let out = cli()
        .args([
            "solve",
            "--game",
            "countdown",
            "--pool",
            "0-10",
            "100",
            "1",
            "2",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: `pool`: the pool 0-10 has 0, but countdown numbers are positive \
         (allow 0 with `zero`)\n"
    );
    // Joining with a digit pool is a game: make-10's 10 from 1 2 2 is 12 − 2.
    let out = cli()
        .args([
            "solve",
            "--game",
            "countdown",
            "--concat",
            "--pool",
            "1-9x4",
            "--use-all",
        ])
        .args(["--targets", "1-99", "10", "1", "2", "2"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("1 ‖ 2 = 12") && text.contains("12 − 2 = 10"),
        "{text}"
    );
    let missing = cli()
        .args(["solve", "--rules", "/nonexistent/rules.toml", "1", "2"])
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&missing.stderr)
            .starts_with("error: rules file /nonexistent/rules.toml:")
    );
}
