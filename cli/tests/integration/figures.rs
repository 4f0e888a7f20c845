//! The published figures of SPEC §4 that concern single boards, reproduced exactly by the
//! engine (and, where cheap, by the brute-force reference too).

use digits_lab::engine::{Dp, all_trees_unchecked};
use digits_lab::game::board::Board;
use digits_lab::game::number::{Int, Number, Rational};
use digits_lab::game::rule_set::{Game, GameKind};
use digits_lab::puzzle::sequences;

use crate::brute;

fn digits_tables(numbers: &[i64]) -> Dp<Int> {
    let game = Game::preset(GameKind::Digits);
    Dp::build(&Board::new(&game, numbers.to_vec()).unwrap(), &game.rules).unwrap()
}

#[test]
fn all_expressions_over_any_subset_without_validity_number_33_665_406() {
    assert_eq!(all_trees_unchecked(6, 4), Some(33_665_406));
    assert_eq!(brute::count_unchecked(6), 33_665_406);
}

#[test]
fn valid_trees_of_1_3_7_10_25_50_number_4_672_540() {
    let t = digits_tables(&[1, 3, 7, 10, 25, 50]);
    let total: u64 = t.all_counts().unwrap().iter().map(|(_, c)| c.trees).sum();
    assert_eq!(total, 4_672_540);
}

#[test]
fn target_765_has_780_trees_and_831_is_unsolvable() {
    let t = digits_tables(&[1, 3, 7, 10, 25, 50]);
    let c = t.counts(Int(765)).unwrap().expect("765 is reachable");
    assert_eq!(c.trees, 780);
    assert_eq!(c.min_ops, 3);
    assert_eq!(t.counts(Int(831)).unwrap(), None);
    assert_eq!(t.shortest(Int(831)), None);
    let (d, closest) = t.closest(Int(831)).unwrap();
    assert_eq!((d.num, d.den), (1, 1));
    assert_eq!(closest, vec![Int(830), Int(832)]);
}

#[test]
fn moves_from_1_2_4_5_10_25_to_94() {
    let game = Game::preset(GameKind::Digits);
    let board: Vec<Int> = [1, 2, 4, 5, 10, 25].iter().map(|&n| Int(n)).collect();
    let m = sequences::count(&board, Int(94), &game.rules).unwrap();
    assert_eq!(m.sequences, 1_319);
    assert_eq!(m.by_length, vec![0, 0, 0, 6, 194, 1_119]);
    assert_eq!(m.boards_visited, 777_019);
}

/// Every multiset of `size` cards from `1..=top`, ascending.
fn multisets(top: i64, size: usize) -> Vec<Vec<i64>> {
    fn go(top: i64, size: usize, from: i64, cur: &mut Vec<i64>, out: &mut Vec<Vec<i64>>) {
        if cur.len() == size {
            out.push(cur.clone());
            return;
        }
        for v in from..=top {
            cur.push(v);
            go(top, size, v, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    go(top, size, 1, &mut Vec::new(), &mut out);
    out
}

/// C(n, k) as f64, for deal probabilities.
fn choose(n: u64, k: u64) -> f64 {
    (0..k).map(|i| (n - i) as f64 / (i + 1) as f64).product()
}

#[test]
fn the_24_game_solves_1362_of_1820_sets_and_0_8046_as_dealt() {
    let game = Game::preset(GameKind::TwentyFour);
    let sets = multisets(13, 4);
    assert_eq!(sets.len(), 1_820);
    let (mut solvable, mut dealt) = (0, 0.0);
    for set in &sets {
        let t: Dp<Rational> =
            Dp::build(&Board::new(&game, set.clone()).unwrap(), &game.rules).unwrap();
        if t.counts(Rational::from_int(24).unwrap()).unwrap().is_some() {
            solvable += 1;
            let ways: f64 = (1..=13)
                .map(|v| choose(4, set.iter().filter(|&&c| c == v).count() as u64))
                .product();
            dealt += ways / choose(52, 4);
        }
    }
    assert_eq!(solvable, 1_362);
    assert_eq!(format!("{dealt:.4}"), "0.8046");
}

/// SPEC §2: every solvable puzzle has at least one `moves` sequence. Over the 24 game's 1,362
/// solvable hands none has none (38 had none while `× 1`, `÷ 1` and `1 ÷ b` were skipped
/// where every card must be used: `1 5 5 5` starts with `1 ÷ 5`), nor over the 1,414 that
/// make 24 with `^`.
#[test]
fn every_solvable_24_game_hand_has_a_moves_sequence() {
    let plain = Game::preset(GameKind::TwentyFour);
    let target = Rational::from_int(24).unwrap();
    for (game, hands) in [(plain.clone(), 1_362), (plain.with_pow(), 1_414)] {
        let (mut solvable, mut without) = (0, Vec::new());
        for set in multisets(13, 4) {
            let t: Dp<Rational> =
                Dp::build(&Board::new(&game, set.clone()).unwrap(), &game.rules).unwrap();
            if t.counts(target).unwrap().is_none() {
                continue;
            }
            solvable += 1;
            let board: Vec<Rational> = set
                .iter()
                .map(|&n| Rational::from_int(n).unwrap())
                .collect();
            if sequences::count(&board, target, &game.rules)
                .unwrap()
                .sequences
                == 0
            {
                without.push(set);
            }
        }
        let rules = game.rules.describe();
        assert_eq!(solvable, hands, "{rules}");
        assert!(
            without.is_empty(),
            "{rules}: {} hands without a sequence: {without:?}",
            without.len()
        );
    }
}

#[test]
fn countdown_1_1_2_2_3_3_reaches_no_target_from_100_to_999() {
    let game = Game::preset(GameKind::Countdown);
    let t: Dp<Int> = Dp::build(
        &Board::new(&game, vec![1, 1, 2, 2, 3, 3]).unwrap(),
        &game.rules,
    )
    .unwrap();
    let reached: Vec<i64> = t
        .all_counts()
        .unwrap()
        .iter()
        .map(|(v, _)| v.0)
        .filter(|v| (100..=999).contains(v))
        .collect();
    assert!(reached.is_empty(), "reached {reached:?}");
    // The largest value it reaches is below 100, which is why.
    let max = t.all_counts().unwrap().last().unwrap().0;
    assert!(max.0 < 100, "max {max}");
}
