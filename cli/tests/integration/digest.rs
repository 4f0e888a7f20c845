//! The digest `analyze` stores beside a corpus's tables (`hardest.parquet`,
//! `tallies.parquet`): its lists equal the lists ranked, walked and solved the old way
//! (straight from `puzzles`); `hardest` reads them and prints what computing prints; `plots`
//! draws the same report from tables without one; a rerun keeps it, and a changed build or
//! missing file writes it again.

use std::collections::HashMap;
use std::fs;
use std::path::Path;
use std::time::SystemTime;

use digits_lab::corpus::CorpusId;
use digits_lab::digest::hardest::rank;
use digits_lab::digest::hardest::unique::{self, UniqueDifficulty, UniqueScope};
use digits_lab::digest::min_counts::MinCounts;
use digits_lab::digest::target_bands::TargetBands;
use digits_lab::digest::{self, By, MAX_LISTED, REPORTED, Ranked, WALKED};
use digits_lab::engine::Convention;
use digits_lab::puzzle::solution;
use digits_lab::store::read::CorpusStore;
use digits_lab::store::rows;
use digits_lab::store::scan::fold_puzzles;
use digits_lab::store::schema::{Extras, Table};
use digits_lab::store::write::write_frame;

use crate::cli::{cli, succeeded};
use crate::fixture;
use crate::kept::analyze;

fn store(data: &Path, id: &CorpusId) -> CorpusStore {
    CorpusStore::open(data, id).unwrap()
}

/// A ranking's puzzles without the counts it records beside its own (the old lists of
/// `hardest` recorded none).
fn bare(list: &[Ranked]) -> Vec<Ranked> {
    list.iter()
        .cloned()
        .map(|mut r| {
            r.counts = Default::default();
            r
        })
        .collect()
}

#[test]
fn every_stored_list_is_the_list_ranked_walked_and_solved_from_puzzles() {
    let data = fixture::data_dir();
    for id in [
        CorpusId::Countdown,
        CorpusId::Nyt,
        CorpusId::Digits,
        CorpusId::TwentyFour,
        CorpusId::TwentyFourMinus,
        CorpusId::Krypto,
    ] {
        let s = store(data, &id);
        let game = id.game().unwrap();
        let d = digest::read(&s).unwrap().expect("analyze stored a digest");
        let targets = s.targets().unwrap();
        let conventions = s.conventions(&targets).unwrap();
        let at = if id.is_24_game() { Some(24) } else { None };
        let walks = !game.rules.use_all;
        let mut lists = 0;
        for c in conventions {
            for by in By::ALL {
                for target in [None, at] {
                    let l = d.list(c, by, target).expect("every list is stored");
                    lists += 1;
                    let walked = walks && by == By::Difficulty;
                    assert_eq!(l.walked, walked, "{id} {c} {by}");
                    assert_eq!(l.pool, if walked { WALKED } else { digest::LISTED });
                    // The old way: the pool ranked from `puzzles`, walked and re-ranked. A
                    // walk costs about 30 ms: one walked list is checked whole (the report's
                    // pool), the others on their first 20 candidates, which a request for
                    // fewer candidates reads.
                    let whole = !walked || (id == CorpusId::Nyt && c == Convention::Distinct);
                    let pool = if whole { l.pool } else { 20 };
                    let ranked = rank::hardest(&s, c, by, target, pool).unwrap();
                    let ids: Vec<u32> = ranked.iter().map(|r| r.board_id).collect();
                    let texts = s.board_texts(&ids).unwrap();
                    let old = match walked {
                        true => rank::exact(ranked, &game, &texts, pool),
                        false => ranked,
                    };
                    let stored = l.ranked(pool, usize::MAX).unwrap();
                    assert_eq!(bare(&stored), old, "{id} {c} {by} {target:?}");
                    if whole {
                        assert_eq!(l.entries.len(), old.len());
                    }
                    // The report's first ten, from the pool it walks.
                    if whole {
                        let report_pool = if walked { WALKED } else { REPORTED };
                        let first = l.ranked(report_pool, REPORTED).unwrap();
                        assert_eq!(bare(&first), old[..old.len().min(REPORTED)]);
                    }
                    // Every puzzle a request of up to ten shows has its solutions written out,
                    // as solving its board again writes them.
                    for e in l.answer(pool, REPORTED).unwrap() {
                        let written = e.written.as_ref().expect("solutions written out");
                        let again =
                            solution::listed(&game, &e.board, e.ranked.target, MAX_LISTED).unwrap();
                        assert_eq!(*written, again, "{id} {}", e.board);
                        assert_eq!(Some(&e.board), texts.get(&e.ranked.board_id));
                    }
                }
            }
        }
        assert!(lists >= 4, "{id}: {lists} lists");
    }
}

#[test]
fn the_lists_hold_the_known_hardest_puzzles() {
    let data = fixture::data_dir();
    // The 24 game: `3 3 8 8` makes 24 one way only, among the sets with one tree.
    let d = digest::read(&store(data, &CorpusId::TwentyFour))
        .unwrap()
        .unwrap();
    let trees = d.list(Convention::Trees, By::Count, Some(24)).unwrap();
    assert!(!trees.walked);
    assert!(trees.entries.iter().all(|e| e.ranked.count >= 1));
    let one = trees
        .entries
        .iter()
        .find(|e| e.board == "3 3 8 8")
        .expect("3 3 8 8 among the hardest at 24");
    assert_eq!((one.ranked.count, one.ranked.min_ops), (1, Some(3)));
    assert_eq!(one.written.as_ref().unwrap().solutions.len(), 1);
    assert_eq!(trees.entries[0].ranked.count, 1);

    // Countdown: the list by score is walked, and the walk moves scores and places.
    let s = store(data, &CorpusId::Countdown);
    let d = digest::read(&s).unwrap().unwrap();
    let walked = d.list(Convention::Distinct, By::Difficulty, None).unwrap();
    assert!(walked.walked);
    assert_eq!(walked.entries.len(), WALKED);
    let moved = walked
        .entries
        .iter()
        .enumerate()
        .filter(|(i, e)| e.candidate != i + 1)
        .count();
    assert!(moved > 0, "the walk re-ranks the tables' order");
    let scores: Vec<f64> = walked
        .entries
        .iter()
        .map(|e| e.ranked.difficulty.unwrap())
        .collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
    // Only what some request of up to ten can show is solved again.
    let written = walked
        .entries
        .iter()
        .filter(|e| e.written.is_some())
        .count();
    assert!((REPORTED..WALKED).contains(&written), "{written} written");
    assert!(
        walked.entries[..REPORTED]
            .iter()
            .all(|e| e.written.is_some())
    );
}

#[test]
fn the_tallies_are_the_folds_of_puzzles() {
    let data = fixture::data_dir();
    for id in [CorpusId::Digits, CorpusId::TwentyFour, CorpusId::Nyt] {
        let s = store(data, &id);
        let d = digest::read(&s).unwrap().unwrap();
        let targets = s.targets().unwrap();
        let conventions = s.conventions(&targets).unwrap();
        let at = digest::at_24(&id, &targets);
        let boards = s.boards().unwrap();
        let repeats = rows::repeated(&id, &boards);
        let scope = UniqueScope::of(&id, &boards, &repeats, at);
        let mut min = MinCounts::new(&conventions, at);
        let mut bands = TargetBands::new();
        let mut scores = UniqueDifficulty::new(&scope, true);
        fold_puzzles(&s, &mut [&mut min, &mut bands, &mut scores]).unwrap();
        assert_eq!(d.min_classes, min.finish(), "{id}");
        assert!(!d.min_classes.at_min.is_empty(), "{id}");
        let scores = scores.finish();
        let unique = unique::hardest_unique(&s, REPORTED, &scope, Some(&scores)).unwrap();
        assert_eq!(d.unique, unique, "{id}");
        assert_eq!(d.bands.is_some(), id == CorpusId::Digits);
        if id == CorpusId::Digits {
            let b = d.bands.clone().unwrap();
            assert_eq!(b, bands);
            // Every puzzle of the corpus in one bucket of its band.
            let puzzles: u64 = b.distinct.values().flatten().sum();
            assert_eq!(puzzles, 45 * 999);
            assert_eq!((b.lo, b.hi), (1, 999));
        }
    }
}

/// `digits-lab hardest ARGS` on `data`.
fn hardest(data: &Path, args: &[&str]) -> Vec<u8> {
    succeeded(cli().arg("hardest").arg("--data").arg(data).args(args)).stdout
}

#[test]
fn hardest_reads_the_stored_list_and_prints_what_computing_prints() {
    let ids = [CorpusId::Countdown, CorpusId::Nyt, CorpusId::TwentyFour];
    let stored = fixture::subset(&ids);
    let computed = fixture::subset(&ids);
    for id in &ids {
        digest::record::remove(&computed.path().join(id.name())).unwrap();
    }
    // Requests the digest holds (a walk costs about 30 ms: few candidates, computing them).
    let requests: [&[&str]; 7] = [
        &["--corpus", "countdown"],
        &[
            "--corpus",
            "countdown",
            "--by",
            "difficulty",
            "--limit",
            "2",
            "--format",
            "json",
        ],
        &[
            "--corpus",
            "countdown",
            "--by",
            "difficulty",
            "--limit",
            "4",
            "--candidates",
            "30",
        ],
        &[
            "--corpus",
            "nyt",
            "--by",
            "difficulty",
            "--limit",
            "3",
            "--format",
            "csv",
        ],
        &[
            "--corpus",
            "nyt",
            "--convention",
            "expressions",
            "--limit",
            "20",
        ],
        &[
            "--corpus",
            "24",
            "--target",
            "24",
            "--convention",
            "trees",
            "--format",
            "json",
        ],
        &[
            "--corpus",
            "24",
            "--by",
            "difficulty",
            "--convention",
            "inequivalent",
        ],
    ];
    for args in requests {
        assert_eq!(
            String::from_utf8(hardest(stored.path(), args)).unwrap(),
            String::from_utf8(hardest(computed.path(), args)).unwrap(),
            "{args:?}"
        );
    }

    // The list is read, not computed: a solution changed in the stored table is printed.
    let s = store(stored.path(), &CorpusId::Countdown);
    let mut d = digest::read(&s).unwrap().unwrap();
    let list = d
        .lists
        .iter_mut()
        .find(|l| l.convention == Convention::Distinct && l.by == By::Count && l.target.is_none())
        .unwrap();
    list.entries[0].written.as_mut().unwrap().solutions = vec!["(as stored)".into()];
    let file = s.dir.join("hardest.parquet");
    let meta = [("digits-lab".to_string(), "{}".to_string())];
    let df = digest::stored::hardest(&d).unwrap();
    write_frame(&file, Table::Hardest, Extras::default(), &df, &meta).unwrap();
    let text = String::from_utf8(hardest(
        stored.path(),
        &["--corpus", "countdown", "--format", "json"],
    ))
    .unwrap();
    assert!(text.contains("(as stored)"), "{text}");
    // A request the stored list does not hold is computed from `puzzles`.
    let longer = hardest(
        stored.path(),
        &["--corpus", "countdown", "--limit", "21", "--format", "json"],
    );
    let longer = String::from_utf8(longer).unwrap();
    assert!(!longer.contains("(as stored)"));
    let listed: Vec<serde_json::Value> = serde_json::from_str(&longer).unwrap();
    assert_eq!(listed.len(), 21);
}

#[test]
fn plots_draws_the_same_report_from_tables_without_a_digest_and_says_so() {
    // Corpora without walks: the walks are checked above, and cost about 30 ms each.
    let ids = [
        CorpusId::TwentyFour,
        CorpusId::TwentyFourPow,
        CorpusId::Krypto,
    ];
    let with = fixture::subset(&ids);
    let without = fixture::subset(&ids);
    digest::record::remove(&without.path().join("24")).unwrap();
    // A digest of other tables is not read either.
    let record = without.path().join("krypto").join(digest::record::RECORD);
    let mut made: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(&record).unwrap()).unwrap();
    let tables = made["request"]["tables"].as_array_mut().unwrap();
    let size = &mut tables.last_mut().unwrap()[1];
    *size = (size.as_u64().unwrap() + 1).into();
    fs::write(&record, made.to_string()).unwrap();
    let report = |data: &Path| {
        let done = cli()
            .arg("plots")
            .arg("--data")
            .arg(data)
            .assert()
            .success()
            .get_output()
            .clone();
        let md = fs::read_to_string(data.join("reports").join("REPORT.md")).unwrap();
        (md, String::from_utf8(done.stderr).unwrap())
    };
    let (a, quiet) = report(with.path());
    let (b, note) = report(without.path());
    assert_eq!(a, b);
    assert!(!quiet.contains("digest"), "{quiet}");
    let line = note
        .lines()
        .find(|l| l.contains("tables without a digest of theirs"))
        .unwrap_or_else(|| panic!("{note}"));
    assert!(line.contains("`24`") && line.contains("`krypto`"), "{line}");
    assert!(!line.contains("`24-pow`"), "{line}");
}

/// The digest's files with their bytes and time of change.
fn digest_files(dir: &Path) -> HashMap<String, (Vec<u8>, SystemTime)> {
    ["hardest.parquet", "tallies.parquet", digest::record::RECORD]
        .iter()
        .map(|f| {
            let p = dir.join(f);
            let m = fs::metadata(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            (
                f.to_string(),
                (fs::read(&p).unwrap(), m.modified().unwrap()),
            )
        })
        .collect()
}

#[test]
fn a_rerun_keeps_the_digest_and_another_build_or_a_lost_file_writes_it_again() {
    let out = tempfile::tempdir().unwrap();
    let dir = out.path().join("small");
    let first = analyze(out.path(), &[]);
    assert!(first.contains(", hardest lists "), "{first}");
    let before = digest_files(&dir);
    let d = digest::read(&store(out.path(), &CorpusId::of_folder("small")))
        .unwrap()
        .unwrap();
    assert!(!d.lists.is_empty());

    let again = analyze(out.path(), &[]);
    assert!(again.contains("small: up to date, kept ("), "{again}");
    assert!(!again.contains("hardest lists"), "{again}");
    assert_eq!(
        digest_files(&dir),
        before,
        "a kept digest is not written again"
    );

    // Another build's digest of the same tables: the tables are kept, the digest written.
    let record = dir.join(digest::record::RECORD);
    let text = fs::read_to_string(&record).unwrap();
    let build = digits_lab::store::fingerprint::BUILD;
    assert!(text.contains(build), "{text}");
    fs::write(&record, text.replace(build, "0123456789abcdef")).unwrap();
    let rebuilt = analyze(out.path(), &[]);
    assert!(rebuilt.contains("small: up to date, kept ("), "{rebuilt}");
    assert!(rebuilt.contains(", hardest lists "), "{rebuilt}");
    let after = digest_files(&dir);
    for (f, (bytes, when)) in &after {
        assert_eq!(*bytes, before[f].0, "{f}: the same bytes");
        assert_ne!(*when, before[f].1, "{f}: written again");
    }

    // A lost file is written again; so is everything under --force.
    fs::remove_file(dir.join("tallies.parquet")).unwrap();
    let lost = analyze(out.path(), &[]);
    assert!(lost.contains(", hardest lists "), "{lost}");
    assert!(dir.join("tallies.parquet").is_file());
    let forced = analyze(out.path(), &["--force"]);
    assert!(!forced.contains("kept"), "{forced}");
    assert!(forced.contains(", hardest lists "), "{forced}");
    // Reach-only tables have none, and a run of them removes the old one.
    analyze(out.path(), &["--reach-only"]);
    assert!(!dir.join("hardest.parquet").exists());
    assert!(!record.exists());
}
