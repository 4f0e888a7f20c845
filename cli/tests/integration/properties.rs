//! Property tests: the engine against the brute-force references of [`crate::brute`] on
//! random boards of every game configuration.
//!
//! * `*_counts_match_brute`: for every reachable value, the engine's `trees`, `expressions`,
//!   `distinct` and `min_ops` equal [`brute::solve_all`]'s, and both reach the same values.
//! * `strings_*`: on boards of at most 4 numbers, the plain string enumerator
//!   [`brute::solve_all_by_strings`] equals [`brute::solve_all`] and the engine.
//! * `*_moves_match_brute`: player move sequences equal [`brute::moves`], and a board's moves
//!   ([`digits_lab::game::moves`]) equal [`brute::convention_moves`] and
//!   [`brute::player_moves`] in every domain, with `^` and joined digits.
//! * `*_solutions_are_valid`: the solutions the engine writes out evaluate to their value
//!   under the game's rules, use the fewest operations, and list exactly `distinct` forms.
//!
//! Every test runs a fixed number of cases and reports the board and value on failure.

use digits_lab::features;
use std::collections::{BTreeMap, HashSet};
use std::fmt::Write as _;

use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::TestCaseError;

use digits_lab::engine::{Counts, Dp, Trail};
use digits_lab::game::board::Board;
use digits_lab::game::join::joinable;
use digits_lab::game::moves::{Dedup, Tile, moves as game_moves};
use digits_lab::game::number::{Int, Integer, Number, Op, Rational, Signed, Whole};
use digits_lab::game::rule_set::{Game, GameKind};
use digits_lab::game::rules::{Arithmetic, Rules};
use digits_lab::puzzle::sequences;

use crate::brute::{self, BruteCounts, BruteRules, Q};

// ---------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------

/// A fixed number of cases; failures are not written to a regression file (the failing
/// board is in the message).
pub(crate) fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

pub(crate) fn fail(msg: impl Into<String>) -> TestCaseError {
    TestCaseError::fail(msg.into())
}

/// For the fixed-case tests: panics with the check's message.
fn ok(result: Result<(), TestCaseError>) {
    if let Err(e) = result {
        panic!("{e}");
    }
}

/// An engine value as the brute force's exact fraction.
pub(crate) trait Value: Number {
    fn q(self) -> Q;
}

impl Value for Int {
    fn q(self) -> Q {
        Q::int(self.0)
    }
}

impl<const NEGATIVES: bool> Value for Integer<NEGATIVES> {
    fn q(self) -> Q {
        Q::int(self.0)
    }
}

impl Value for Rational {
    fn q(self) -> Q {
        Q {
            num: self.numer(),
            den: self.denom(),
        }
    }
}

fn show(q: Q) -> String {
    if q.den == 1 {
        q.num.to_string()
    } else {
        format!("{}/{}", q.num, q.den)
    }
}

fn describe(game: &Game, numbers: &[i64]) -> String {
    let r = &game.rules;
    format!(
        "board {numbers:?} ({} rules: {:?}, use_all {}, pow {}, unary minus {}, concat {})",
        game.kind, r.arithmetic, r.use_all, r.pow, r.unary_minus, r.concat
    )
}

/// The engine's tables for `numbers` under `game`.
fn dp<V: Value>(game: &Game, numbers: &[i64]) -> Result<Dp<V>, TestCaseError> {
    let board = Board::new(game, numbers.to_vec())
        .map_err(|e| fail(format!("{}: Board::new: {e}", describe(game, numbers))))?;
    Dp::<V>::build(&board, &game.rules)
        .map_err(|e| fail(format!("{}: Dp::build: {e}", describe(game, numbers))))
}

/// The engine's counts for every reachable value, keyed by exact fraction.
fn engine_counts<V: Value>(
    game: &Game,
    numbers: &[i64],
    t: &Dp<V>,
) -> Result<BTreeMap<Q, Counts>, TestCaseError> {
    let all = t
        .all_counts()
        .map_err(|e| fail(format!("{}: all_counts: {e}", describe(game, numbers))))?;
    Ok(all.into_iter().map(|(v, c)| (v.q(), c)).collect())
}

/// Whether `a` is a sub-multiset of `b`.
fn sub_multiset(a: &[i64], b: &[i64]) -> bool {
    let mut rest = b.to_vec();
    a.iter().all(|x| match rest.iter().position(|y| y == x) {
        Some(i) => {
            rest.swap_remove(i);
            true
        }
        None => false,
    })
}

/// Compares the engine's counts with a reference's, value by value.
fn compare(
    game: &Game,
    numbers: &[i64],
    engine: &BTreeMap<Q, Counts>,
    reference: &BTreeMap<Q, BruteCounts>,
    reference_name: &str,
) -> Result<(), TestCaseError> {
    let mut problems = Vec::new();
    for (&v, c) in engine {
        let want_distinct = !game.rules.unary_minus;
        if c.distinct.is_some() != want_distinct {
            problems.push(format!(
                "value {}: engine distinct {:?}, expected {}",
                show(v),
                c.distinct,
                if want_distinct { "Some(_)" } else { "None" }
            ));
        }
        match reference.get(&v) {
            None => problems.push(format!(
                "value {}: engine reaches it ({c:?}), {reference_name} does not",
                show(v)
            )),
            Some(b) => {
                let same = c.trees == b.trees
                    && c.expressions == b.expressions
                    && c.min_ops == b.min_ops
                    && c.distinct.is_none_or(|d| d == b.distinct);
                if !same {
                    problems.push(format!(
                        "value {}: engine {c:?}, {reference_name} {b:?}",
                        show(v)
                    ));
                }
            }
        }
    }
    for (&v, b) in reference {
        if !engine.contains_key(&v) {
            problems.push(format!(
                "value {}: {reference_name} reaches it ({b:?}), engine does not",
                show(v)
            ));
        }
    }
    if problems.is_empty() {
        return Ok(());
    }
    let mut msg = format!(
        "{}: engine and {reference_name} differ on {} values:",
        describe(game, numbers),
        problems.len()
    );
    for p in problems.iter().take(8) {
        write!(msg, "\n  {p}").expect("writing to a string");
    }
    Err(fail(msg))
}

/// The engine's counts for every value equal [`brute::solve_all`]'s; `tables.counts(v)`
/// agrees with `all_counts`.
fn check_counts<V: Value>(game: &Game, numbers: &[i64]) -> Result<(), TestCaseError> {
    let t = dp::<V>(game, numbers)?;
    let engine = engine_counts(game, numbers, &t)?;
    let reference = brute::solve_all(numbers, BruteRules::of(&game.rules));
    compare(game, numbers, &engine, &reference, "brute::solve_all")?;
    for (v, c) in t.all_counts().map_err(|e| fail(e.to_string()))? {
        let one = t.counts(v).map_err(|e| fail(e.to_string()))?;
        prop_assert_eq!(
            one,
            Some(c),
            "{}, value {}: counts(v) disagrees with all_counts",
            describe(game, numbers),
            v
        );
    }
    Ok(())
}

/// [`brute::solve_all_by_strings`] equals [`brute::solve_all`] and the engine.
fn check_strings<V: Value>(game: &Game, numbers: &[i64]) -> Result<(), TestCaseError> {
    let rules = BruteRules::of(&game.rules);
    let by_strings = brute::solve_all_by_strings(numbers, rules);
    let by_dp = brute::solve_all(numbers, rules);
    if by_strings != by_dp {
        let mut msg = format!(
            "{}: brute::solve_all_by_strings and brute::solve_all differ:",
            describe(game, numbers)
        );
        let values: HashSet<Q> = by_strings.keys().chain(by_dp.keys()).copied().collect();
        let mut values: Vec<Q> = values.into_iter().collect();
        values.sort();
        let diffs = values
            .into_iter()
            .filter(|v| by_strings.get(v) != by_dp.get(v))
            .take(8);
        for v in diffs {
            write!(
                msg,
                "\n  value {}: by strings {:?}, solve_all {:?}",
                show(v),
                by_strings.get(&v),
                by_dp.get(&v)
            )
            .expect("writing to a string");
        }
        return Err(fail(msg));
    }
    let t = dp::<V>(game, numbers)?;
    let engine = engine_counts(game, numbers, &t)?;
    compare(
        game,
        numbers,
        &engine,
        &by_strings,
        "brute::solve_all_by_strings",
    )?;
    check_trails::<V>(game, numbers, &engine)
}

/// The integers whose whole-number solutions are compared (the run a corpus asks about).
const WHOLE_RUN: (i64, i64) = (-30, 120);

/// The engine's difficulty trail of every value equals [`brute::trails`], read off every tree;
/// so do the whole-number solutions of every integer in [`WHOLE_RUN`], and the first moves
/// equal [`brute::first_moves`].
fn check_trails<V: Value>(
    game: &Game,
    numbers: &[i64],
    engine: &BTreeMap<Q, Counts>,
) -> Result<(), TestCaseError> {
    let reference = brute::trails(numbers, BruteRules::of(&game.rules));
    prop_assert_eq!(
        engine.keys().collect::<Vec<_>>(),
        reference.keys().collect::<Vec<_>>(),
        "{}: engine and brute::trails reach different values",
        describe(game, numbers)
    );
    for (v, c) in engine {
        let t = c.trail;
        let got = brute::BruteTrail {
            peak: t.peak,
            no_division: t.has(Trail::NO_DIVISION),
            integral: t.has(Trail::INTEGRAL),
            non_negative: t.has(Trail::NON_NEGATIVE),
            greedy: t.has(Trail::GREEDY),
            fractions: u32::from(t.fractions),
            whole_expressions: reference[v].whole_expressions,
        };
        prop_assert_eq!(
            got,
            reference[v],
            "{}, value {}: engine trail vs brute::trails",
            describe(game, numbers),
            show(*v)
        );
    }
    let board = Board::new(game, numbers.to_vec()).map_err(|e| fail(e.to_string()))?;
    let (lo, hi) = WHOLE_RUN;
    let whole = features::whole_number_counts(&board, &game.rules, lo, hi)
        .map_err(|e| fail(e.to_string()))?;
    for x in lo..=hi {
        let q = Q { num: x, den: 1 };
        let got = match &whole {
            Some(w) => w[(x - lo) as usize].map_or(0, |c| c.expressions),
            None => engine.get(&q).map_or(0, |c| c.expressions),
        };
        let want = reference.get(&q).map_or(0, |t| t.whole_expressions);
        prop_assert_eq!(
            got,
            want,
            "{}, value {}: whole-number expressions, engine vs brute::trails",
            describe(game, numbers),
            x
        );
    }
    prop_assert_eq!(
        features::first_moves::<V>(numbers, &game.rules),
        brute::first_moves(numbers, BruteRules::of(&game.rules)),
        "{}: first moves, engine vs brute::first_moves",
        describe(game, numbers)
    );
    Ok(())
}

/// Checks a printed expression with [`brute::eval_printed`]: it gives `v` under the game's
/// rules and uses a sub-multiset of the board (all of it when every number must be used).
fn check_printed(
    game: &Game,
    numbers: &[i64],
    v: Q,
    printed: &str,
    what: &str,
) -> Result<(), TestCaseError> {
    let ctx = || {
        format!(
            "{}, value {}, {what} `{printed}`",
            describe(game, numbers),
            show(v)
        )
    };
    let Some((value, mut used)) = brute::eval_printed(printed, BruteRules::of(&game.rules)) else {
        return Err(fail(format!(
            "{}: does not evaluate under the rules",
            ctx()
        )));
    };
    prop_assert_eq!(value, v, "{}: evaluates to {}", ctx(), show(value));
    prop_assert!(
        sub_multiset(&used, numbers),
        "{}: uses {:?}, not a sub-multiset of the board",
        ctx(),
        used
    );
    if game.rules.use_all {
        used.sort();
        let mut all = numbers.to_vec();
        all.sort();
        prop_assert_eq!(used, all, "{}: does not use every number", ctx());
    }
    Ok(())
}

/// `distinct_solutions` is listed in full for values with at most this many.
const LIST_DISTINCT_UP_TO: u64 = 40;

/// For the values picked by `picks` (all of them when `picks` is empty): `shortest(v)`
/// evaluates to `v` with `min_ops` operations and prints to an expression worth `v`; for
/// values with few `distinct` solutions, `distinct_solutions(v)` lists exactly that many
/// forms, printing to different strings, each worth `v`.
fn check_solutions<V: Value>(
    game: &Game,
    numbers: &[i64],
    picks: &[Index],
) -> Result<(), TestCaseError> {
    let t = dp::<V>(game, numbers)?;
    let all = t.all_counts().map_err(|e| fail(e.to_string()))?;
    let chosen: Vec<&(V, Counts)> = if picks.is_empty() {
        all.iter().collect()
    } else {
        picks.iter().map(|i| i.get(&all)).collect()
    };
    let limit = game.rules.limit;
    for &&(v, c) in &chosen {
        let ctx = || format!("{}, value {v}", describe(game, numbers));
        let Some(expr) = t.shortest(v) else {
            return Err(fail(format!("{}: shortest(v) is None", ctx())));
        };
        prop_assert_eq!(
            expr.eval::<V>(limit),
            Some(v),
            "{}: shortest `{}` evaluates otherwise",
            ctx(),
            expr
        );
        prop_assert_eq!(
            expr.ops(),
            c.min_ops as usize,
            "{}: shortest `{}` is not of min_ops length",
            ctx(),
            expr
        );
        check_printed(game, numbers, v.q(), &expr.to_string(), "shortest")?;

        let Some(distinct) = c.distinct else {
            continue;
        };
        if distinct > LIST_DISTINCT_UP_TO {
            continue;
        }
        let forms = t
            .distinct_solutions(v)
            .map_err(|e| fail(format!("{}: distinct_solutions: {e}", ctx())))?;
        let printed: Vec<String> = forms.iter().map(|f| f.to_string()).collect();
        prop_assert_eq!(
            forms.len() as u64,
            distinct,
            "{}: distinct_solutions lists {:?}",
            ctx(),
            printed
        );
        let unique: HashSet<&String> = printed.iter().collect();
        prop_assert_eq!(
            unique.len(),
            printed.len(),
            "{}: distinct solutions print alike: {:?}",
            ctx(),
            printed
        );
        for p in &printed {
            check_printed(game, numbers, v.q(), p, "distinct solution")?;
        }
    }
    Ok(())
}

/// `sequences::count` equals [`brute::moves`] for `target` (a reachable value picked by `pick`
/// when `reachable`, else `random_target`).
fn check_moves<V: Value>(
    game: &Game,
    numbers: &[i64],
    (reachable, pick, random_target): (bool, Index, i64),
) -> Result<(), TestCaseError> {
    let target = if reachable {
        let t = dp::<V>(game, numbers)?;
        let ints: Vec<i64> = t
            .all_counts()
            .map_err(|e| fail(e.to_string()))?
            .into_iter()
            .filter_map(|(v, _)| v.as_int())
            .collect();
        *pick.get(&ints)
    } else {
        random_target
    };
    let board: Vec<V> = numbers
        .iter()
        .map(|&n| V::from_int(n).expect("board numbers are in the domain"))
        .collect();
    let ctx = || format!("{}, target {target}", describe(game, numbers));
    let engine = sequences::count(
        &board,
        V::from_int(target).expect("targets are in the domain"),
        &game.rules,
    )
    .map_err(|e| fail(format!("{}: sequences::count: {e}", ctx())))?;
    let reference = brute::moves(numbers, target, BruteRules::of(&game.rules));
    prop_assert_eq!(
        (engine.sequences, &engine.by_length, engine.boards_visited),
        (
            reference.sequences,
            &reference.by_length,
            reference.boards_visited
        ),
        "{}: (sequences, by_length, boards_visited) engine vs brute::moves",
        ctx()
    );
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Games and boards
// ---------------------------------------------------------------------------------------

pub(crate) fn digits() -> Game {
    Game::preset(GameKind::Digits)
}

pub(crate) fn countdown() -> Game {
    Game::preset(GameKind::Countdown)
}

pub(crate) fn twenty_four() -> Game {
    Game::preset(GameKind::TwentyFour)
}

/// Make-10: a ticket's digits 0–9, exact rationals, every digit used.
fn make10() -> Game {
    Game::preset(GameKind::Make10)
}

/// Make-10's digits with any subset used, so that a 0 may also be left out.
fn make10_any_subset() -> Game {
    let mut game = make10();
    game.rules.use_all = false;
    game
}

/// Krypto: five cards of its deck, whole numbers, every card used.
fn krypto() -> Game {
    Game::preset(GameKind::Krypto)
}

/// Digits 0–9 (four copies) in whole numbers or all integers, any subset or all numbers,
/// with or without `^` (and unary minus where there are negatives).
fn integers_with_zero(arithmetic: Arithmetic, use_all: bool, pow: bool, minus: bool) -> Game {
    let mut game = make10();
    game.rules.arithmetic = arithmetic;
    game.rules.use_all = use_all;
    if pow {
        game = game.with_pow();
    }
    if minus && arithmetic.has_negatives() {
        game = game.with_unary_minus().expect("integers allow unary minus");
    }
    game
}

fn digits_pow() -> Game {
    digits().with_pow()
}

fn twenty_four_unary_minus() -> Game {
    twenty_four()
        .with_unary_minus()
        .expect("the 24 game allows unary minus")
}

/// Rationals where numbers need not all be used.
fn rationals_any_subset() -> Game {
    let mut game = twenty_four();
    game.rules.use_all = false;
    game
}

/// Countdown arithmetic on cards 1..=13 with up to 4 copies, any subset or all numbers,
/// with or without `^`.
fn integers_with_repeats(use_all: bool, pow: bool) -> Game {
    let mut game = countdown();
    game.pool = "1-13x4".parse().expect("pool parses");
    game.rules.use_all = use_all;
    if pow { game.with_pow() } else { game }
}

/// The 24 game's rationals, any subset or all numbers, with or without `^` and unary minus.
fn rationals_with(use_all: bool, pow: bool, unary_minus: bool) -> Game {
    let mut game = twenty_four();
    game.rules.use_all = use_all;
    if pow {
        game = game.with_pow();
    }
    if unary_minus {
        game = game
            .with_unary_minus()
            .expect("rationals allow unary minus");
    }
    game
}

/// Distinct numbers from `1..=max`, in random order.
pub(crate) fn distinct_board(
    max: i64,
    sizes: std::ops::RangeInclusive<usize>,
) -> impl Strategy<Value = Vec<i64>> {
    prop::sample::subsequence((1..=max).collect::<Vec<i64>>(), sizes).prop_shuffle()
}

/// Cards dealt from the Countdown pool (1..10 twice each, 25, 50, 75, 100), in random order.
pub(crate) fn countdown_board(
    sizes: std::ops::RangeInclusive<usize>,
) -> impl Strategy<Value = Vec<i64>> {
    let pool: Vec<i64> = (1..=10)
        .flat_map(|n| [n, n])
        .chain([25, 50, 75, 100])
        .collect();
    prop::sample::subsequence(pool, sizes).prop_shuffle()
}

/// Cards 1..=13 (at most 4 of them, so at most 4 copies of a value).
pub(crate) fn cards(sizes: std::ops::RangeInclusive<usize>) -> impl Strategy<Value = Vec<i64>> {
    prop::collection::vec(1..=13i64, sizes)
}

/// A ticket's digits 0–9, zeros made common (a 0 on the board, `x ÷ 0` and `0 ÷ x` along the
/// way are what these boards are for).
fn ticket(sizes: std::ops::RangeInclusive<usize>) -> impl Strategy<Value = Vec<i64>> {
    prop::collection::vec(prop_oneof![1 => Just(0i64), 2 => 0..=9i64], sizes)
}

/// Cards dealt from Krypto's deck (1–6 ×3, 7–10 ×4, 11–17 ×2, 18–25 ×1), in random order.
fn krypto_board(sizes: std::ops::RangeInclusive<usize>) -> impl Strategy<Value = Vec<i64>> {
    let deck: Vec<i64> = (1..=25)
        .flat_map(|n| std::iter::repeat_n(n, krypto().pool.copies(n) as usize))
        .collect();
    prop::sample::subsequence(deck, sizes).prop_shuffle()
}

/// A target: a reachable value (by index) or a random one in `1..=max`.
fn target(max: i64) -> impl Strategy<Value = (bool, Index, i64)> {
    (any::<bool>(), any::<Index>(), 1..=max)
}

fn picks(n: usize) -> impl Strategy<Value = Vec<Index>> {
    prop::collection::vec(any::<Index>(), n)
}

// ---------------------------------------------------------------------------------------
// Counts: engine vs brute::solve_all
// ---------------------------------------------------------------------------------------

proptest! {
    #![proptest_config(config(300))]

    #[test]
    fn digits_counts_match_brute(numbers in distinct_board(30, 2..=5)) {
        check_counts::<Int>(&digits(), &numbers)?;
    }

    #[test]
    fn countdown_counts_match_brute(numbers in countdown_board(2..=5)) {
        check_counts::<Int>(&countdown(), &numbers)?;
    }

    #[test]
    fn twenty_four_counts_match_brute(numbers in cards(2..=4)) {
        check_counts::<Rational>(&twenty_four(), &numbers)?;
    }
}

proptest! {
    #![proptest_config(config(100))]

    #[test]
    fn digits_pow_counts_match_brute(numbers in distinct_board(9, 2..=4)) {
        check_counts::<Int>(&digits_pow(), &numbers)?;
    }

    #[test]
    fn twenty_four_unary_minus_counts_match_brute(numbers in cards(2..=4)) {
        check_counts::<Rational>(&twenty_four_unary_minus(), &numbers)?;
    }

    #[test]
    fn rationals_any_subset_counts_match_brute(numbers in cards(2..=4)) {
        check_counts::<Rational>(&rationals_any_subset(), &numbers)?;
    }

    #[test]
    fn make10_counts_match_brute(numbers in ticket(1..=4), use_all in any::<bool>()) {
        let game = if use_all { make10() } else { make10_any_subset() };
        check_counts::<Rational>(&game, &numbers)?;
    }

    #[test]
    fn make10_strings_match_brute(numbers in ticket(1..=4), use_all in any::<bool>()) {
        let game = if use_all { make10() } else { make10_any_subset() };
        check_strings::<Rational>(&game, &numbers)?;
    }

    #[test]
    fn make10_solutions_are_valid(numbers in ticket(1..=4), p in picks(12)) {
        check_solutions::<Rational>(&make10(), &numbers, &p)?;
        check_solutions::<Rational>(&make10_any_subset(), &numbers, &p)?;
    }
}

// ---------------------------------------------------------------------------------------
// Whole numbers (Krypto) and integers: 0 and negative results along the way
// ---------------------------------------------------------------------------------------

proptest! {
    #![proptest_config(config(100))]

    #[test]
    fn krypto_counts_match_brute(numbers in krypto_board(2..=5)) {
        check_counts::<Whole>(&krypto(), &numbers)?;
    }

    #[test]
    fn krypto_solutions_and_moves_are_valid(numbers in krypto_board(2..=5), p in picks(12)) {
        check_solutions::<Whole>(&krypto(), &numbers, &p)?;
    }

    #[test]
    fn whole_numbers_counts_match_brute(
        numbers in ticket(1..=4),
        use_all in any::<bool>(),
        pow in any::<bool>(),
    ) {
        let game = integers_with_zero(Arithmetic::WholeNumbers, use_all, pow, false);
        check_counts::<Whole>(&game, &numbers)?;
        check_strings::<Whole>(&game, &numbers)?;
    }

    #[test]
    fn integers_counts_match_brute(
        numbers in ticket(1..=3),
        use_all in any::<bool>(),
        pow in any::<bool>(),
        minus in any::<bool>(),
    ) {
        let game = integers_with_zero(Arithmetic::Integers, use_all, pow, minus);
        check_counts::<Signed>(&game, &numbers)?;
        check_strings::<Signed>(&game, &numbers)?;
    }

    #[test]
    fn integers_four_numbers_match_brute(numbers in ticket(4..=4), use_all in any::<bool>()) {
        let game = integers_with_zero(Arithmetic::Integers, use_all, false, false);
        check_counts::<Signed>(&game, &numbers)?;
    }
}

// ---------------------------------------------------------------------------------------
// Joined digits (make-10's variant): leaves spelled by two or more digits
// ---------------------------------------------------------------------------------------

/// `game` with its digits joining, over a pool of digits (0 only where the domain has it).
fn joined(mut game: Game, arithmetic: Arithmetic, use_all: bool, pow: bool, minus: bool) -> Game {
    game.rules.arithmetic = arithmetic;
    game.rules.use_all = use_all;
    game.rules.concat = true;
    game.pool = if arithmetic.has_zero() {
        "0-9x5"
    } else {
        "1-9x5"
    }
    .parse()
    .expect("digit pools parse");
    game.distinct = false;
    game.target = None;
    if pow {
        game = game.with_pow();
    }
    if minus && arithmetic.has_negatives() {
        game = game
            .with_unary_minus()
            .expect("negatives allow unary minus");
    }
    game.check().expect("a joined-digits game is valid");
    game
}

/// Make-10 with its digits joining.
fn make10_joined() -> Game {
    joined(make10(), Arithmetic::Rationals, true, false, false)
}

const DOMAINS: [Arithmetic; 4] = [
    Arithmetic::PositiveIntegers,
    Arithmetic::WholeNumbers,
    Arithmetic::Integers,
    Arithmetic::Rationals,
];

/// A board of digits for the domain (no 0 in the positive integers).
fn digits_for(arithmetic: Arithmetic, numbers: &[i64]) -> Vec<i64> {
    numbers
        .iter()
        .map(|&n| if arithmetic.has_zero() { n } else { n.max(1) })
        .collect()
}

/// The engine against both brute-force references (the strings one on boards of at most
/// `strings_up_to` digits) and its written solutions, joining digits in `DOMAINS[domain]`.
fn check_joined(
    numbers: &[i64],
    (domain, use_all, pow, minus): (usize, bool, bool, bool),
    strings_up_to: usize,
) -> Result<(), TestCaseError> {
    let arithmetic = DOMAINS[domain];
    let game = joined(make10(), arithmetic, use_all, pow, minus);
    let numbers = digits_for(arithmetic, numbers);
    digits_lab::with_number_type!(arithmetic, V => {
        check_counts::<V>(&game, &numbers)?;
        if numbers.len() <= strings_up_to {
            check_strings::<V>(&game, &numbers)?;
        }
        check_solutions::<V>(&game, &numbers, &[])
    })
}

/// A rule set of [`joined`]: its domain (an index of [`DOMAINS`]), `use_all`, `^`, unary minus.
fn joined_rules() -> impl Strategy<Value = (usize, bool, bool, bool)> {
    (0..4usize, any::<bool>(), any::<bool>(), any::<bool>())
}

proptest! {
    #![proptest_config(config(100))]

    #[test]
    #[ignore = "slow: the strings reference on 100 boards of four digits, every rule set"]
    fn joined_digits_four_numbers_strings_match_brute(
        numbers in ticket(4..=4),
        rules in joined_rules(),
    ) {
        check_joined(&numbers, rules, 4)?;
    }
}

proptest! {
    #![proptest_config(config(60))]

    #[test]
    fn joined_digits_counts_and_strings_match_brute(
        numbers in ticket(1..=4),
        rules in joined_rules(),
    ) {
        check_joined(&numbers, rules, 3)?;
    }

    #[test]
    fn joined_digits_moves_match_brute(
        numbers in ticket(3..=4),
        domain in 0..4usize,
        use_all in any::<bool>(),
        t in target(120),
    ) {
        let arithmetic = DOMAINS[domain];
        let game = joined(make10(), arithmetic, use_all, false, false);
        let numbers = digits_for(arithmetic, &numbers);
        digits_lab::with_number_type!(arithmetic, V => check_moves::<V>(&game, &numbers, t)?);
    }
}

proptest! {
    #![proptest_config(config(20))]

    #[test]
    fn joined_digits_five_numbers_match_brute(numbers in ticket(5..=5), use_all in any::<bool>()) {
        let game = joined(make10(), Arithmetic::Rationals, use_all, false, false);
        check_counts::<Rational>(&game, &numbers)?;
    }
}

/// Joining's own cases, counted by hand: `0` and `5` spell 50 but never 05, so 5 keeps only
/// its trees through `+` and `−`; two equal digits spell one number; and a joined number is
/// written as it reads, its joins counted as operations.
#[test]
fn joined_digits_by_hand() {
    let game = make10_joined();
    let t = dp::<Rational>(&game, &[0, 5]).unwrap_or_else(|e| panic!("{e}"));
    let counts = |v: i64| {
        t.counts(Rational::from_int(v).expect("an integer"))
            .expect("counts")
            .map(|c| (c.trees, c.expressions, c.distinct, c.min_ops))
    };
    // 0 + 5, 5 + 0, 5 − 0; 0 × 5, 5 × 0, 0 ÷ 5; the joined 50; no 05.
    assert_eq!(counts(5), Some((3, 2, Some(2), 1)));
    assert_eq!(counts(0), Some((3, 2, Some(2), 1)));
    assert_eq!(counts(50), Some((1, 1, Some(1), 1)));
    assert_eq!(counts(-5), Some((1, 1, Some(1), 1)));
    assert_eq!(counts(500), None);
    let t = dp::<Rational>(&game, &[1, 1, 2]).unwrap_or_else(|e| panic!("{e}"));
    let joined: Vec<i64> = [112, 121, 211]
        .into_iter()
        .filter(|&v| {
            t.lookup(t.subs.full(), Rational::from_int(v).expect("an integer"))
                .is_some()
        })
        .collect();
    assert_eq!(joined, vec![112, 121, 211]);
    // 10 from 1 2 2 only as 12 − 2: no tree of the three digits alone passes 6.
    let t = dp::<Rational>(&game, &[2, 1, 2]).unwrap_or_else(|e| panic!("{e}"));
    let ten = Rational::from_int(10).expect("an integer");
    let c = t.counts(ten).expect("counts").expect("10 is made");
    assert_eq!(
        (c.trees, c.expressions, c.distinct, c.min_ops),
        (1, 1, Some(1), 2)
    );
    let shortest = t.shortest(ten).expect("10 is made");
    assert_eq!(
        (shortest.to_string(), shortest.ops()),
        ("12 − 2".to_string(), 2)
    );
    assert_eq!(
        shortest.moves::<Rational>(i64::MAX),
        vec!["1 ‖ 2 = 12", "12 − 2 = 10"]
    );
    let listed: Vec<String> = t
        .distinct_solutions(ten)
        .expect("listed")
        .iter()
        .map(|f| f.to_string())
        .collect();
    assert_eq!(listed, vec!["12 − 2"]);
}

/// Whole-number division's own cases: `x ÷ 0` is never a result, `0 ÷ x` is 0, `7 ÷ 2` is
/// none, and `a − a` is 0, after which `0 × x` absorbs any `x`.
#[test]
fn whole_number_division_and_zero() {
    let game = krypto();
    for numbers in [
        [2, 2, 7, 9, 9],
        [1, 1, 1, 2, 3],
        [5, 5, 5, 7, 7],
        [24, 25, 17, 16, 1],
    ] {
        ok(check_counts::<Whole>(&game, &numbers));
    }
    // 7 ÷ 2 is no whole number, and nothing divides by 2 − 2.
    let t = dp::<Whole>(&game, &[2, 7]).unwrap();
    let all = engine_counts(&game, &[2, 7], &t).unwrap();
    assert_eq!(
        all.keys().map(|&q| show(q)).collect::<Vec<_>>(),
        ["5", "9", "14"]
    );
    let t = dp::<Whole>(&game, &[2, 2, 7]).unwrap();
    let all = engine_counts(&game, &[2, 2, 7], &t).unwrap();
    // (2 − 2) × 7 is 0 and 7 ÷ (2 − 2) nothing; 7 − 2 ÷ 2 is 6 and 7 + 2 ÷ 2 is 8 (the
    // list an independent enumeration gives).
    assert_eq!(
        all.keys().map(|&q| show(q)).collect::<Vec<_>>(),
        ["0", "3", "6", "7", "8", "10", "11", "12", "16", "18", "28"]
    );
}

/// Zero's own cases: `x ÷ 0` is never a result, `0 ÷ x` and `0 × x` are 0, and a 0 that
/// must be used can still be absorbed (`2 × 5 + 0` and `2 × 5 − 0` are two solutions).
#[test]
fn zeros_under_make10_rules() {
    for numbers in [
        [0, 0, 0, 0],
        [0, 2, 5, 9],
        [0, 0, 2, 5],
        [1, 0, 9, 9],
        [0, 1, 1, 8],
    ] {
        ok(check_counts::<Rational>(&make10(), &numbers));
        ok(check_strings::<Rational>(&make10(), &numbers));
    }
    let game = make10();
    let t = dp::<Rational>(&game, &[0, 0, 0, 0]).unwrap();
    let all = engine_counts(&game, &[0, 0, 0, 0], &t).unwrap();
    assert_eq!(all.keys().map(|&q| show(q)).collect::<Vec<_>>(), ["0"]);
    let t = dp::<Rational>(&game, &[0, 2, 5, 9]).unwrap();
    let ten = t.counts(Rational::from_int(10).unwrap()).unwrap().unwrap();
    assert_eq!((ten.min_ops, ten.distinct), (3, Some(12)));
}

// ---------------------------------------------------------------------------------------
// The two references against each other (and the engine), boards of at most 4 numbers
// ---------------------------------------------------------------------------------------

proptest! {
    #![proptest_config(config(100))]

    #[test]
    fn strings_positive_integers(
        numbers in cards(1..=4),
        use_all in any::<bool>(),
        pow in any::<bool>(),
    ) {
        check_strings::<Int>(&integers_with_repeats(use_all, pow), &numbers)?;
    }

    #[test]
    fn strings_rationals(
        mut numbers in cards(1..=4),
        use_all in any::<bool>(),
        pow in any::<bool>(),
        unary_minus in any::<bool>(),
    ) {
        // With unary minus, 4 numbers have about a million trees to write out (seconds
        // each): `strings_rationals_unary_minus_four_numbers` takes one of those, and the
        // slow tier's `…_three_boards` three.
        if unary_minus {
            numbers.truncate(3);
        }
        check_strings::<Rational>(&rationals_with(use_all, pow, unary_minus), &numbers)?;
    }
}

proptest! {
    #![proptest_config(config(1))]

    #[test]
    fn strings_rationals_unary_minus_four_numbers(
        numbers in cards(4..=4),
        use_all in any::<bool>(),
        pow in any::<bool>(),
    ) {
        check_strings::<Rational>(&rationals_with(use_all, pow, true), &numbers)?;
    }
}

proptest! {
    #![proptest_config(config(3))]

    #[test]
    #[ignore = "slow: three boards of about a million trees each, written out"]
    fn strings_rationals_unary_minus_four_numbers_three_boards(
        numbers in cards(4..=4),
        use_all in any::<bool>(),
        pow in any::<bool>(),
    ) {
        check_strings::<Rational>(&rationals_with(use_all, pow, true), &numbers)?;
    }
}

/// Found by `strings_positive_integers`: `9 ^ 12 × 8 ÷ 6` is 376,572,715,308, within the
/// 10^12 bound, but no tree of it is valid in positive integers (`9 ^ 12 × 8` exceeds the
/// bound, and 6 divides neither `9 ^ 12` nor 8), so it is no solution and the value is not
/// reachable from this board.
#[test]
fn a_product_with_no_valid_tree_is_no_solution() {
    ok(check_counts::<Int>(&digits_pow(), &[6, 8, 9, 12]));
    ok(check_strings::<Int>(&digits_pow(), &[6, 8, 9, 12]));
}

/// Found by `strings_rationals`: `(1 − 1) ^ (10 ^ 10)` is 0 (an integer exponent, a result
/// within every bound), so it is one more tree, expression and distinct solution for 0.
#[test]
fn zero_to_a_huge_power_is_zero() {
    let game = rationals_with(true, true, false);
    ok(check_counts::<Rational>(&game, &[1, 1, 10, 10]));
    ok(check_strings::<Rational>(&game, &[1, 1, 10, 10]));
}

/// Equal items of a flat node drawn from several forms each, which random boards rarely give:
/// with every number used, `a × 1` and `a ÷ 1` are two forms of `a` over `{a, 1}`, so the sum
/// `(a × 1) + (a ÷ 1) + b` over `[a, 1, a, 1, b]` is one of C(2 + 1, 2) = 3 multisets of its
/// two equal items (and likewise for other sums and for products of sums).
#[test]
fn equal_flat_items_with_several_forms() {
    for numbers in [
        [1, 1, 2, 2, 3],
        [1, 1, 3, 3, 2],
        [1, 1, 5, 5, 1],
        [2, 2, 3, 3, 1],
    ] {
        ok(check_counts::<Rational>(&twenty_four(), &numbers));
        ok(check_counts::<Int>(
            &integers_with_repeats(true, false),
            &numbers,
        ));
    }
}

/// The parallel build (sub-boards side by side, the whole board's pieces shared among the
/// threads) gives the same tables as one thread, for every sub-board.
#[test]
fn tables_do_not_depend_on_threads() {
    let build = |threads: usize, game: &Game, numbers: &[i64]| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let board = Board::new(game, numbers.to_vec()).unwrap();
        pool.install(|| {
            Dp::<Int>::build(&board, &game.rules).map(|t| {
                (1..t.subs.count())
                    .map(|s| t.table(s).to_vec())
                    .collect::<Vec<_>>()
            })
        })
    };
    let boards: [(Game, &[i64]); 3] = [
        (countdown(), &[25, 50, 75, 100, 3, 6]),
        (countdown(), &[1, 1, 2, 2, 3, 3]),
        (digits(), &[1, 3, 7, 10, 25, 50]),
    ];
    for (game, numbers) in boards {
        let one = build(1, &game, numbers).unwrap();
        assert!(one.last().unwrap().len() > 40, "{numbers:?}: a full table");
        for threads in [2, 3, 4] {
            assert_eq!(build(threads, &game, numbers).unwrap(), one, "{numbers:?}");
        }
    }
}

// ---------------------------------------------------------------------------------------
// Moves: engine vs brute::moves
// ---------------------------------------------------------------------------------------

proptest! {
    #![proptest_config(config(200))]

    #[test]
    fn digits_moves_match_brute(numbers in distinct_board(30, 3..=5), t in target(300)) {
        check_moves::<Int>(&digits(), &numbers, t)?;
    }

    #[test]
    fn countdown_moves_match_brute(numbers in countdown_board(3..=5), t in target(999)) {
        check_moves::<Int>(&countdown(), &numbers, t)?;
    }

    #[test]
    fn krypto_moves_match_brute(numbers in krypto_board(3..=4), t in target(25)) {
        check_moves::<Whole>(&krypto(), &numbers, t)?;
    }
}

proptest! {
    #![proptest_config(config(60))]

    /// Every card used: `× 1` and `÷ 1` count, `1 ÷ b` too (SPEC §2).
    #[test]
    fn twenty_four_moves_match_brute(numbers in cards(3..=4), pow in any::<bool>(), t in target(30)) {
        check_moves::<Rational>(&rationals_with(true, pow, false), &numbers, t)?;
    }

    /// Any subset in the rationals: `× 1` and `÷ 1` skipped, `1 ÷ b` a move.
    #[test]
    fn rationals_any_subset_moves_match_brute(
        numbers in cards(3..=4),
        pow in any::<bool>(),
        t in target(30),
    ) {
        check_moves::<Rational>(&rationals_with(false, pow, false), &numbers, t)?;
    }

    #[test]
    fn integers_moves_match_brute(
        numbers in ticket(3..=4),
        use_all in any::<bool>(),
        pow in any::<bool>(),
        t in target(30),
    ) {
        let game = integers_with_zero(Arithmetic::Integers, use_all, pow, false);
        check_moves::<Signed>(&game, &numbers, t)?;
    }
}

// ---------------------------------------------------------------------------------------
// A board's moves: game::moves vs brute::convention_moves and brute::player_moves
// ---------------------------------------------------------------------------------------

/// A move written for comparison: the operation as the brute force writes it, the two tiles
/// in order, the result and the copies.
type Listed = (char, brute::Tile, brute::Tile, brute::Tile, u32);

fn listed(op: char, x: brute::Tile, y: brute::Tile, result: brute::Tile, copies: u32) -> Listed {
    (op, x.min(y), x.max(y), result, copies)
}

/// `game::moves::moves` equals the brute force's lists, as the convention counts them and as
/// the player does, on a board of tiles `raw` (`numerator, denominator, joinable`; fractions
/// in the rationals only, joinable only where the rules join digits and the tile is a digit).
fn check_move_lists<V: Value>(
    rules: &Rules,
    raw: &[(i64, i64, bool)],
) -> Result<(), TestCaseError> {
    let rational = rules.arithmetic == Arithmetic::Rationals;
    let board: Vec<Tile<V>> = raw
        .iter()
        .filter_map(|&(n, d, j)| {
            let d = if rational { d } else { 1 };
            let v = V::from_int(n)?.apply(Op::Div, V::from_int(d)?, rules.limit)?;
            Some((v, j && v.as_int().is_some_and(|n| joinable(rules, n))))
        })
        .collect();
    let q: Vec<brute::Tile> = board.iter().map(|&(v, j)| (v.q(), j)).collect();
    let b = BruteRules::of(rules);
    let engine = |dedup: Dedup| {
        let mut out: Vec<Listed> = game_moves(rules, &board, dedup)
            .iter()
            .map(|m| {
                let op = match m.symbol() {
                    '−' => '-',
                    '×' => '*',
                    '÷' => '/',
                    '‖' => '|',
                    c => c,
                };
                let t = |t: Tile<V>| (t.0.q(), t.1);
                listed(op, t(m.x), t(m.y), t(m.result), m.copies)
            })
            .collect();
        out.sort();
        out
    };
    let mut convention: Vec<Listed> = brute::convention_moves(&q, b)
        .iter()
        .map(|m| listed(m.op, m.x, m.y, m.result, 1))
        .collect();
    convention.sort();
    let mut player: Vec<Listed> = brute::player_moves(&q, b)
        .iter()
        .map(|(m, copies)| listed(m.op, m.x, m.y, m.result, *copies))
        .collect();
    player.sort();
    let ctx = || format!("board {q:?}, rules {}", rules.describe());
    prop_assert_eq!(
        engine(Dedup::Convention),
        convention,
        "{}: the convention's moves",
        ctx()
    );
    prop_assert_eq!(
        engine(Dedup::Player),
        player,
        "{}: the player's moves",
        ctx()
    );
    Ok(())
}

proptest! {
    #![proptest_config(config(300))]

    #[test]
    fn a_boards_moves_match_brute_in_every_domain(
        raw in prop::collection::vec((-12i64..=12, 1i64..=4, any::<bool>()), 0..=5),
        domain in 0..4usize,
        use_all in any::<bool>(),
        pow in any::<bool>(),
        concat in any::<bool>(),
    ) {
        let arithmetic = DOMAINS[domain];
        let mut game = rationals_with(use_all, pow, false);
        game.rules.arithmetic = arithmetic;
        game.rules.concat = concat;
        digits_lab::with_number_type!(arithmetic, V => check_move_lists::<V>(&game.rules, &raw)?);
    }
}

// ---------------------------------------------------------------------------------------
// Solutions written out
// ---------------------------------------------------------------------------------------

proptest! {
    #![proptest_config(config(100))]

    #[test]
    fn digits_solutions_are_valid(numbers in distinct_board(30, 2..=5), p in picks(12)) {
        check_solutions::<Int>(&digits(), &numbers, &p)?;
    }

    #[test]
    fn countdown_solutions_are_valid(numbers in countdown_board(2..=5), p in picks(12)) {
        check_solutions::<Int>(&countdown(), &numbers, &p)?;
    }

    #[test]
    fn twenty_four_solutions_are_valid(numbers in cards(2..=4), p in picks(12)) {
        check_solutions::<Rational>(&twenty_four(), &numbers, &p)?;
    }

    #[test]
    fn digits_pow_solutions_are_valid(numbers in distinct_board(9, 2..=4), p in picks(12)) {
        check_solutions::<Int>(&digits_pow(), &numbers, &p)?;
    }

    #[test]
    fn twenty_four_unary_minus_solutions_are_valid(numbers in cards(2..=4), p in picks(12)) {
        check_solutions::<Rational>(&twenty_four_unary_minus(), &numbers, &p)?;
    }

    #[test]
    fn rationals_any_subset_solutions_are_valid(numbers in cards(2..=4), p in picks(12)) {
        check_solutions::<Rational>(&rationals_any_subset(), &numbers, &p)?;
    }

    #[test]
    fn small_boards_every_solution_is_valid(
        numbers in distinct_board(30, 1..=3),
        card_numbers in cards(1..=3),
    ) {
        check_solutions::<Int>(&digits(), &numbers, &[])?;
        check_solutions::<Rational>(&rationals_any_subset(), &card_numbers, &[])?;
        check_solutions::<Rational>(&twenty_four(), &card_numbers, &[])?;
    }
}
