use super::*;
use crate::game::number::{Int, Rational};
use crate::game::rule_set::{Game, GameKind};
use crate::player::restart::play;
use crate::player::strategy::Strategy;

fn digits() -> Rules {
    Game::preset(GameKind::Digits).rules
}

fn twenty_four() -> Rules {
    Game::preset(GameKind::TwentyFour).rules
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

#[test]
fn two_numbers_by_hand() {
    // Digits 2 3 → 6: 3 + 2, 3 × 2, 3 − 2 are the moves; one of three succeeds.
    let o = play::<Int>(&[2, 3], &digits(), 6, &Weights::UNIFORM)
        .unwrap()
        .unwrap();
    assert!(close(o.p_success, 1.0 / 3.0) && close(o.attempt_moves, 1.0));
    assert!(close(o.moves(), 3.0));
    // 24 game 4 6 → 24: 10, 24, 2, −2, 3/2, 2/3; with weight w on `hits` the player
    // picks 6 × 4 with probability eʷ / (eʷ + 5).
    let o = play::<Rational>(&[4, 6], &twenty_four(), 24, &Weights::UNIFORM)
        .unwrap()
        .unwrap();
    assert!(close(o.p_success, 1.0 / 6.0) && close(o.moves(), 6.0));
    let mut w = Weights::UNIFORM;
    w.0[0] = 2.0;
    let o = play::<Rational>(&[4, 6], &twenty_four(), 24, &w)
        .unwrap()
        .unwrap();
    let e = 2f64.exp();
    assert!(close(o.p_success, e / (e + 5.0)));
}

#[test]
fn three_numbers_by_hand() {
    // Digits 1 2 3 → 6: eleven first moves (1,2: + × − ÷; 1,3: + × − ÷; 2,3: + × −).
    // 2 × 3 succeeds at once; {3,3}, and {2,3} four times, succeed with 1/3 (3 + 3 and
    // 2 × 3 among three moves), {2,4} and {1,5} with 1/4, {1,3}, {2,2}, {1,1} never. So
    // P = (5/3 + 2/4 + 1) / 11 = 19/66, and an attempt makes 1 + 10/11 moves.
    let g = Graph::build::<Int>(&[1, 2, 3], &digits(), 6)
        .unwrap()
        .unwrap();
    let o = g.evaluate(&Weights::UNIFORM);
    assert!(close(o.p_success, 19.0 / 66.0), "{o}");
    assert!(close(o.attempt_moves, 21.0 / 11.0), "{o}");
    let first = g.first_moves(&uniform(Strategy::Restarts));
    assert_eq!(first.len(), 11);
    assert!(first.iter().all(|(_, p)| close(*p, 1.0 / 11.0)));
    assert_eq!(first[0].0, "2 + 1 = 3");
}

#[test]
fn a_state_reached_by_many_moves_is_one_node() {
    // Digits 1 2 3 → 6: the board; the eight pairs its eleven moves leave ({2,3} by four
    // of them, {3,3}, {2,4}, {1,5}, {1,3}, {2,2}, {1,1}, and {1,6}, solved); the eight
    // single values the pairs' moves leave (1, 2, 3, 4, 5, 6, 8, 9). Seventeen states.
    let g = Graph::build::<Int>(&[1, 2, 3], &digits(), 6)
        .unwrap()
        .unwrap();
    assert_eq!(g.states(), 17);
}

#[test]
fn joining_digits_is_a_move() {
    // Make-10 joining digits, 0 1 → 10: 1 + 0, 1 × 0, 1 − 0, 0 − 1, 0 ÷ 1 and 1 ‖ 0 (0 ‖ 1
    // would lead with a 0, 1 ÷ 0 divides by it); only the join makes 10.
    let mut rules = Game::preset(GameKind::Make10).rules;
    rules.concat = true;
    let g = Graph::build::<Rational>(&[1, 0], &rules, 10)
        .unwrap()
        .unwrap();
    let o = g.evaluate(&Weights::UNIFORM);
    assert!(
        close(o.p_success, 1.0 / 6.0) && close(o.attempt_moves, 1.0),
        "{o}"
    );
    let first = g.first_moves(&uniform(Strategy::Restarts));
    assert_eq!(first.len(), 6);
    assert_eq!(first[5].0, "1 ‖ 0 = 10");
    // A computed 1 never joins: 1 1 2 → 12 takes 1 ‖ 2 from the board's own digits.
    let g = Graph::build::<Rational>(&[1, 1, 2], &rules, 12)
        .unwrap()
        .unwrap();
    let without = {
        let mut r = rules;
        r.concat = false;
        Graph::build::<Rational>(&[1, 1, 2], &r, 12)
            .unwrap()
            .unwrap()
    };
    assert!(g.evaluate(&Weights::UNIFORM).p_success > 0.0);
    assert_eq!(without.evaluate(&Weights::UNIFORM).p_success, 0.0);
}

fn uniform(strategy: Strategy) -> Player {
    Player {
        strategy,
        weights: Weights::UNIFORM,
    }
}

#[test]
fn equal_first_moves_are_one_move_with_the_chance_of_its_copies_or_of_one() {
    // 24 game 3 3 8: the pair 3, 3 has four moves; 3, 8 twice over has six. A restarting
    // player picks one of the sixteen: 8 + 3 = 11 with 2/16. A searcher sees ten moves.
    let g = Graph::build::<Rational>(&[3, 3, 8], &twenty_four(), 24)
        .unwrap()
        .unwrap();
    let restarts = g.first_moves(&uniform(Strategy::Restarts));
    assert_eq!(restarts.len(), 10);
    assert_eq!(restarts[0].0, "8 + 3 = 11");
    assert!(close(restarts[0].1, 2.0 / 16.0) && close(restarts[9].1, 1.0 / 16.0));
    let search = g.first_moves(&uniform(Strategy::Search));
    assert!(search.len() == 10 && search.iter().all(|(_, p)| close(*p, 0.1)));
}

#[test]
fn a_board_holding_the_target_is_solved_in_no_moves_where_numbers_may_go_unused() {
    let o = play::<Int>(&[5, 6, 7], &digits(), 6, &Weights::UNIFORM)
        .unwrap()
        .unwrap();
    assert_eq!((o.p_success, o.attempt_moves), (1.0, 0.0));
    // In the 24 game every card must be used: 24 on the board is not yet a solution.
    let o = play::<Rational>(&[24, 1], &twenty_four(), 24, &Weights::UNIFORM)
        .unwrap()
        .unwrap();
    // 24 + 1, 24 × 1, 24 − 1, 1 − 24, 24 ÷ 1, 1 ÷ 24: two of six leave 24.
    assert!(close(o.p_success, 2.0 / 6.0) && close(o.attempt_moves, 1.0));
}

#[test]
fn a_retargeted_graph_is_a_graph_built_for_the_target() {
    let mut w = Weights::UNIFORM;
    w.0 = [1.0, -0.5, 0.7, -1.0, -2.0, 0.3, -0.4, 0.2, 0.1, -0.6];
    let mut g = Graph::build::<Rational>(&[3, 4, 9, 10], &twenty_four(), 24)
        .unwrap()
        .unwrap();
    for t in [1, 7, 24, 60] {
        assert!(g.retarget(t));
        let fresh = Graph::build::<Rational>(&[3, 4, 9, 10], &twenty_four(), t)
            .unwrap()
            .unwrap();
        assert_eq!(g.evaluate(&w), fresh.evaluate(&w));
    }
    let mut g = Graph::build::<Int>(&[3, 4, 9], &digits(), 24)
        .unwrap()
        .unwrap();
    assert!(!g.retarget(25));
}

/// Aims a graph of `numbers` built open at each of `targets`, and compares what the
/// player does on it, to the bit, with the graph built for the target.
fn open_graph_is_built_graph<V: Number>(rules: &Rules, numbers: &[i64], targets: &[i64]) {
    let mut w = Weights::UNIFORM;
    w.0 = [1.5, -0.5, 0.7, -1.0, -2.0, 0.3, -0.4, 0.2, 0.1, -0.6];
    let mut open = Graph::build_open::<V>(numbers, rules).unwrap().unwrap();
    for &t in targets {
        let fresh = Graph::build::<V>(numbers, rules, t).unwrap().unwrap();
        assert!(open.retarget(t));
        assert!(open.states() >= fresh.states());
        let (a, b) = (open.prepare(), fresh.prepare());
        assert_eq!(a.evaluate(&w), b.evaluate(&w), "{numbers:?} → {t}");
        assert_eq!(a.search(&w).to_bits(), b.search(&w).to_bits());
    }
}

#[test]
fn an_open_graph_aimed_at_a_target_is_the_graph_built_for_it() {
    // Targets on the board, made in one move, made only late, and never made.
    let cases: [(GameKind, &[i64], &[i64]); 4] = [
        (
            GameKind::Digits,
            &[2, 3, 4, 5],
            &[1, 3, 14, 24, 60, 119, 121],
        ),
        (
            GameKind::Countdown,
            &[5, 5, 10, 25, 50],
            &[1, 5, 50, 250, 317, 999],
        ),
        (GameKind::Krypto, &[1, 2, 2, 7, 9], &[2, 9, 13, 23, 500]),
        (GameKind::Digits, &[1, 1, 3], &[1, 2, 3, 4, 5, 6, 7]),
    ];
    for (kind, numbers, targets) in cases {
        let rules = Game::preset(kind).rules;
        crate::with_number_type!(rules.arithmetic, V => open_graph_is_built_graph::<V>(&rules, numbers, targets));
    }
}

#[test]
fn an_unreachable_target_has_no_chance() {
    let o = play::<Int>(&[1, 2], &digits(), 7, &Weights::UNIFORM)
        .unwrap()
        .unwrap();
    assert_eq!(o.p_success, 0.0);
    assert!(o.moves().is_infinite());
    assert!(
        play::<Int>(&[1, 2], &digits(), 0, &Weights::UNIFORM)
            .unwrap()
            .is_none()
    );
}
