//! The difficulty features and score: known puzzles get the features their solutions show,
//! the score moves the obvious way when one feature changes, and `hardest --by difficulty`
//! ranks by the stored score.

use std::process::Command;
use std::sync::OnceLock;

use digits_lab::corpus::CorpusId;
use digits_lab::engine::Dp;
use digits_lab::features::{Features, Setting};
use digits_lab::game::board::Board;
use digits_lab::game::number::Int;
use digits_lab::game::rule_set::{Game, GameKind};
use digits_lab::model::train::{self, Plan, Training};
use digits_lab::model::{Fitted, human, spearman};
use digits_lab::present::fit::markdown as fit_report;
use digits_lab::puzzle::difficulty::Assessment;
use digits_lab::puzzle::solve::{self, Options};
use digits_lab::store::read::{f64s, read_file};
use polars::prelude::*;
use serde_json::Value;

use crate::cli::{assert_succeeded, one_line_error};
use crate::fixture;
use crate::hardest::hardest;

fn assess(kind: GameKind, target: i64, numbers: &[i64]) -> Option<Assessment> {
    let game = Game::preset(kind);
    let board = Board::new(&game, numbers.to_vec()).unwrap();
    let opts = Options {
        no_moves: true,
        ..Options::default()
    };
    solve::solve(&game, &board, target, opts)
        .unwrap()
        .difficulty
}

fn features(kind: GameKind, target: i64, numbers: &[i64]) -> Features {
    assess(kind, target, numbers).unwrap().features
}

#[test]
fn known_puzzles_have_the_features_their_solutions_show() {
    use GameKind::{Digits, TwentyFour};
    // 24 = 5 × (5 − 1 ÷ 5): its one solution divides and passes through 1/5.
    let f = features(TwentyFour, 24, &[1, 5, 5, 5]);
    assert!(f.needs_fraction && f.needs_division && !f.needs_negative && !f.greedy);
    assert_eq!((f.min_ops, f.solutions, f.peak), (3, 1, 24));
    assert!(f.uses_all);
    // 24 = (10 × 10 − 4) ÷ 4: whole numbers, but it climbs to 100 first.
    let f = features(TwentyFour, 24, &[4, 4, 10, 10]);
    assert!(!f.needs_fraction && f.needs_division);
    assert_eq!(f.peak, 100);
    // 24 = 3 × 8 + 1 − 1 (and 3 × 8 × 1 × 1): the greedy product.
    let f = features(TwentyFour, 24, &[1, 1, 3, 8]);
    assert!(f.greedy && !f.needs_division && !f.needs_fraction);
    // 1 × 2 × 3 × 4 needs nothing special.
    let f = features(TwentyFour, 24, &[1, 2, 3, 4]);
    assert!(!f.needs_fraction && !f.needs_division && !f.needs_negative);
    // Digits: 525 = 50 × 10 + 25, a product then a correction of a twentieth.
    let f = features(Digits, 525, &[1, 3, 7, 10, 25, 50]);
    assert!(f.greedy && !f.needs_division && f.min_ops == 2 && !f.uses_all);
    // Unreachable: no assessment.
    assert_eq!(assess(Digits, 831, &[1, 3, 7, 10, 25, 50]), None);
}

/// Near misses counted one by one with the plain engine: the integers within 2% of the
/// target, not the target, reached in at most its `min_ops` operations.
#[test]
fn near_misses_are_the_cheap_values_around_the_target() {
    let game = Game::preset(GameKind::Digits);
    for (target, numbers) in [
        (765, vec![1, 3, 7, 10, 25, 50]),
        (415, vec![1, 2, 3, 4, 5, 6]),
        (50, vec![2, 3, 9, 11, 19, 24]),
        (999, vec![5, 6, 13, 17, 20, 24]),
    ] {
        let board = Board::new(&game, numbers.clone()).unwrap();
        let t: Dp<Int> = Dp::build(&board, &game.rules).unwrap();
        let ops = t.counts(Int(target)).unwrap().unwrap().min_ops;
        let band = (target / 50).max(1);
        let expected = (target - band..=target + band)
            .filter(|&v| v != target && v > 0)
            .filter(|&v| t.counts(Int(v)).unwrap().is_some_and(|c| c.min_ops <= ops))
            .count() as u32;
        let f = features(GameKind::Digits, target, &numbers);
        assert_eq!(f.near_misses, expected, "{target} from {numbers:?}");
        assert!(expected > 0);
    }
}

#[test]
fn a_needed_fraction_scores_harder_than_the_same_puzzle_without() {
    let setting = Setting {
        numbers: 4,
        largest: 5,
        ones: 1,
        first_moves: 9,
    };
    let f = features(GameKind::TwentyFour, 24, &[1, 5, 5, 5]);
    assert_eq!((f.fractions, f.whole_expressions), (2, 0));
    let without = Features { fractions: 0, ..f };
    assert!(f.score(24, setting) > without.score(24, setting));
    // And for real: 1 5 5 5 needs two fractions, 1 2 7 7 (also one solution, three
    // operations, a division: (7 × 7 − 1) ÷ 2) none.
    let a = assess(GameKind::TwentyFour, 24, &[1, 5, 5, 5]).unwrap();
    let b = assess(GameKind::TwentyFour, 24, &[1, 2, 7, 7]).unwrap();
    assert_eq!((a.features.solutions, b.features.solutions), (1, 1));
    assert!(b.features.fractions == 0 && b.features.needs_division);
    assert!(a.difficulty > b.difficulty, "{a:?} {b:?}");
}

#[test]
fn more_whole_number_solutions_with_everything_else_equal_score_easier() {
    let setting = Setting {
        numbers: 6,
        largest: 50,
        ones: 1,
        first_moves: 70,
    };
    let f = features(GameKind::Digits, 765, &[1, 3, 7, 10, 25, 50]);
    let mut last = f64::INFINITY;
    for whole_expressions in [0, 1, 2, 3, 12, 100, 10_000] {
        let s = Features {
            whole_expressions,
            ..f
        }
        .score(765, setting);
        assert!(s < last, "{whole_expressions} solutions: {s} ≥ {last}");
        last = s;
    }
}

/// `solve` prints the embedded model's time and solve rate for a 24-game puzzle, and only the
/// score for the other games.
#[test]
fn solve_prints_the_prediction_for_a_24_game_puzzle() {
    let out = Command::new(env!("CARGO_BIN_EXE_digits-lab"))
        .args(["solve", "--game", "24", "3", "3", "8", "8"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let a = assess(GameKind::TwentyFour, 24, &[3, 3, 8, 8]).unwrap();
    let line = format!(
        "predicted: ~{:.0} s, {:.0}% of players solve it",
        a.predicted_time_s(),
        100.0 * a.predicted_solve_rate()
    );
    assert!(text.contains(&line), "{line}\n{text}");
    // 3 3 8 8 (8 ÷ (3 − 8 ÷ 3)) is a famously slow set: over a minute, most players fail.
    assert!(
        a.predicted_time_s() > 60.0 && a.predicted_solve_rate() < 0.5,
        "{a:?}"
    );
    assert!(!text.contains("extrapolated"), "{text}");
    // Digits gets a prediction too, marked as reaching outside the 24 game, with the inputs
    // that drive it (issue 27's example puzzle).
    let out = Command::new(env!("CARGO_BIN_EXE_digits-lab"))
        .args([
            "solve", "--game", "digits", "277", "3", "5", "7", "11", "19", "23",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let a = assess(GameKind::Digits, 277, &[3, 5, 7, 11, 19, 23]).unwrap();
    let line = format!(
        "predicted: ~{:.0} s, {:.0}% of players solve it (extrapolated: the model was fitted \
         on the 24 game)",
        a.predicted_time_s(),
        100.0 * a.predicted_solve_rate()
    );
    assert!(text.contains(&line), "{line}\n{text}");
    let drivers = text
        .lines()
        .filter(|l| l.ends_with(" time") && l.contains(": ×"));
    assert_eq!(drivers.count(), 3, "{text}");
    assert!(
        text.contains("the simulated player, searching move by move, needs ~"),
        "{text}"
    );
}

/// In Digits the tables score with the player's surrogate; `hardest --by difficulty` walks
/// the surrogate's top candidates exactly and lists them by the score `solve` gives.
#[test]
fn hardest_by_difficulty_ranks_by_the_exact_walk() {
    let top5 = ["--corpus", "digits", "--by", "difficulty", "--limit", "5"];
    let out = hardest(&[&top5[..], &["--format", "json"]].concat());
    assert_succeeded(&out);
    let list: Vec<Value> = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(list.len(), 5);
    let scores: Vec<f64> = list
        .iter()
        .map(|h| h["difficulty"].as_f64().unwrap())
        .collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
    let game = Game::preset(GameKind::Digits);
    let mut rescored = 0;
    for (h, &score) in list.iter().zip(&scores) {
        let board = fixture::json_board(h);
        let target = h["target"].as_i64().unwrap();
        let a = assess(GameKind::Digits, target, &board).unwrap();
        assert_eq!(score, a.difficulty, "{h}");
        assert_eq!(h["features"]["peak"].as_u64(), Some(a.features.peak), "{h}");
        let b = Board::new(&game, board.clone()).unwrap();
        let setting = Setting::of::<Int>(&b, &game.rules);
        // The table holds the surrogate's score of the same features.
        let surrogate = a.features.score(target, setting);
        assert!(
            surrogate <= fixture::max_difficulty(CorpusId::Digits),
            "{h}"
        );
        rescored += usize::from(surrogate != score);
    }
    assert_eq!(rescored, list.len(), "every listed score is the walk's");
    // Walking only the tables' 5 highest lists those 5, re-ranked: the table's highest is
    // among them, and the header says how many were walked.
    let five = [&top5[..], &["--candidates", "5"]].concat();
    let text = String::from_utf8(hardest(&five).stdout).unwrap();
    assert!(
        text.lines()
            .next()
            .is_some_and(|l| l.contains("exact walk of the tables' 5 highest")),
        "{text}"
    );
    let out = hardest(&[&five[..], &["--format", "json"]].concat());
    let list: Vec<Value> = serde_json::from_slice(&out.stdout).unwrap();
    let table = fixture::max_difficulty(CorpusId::Digits);
    let highest = list.iter().any(|h| {
        let board = fixture::json_board(h);
        let target = h["target"].as_i64().unwrap();
        let a = assess(GameKind::Digits, target, &board).unwrap();
        let b = Board::new(&game, board).unwrap();
        a.features
            .score(target, Setting::of::<Int>(&b, &game.rules))
            == table
    });
    assert!(highest, "{list:?}");
}

/// Tables written before the score existed (no `difficulty` column): ranking by it is a
/// clear one-line error, exit 2.
#[test]
fn hardest_by_difficulty_on_tables_without_the_score_is_refused() {
    let data = fixture::subset(&[CorpusId::TwentyFourMinus]);
    let puzzles = data
        .path()
        .join("24-minus/puzzles/part-1-of-1.piece-0001.parquet");
    let mut old = read_file(&puzzles).unwrap().drop("difficulty").unwrap();
    let file = std::fs::File::create(&puzzles).unwrap();
    ParquetWriter::new(file).finish(&mut old).unwrap();
    let out = assert_cmd::Command::new(env!("CARGO_BIN_EXE_digits-lab"))
        .args(["hardest", "--data"])
        .arg(data.path())
        .args(["--corpus", "24-minus", "--by", "difficulty"])
        .output()
        .unwrap();
    let err = one_line_error(out, 2);
    assert!(err.contains("difficulty"), "{err}");
}

fn fit(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_digits-lab"))
        .arg("fit")
        .args(args)
        .output()
        .unwrap()
}

/// The fit's nested cross-validated figures, the model the binary carries being the refit,
/// and the fit report it carries being the refit's (one fit: `--check` compares both), run
/// from a folder that is not the repository's (the check reads no file).
#[test]
#[ignore = "slow: the published fit, 3 × 10-fold nested CV and 600 exact walks (~4 min)"]
fn the_fit_is_reproducible_and_ranks_unseen_sets_as_published() {
    let elsewhere = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_digits-lab"))
        .args(["fit", "--check"])
        .current_dir(elsewhere.path())
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains("681 training sets")
            && text.contains("0.846 with mean solve time")
            && text.contains("-0.873 with solve rate")
            && text.contains("the player by search")
            && text.contains("ρ 0.924 with its exact moves on 300 held-out puzzles")
            && text.contains("and assets/difficulty-fit.md its report"),
        "{text}"
    );
    let m = Fitted::embedded();
    assert!(m.rho_time >= 0.75 && m.rho_solve <= -0.80, "{m:?}");
    // The player's moves may only add time.
    let player = m
        .columns
        .iter()
        .position(|&c| c == digits_lab::model::nested::PLAYER);
    assert!(player.is_some_and(|k| m.linear.weights[k] > 0.0), "{m:?}");
}

/// The first 40 sets of the training file, as a training file, and their fit on the quick
/// plan (fitted once, shared by the tests below).
fn quick_fit() -> &'static (String, Training) {
    static FIT: OnceLock<(String, Training)> = OnceLock::new();
    FIT.get_or_init(|| {
        let text: String = human::EMBEDDED
            .lines()
            .take(41)
            .map(|l| format!("{l}\n"))
            .collect();
        let sets = human::parse(&text, "first 40 sets").unwrap();
        let t = train::train(sets, &Plan::QUICK).unwrap();
        (text, t)
    })
}

/// The fit on the small plan runs the whole procedure, and its report states that plan
/// wherever the published one states its folds, repeats and samples.
#[test]
fn a_fit_on_the_quick_plan_runs_the_whole_procedure() {
    let t = &quick_fit().1;
    let plan = Plan::QUICK;
    assert_eq!(t.plan, plan);
    assert_eq!((t.sets.len(), t.model.rows), (40, 40));
    assert_eq!(t.nested.out_of_fold.len(), plan.repeats as usize);
    assert_eq!(t.nested.chosen.len(), plan.folds * plan.repeats as usize);
    assert_eq!((t.cv.k, t.cv.repeats), (plan.folds, plan.cv_repeats));
    let s = &t.model.surrogate;
    assert_eq!((s.fitted_on, s.checked_on), (10, 10));
    assert!(s.check_rho.is_finite() && s.check_rmse.is_finite(), "{s:?}");
    assert!((-1.0..=1.0).contains(&t.model.rho_time), "{:?}", t.model);
    // Every candidate once without the player, and once with each way of playing.
    assert_eq!(t.model.candidates.len(), 1 + 3 * 2);
    let chosen: usize = t.model.candidates.iter().map(|c| c.chosen).sum();
    assert_eq!(chosen, t.nested.chosen.len());
    // The model written reads back as the one fitted.
    let back = Fitted::parse(&t.model.to_json(), "quick fit").unwrap();
    assert!(back.matches(&t.model));
    let report = fit_report::report(t);
    for says in [
        "trained on 40 puzzles",
        "(1 × 3-fold outer,",
        "scored by 2-fold inner cross-validation",
        "own (not nested) 1 × 3-fold cross-validated ρ",
        "fitted on 10 seeded random solvable Digits and Countdown puzzles (seed 1) and checked \
         on 10 others (seed 2)",
        "Scored by 1×3-fold repeated cross-validation",
    ] {
        assert!(report.contains(says), "{says}\n{report}");
    }
    // The published plan is what the committed report states.
    let published =
        std::fs::read_to_string(crate::repo().join("assets/difficulty-fit.md")).unwrap();
    // The binary carries that very report (`fit --check` compares with it).
    assert_eq!(published, digits_lab::model::fitted::EMBEDDED_REPORT);
    assert_eq!(
        (
            Plan::FULL.folds,
            Plan::FULL.repeats,
            train::FOLDS,
            train::REPEATS
        ),
        (10, 3, 10, 3)
    );
    for says in [
        "(3 × 10-fold outer,",
        "scored by 5-fold inner cross-validation",
        "own (not nested) 10 × 10-fold cross-validated ρ",
        "fitted on 300 seeded random solvable Digits and Countdown puzzles (seed 1) and checked \
         on 300 others (seed 2)",
    ] {
        assert!(published.contains(says), "{says}");
    }
}

/// `fit --plan quick` writes the model and report the library's quick fit gives, and is
/// refused beside `--check` (the published model is the full plan's).
#[test]
fn fit_on_the_quick_plan_from_the_command_line() {
    let (text, t) = quick_fit();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("train.csv");
    std::fs::write(&file, text).unwrap();
    let out_dir = dir.path().join("out");
    let out = fit(&[
        "--plan",
        "quick",
        "--training",
        file.to_str().unwrap(),
        "--out",
        out_dir.to_str().unwrap(),
    ]);
    assert_succeeded(&out);
    let said = String::from_utf8(out.stdout).unwrap();
    assert!(
        said.contains("40 training sets; nested cross-validated Spearman ρ (1 × 3-fold outer")
            && said.contains("with its exact moves on 10 held-out puzzles")
            && said.contains("wrote "),
        "{said}"
    );
    let written = |name: &str| std::fs::read_to_string(out_dir.join(name)).unwrap();
    assert_eq!(written("difficulty-fit.md"), fit_report::report(t));
    let model = Fitted::parse(&written("difficulty-model.json"), "written").unwrap();
    assert!(model.matches(&t.model));
    for args in [
        &["--plan", "quick", "--check"][..],
        &["--plan", "fast"][..],
        &["--plan"][..],
    ] {
        let out = fit(&[args, &["--training", file.to_str().unwrap()]].concat());
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("--plan") && err.trim_end().lines().count() == 1,
            "{args:?}: {err}"
        );
    }
}

/// `fit` never writes over the inputs built into the binary: an `--out` that names the
/// repository's `assets/` (by its full path, or relative from the repository) is refused in
/// one line before the fit (before the training file is even read: here there is none), and
/// the files there are untouched.
#[test]
fn fit_refuses_to_write_over_the_bundled_model() {
    let assets = crate::repo().join("assets");
    let before = std::fs::read(assets.join("difficulty-model.json")).unwrap();
    let report = std::fs::read(assets.join("difficulty-fit.md")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("missing.csv");
    for (cwd, out) in [
        (dir.path().to_path_buf(), assets.to_str().unwrap()),
        (crate::repo().to_path_buf(), "assets"),
        (crate::repo().join("cli"), "../assets/"),
    ] {
        let run = Command::new(env!("CARGO_BIN_EXE_digits-lab"))
            .args(["fit", "--plan", "quick", "--training"])
            .arg(&file)
            .args(["--out", out])
            .current_dir(&cwd)
            .output()
            .unwrap();
        let err = String::from_utf8(run.stderr).unwrap();
        assert_eq!(run.status.code(), Some(2), "{out}: {err}");
        assert!(
            err.contains("would overwrite the model built into the binary")
                && err.trim_end().lines().count() == 1,
            "{out}: {err}"
        );
        assert!(run.stdout.is_empty(), "{out}");
    }
    assert_eq!(
        std::fs::read(assets.join("difficulty-model.json")).unwrap(),
        before
    );
    assert_eq!(
        std::fs::read(assets.join("difficulty-fit.md")).unwrap(),
        report
    );
}

#[test]
fn a_bad_training_file_is_refused_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    for (text, says) in [
        ("cards,time\n", "expected the header"),
        ("cards,mean_time_s,solve_rate\n1 2 3,5,0.9\n", "line 2"),
        (
            "cards,mean_time_s,solve_rate\n1 1 1 1,5,0.9\n",
            "cannot make 24",
        ),
        ("cards,mean_time_s,solve_rate\n4 6 1 1,-5,0.9\n", "positive"),
        (
            "cards,mean_time_s,solve_rate\n4 6 1 1,x,0.9\n",
            "not a number",
        ),
        ("cards,mean_time_s,solve_rate\n4 6 1 1,5,0.9\n", "too few"),
    ] {
        let file = dir.path().join("train.csv");
        std::fs::write(&file, text).unwrap();
        let out = fit(&["--check", "--training", file.to_str().unwrap()]);
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{text}: {err}");
        assert!(
            err.contains(says) && err.trim_end().lines().count() == 1,
            "{text}: {err}"
        );
    }
    let out = fit(&["--training", "/nonexistent/train.csv"]);
    assert_eq!(out.status.code(), Some(1));
}

/// The 24-game tables' predictions are the model's for each row's score, and null exactly
/// where the score is.
#[test]
fn the_24_tables_carry_the_predicted_time_and_solve_rate() {
    let puzzles = fixture::puzzles(CorpusId::TwentyFour);
    let col = |name: &str| f64s(&puzzles, name).unwrap();
    let (score, time, rate) = (
        col("difficulty"),
        col("predicted_time_s"),
        col("predicted_solve_rate"),
    );
    let model = Fitted::embedded();
    let mut solvable = 0;
    for i in 0..score.len() {
        assert_eq!(time[i], score[i].map(f64::exp), "row {i}");
        assert_eq!(rate[i], score[i].map(|d| model.solve_rate(d)), "row {i}");
        solvable += usize::from(score[i].is_some());
    }
    assert!(solvable > 0 && solvable < score.len());
}

/// What a user does to judge the model on the held-out half, done here on the training half:
/// the 24 table's `difficulty` at target 24, joined to the training file by cards, ranks
/// people's times as the fit report says the final model does in-sample.
#[test]
fn the_24_table_joined_to_people_ranks_them_as_the_fit_report_says() {
    let puzzles = fixture::puzzles(CorpusId::TwentyFour);
    let column = |name: &str| -> Vec<i64> {
        let c = puzzles
            .column(name)
            .unwrap()
            .cast(&DataType::Int64)
            .unwrap();
        c.i64().unwrap().iter().map(Option::unwrap).collect()
    };
    let (ids, targets) = (column("board_id"), column("target"));
    let scores = f64s(&puzzles, "difficulty").unwrap();
    let corpus = fixture::slice(CorpusId::TwentyFour);
    let cards: std::collections::HashMap<i64, Vec<i64>> = corpus
        .boards
        .iter()
        .map(|b| (i64::from(b.id), b.board.numbers().to_vec()))
        .collect();
    let at_24: std::collections::HashMap<Vec<i64>, f64> = (0..ids.len())
        .filter(|&r| targets[r] == 24)
        .filter_map(|r| Some((cards[&ids[r]].clone(), scores[r]?)))
        .collect();
    let sets = human::read(None).unwrap();
    let (mut score, mut time, mut rate) = (vec![], vec![], vec![]);
    for s in &sets {
        let mut c = s.cards.clone();
        c.sort_unstable();
        score.push(at_24[&c]);
        time.push(s.mean_time_s);
        rate.push(s.solve_rate);
    }
    assert_eq!(score.len(), 681);
    let (t, r) = (spearman(&score, &time), spearman(&score, &rate));
    let report = std::fs::read_to_string(crate::repo().join("assets/difficulty-fit.md")).unwrap();
    assert!(
        report.contains(&format!("predictions have ρ {t:.3} with time")),
        "ρ {t:.3}"
    );
    assert_eq!(format!("{t:.3} {r:.3}"), "0.850 -0.876");
}

/// The NYT table's score of each published puzzle is `solve`'s (the player's exact walk);
/// its other targets take the surrogate.
#[test]
fn the_nyt_table_walks_each_published_puzzle_exactly() {
    let puzzles = fixture::puzzles(CorpusId::Nyt);
    let ids: Vec<u32> = puzzles
        .column("board_id")
        .unwrap()
        .u32()
        .unwrap()
        .iter()
        .map(Option::unwrap)
        .collect();
    let targets: Vec<i64> = puzzles
        .column("target")
        .unwrap()
        .i64()
        .unwrap()
        .iter()
        .map(Option::unwrap)
        .collect();
    let scores = f64s(&puzzles, "difficulty").unwrap();
    let score = |id: u32, t: i64| -> Option<f64> {
        let row = (0..ids.len()).find(|&r| ids[r] == id && targets[r] == t);
        scores[row.expect("a row per board and target")]
    };
    let corpus = fixture::slice(CorpusId::Nyt);
    let game = Game::preset(GameKind::Digits);
    for b in corpus.boards.iter().take(8) {
        let p = b.published.expect("an nyt board has its puzzle");
        let a = assess(GameKind::Digits, p.target, b.board.numbers()).unwrap();
        assert_eq!(score(b.id, p.target), Some(a.difficulty), "{p:?}");
        // Another solvable target of the same board: the surrogate's score.
        let other = (1..p.target)
            .rev()
            .find_map(|t| assess(GameKind::Digits, t, b.board.numbers()).map(|a| (t, a)));
        if let Some((t, a)) = other {
            let setting = Setting::of::<Int>(&b.board, &game.rules);
            assert_eq!(score(b.id, t), Some(a.features.score(t, setting)), "{t}");
        }
    }
}
