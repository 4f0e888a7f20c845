//! The 24 game's `inequivalent` count (`engine::inequivalent`, 4shu.net's convention):
//!
//! (a) against 4shu.net's list of inequivalent 24-game solutions, hand by hand
//!     (`game24_sols.txt`: the list as published in mhfan/inrust's `tests/game24_sols.txt`,
//!     byte for byte; `fourshu-24-counts.tsv` is its count per hand);
//! (b) against a slow reference (every expression tree, equivalence = closure
//!     of the rules as literal rewrites, [`brute`] and [`rules`]) on many small boards and
//!     targets;
//! (c) one named example per rule.

mod boards;
mod brute;
mod rules;

use boards::{multisets, random_boards};
use brute::{Q, Trees, class_counts};
use digits_lab::engine::inequivalent::{counts, solutions};
use std::collections::HashMap;

/// 4shu.net's list as published in mhfan/inrust `tests/game24_sols.txt`:
/// `hand<TAB>  expr<TAB>  expr…`, one line per solvable hand.
fn fourshu_list() -> Vec<(Vec<i64>, Vec<String>)> {
    let text = include_str!("game24_sols.txt");
    text.lines()
        .map(|line| {
            let mut cols = line.split('\t');
            let hand = cols
                .next()
                .unwrap()
                .split(' ')
                .map(|c| c.parse().unwrap())
                .collect();
            (hand, cols.map(|e| e.trim().to_string()).collect())
        })
        .collect()
}

fn all_hands() -> Vec<Vec<i64>> {
    let mut v = Vec::new();
    for a in 1..=13 {
        for b in a..=13 {
            for c in b..=13 {
                for d in c..=13 {
                    v.push(vec![a, b, c, d]);
                }
            }
        }
    }
    v
}

// ---------------------------------------------------------------- (a) ----

#[test]
fn fourshu_list_is_well_formed() {
    let list = fourshu_list();
    assert_eq!(list.len(), 1362);
    assert_eq!(list.iter().map(|(_, s)| s.len()).sum::<usize>(), 3017);
    let mut tr = Trees::default();
    let t24 = tr.parse("24").unwrap();
    for (hand, exprs) in &list {
        for e in exprs {
            let t = tr.parse(e).unwrap_or_else(|| panic!("{e}"));
            assert_eq!(tr.val(t), tr.val(t24), "{e}");
            assert_eq!(&tr.cards(t), hand, "{e}");
        }
    }
}

#[test]
fn every_hand_matches_fourshu() {
    let listed: HashMap<Vec<i64>, usize> = fourshu_list()
        .into_iter()
        .map(|(h, s)| (h, s.len()))
        .collect();
    let (mut total, mut solvable, mut mismatches) = (0, 0, Vec::new());
    for hand in all_hands() {
        let got = counts(&hand, 24..=24)[0];
        let want = listed.get(&hand).copied().unwrap_or(0) as u64;
        total += got;
        solvable += (got > 0) as usize;
        if got != want {
            mismatches.push((hand, got, want));
        }
    }
    assert!(
        mismatches.is_empty(),
        "{} hands differ: {mismatches:?}",
        mismatches.len()
    );
    assert_eq!(
        (
            all_hands().len(),
            solvable,
            all_hands().len() - solvable,
            total
        ),
        (1820, 1362, 458, 3017)
    );
}

#[test]
fn derived_count_file_matches_the_list() {
    let tsv = include_str!("fourshu-24-counts.tsv");
    let mut lines = tsv.lines();
    assert!(lines.next().unwrap().starts_with("# hand\t"));
    let rows: Vec<(String, usize)> = lines
        .map(|l| {
            l.split_once('\t')
                .map(|(h, c)| (h.to_string(), c.parse().unwrap()))
                .unwrap()
        })
        .collect();
    let list = fourshu_list();
    assert_eq!(rows.len(), list.len());
    for ((h, c), (hand, exprs)) in rows.iter().zip(&list) {
        let hand: Vec<String> = hand.iter().map(|c| c.to_string()).collect();
        assert_eq!((h.clone(), *c), (hand.join(" "), exprs.len()));
    }
}

/// The `inequivalent` column `analyze` writes for the 24 corpus (the fixture's, whole):
/// 4shu's count for every hand at 24, 3,017 in all, and 0 for the 458 hands that cannot.
#[test]
fn the_24_tables_hold_fourshus_count_hand_by_hand() {
    use digits_lab::store::read::{read_table, strs};
    let dir = crate::fixture::data_dir().join("24");
    let boards = read_table(&dir.join("boards")).unwrap();
    let names: HashMap<u32, String> = boards
        .column("board_id")
        .unwrap()
        .u32()
        .unwrap()
        .into_no_null_iter()
        .zip(strs(&boards, "board").unwrap())
        .collect();
    let puzzles = read_table(&dir.join("puzzles")).unwrap();
    let at_24: HashMap<String, u64> = puzzles
        .column("board_id")
        .unwrap()
        .u32()
        .unwrap()
        .into_no_null_iter()
        .zip(
            puzzles
                .column("target")
                .unwrap()
                .i64()
                .unwrap()
                .into_no_null_iter(),
        )
        .zip(
            puzzles
                .column("inequivalent")
                .unwrap()
                .u64()
                .unwrap()
                .into_no_null_iter(),
        )
        .filter(|((_, t), _)| *t == 24)
        .map(|((id, _), n)| (names[&id].clone(), n))
        .collect();
    assert_eq!(at_24.len(), 1_820);
    let list: HashMap<String, u64> = fourshu_list()
        .into_iter()
        .map(|(hand, exprs)| {
            let hand: Vec<String> = hand.iter().map(i64::to_string).collect();
            (hand.join(" "), exprs.len() as u64)
        })
        .collect();
    for (hand, n) in &at_24 {
        assert_eq!(*n, list.get(hand).copied().unwrap_or(0), "{hand}");
    }
    assert_eq!(at_24.values().sum::<u64>(), 3_017);
    assert_eq!(at_24.values().filter(|&&n| n > 0).count(), 1_362);
}

// ---------------------------------------------------------------- (b) ----

fn compare(boards: &[Vec<i64>], lo: i64, hi: i64) {
    let mut bad = Vec::new();
    for b in boards {
        let (slow, fast) = (class_counts(b, lo, hi), counts(b, lo..=hi));
        if slow != fast {
            let diff: Vec<(i64, u64, u64)> = (lo..=hi)
                .zip(slow.iter().zip(&fast))
                .filter(|(_, (s, f))| s != f)
                .map(|(t, (s, f))| (t, *s, *f))
                .collect();
            bad.push((b.clone(), diff));
        }
    }
    assert!(bad.is_empty(), "reference (slow, fast) differ: {bad:?}");
}

#[test]
fn matches_reference_on_every_small_board() {
    // all multisets of 1–4 cards from 0..=6, targets −12..=30
    let boards: Vec<Vec<i64>> = (1..=4).flat_map(|n| multisets(n, 6)).collect();
    assert_eq!(boards.len(), 7 + 28 + 84 + 210);
    compare(&boards, -12, 30);
}

#[test]
fn matches_reference_on_random_boards() {
    compare(&random_boards(150, 13, 2..=4), -12, 30);
}

/// Every representative parses, equals the target, uses exactly the cards,
/// and no two are in the same class of the reference.
fn check_solutions(board: &[i64], lo: i64, hi: i64) {
    let mut tr = Trees::default();
    let (_, roots) = tr.closure(board);
    let mut sorted = board.to_vec();
    sorted.sort_unstable();
    for (target, n) in (lo..=hi).zip(counts(board, lo..=hi)) {
        let reps = solutions(board, target);
        assert_eq!(reps.len() as u64, n, "{board:?} → {target}");
        let mut classes = std::collections::HashSet::new();
        for r in &reps {
            let t = tr.parse(r).unwrap_or_else(|| panic!("unparsable {r}"));
            assert_eq!(tr.val(t), Q::int(target), "{r} ≠ {target}");
            assert_eq!(tr.cards(t), sorted, "{r}");
            assert!(
                classes.insert(roots[t as usize]),
                "{board:?} → {target}: {r} repeats a class"
            );
        }
    }
}

#[test]
fn solutions_are_valid_representatives() {
    for b in [
        vec![1, 2, 3, 4],
        vec![0, 1, 1, 3],
        vec![2, 2, 3, 3],
        vec![1, 3, 4, 6],
        vec![0, 2, 5, 5],
    ] {
        check_solutions(&b, -6, 26);
    }
}

#[test]
#[ignore = "slow: five-card reference boards, about 6 s"]
fn matches_reference_on_five_cards() {
    let boards = [
        vec![1, 3, 3, 5, 1],
        vec![1, 2, 3, 5, 5],
        vec![0, 1, 1, 2, 2],
        vec![1, 1, 2, 3, 4],
        vec![0, 1, 2, 3, 4],
        vec![2, 2, 3, 3, 4],
        vec![3, 4, 4, 5, 6],
    ];
    compare(&boards, -8, 14);
    check_solutions(&boards[3], -3, 12);
}

// ---------------------------------------------------------------- (c) ----

/// Parses an example, which must use exactly the cards of `board`.
fn parse_on(tr: &mut Trees, board: &[i64], e: &str) -> u32 {
    let t = tr.parse(e).unwrap_or_else(|| panic!("cannot parse {e}"));
    let mut b = board.to_vec();
    b.sort_unstable();
    assert_eq!(tr.cards(t), b, "{e} does not use the cards {board:?}");
    t
}

/// `same`: these expressions are one solution; `count`: classes for the target.
fn rule(board: &[i64], target: i64, same: &[&str], count: u64) {
    let mut tr = Trees::default();
    let (_, roots) = tr.closure(board);
    let ids: Vec<u32> = same.iter().map(|e| parse_on(&mut tr, board, e)).collect();
    for (e, &t) in same.iter().zip(&ids) {
        assert_eq!(
            roots[t as usize], roots[ids[0] as usize],
            "{e} ≢ {}",
            same[0]
        );
    }
    assert_eq!(
        counts(board, target..=target)[0],
        count,
        "{board:?} → {target}: {:?}",
        solutions(board, target)
    );
}

/// These expressions are pairwise different solutions.
fn distinct(board: &[i64], exprs: &[&str]) {
    let mut tr = Trees::default();
    let (_, roots) = tr.closure(board);
    let r: Vec<usize> = exprs
        .iter()
        .map(|e| roots[parse_on(&mut tr, board, e) as usize])
        .collect();
    for i in 0..r.len() {
        for j in i + 1..r.len() {
            assert_ne!(r[i], r[j], "{} ≡ {}", exprs[i], exprs[j]);
        }
    }
}

#[test]
fn rule_r0_algebra() {
    rule(&[2, 3, 4], 20, &["(3+2)×4", "4×(2+3)"], 1);
    rule(&[2, 3, 5], 4, &["5-(3-2)", "5+2-3", "(5-3)+2"], 3);
    rule(
        &[2, 3, 4, 8],
        4,
        &["(2-3)×(4-8)", "(3-2)×(8-4)", "(8-4)/(3-2)"],
        10,
    );
    rule(&[2, 4, 8], 4, &["8/(4/2)", "8×2/4", "2/4×8"], 3);
    rule(
        &[2, 3, 5, 6],
        1,
        &["6-(3-2)×5", "6+(2-3)×5", "(2-3)×5+6"],
        14,
    );
}

#[test]
fn rule_z_zero() {
    rule(
        &[2, 3, 3, 5],
        5,
        &["5+(3-3)×2", "5-(3-3)×2", "5+(3-3)/2"],
        2,
    );
    rule(
        &[0, 3, 4],
        0,
        &["(3-4)×0", "(4-3)×0", "0/(4-3)", "0/(3-4)"],
        3,
    );
    rule(&[0, 3, 4], 0, &["0×3/4", "0×4×3", "0/4×3", "0/(3×4)"], 3);
    rule(&[2, 2, 4], 0, &["(2+2)-4", "4-(2+2)"], 4);
    rule(
        &[24, 24, 24, 24],
        24,
        &[
            "(24-24)×24+24",
            "24+(24-24)/24",
            "24-(24-24)×24",
            "24-(24-24)/24",
        ],
        1,
    );
}

#[test]
fn rule_q_one() {
    rule(&[2, 2, 5, 7], 7, &["7×(5-2×2)", "7/(5-2×2)"], 6);
    rule(&[2, 2, 5, 7], -7, &["7×(2×2-5)", "7/(2×2-5)"], 5);
    rule(&[1, 2, 3, 5], 6, &["5+3/(2+1)", "5+(2+1)/3"], 10);
}

#[test]
fn rule_r1_units() {
    rule(&[1, 3, 5], 15, &["5×3×1", "5×3/1", "5/1×3", "(5×1)×3"], 1);
    rule(
        &[1, 1, 3, 6],
        24,
        &["(3+1)×6×1", "(3+1×1)×6", "(3+1/1)×6", "(3×1+1)×6"],
        2,
    );
    rule(
        &[1, 2, 11, 13],
        24,
        &["(13+11)×(2-1)", "11×(2-1)+13", "11/(2-1)+13"],
        1,
    );
    rule(
        &[1, 2, 3, 8],
        24,
        &["(2-1)×8×3", "8×3/(2-1)", "8/(2-1)×3"],
        4,
    );
    rule(
        &[1, 2, 3, 4, 5],
        24,
        &["(5+1)×4×(3-2)", "(5+1×(3-2))×4", "(5+3-2)×4×1"],
        44,
    );
}

#[test]
fn rule_r2_pairs() {
    rule(
        &[2, 5, 5, 12],
        24,
        &["12×2+5-5", "(12+5-5)×2", "12×2×5/5", "12×(2×5/5)"],
        2,
    );
    rule(
        &[1, 1, 3, 8],
        24,
        &["8×3+1-1", "8×3×1×1", "8×3×1/1", "(8+1-1)×3"],
        1,
    );
    rule(
        &[1, 1, 12, 12],
        24,
        &["12+12+1-1", "12+12×1×1", "(12×1+12)/1"],
        1,
    );
    rule(&[0, 0, 7], 7, &["7+0-0", "7+0+0", "(7+0)-0"], 2);
    distinct(&[0, 0, 7], &["7+0+0", "7+0×0"]);
}

#[test]
fn what_is_not_merged() {
    rule(&[2, 2, 2, 10], 24, &["10×2+2+2"], 2);
    distinct(&[2, 2, 2, 10], &["10×2+2+2", "10×2+2×2"]);
    distinct(&[2, 2, 4, 5], &["5+2+2-4", "5+4-2-2"]);
    distinct(&[1, 2, 3, 5], &["5×(1+2)/3", "5+(1+2)-3", "5×3/(1+2)"]);
}

/// The expected counts in inrust's own `solve24` unit test (boards of at most
/// four cards; its five- and six-card expectations follow its pruning, which
/// is not an equivalence there — see NOTES.md).
#[test]
fn inrust_unit_cases() {
    let cases: [(&[i64], i64, u64); 17] = [
        (&[0], 24, 0),
        (&[24], 24, 1),
        (&[8, 8, 8, 8], 24, 0),
        (&[1, 2, 4, 12], 24, 5),
        (&[2, 4, 4, 12], 24, 5),
        (&[8, 8, 3, 3], 24, 1),
        (&[3, 3, 7, 7], 24, 1),
        (&[5, 5, 5, 1], 24, 1),
        (&[10, 9, 7, 7], 24, 1),
        (&[12, 12, 13, 13], 24, 1),
        (&[24, 24, 24, 24], 24, 1),
        (&[1, 2, 3], 5, 2),
        (&[1, 1, 2, 6], 24, 2),
        (&[1, 1, 2, 12], 24, 2),
        (&[5, 5, 1, 1], 24, 2),
        (&[1, 2, 3, 4], 24, 3),
        (&[13, 14, 15, 16, 17], 100, 2),
    ];
    for (board, target, n) in cases {
        assert_eq!(counts(board, target..=target)[0], n, "{board:?} → {target}");
    }
}

#[test]
fn small_boards_and_overflow() {
    assert_eq!(counts(&[], 0..=2), vec![0, 0, 0]);
    assert_eq!(counts(&[5], 4..=6), vec![0, 1, 0]);
    let (lo, hi) = (24, 23);
    assert_eq!(counts(&[3, 4], lo..=hi), Vec::<u64>::new());
    assert_eq!(
        solutions(&[1, 2, 3, 4], 24),
        ["(3+2+1)×4", "(4+2)×(3+1)", "4×3×2×1"]
    );
    // values that overflow i64 are left out, never a panic
    assert_eq!(counts(&[i64::MAX, i64::MAX, 2], 0..=0), vec![1]);
    assert!(counts(&[i64::MAX, i64::MAX, i64::MAX, i64::MAX], 1..=1)[0] > 0);
}
