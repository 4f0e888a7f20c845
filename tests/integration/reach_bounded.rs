//! The reach-only engine ([`digits_lab::engine::reach`]) against the brute force: on random
//! small boards (repeats allowed, Countdown's rules) it reaches exactly the values
//! [`brute::solve_all`] reaches, within any window exactly the ones up to it, and the
//! `covers_to` run that the brute force's values give.

use proptest::prelude::*;

use digits_lab::engine::reach::bounded::{Bounded, covers_at_least, covers_to};

use crate::brute::{self, Arith, BruteRules};

/// Countdown's rules in the brute force: positive integers, numbers need not all be used.
const RULES: BruteRules = BruteRules {
    arith: Arith::PositiveIntegers,
    use_all: false,
    pow: false,
    unary_minus: false,
};

/// Every value the brute force reaches, ascending.
fn brute_values(numbers: &[u64]) -> Vec<u64> {
    let board: Vec<i64> = numbers.iter().map(|&n| n as i64).collect();
    brute::solve_all(&board, RULES)
        .keys()
        .map(|q| {
            assert_eq!(q.den, 1, "an integer game reached a fraction");
            q.num as u64
        })
        .collect()
}

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config(300))]

    #[test]
    fn reach_matches_brute(
        numbers in proptest::collection::vec(1u64..=30, 1..=5),
        hi in 1u64..=2_000,
    ) {
        let want = brute_values(&numbers);
        let all = Bounded::new(&numbers, None).unwrap();
        prop_assert_eq!(all.reachable(), want.clone(), "board {:?}", numbers);
        let windowed = Bounded::new(&numbers, Some(hi)).unwrap();
        let upto: Vec<u64> = want.iter().copied().filter(|&v| v <= hi).collect();
        prop_assert_eq!(windowed.reachable(), upto.clone(), "board {:?} hi {}", numbers, hi);
        prop_assert_eq!(windowed.count_upto(hi), upto.len() as u64);
        let run = want.iter().zip(1u64..).take_while(|(v, i)| *v == i).count() as u64;
        prop_assert_eq!(covers_to(&numbers).unwrap(), run, "board {:?}", numbers);
        prop_assert!(covers_at_least(&numbers, run).unwrap());
        prop_assert!(!covers_at_least(&numbers, run + 1).unwrap());
    }

    #[test]
    fn reach_matches_brute_on_boards_of_small_numbers(
        numbers in proptest::collection::vec(1u64..=6, 1..=6),
    ) {
        // Small numbers repeat often: the sub-boards shared between copies are computed once.
        let want = brute_values(&numbers);
        prop_assert_eq!(Bounded::new(&numbers, None).unwrap().reachable(), want, "board {:?}", numbers);
    }
}
