//! A study's export is what `digits-lab fit --human` reads: 24-game puzzles (the first 24
//! sets of the 4nums training file) played by simulated participants over HTTP, exported,
//! then fitted and judged by `fit --human` on the quick plan.

use std::time::Duration;

use digits_lab::game::rule_set::GameKind;
use digits_lab::model::human;

use crate::client::Log;
use crate::harness::Server;
use crate::participant::Participant;

#[test]
fn the_export_is_what_fit_human_reads() {
    let cards: Vec<&str> = human::EMBEDDED
        .lines()
        .skip(1)
        .take(24)
        .map(|l| l.split(',').next().unwrap())
        .collect();
    let fixed: Vec<String> = cards
        .iter()
        .map(|c| format!("{{ board = [{}] }}", c.replace(' ', ", ")))
        .collect();
    let plan = format!(
        "game = \"24\"\npuzzles = 4\ntime_limit_s = 60\nconsent = \"ok\"\n[choose]\nfixed = [{}]\n",
        fixed.join(", ")
    );
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path(), &plan);
    // 12 participants × 4 puzzles: each of the 24 puzzles played twice; every fifth given up.
    let mut k = 0u64;
    for _ in 0..12 {
        let mut p = Participant::start(server.addr, Log::default());
        while p.next() {
            k += 1;
            let think = Duration::from_millis(5 + (k * 7919) % 40);
            if k.is_multiple_of(5) {
                std::thread::sleep(think);
                assert_eq!(p.give_up().status, 200);
            } else {
                p.solve_in(GameKind::TwentyFour, think);
            }
        }
    }
    let out = dir.path().join("export");
    let x = digits_lab_study::export::export(&server.db, &out).unwrap();
    assert_eq!((x.puzzles, x.trials), (24, 48));
    let csv = out.join("puzzles.csv");
    let sets = human::read(Some(&csv)).unwrap();
    assert!(sets.len() >= 20, "{} puzzles with a solve time", sets.len());
    assert!(
        sets.iter()
            .all(|s| s.target == 24 && s.game.kind == GameKind::TwentyFour)
    );
    let fit = digits_lab::request::FitRequest {
        human: Some(csv.clone()),
        plan: digits_lab::request::fit::PlanName::Quick,
        ..Default::default()
    };
    let judged = fit.run().unwrap().to_string();
    assert!(
        judged.contains("puzzles of 24 with a solve time"),
        "{judged}"
    );

    // The move preferences, fitted on the logged moves: one choice per `op` action.
    let choices = digits_lab_study::prefs::choices(&server.db).unwrap();
    let ops = crate::harness::count(&server.db, "SELECT COUNT(*) FROM moves WHERE kind = 'op'");
    assert_eq!(choices.len() as i64, ops);
    let p = digits_lab_study::prefs::MovePrefsRequest { choices }
        .run()
        .unwrap();
    assert!(p.fitted > p.uniform, "{}", p);
    println!("{p}");
}
