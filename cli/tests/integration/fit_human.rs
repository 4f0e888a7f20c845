//! `fit --human FILE`: any game's people read through the training file's reader (with
//! `game` and `target` columns), fitted and judged as `fit` does; on the 24-game training
//! file, today's figure.

use std::process::Command;

use digits_lab::model::{Fitted, human};

fn fit(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_digits-lab"))
        .arg("fit")
        .args(args)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The line with the nested figure.
fn nested(text: &str) -> String {
    text.lines()
        .find(|l| l.contains("nested cross-validated"))
        .unwrap_or_else(|| panic!("no nested figure in {text}"))
        .to_string()
}

/// The first `n` sets of the training file, with `extra` appended to the header and rows.
fn first(n: usize, header: &str, row: &str) -> String {
    human::EMBEDDED
        .lines()
        .take(n + 1)
        .enumerate()
        .map(|(i, l)| format!("{l}{}\n", if i == 0 { header } else { row }))
        .collect()
}

#[test]
fn fit_human_reads_the_training_file_as_fit_does() {
    let dir = tempfile::tempdir().unwrap();
    let plain = dir.path().join("plain.csv");
    std::fs::write(&plain, first(40, "", "")).unwrap();
    let with_game = dir.path().join("with-game.csv");
    std::fs::write(&with_game, first(40, ",game,target", ",24,24")).unwrap();
    let out = dir.path().join("out");
    let (ok, a, e) = fit(&[
        "--plan",
        "quick",
        "--training",
        plain.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(ok, "{e}");
    let (ok, b, e) = fit(&["--plan", "quick", "--human", with_game.to_str().unwrap()]);
    assert!(ok, "{e}");
    assert_eq!(nested(&a), nested(&b));
    assert!(b.contains("40 puzzles of 24 with a solve time"), "{b}");
    assert!(b.contains("the model digits-lab carries"), "{b}");
    assert!(!dir.path().join("difficulty-model.json").exists());
    // The same sets through the library: equal features and times.
    let x = human::parse(&first(40, "", ""), "plain").unwrap();
    let y = human::parse(&first(40, ",game,target", ",24,24"), "with game").unwrap();
    assert_eq!(x.len(), y.len());
    for (p, q) in x.iter().zip(&y) {
        assert_eq!(
            (&p.cards, p.target, p.mean_time_s),
            (&q.cards, q.target, q.mean_time_s)
        );
        assert_eq!(p.features, q.features);
    }
}

#[test]
fn fit_human_takes_another_game_and_refuses_mixed_or_targetless_files() {
    // make-10 puzzles (tickets of four digits 0–9, make 10), with invented times; one
    // nobody solved, which is left out.
    let tickets = [
        "1 1 5 8", "1 1 9 9", "1 2 3 4", "1 2 7 7", "1 3 4 6", "1 5 5 5", "1 6 6 8", "2 2 2 5",
        "2 3 4 5", "2 4 6 8", "3 3 7 7", "3 4 5 6", "4 4 6 8", "4 6 7 9", "5 5 5 5", "6 6 9 9",
        "1 1 2 6", "1 4 5 6", "2 2 3 3", "3 5 7 9", "1 2 4 8", "2 5 6 7",
    ];
    let mut text = String::from("cards,mean_time_s,solve_rate,game,target\n");
    for (i, t) in tickets.iter().enumerate() {
        text.push_str(&format!(
            "{t},{:.1},{:.2},make10,10\n",
            3.0 + i as f64,
            0.95 - 0.01 * i as f64
        ));
    }
    text.push_str("9 9 9 9,,0.0000,make10,10\n");
    let sets = human::parse(&text, "make10.csv").unwrap();
    assert_eq!(sets.len(), tickets.len());
    assert!(
        sets.iter()
            .all(|s| s.target == 10 && s.game.kind.name() == "make10")
    );
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("make10.csv");
    std::fs::write(&file, &text).unwrap();
    let (ok, out, e) = fit(&["--plan", "quick", "--human", file.to_str().unwrap()]);
    assert!(ok, "{e}");
    assert!(
        out.contains("22 puzzles of make10 with a solve time"),
        "{out}"
    );

    // A hold-out: 11 of the 22 fitted on, 11 judged.
    let (ok, out, e) = fit(&[
        "--plan",
        "quick",
        "--human",
        file.to_str().unwrap(),
        "--holdout",
        "0.5",
    ]);
    assert!(ok, "{e}");
    assert!(
        out.contains("held out 11 puzzles (1 of 2 seeded folds), the model fitted on the other 11"),
        "{out}"
    );
    let (ok, _, e) = fit(&["--human", file.to_str().unwrap(), "--holdout", "1.5"]);
    assert!(
        !ok && e.contains("--holdout takes a share between 0 and 1"),
        "{e}"
    );

    let mixed = text.replace("2 5 6 7,24.0,0.74,make10,10", "2 5 6 7,24.0,0.74,24,24");
    let e = human::parse(&mixed, "mixed.csv").unwrap_err().to_string();
    assert!(e.contains("one game's puzzles: make10 and 24"), "{e}");
    let digits = "cards,mean_time_s,solve_rate,game\n1 3 7 10 25 50,30,0.5,digits\n";
    let e = human::parse(digits, "digits.csv").unwrap_err().to_string();
    assert!(e.contains("digits puzzles need a target column"), "{e}");
    let (ok, _, e) = fit(&["--human", "/nonexistent/file.csv"]);
    assert!(!ok && e.lines().count() == 1, "{e}");
}

#[test]
#[ignore = "slow: the published fit (minutes), through `fit --human`"]
fn fit_human_on_the_training_file_gives_todays_nested_figure() {
    let path = crate::repo().join("assets/human-24-4nums-train.csv");
    let (ok, out, e) = fit(&["--human", path.to_str().expect("a UTF-8 path")]);
    assert!(ok, "{e}");
    let m = Fitted::embedded();
    let line = format!(
        "{:.3} with mean solve time, {:.3} with solve rate",
        m.rho_time, m.rho_solve
    );
    assert!(nested(&out).ends_with(&line), "{line}\n{out}");
    println!("{}", nested(&out));
}
