//! The board-by-board reach engine ([`digits_lab::engine::reach::bounded`], what `phase` and
//! `cover` ask) against the brute force on random small boards under every game's rules
//! (Digits, Countdown with repeats, the 24 game, and the variants with `^`, unary minus and
//! every number used): it reaches exactly the positive whole numbers [`brute::solve_all`]
//! reaches, within any window exactly the ones up to it, and the `covers_to` run, the
//! `covers_at_least` answers and the per-sub-board counts that the brute force's values give;
//! and the phase sweep's counts ([`digits_lab::engine::reach::counts`], which never build the
//! whole board) are the same counts, in every domain (whole numbers and integers too).

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

use digits_lab::engine::reach::bounded::Bounded;
use digits_lab::engine::reach::counts::{Strategy, counts_by};
use digits_lab::engine::reach::covers::{covers_at_least, covers_to};
use digits_lab::game::number::{Int, Number, Rational, Signed, Whole};
use digits_lab::game::rule_set::{Game, GameKind};
use digits_lab::game::rules::Rules;

use crate::brute::{self, BruteRules};

/// Every positive whole number the brute force reaches, ascending.
fn brute_values(rules: &Rules, numbers: &[i64]) -> Vec<i64> {
    brute::solve_all(numbers, BruteRules::of(rules))
        .keys()
        .filter(|q| q.den == 1 && q.num >= 1)
        .map(|q| q.num)
        .collect()
}

/// The brute force's `(sub-board, value)` pairs with a value in `1..=m`, each sub-multiset
/// once (the whole board only where every number is used).
fn brute_hits(rules: &Rules, numbers: &[i64], m: i64) -> u64 {
    let mut sorted = numbers.to_vec();
    sorted.sort_unstable();
    let mut subs: Vec<Vec<i64>> = Vec::new();
    for mask in 1..1usize << sorted.len() {
        let sub: Vec<i64> = (0..sorted.len())
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| sorted[i])
            .collect();
        if (!rules.use_all || sub.len() == sorted.len()) && !subs.contains(&sub) {
            subs.push(sub);
        }
    }
    let whole = Rules {
        use_all: true,
        ..*rules
    };
    subs.iter()
        .map(|s| {
            brute_values(&whole, s)
                .into_iter()
                .filter(|&v| v <= m)
                .count() as u64
        })
        .sum()
}

fn check<V: Number>(rules: &Rules, numbers: &[i64], hi: i64) -> Result<(), TestCaseError> {
    let want = brute_values(rules, numbers);
    let all = Bounded::<V>::new(rules, numbers, None).unwrap();
    prop_assert_eq!(
        all.reachable(),
        want.clone(),
        "board {:?} {:?}",
        numbers,
        rules
    );
    let windowed = Bounded::<V>::new(rules, numbers, Some(hi)).unwrap();
    let upto: Vec<i64> = want.iter().copied().filter(|&v| v <= hi).collect();
    prop_assert_eq!(
        windowed.reachable(),
        upto.clone(),
        "board {:?} hi {}",
        numbers,
        hi
    );
    prop_assert_eq!(windowed.count_upto(hi), upto.len() as u64);
    // Without `^`, `× 1` and `÷ 1` are left out of sub-boards that may go unused: the
    // brute force counts them, so the per-sub-board hits are compared where they agree.
    if rules.use_all {
        prop_assert_eq!(
            windowed.sub_board_hits(hi),
            brute_hits(rules, numbers, hi),
            "board {:?} hi {}",
            numbers,
            hi
        );
    }
    // The phase sweep's counts, without the whole board: the same targets, the same hits.
    // Each split generated, looked up, or the cheaper way: the same answer.
    for strategy in [Strategy::Cheaper, Strategy::Generate, Strategy::LookUp] {
        let c = counts_by::<V>(rules, numbers, hi, strategy).unwrap();
        prop_assert_eq!(
            c.reached,
            upto.len() as u64,
            "counts {:?}, board {:?} hi {}",
            strategy,
            numbers,
            hi
        );
        prop_assert_eq!(
            c.hits,
            windowed.sub_board_hits(hi),
            "counts' hits {:?}, board {:?} hi {}",
            strategy,
            numbers,
            hi
        );
    }
    let run = want.iter().zip(1i64..).take_while(|(v, i)| *v == i).count() as u64;
    prop_assert_eq!(
        covers_to(rules, numbers).unwrap(),
        run,
        "board {:?}",
        numbers
    );
    prop_assert!(covers_at_least(rules, numbers, run).unwrap());
    prop_assert!(!covers_at_least(rules, numbers, run + 1).unwrap());
    Ok(())
}

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

fn rules(kind: GameKind) -> Rules {
    Game::preset(kind).rules
}

proptest! {
    #![proptest_config(config(200))]

    #[test]
    fn reach_matches_brute_under_countdown_rules(
        numbers in proptest::collection::vec(1i64..=30, 1..=5),
        hi in 1i64..=2_000,
    ) {
        check::<Int>(&rules(GameKind::Countdown), &numbers, hi)?;
    }

    #[test]
    fn reach_matches_brute_on_boards_of_small_numbers(
        numbers in proptest::collection::vec(1i64..=6, 1..=6),
        hi in 1i64..=50,
    ) {
        // Small numbers repeat often: the sub-boards shared between copies are computed once.
        check::<Int>(&rules(GameKind::Countdown), &numbers, hi)?;
    }

    #[test]
    fn reach_matches_brute_under_digits_rules(
        numbers in prop::sample::subsequence((1..=40i64).collect::<Vec<_>>(), 1..=5),
        hi in 1i64..=999,
    ) {
        check::<Int>(&rules(GameKind::Digits), &numbers, hi)?;
    }

    #[test]
    fn reach_matches_brute_with_large_numbers_and_small_targets(
        numbers in proptest::collection::vec(2i64..=250, 3..=5),
        hi in 1i64..=120,
    ) {
        // (Products stay below the brute force's bound of 10^12.) Most values of the sub-boards one number short of the board are far above the
        // targets and not multiples of the number left: the phase sweep's counts leave them
        // out before the whole board's split, and must reach the same targets.
        check::<Int>(&rules(GameKind::Countdown), &numbers, hi)?;
    }

    #[test]
    fn reach_matches_brute_under_24_rules(
        numbers in proptest::collection::vec(1i64..=13, 1..=4),
        hi in 1i64..=100,
    ) {
        check::<Rational>(&rules(GameKind::TwentyFour), &numbers, hi)?;
    }
}

proptest! {
    #![proptest_config(config(60))]

    #[test]
    fn reach_matches_brute_under_integer_variants(
        numbers in proptest::collection::vec(1i64..=13, 1..=4),
        use_all in any::<bool>(),
        hi in 1i64..=300,
    ) {
        let mut r = Game::preset(GameKind::Countdown).with_pow().rules;
        r.use_all = use_all;
        check::<Int>(&r, &numbers, hi)?;
    }

    #[test]
    fn reach_matches_brute_with_joined_digits(
        numbers in proptest::collection::vec(1i64..=9, 1..=4),
        use_all in any::<bool>(),
        fractions in any::<bool>(),
        hi in 1i64..=300,
    ) {
        let mut r = rules(if fractions { GameKind::TwentyFour } else { GameKind::Countdown });
        r.use_all = use_all;
        r.concat = true;
        if fractions {
            check::<Rational>(&r, &numbers, hi)?;
        } else {
            check::<Int>(&r, &numbers, hi)?;
        }
    }

    #[test]
    fn reach_matches_brute_under_rational_variants(
        numbers in proptest::collection::vec(1i64..=9, 1..=3),
        use_all in any::<bool>(),
        pow in any::<bool>(),
        unary_minus in any::<bool>(),
        hi in 1i64..=100,
    ) {
        let mut game = Game::preset(GameKind::TwentyFour);
        if pow {
            game = game.with_pow();
        }
        if unary_minus {
            game = game.with_unary_minus().unwrap();
        }
        let mut r = game.rules;
        r.use_all = use_all;
        check::<Rational>(&r, &numbers, hi)?;
    }
}

proptest! {
    #![proptest_config(config(60))]

    #[test]
    fn reach_matches_brute_under_krypto_rules(
        numbers in proptest::collection::vec(1i64..=12, 1..=5),
        use_all in any::<bool>(),
        hi in 1i64..=60,
    ) {
        // Whole numbers: 0 along the way (`a − a`, `0 × x`), no negatives, no fractions.
        let mut r = rules(GameKind::Krypto);
        r.use_all = use_all;
        check::<Whole>(&r, &numbers, hi)?;
    }

    #[test]
    fn reach_matches_brute_in_the_integers(
        numbers in proptest::collection::vec(1i64..=12, 1..=5),
        use_all in any::<bool>(),
        hi in 1i64..=60,
    ) {
        let mut r = rules(GameKind::Krypto);
        r.arithmetic = digits_lab::game::rules::Arithmetic::Integers;
        r.use_all = use_all;
        check::<Signed>(&r, &numbers, hi)?;
    }
}

proptest! {
    // Twenty-five boards: the brute force of five rationals takes about a tenth of a second
    // each; boards of seven are the slow tier's (`phase_plan`).
    #![proptest_config(config(25))]

    #[test]
    fn reach_matches_brute_on_five_rationals(
        numbers in proptest::collection::vec(1i64..=13, 5..=5),
        use_all in any::<bool>(),
        hi in 1i64..=400,
    ) {
        // Five numbers: the whole board's splits and the sub-boards of four built one at a
        // time, with targets both generated and looked up.
        let mut r = rules(GameKind::TwentyFour);
        r.use_all = use_all;
        check::<Rational>(&r, &numbers, hi)?;
    }
}
