//! `analyze --reach-only`: the reachability engine (`digits_lab::engine::reach`) against the
//! brute force on random boards of every game configuration, and its tables against a full
//! run's on the fixture corpora and a larger slice of Countdown: solvable, `min_ops`, the
//! closest value and every sum and summary built from them identical, for every board and
//! target; the tables have exactly the reach-only columns; shards add up; the commands that
//! read tables say what they can do with them.

use std::collections::BTreeMap;
use std::path::Path;

use digits_lab::analyze::{self, Options};
use digits_lab::corpus::{Corpus, CorpusId, Shard};
use digits_lab::engine::Window;
use digits_lab::engine::reach::Reach;
use digits_lab::game::board::Board;
use digits_lab::game::number::{Int, Rational};
use digits_lab::game::rule_set::Game;
use digits_lab::progress::Silent;
use digits_lab::store::read::{parts, read_file, read_table};
use digits_lab::store::schema::{Extras, Table};
use polars::prelude::*;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

use crate::brute::{self, BruteRules, Q};
use crate::cli::{cli, succeeded};
use crate::fixture;
use crate::properties::{
    Value, cards, config, countdown, countdown_board, digits, distinct_board, fail, twenty_four,
};

// ---------------------------------------------------------------------------------------
// The engine against the brute force
// ---------------------------------------------------------------------------------------

/// The brute force's fewest operations per reachable value.
fn brute_min_ops(game: &Game, numbers: &[i64]) -> BTreeMap<Q, u32> {
    brute::solve_all(numbers, BruteRules::of(&game.rules))
        .into_iter()
        .map(|(q, c)| (q, c.min_ops))
        .collect()
}

/// The closest value to integer `t` among `values` (the smaller on a tie), and its distance,
/// as f64.
fn brute_closest(values: &BTreeMap<Q, u32>, t: i64) -> Option<(f64, f64)> {
    let f = |q: &Q| q.num as f64 / q.den as f64;
    let mut best: Option<(i128, i128, Q)> = None; // distance as num/den, value
    for q in values.keys() {
        // |q − t| = |num − t·den| / den
        let num = (i128::from(q.num) - i128::from(t) * i128::from(q.den)).abs();
        let den = i128::from(q.den);
        best = match best {
            Some((bn, bd, bq)) if num * bd > bn * den => Some((bn, bd, bq)),
            // A tie: the smaller value.
            Some((bn, bd, bq))
                if num * bd == bn * den
                    && i128::from(bq.num) * i128::from(q.den)
                        < i128::from(q.num) * i128::from(bq.den) =>
            {
                Some((bn, bd, bq))
            }
            _ => Some((num, den, *q)),
        };
    }
    best.map(|(n, d, q)| (f(&q), n as f64 / d as f64))
}

/// Every value and `min_ops` of the engine's complete build, and, under windows of several
/// sizes, `min_ops` and the closest value of every integer of `1..=hi`, against the brute
/// force.
fn check<V: Value>(game: &Game, numbers: &[i64], his: &[i64]) -> Result<(), TestCaseError> {
    let ctx = || format!("board {numbers:?}, {:?}", game.rules);
    let board = Board::new(game, numbers.to_vec()).map_err(|e| fail(format!("{}: {e}", ctx())))?;
    let want = brute_min_ops(game, numbers);
    let mut reach = Reach::<V>::build(&board, &game.rules, None, None)
        .map_err(|e| fail(format!("{}: {e}", ctx())))?;
    let got: BTreeMap<Q, u32> = reach
        .all_min_ops()
        .map_err(|e| fail(format!("{}: {e}", ctx())))?
        .into_iter()
        .map(|(v, ops)| (v.q(), u32::from(ops)))
        .collect();
    prop_assert_eq!(&got, &want, "{}: every value and its min_ops", ctx());
    for &hi in his {
        let window = Window { lo: 1, hi };
        let mut windowed = Reach::<V>::build(&board, &game.rules, Some(window), None)
            .map_err(|e| fail(format!("{}: {e}", ctx())))?;
        let ops = windowed
            .min_ops_in(1, hi)
            .map_err(|e| fail(format!("{}: {e}", ctx())))?;
        for (t, o) in (1..=hi).zip(ops) {
            let expected = want.get(&Q::int(t)).copied();
            prop_assert_eq!(
                o.map(u32::from),
                expected,
                "{}: min_ops of {} (window 1..={})",
                ctx(),
                t,
                hi
            );
            if o.is_none() {
                let c = windowed
                    .closest(t)
                    .map_err(|e| fail(format!("{}: {e}", ctx())))?;
                prop_assert_eq!(
                    c,
                    brute_closest(&want, t),
                    "{}: closest to {} (window 1..={})",
                    ctx(),
                    t,
                    hi
                );
            }
        }
    }
    Ok(())
}

/// Cards 1..=13 with up to 4 copies under Countdown's arithmetic, with or without `^`.
fn integers_with_repeats(pow: bool) -> Game {
    let mut game = countdown();
    game.pool = "1-13x4".parse().expect("pool parses");
    if pow { game.with_pow() } else { game }
}

proptest! {
    #![proptest_config(config(150))]

    #[test]
    fn reach_digits_matches_brute(numbers in distinct_board(30, 1..=6), hi in 1..=400i64) {
        check::<Int>(&digits(), &numbers, &[hi, 1108])?;
    }

    #[test]
    fn reach_countdown_matches_brute(numbers in countdown_board(1..=6), hi in 1..=400i64) {
        check::<Int>(&countdown(), &numbers, &[hi, 1108])?;
    }

    #[test]
    fn reach_24_matches_brute(numbers in cards(1..=4)) {
        check::<Rational>(&twenty_four(), &numbers, &[100])?;
    }
}

proptest! {
    #![proptest_config(config(60))]

    #[test]
    fn reach_integer_variants_match_brute(numbers in cards(1..=4), pow in any::<bool>(), hi in 1..=200i64) {
        check::<Int>(&integers_with_repeats(pow), &numbers, &[hi])?;
    }

    #[test]
    fn reach_rational_variants_match_brute(
        numbers in cards(1..=4),
        use_all in any::<bool>(),
        pow in any::<bool>(),
        unary_minus in any::<bool>(),
    ) {
        let mut game = twenty_four();
        game.rules.use_all = use_all;
        if pow {
            game = game.with_pow();
        }
        if unary_minus {
            game = game.with_unary_minus().expect("rationals allow unary minus");
        }
        check::<Rational>(&game, &numbers, &[50])?;
    }
}

/// `game` with its digits joining (`concat`) over a pool of digits, five of each.
fn joining(mut game: Game, pool: &str) -> Game {
    game.rules.concat = true;
    game.pool = pool.parse().expect("pool parses");
    game.distinct = false;
    game
}

proptest! {
    #![proptest_config(config(60))]

    #[test]
    fn reach_joined_digits_match_brute(
        numbers in prop::collection::vec(1..=9i64, 1..=5),
        use_all in any::<bool>(),
        hi in 1..=400i64,
    ) {
        let mut game = joining(countdown(), "1-9x5");
        game.rules.use_all = use_all;
        check::<Int>(&game, &numbers, &[hi, 1108])?;
    }

    #[test]
    fn reach_joined_digits_with_zeros_match_brute(
        numbers in prop::collection::vec(0..=9i64, 1..=4),
        use_all in any::<bool>(),
    ) {
        let mut game = joining(twenty_four(), "0-9x5");
        game.rules.use_all = use_all;
        game.target = None;
        check::<Rational>(&game, &numbers, &[50])?;
    }
}

/// The SPEC board that reaches nothing in 100–999: every target's closest value lies below
/// the range, far enough that the window cannot be sure of it and the whole board is built.
#[test]
fn a_board_far_below_its_targets_finds_its_closest_values() {
    let game = countdown();
    let board = Board::new(&game, vec![1, 1, 2, 2, 3, 3]).unwrap();
    let mut r =
        Reach::<Int>::build(&board, &game.rules, Some(Window { lo: 1, hi: 1108 }), None).unwrap();
    assert!(r.min_ops_in(100, 999).unwrap().iter().all(Option::is_none));
    let want = brute_min_ops(&game, &[1, 1, 2, 2, 3, 3]);
    let top = want.keys().next_back().unwrap().num;
    assert_eq!(top, 81, "(1 + 2) × (1 + 2) × 3 × 3, the largest value");
    for t in [100, 500, 999] {
        assert_eq!(
            r.closest(t).unwrap(),
            Some((81.0, (t - 81) as f64)),
            "target {t}"
        );
    }
}

// ---------------------------------------------------------------------------------------
// Tables against a full run's
// ---------------------------------------------------------------------------------------

fn options(out: &Path, shard: Shard, reach_only: bool) -> Options {
    Options {
        out: out.to_path_buf(),
        shard,
        cache_budget: 1 << 30,
        resume: false,
        reach_only,
        force: true,
    }
}

fn run(corpus: &Corpus, out: &Path, shard: Shard, reach_only: bool) -> analyze::Summary {
    analyze::analyze(corpus, &options(out, shard, reach_only), &Silent).unwrap()
}

/// `df` sorted by `by`, with the columns a reach-only table of `table` keeps.
fn reach_columns(df: DataFrame, table: Table, extras: Extras, by: &[&str]) -> DataFrame {
    let df = table
        .select(
            &df,
            Extras {
                reach_only: true,
                ..extras
            },
        )
        .unwrap();
    df.sort(by.to_vec(), SortMultipleOptions::default())
        .unwrap()
}

/// Every reach-only table under `reach` equals the same columns of the full tables under
/// `full`, for corpus folder `name`.
fn assert_same_reach(full: &Path, reach: &Path, name: &str, extras: Extras) {
    let (f, r) = (full.join(name), reach.join(name));
    for (table, by) in [
        (Table::Boards, vec!["board_id"]),
        (Table::Puzzles, vec!["board_id", "target"]),
        (Table::Sums, vec!["group", "target"]),
    ] {
        let one = reach_columns(
            read_table(&f.join(table.name())).unwrap(),
            table,
            extras,
            &by,
        );
        let two = reach_columns(
            read_table(&r.join(table.name())).unwrap(),
            table,
            extras,
            &by,
        );
        assert!(one.height() > 0, "{name}: no {} rows", table.name());
        assert!(one.equals_missing(&two), "{name}: {} differs", table.name());
    }
    let targets = |d: &Path| {
        reach_columns(
            read_file(&d.join("targets.parquet")).unwrap(),
            Table::Targets,
            Extras::default(),
            &["group", "target"],
        )
    };
    assert!(
        targets(&f).equals_missing(&targets(&r)),
        "{name}: targets differs"
    );
    assert!(
        !r.join("unique").exists(),
        "{name}: a reach-only run writes no `unique`"
    );
}

fn extras_of(id: &CorpusId) -> Extras {
    Extras {
        twenty_four: id.is_24_game(),
        published: *id == CorpusId::Nyt,
        inequivalent: false,
        reach_only: false,
    }
}

#[test]
fn reach_only_tables_equal_the_full_runs_on_every_fixture_corpus() {
    let out = tempfile::tempdir().unwrap();
    for id in fixture::CORPORA {
        run(
            &fixture::slice(id.clone()),
            out.path(),
            Shard::default(),
            true,
        );
        assert_same_reach(fixture::data_dir(), out.path(), id.name(), extras_of(&id));
    }
}

/// A seventh of the Countdown selections (every 7th, 1,892 of 13,243; set
/// `DIGITS_LAB_REACH_EVERY=1` to compare all of them, as docs/BENCHMARKS.md reports).
#[test]
fn reach_only_countdown_equals_the_full_run() {
    let every: u32 = std::env::var("DIGITS_LAB_REACH_EVERY")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(7)
        .max(1);
    let mut corpus = Corpus::named(
        CorpusId::Countdown,
        &digits_lab::corpus::nyt::Source::Embedded,
    )
    .unwrap();
    corpus.boards.retain(|b| b.id % every == 0);
    let (full, reach) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let a = run(&corpus, full.path(), Shard::default(), false);
    let b = run(&corpus, reach.path(), Shard::default(), true);
    assert_eq!((a.puzzles, a.solvable), (b.puzzles, b.solvable));
    assert_same_reach(
        full.path(),
        reach.path(),
        "countdown",
        extras_of(&CorpusId::Countdown),
    );
}

/// A target range too wide for the window's bits (`MAX_WINDOW`): every table built complete,
/// the same columns as a full run's. Also repeated cards, and targets below 1.
#[test]
fn reach_only_beyond_the_window_equals_the_full_run() {
    let custom = digits_lab::corpus::Custom {
        pool: Some("1-4x2,9".into()),
        size: Some(4),
        distinct: None,
        targets: Some("-5..70000".into()),
    };
    let corpus = Corpus::custom("wide", countdown(), &custom).unwrap();
    const { assert!(70_000 + 7_010 > digits_lab::engine::reach::MAX_WINDOW) };
    let (full, reach) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    run(&corpus, full.path(), Shard::default(), false);
    run(&corpus, reach.path(), Shard::default(), true);
    assert_same_reach(full.path(), reach.path(), "wide", Extras::default());
}

#[test]
fn reach_only_tables_have_exactly_the_reach_only_columns() {
    let out = tempfile::tempdir().unwrap();
    for id in [CorpusId::Countdown, CorpusId::Nyt, CorpusId::TwentyFour] {
        run(
            &fixture::slice(id.clone()),
            out.path(),
            Shard::default(),
            true,
        );
        let dir = out.path().join(id.name());
        let extras = Extras {
            reach_only: true,
            ..extras_of(&id)
        };
        for table in [Table::Boards, Table::Puzzles, Table::Sums] {
            for f in parts(&dir.join(table.name())).unwrap() {
                table.check(&read_file(&f).unwrap(), extras).unwrap();
            }
        }
        let targets = read_file(&dir.join("targets.parquet")).unwrap();
        Table::Targets
            .check(
                &targets,
                Extras {
                    reach_only: true,
                    ..Extras::default()
                },
            )
            .unwrap();
    }
}

#[test]
fn reach_only_shards_add_up_and_do_not_mix_with_full_ones() {
    let corpus = fixture::slice(CorpusId::Countdown);
    let (single, sharded) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    run(&corpus, single.path(), Shard::default(), true);
    let written: Vec<bool> = (1..=3)
        .map(|k| run(&corpus, sharded.path(), Shard { k, n: 3 }, true).targets_written)
        .collect();
    assert_eq!(written, [false, false, true]);
    let (a, b) = (
        single.path().join("countdown"),
        sharded.path().join("countdown"),
    );
    assert_eq!(
        std::fs::read(a.join("targets.parquet")).unwrap(),
        std::fs::read(b.join("targets.parquet")).unwrap()
    );
    // A full shard among reach-only ones: the summary cannot be built from both, and the
    // run that finds them says so.
    let mixed = analyze::analyze(
        &corpus,
        &options(sharded.path(), Shard { k: 2, n: 3 }, false),
        &Silent,
    );
    let err = mixed.unwrap_err().to_string();
    assert!(err.contains("--reach-only"), "{err}");
    let err = analyze::gather(sharded.path(), &corpus, 3)
        .unwrap_err()
        .to_string();
    assert!(err.contains("--reach-only"), "{err}");
}

/// `--resume` keeps the finished pieces of a reach-only run, and refuses to continue one as a
/// full run (or the other way round): the plan says which kind of run wrote the pieces.
#[test]
fn resume_keeps_reach_only_pieces_and_refuses_the_other_kind() {
    let corpus = fixture::slice(CorpusId::Countdown);
    let out = tempfile::tempdir().unwrap();
    run(&corpus, out.path(), Shard::default(), true);
    let dir = out.path().join("countdown");
    let before = std::fs::read(dir.join("puzzles/part-1-of-1.piece-0001.parquet")).unwrap();
    let resume = |reach_only: bool| {
        let opts = Options {
            resume: true,
            ..options(out.path(), Shard::default(), reach_only)
        };
        analyze::analyze(&corpus, &opts, &Silent)
    };
    let again = resume(true).unwrap();
    assert_eq!((again.pieces_resumed, again.pieces), (1, 1));
    assert_eq!(
        std::fs::read(dir.join("puzzles/part-1-of-1.piece-0001.parquet")).unwrap(),
        before
    );
    let err = resume(false).unwrap_err().to_string();
    assert!(err.contains("--reach-only"), "{err}");
}

#[test]
fn hardest_refuses_reach_only_tables_and_plots_gives_their_headline() {
    let data = tempfile::tempdir().unwrap();
    run(
        &fixture::slice(CorpusId::Countdown),
        data.path(),
        Shard::default(),
        true,
    );
    let out = cli()
        .args(["hardest", "--corpus", "countdown", "--data"])
        .arg(data.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("--reach-only"), "{err}");
    let reports = tempfile::tempdir().unwrap();
    succeeded(
        cli()
            .args(["plots", "--data"])
            .arg(data.path())
            .arg("--out")
            .arg(reports.path()),
    );
    let report = std::fs::read_to_string(reports.path().join("REPORT.md")).unwrap();
    assert!(
        report.contains(
            "- `countdown`: reach-only tables (`analyze --reach-only`): 47 boards, targets \
             100–999, 42,300 puzzles, 38,402 solvable (90.8%); left out of the figures and \
             charts below, which need solution counts."
        ),
        "{report}"
    );
}
