//! The phase sweep's plan by cost and its boards of seven: each cell exact, sampled or
//! skipped as the plan predicts, on any thread count; the boards of seven exact rationals
//! that once made more values than one board may keep now counted, and (slow tier) counted
//! right against the definitions; a budget too small skips cells in the table and the
//! printout instead of failing.

use digits_lab::engine::reach::bounded::Bounded;
use digits_lab::engine::reach::counts::{Strategy, counts_by};
use digits_lab::game::number::Rational;
use digits_lab::game::rule_set::{Game, GameKind};
use digits_lab::game::rules::{Arithmetic, Rules};
use digits_lab::request::PhaseRequest;
use digits_lab::request::RulesOptions;
use digits_lab::variant::phase::{Method, draw_board};
use digits_lab::variant::phase_plan::MIN_SAMPLES;

use crate::brute::{self, BruteRules};
use crate::cli::cli;
use crate::phase::{phase_24, phase_on_one_and_two_threads};

fn cells(dir: &std::path::Path) -> Vec<digits_lab::variant::phase::Cell> {
    digits_lab::store::phase::read(dir).unwrap().unwrap()
}

fn request(game: &str, k: Vec<u32>, m: Vec<u64>, samples: u64, budget: u64) -> PhaseRequest {
    PhaseRequest {
        rules: RulesOptions {
            game: Some(game.into()),
            ..RulesOptions::default()
        },
        k,
        m,
        samples,
        budget,
        ..PhaseRequest::default()
    }
}

/// Under the 24 game's rules with a small budget, the cells are exact, sampled with fewer
/// boards than asked, or skipped exactly as `Plan::cells` predicts, the table says so on one
/// and two threads alike (the same bytes), and each sampled cell has its 95% interval.
#[test]
fn each_cell_is_computed_as_the_plan_predicts() {
    let dir = phase_on_one_and_two_threads(&[
        "phase",
        "--game",
        "24",
        "--k",
        "2,3,6",
        "--m",
        "10,100",
        "--samples",
        "300",
        "--budget",
        "1",
        "--quiet",
        "--no-report",
    ]);
    let a = dir.path().join("data");
    let planned = request("24", vec![2, 3, 6], vec![10, 100], 300, 1)
        .plan()
        .unwrap()
        .cells();
    let got = cells(&a);
    let shape = |k, m, method, boards| (k, m, method, boards);
    assert_eq!(
        got.iter()
            .map(|c| shape(c.k, c.m, c.method, c.boards))
            .collect::<Vec<_>>(),
        planned
            .iter()
            .map(|c| shape(c.k, c.m, c.method, c.boards))
            .collect::<Vec<_>>()
    );
    // The mix this budget gives: small cells exact, the boards of six sampled with fewer
    // boards than asked but at least the fewest.
    let at = |k, m| got.iter().find(|c| c.k == k && c.m == m).unwrap();
    assert_eq!((at(2, 10).method, at(2, 10).boards), (Method::Exact, 55));
    assert_eq!(at(6, 100).method, Method::Sampled);
    assert!((MIN_SAMPLES..300).contains(&at(6, 100).boards));
    for c in got.iter().filter(|c| c.method == Method::Sampled) {
        assert!(c.lo <= c.p && c.p <= c.hi && c.hi - c.lo < 0.2, "{c:?}");
    }
}

/// A board of seven numbers of 1..100 under the 24 game's rules made more than
/// `MAX_VALUES` values once, and the sweep failed; now its cell is sampled, and `P` is the
/// mean of its boards' counts, whichever way the whole board's splits are combined.
#[test]
fn boards_of_seven_rationals_are_counted() {
    let dir = tempfile::tempdir().unwrap();
    let out = phase_24(&["--k", "7", "--m", "100", "--samples", "2"], dir.path());
    assert!(out.contains("plan: 0 exact, 1 sampled;"), "{out}");
    let got = cells(dir.path());
    assert_eq!((got[0].method, got[0].boards), (Method::Sampled, 2));
    let rules = Game::preset(GameKind::TwentyFour).rules;
    let mut sum = 0.0;
    for i in 0..2 {
        let board: Vec<i64> = draw_board(2012, 7, 100, i)
            .iter()
            .map(|&n| n as i64)
            .collect();
        let by = |s| counts_by::<Rational>(&rules, &board, 100, s).unwrap();
        let c = by(Strategy::Cheaper);
        assert_eq!(c, by(Strategy::Generate), "{board:?}");
        assert_eq!(c, by(Strategy::LookUp), "{board:?}");
        assert_eq!(c.hits, c.reached, "every number used: one sub-board");
        sum += c.reached as f64 / 100.0;
    }
    assert_eq!(got[0].p, sum / 2.0);
    // Seven rationals reach nearly every target up to 100.
    assert!(got[0].p >= 0.95, "{}", got[0].p);
}

/// A budget too small for even the fewest boards skips the costliest cells: the table has
/// them as `skipped` with no `P`, the printout says so, and the command succeeds.
#[test]
fn a_budget_too_small_skips_cells_instead_of_failing() {
    let dir = tempfile::tempdir().unwrap();
    let out = phase_24(&["--k", "2,7", "--m", "10000", "--budget", "1"], dir.path());
    let got = cells(dir.path());
    assert_eq!(got[0].method, Method::Sampled);
    assert_eq!(
        (got[1].k, got[1].method, got[1].boards),
        (7, Method::Skipped, 0)
    );
    assert!(got[1].p.is_nan());
    assert!(out.contains("1 skipped over the budget"), "{out}");
    assert!(
        out.lines().any(|l| l.split_whitespace().collect::<Vec<_>>()
            == ["7", "10,000", "–", "–", "0", "skipped", "–"]),
        "{out}"
    );
    // Bad budgets: one line, exit 2.
    for bad in ["0", "-5", "604801", "x"] {
        let out = cli()
            .args(["phase", "--budget", bad, "--no-report", "--quiet"])
            .assert()
            .code(2)
            .get_output()
            .clone();
        assert_eq!(
            String::from_utf8(out.stderr).unwrap().lines().count(),
            1,
            "{bad}"
        );
    }
}

/// Boards of seven numbers of 1..13 under the 24 game's rules (exact rationals), with
/// unused numbers allowed too, Krypto's (whole numbers) and the integers', every number
/// used: the targets the sweep counts are the ones the definitions give (every split of the
/// whole board, every pair of its parts' values), and not trivially all or none.
#[test]
#[ignore = "slow: the reference keeps every value of every sub-board of seven numbers, and the old engine 50 million values (~30 s, 1 GB)"]
fn boards_of_seven_reach_what_the_definitions_say() {
    let twenty_four = Game::preset(GameKind::TwentyFour).rules;
    let subsets = Rules {
        use_all: false,
        ..twenty_four
    };
    let krypto = Game::preset(GameKind::Krypto).rules;
    let integers = Rules {
        arithmetic: Arithmetic::Integers,
        ..krypto
    };
    let m = 2_000;
    let mut some = false;
    for i in 0..6 {
        let board: Vec<i64> = draw_board(7, 7, 13, i).iter().map(|&n| n as i64).collect();
        for rules in [twenty_four, subsets, krypto, integers] {
            let want = brute::targets_reached(&board, BruteRules::of(&rules), m).len() as u64;
            let got = digits_lab::with_number_type!(rules.arithmetic, V => {
                counts_by::<V>(&rules, &board, m, Strategy::Cheaper).unwrap()
            });
            assert_eq!(got.reached, want, "{board:?} {rules:?}");
            some |= want > 0 && want < m as u64;
        }
    }
    assert!(some, "every board reached all of 1..{m} or none");
    // A board of seven numbers of 1..100 the old engine refused: more than `MAX_VALUES`
    // values to keep once the whole board was built.
    let board: Vec<i64> = draw_board(2012, 7, 100, 0)
        .iter()
        .map(|&n| n as i64)
        .collect();
    let old = Bounded::<Rational>::new(&twenty_four, &board, Some(100));
    assert!(
        matches!(old, Err(digits_lab::Error::TooManyValues(_))),
        "{board:?}"
    );
    let c = counts_by::<Rational>(&twenty_four, &board, 100, Strategy::Cheaper).unwrap();
    assert!(c.reached > 90, "{c:?}");
}
