//! Fixture tables for the chart, report, `hardest` and notebook tests: small corpora computed
//! with the engine and written as Parquet with exactly the layout of README "The tables"
//! (`boards/`, `puzzles/`, `unique/` folders of part files, `targets.parquet`).
//!
//! The 24-game corpora are complete (every multiset of cards), so the report's SPEC
//! comparisons are exercised on the real figures; `digits`, `countdown` and `nyt` are
//! deterministic samples of their corpora, small enough to compute in a second or two.
//! The `nyt` fixture also carries a `difficulty` column (the optional column README mentions),
//! defined here only for the tests as `min_ops + 1 / expressions`, so that the code paths that
//! use it are exercised.
//!
//! The tables are built once per test run and shared read-only. When `DIGITS_LAB_FIXTURE_DIR`
//! is set they are also copied there, so that the notebooks can be executed against them.

use std::collections::BTreeMap;
use std::fs;
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use digits_lab::engine::Dp;
use digits_lab::game::board::Board;
use digits_lab::game::number::{Int, Number, Rational};
use digits_lab::game::rules::{Arithmetic, Game, GameKind};
use digits_lab::puzzle::difficulty;
use polars::prelude::*;
use rayon::prelude::*;
use tempfile::TempDir;

/// Every corpus the fixture holds, in the report's order.
pub use digits_lab::store::read::CORPORA;

/// The folder holding every fixture corpus (built on first use).
pub fn data_dir() -> &'static Path {
    static DIR: OnceLock<TempDir> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = tempfile::tempdir().expect("tempdir");
        for name in CORPORA {
            write_corpus(dir.path(), name);
        }
        if let Some(extra) = std::env::var_os("DIGITS_LAB_FIXTURE_DIR") {
            copy_dir(dir.path(), Path::new(&extra));
        }
        dir
    })
    .path()
}

/// A fresh folder holding copies of the named fixture corpora only.
pub fn subset(names: &[&str]) -> TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    for name in names {
        copy_dir(&data_dir().join(name), &dir.path().join(name));
    }
    dir
}

/// The boards (as table text) of fixture corpus `name`.
pub fn boards_of(name: &str) -> Vec<String> {
    spec(name).2.iter().map(|b| text(&b.numbers)).collect()
}

fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for e in fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let dest: PathBuf = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &dest);
        } else {
            fs::copy(e.path(), dest).unwrap();
        }
    }
}

/// One board of a corpus: its numbers, deal weight (before normalizing), group and, for
/// `nyt`, the date, slot and real target.
struct BoardSpec {
    numbers: Vec<i64>,
    weight: f64,
    group: String,
    nyt: Option<(String, u8, i64)>,
}

fn choose(n: u64, k: u64) -> f64 {
    (0..k).map(|i| (n - i) as f64 / (i + 1) as f64).product()
}

/// Every multiset of `size` values from `values`, each at most `copies(v)` times, ascending.
fn multisets(values: &[i64], copies: &dyn Fn(i64) -> usize, size: usize) -> Vec<Vec<i64>> {
    fn go(
        values: &[i64],
        copies: &dyn Fn(i64) -> usize,
        size: usize,
        from: usize,
        cur: &mut Vec<i64>,
        out: &mut Vec<Vec<i64>>,
    ) {
        if cur.len() == size {
            out.push(cur.clone());
            return;
        }
        for i in from..values.len() {
            let v = values[i];
            if cur.iter().filter(|&&c| c == v).count() < copies(v) {
                cur.push(v);
                go(values, copies, size, i, cur, out);
                cur.pop();
            }
        }
    }
    let mut out = Vec::new();
    go(values, copies, size, 0, &mut Vec::new(), &mut out);
    out
}

/// Probability of dealing `set` from a deck with `copies` of each card and `deck` cards.
fn dealt(set: &[i64], copies: &dyn Fn(i64) -> usize, deck: u64) -> f64 {
    let mut distinct = set.to_vec();
    distinct.dedup();
    distinct
        .iter()
        .map(|&v| {
            choose(
                copies(v) as u64,
                set.iter().filter(|&&c| c == v).count() as u64,
            )
        })
        .product::<f64>()
        / choose(deck, set.len() as u64)
}

fn spec(name: &str) -> (Game, RangeInclusive<i64>, Vec<BoardSpec>) {
    let plain = |numbers: Vec<i64>, weight: f64| BoardSpec {
        numbers,
        weight,
        group: "all".into(),
        nyt: None,
    };
    let twenty_four = |top: i64| -> Vec<BoardSpec> {
        let values: Vec<i64> = (1..=top).collect();
        let four = |_| 4;
        multisets(&values, &four, 4)
            .into_iter()
            .map(|s| {
                let w = dealt(&s, &four, 4 * top as u64);
                plain(s, w)
            })
            .collect()
    };
    match name {
        "24" => (Game::preset(GameKind::TwentyFour), 1..=100, twenty_four(13)),
        "24-nine" => (Game::preset(GameKind::TwentyFour), 1..=100, twenty_four(9)),
        "24-pow" => (
            Game::preset(GameKind::TwentyFour).with_pow(),
            1..=100,
            twenty_four(13),
        ),
        "24-minus" => (
            Game::preset(GameKind::TwentyFour)
                .with_unary_minus()
                .unwrap(),
            1..=100,
            twenty_four(13),
        ),
        "digits" => {
            let values: Vec<i64> = (1..=25).collect();
            let all = multisets(&values, &|_| 1, 6);
            let boards: Vec<BoardSpec> = all
                .into_iter()
                .step_by(4_000)
                .map(|s| plain(s, 1.0))
                .collect();
            (Game::preset(GameKind::Digits), 1..=999, boards)
        }
        "countdown" => {
            let values: Vec<i64> = (1..=10).chain([25, 50, 75, 100]).collect();
            let copies = |v: i64| if v <= 10 { 2 } else { 1 };
            let all = multisets(&values, &copies, 6);
            assert_eq!(all.len(), 13_243);
            let keep = [vec![1, 1, 2, 2, 3, 3], vec![3, 6, 25, 50, 75, 100]];
            let boards = all
                .into_iter()
                .enumerate()
                .filter(|(i, s)| i % 300 == 0 || keep.contains(s))
                .map(|(_, s)| {
                    let large = s.iter().filter(|&&v| v > 10).count();
                    BoardSpec {
                        weight: dealt(&s, &copies, 24),
                        group: format!("{large} large"),
                        numbers: s,
                        nyt: None,
                    }
                })
                .collect();
            (Game::preset(GameKind::Countdown), 100..=999, boards)
        }
        "nyt" => {
            let csv = fs::read_to_string(
                Path::new(env!("CARGO_MANIFEST_DIR")).join("data/nyt-digits-2023.csv"),
            )
            .unwrap();
            let boards = csv
                .lines()
                .skip(1)
                .take(40)
                .map(|line| {
                    let f: Vec<&str> = line.split(',').collect();
                    let slot: u8 = f[1].parse().unwrap();
                    BoardSpec {
                        numbers: f[3..].iter().map(|n| n.parse().unwrap()).collect(),
                        weight: 1.0,
                        group: format!("slot {slot}"),
                        nyt: Some((f[0].to_string(), slot, f[2].parse().unwrap())),
                    }
                })
                .collect();
            (Game::preset(GameKind::Digits), 1..=999, boards)
        }
        _ => panic!("no fixture corpus {name}"),
    }
}

/// What the engine says about one (board, target).
struct Cell {
    target: i64,
    /// `(min_ops, trees, expressions, distinct)` when solvable.
    counts: Option<(u8, u64, u64, Option<u64>)>,
    closest: Option<f64>,
    /// The engine's difficulty score when solvable.
    difficulty: Option<f64>,
    /// The one `distinct` solution and its moves, when there is exactly one.
    unique: Option<(String, String)>,
}

fn cells<V: Number>(game: &Game, numbers: &[i64], targets: &RangeInclusive<i64>) -> Vec<Cell> {
    let board = Board::new(game, numbers.to_vec()).unwrap();
    let dp: Dp<V> = Dp::build(&board, &game.rules).unwrap();
    targets
        .clone()
        .map(|target| {
            let t = V::from_int(target).unwrap();
            let counts = dp.counts(t).unwrap();
            let closest = if counts.is_none() {
                dp.closest(t).map(|(_, vs)| {
                    let w = vs[0].to_wide();
                    w.num as f64 / w.den as f64
                })
            } else {
                None
            };
            let unique = match counts {
                Some(c) if c.distinct == Some(1) => {
                    let form = dp.distinct_solutions(t).unwrap().remove(0);
                    let moves = form.to_expr().moves::<V>(game.rules.limit).join("; ");
                    Some((form.to_string(), moves))
                }
                _ => None,
            };
            Cell {
                target,
                counts: counts.map(|c| (c.min_ops as u8, c.trees, c.expressions, c.distinct)),
                closest,
                difficulty: difficulty::assess(&dp, &board, target)
                    .unwrap()
                    .map(|a| a.difficulty),
                unique,
            }
        })
        .collect()
}

fn write(df: &mut DataFrame, path: &Path) {
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    let file = fs::File::create(path).unwrap();
    ParquetWriter::new(file)
        .with_compression(ParquetCompression::Zstd(None))
        .finish(df)
        .unwrap();
}

fn text(numbers: &[i64]) -> String {
    numbers
        .iter()
        .map(|n| n.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// One `targets` row: group, target, boards, solving, share, probability, expected
/// (trees, expressions, distinct, min_ops), unique, unique share.
type TargetCols = (
    String,
    i64,
    u32,
    u32,
    f64,
    f64,
    [Option<f64>; 4],
    u32,
    Option<f64>,
);

/// Computes corpus `name` and writes its tables under `data/name/`.
pub fn write_corpus(data: &Path, name: &str) {
    let (game, targets, boards) = spec(name);
    let is_24 = game.kind == GameKind::TwentyFour;
    let total: f64 = boards.iter().map(|b| b.weight).sum();
    let n = boards.len();
    // Boards are independent: compute them in parallel (the pow corpus takes seconds).
    let all_cells: Vec<Vec<Cell>> = boards
        .par_iter()
        .map(|b| match game.rules.arithmetic {
            Arithmetic::Rationals => cells::<Rational>(&game, &b.numbers, &targets),
            Arithmetic::PositiveIntegers => cells::<Int>(&game, &b.numbers, &targets),
        })
        .collect();
    let dir = data.join(name);

    // boards
    let mut bd = df! {
        "board_id" => (0..n as u32).collect::<Vec<u32>>(),
        "board" => boards.iter().map(|b| text(&b.numbers)).collect::<Vec<_>>(),
        "weight" => boards.iter().map(|b| b.weight / total).collect::<Vec<f64>>(),
        "selection_weight" => vec![1.0 / n as f64; n],
        "group" => boards.iter().map(|b| b.group.clone()).collect::<Vec<_>>(),
        "targets_reached" => all_cells
            .iter()
            .map(|cs| cs.iter().filter(|c| c.counts.is_some()).count() as u32)
            .collect::<Vec<u32>>(),
    }
    .unwrap();
    if name == "nyt" {
        let nyt: Vec<&(String, u8, i64)> = boards.iter().map(|b| b.nyt.as_ref().unwrap()).collect();
        bd.with_column(Column::new(
            "date".into(),
            nyt.iter().map(|x| x.0.clone()).collect::<Vec<_>>(),
        ))
        .unwrap();
        bd.with_column(Column::new(
            "slot".into(),
            nyt.iter().map(|x| x.1).collect::<Vec<u8>>(),
        ))
        .unwrap();
        bd.with_column(Column::new(
            "target".into(),
            nyt.iter().map(|x| x.2).collect::<Vec<i64>>(),
        ))
        .unwrap();
    }
    write(&mut bd, &dir.join("boards/part-1-of-1.parquet"));

    // puzzles
    let rows = || {
        all_cells
            .iter()
            .enumerate()
            .flat_map(|(i, cs)| cs.iter().map(move |c| (i as u32, c)))
    };
    let mut pz = df! {
        "board_id" => rows().map(|(i, _)| i).collect::<Vec<u32>>(),
        "target" => rows().map(|(_, c)| c.target).collect::<Vec<i64>>(),
        "solvable" => rows().map(|(_, c)| c.counts.is_some()).collect::<Vec<bool>>(),
        "min_ops" => rows().map(|(_, c)| c.counts.map(|x| x.0)).collect::<Vec<Option<u8>>>(),
        "trees" => rows()
            .map(|(_, c)| is_24.then(|| c.counts.map_or(0, |x| x.1)))
            .collect::<Vec<Option<u64>>>(),
        "expressions" => rows().map(|(_, c)| c.counts.map_or(0, |x| x.2)).collect::<Vec<u64>>(),
        "distinct" => rows()
            .map(|(_, c)| match c.counts {
                Some(x) => x.3,
                None => (!game.rules.unary_minus).then_some(0),
            })
            .collect::<Vec<Option<u64>>>(),
        "closest" => rows().map(|(_, c)| c.closest).collect::<Vec<Option<f64>>>(),
        "distance" => rows()
            .map(|(_, c)| c.closest.map(|v| (v - c.target as f64).abs()))
            .collect::<Vec<Option<f64>>>(),
    }
    .unwrap();
    // One corpus keeps the layout of tables written before the score existed.
    if name != "24-minus" {
        pz.with_column(Column::new(
            "difficulty".into(),
            rows()
                .map(|(_, c)| c.difficulty)
                .collect::<Vec<Option<f64>>>(),
        ))
        .unwrap();
    }
    write(&mut pz, &dir.join("puzzles/part-1-of-1.parquet"));

    // unique
    let uniq: Vec<(u32, &Cell)> = rows().filter(|(_, c)| c.unique.is_some()).collect();
    let mut un = df! {
        "board_id" => uniq.iter().map(|(i, _)| *i).collect::<Vec<u32>>(),
        "board" => uniq.iter().map(|(i, _)| text(&boards[*i as usize].numbers)).collect::<Vec<_>>(),
        "target" => uniq.iter().map(|(_, c)| c.target).collect::<Vec<i64>>(),
        "min_ops" => uniq.iter().map(|(_, c)| c.counts.unwrap().0).collect::<Vec<u8>>(),
        "expressions" => uniq.iter().map(|(_, c)| c.counts.unwrap().2).collect::<Vec<u64>>(),
        "solution" => uniq.iter().map(|(_, c)| c.unique.clone().unwrap().0).collect::<Vec<_>>(),
        "moves" => uniq.iter().map(|(_, c)| c.unique.clone().unwrap().1).collect::<Vec<_>>(),
    }
    .unwrap();
    write(&mut un, &dir.join("unique/part-1-of-1.parquet"));

    // targets: the whole corpus, then each group when there are several.
    let mut groups: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    groups.insert("all".into(), (0..n).collect());
    if boards.iter().any(|b| b.group != "all") {
        for (i, b) in boards.iter().enumerate() {
            groups.entry(b.group.clone()).or_default().push(i);
        }
    }
    let mut cols: Vec<TargetCols> = Vec::new();
    for (group, members) in &groups {
        let gw: f64 = members.iter().map(|&i| boards[i].weight).sum();
        for (k, target) in targets.clone().enumerate() {
            let (mut solving, mut unique, mut w, mut wu) = (0u32, 0u32, 0.0, 0.0);
            let mut sums = [0.0f64; 4];
            for &i in members {
                let bw = boards[i].weight;
                if let Some((ops, trees, expr, distinct)) = all_cells[i][k].counts {
                    solving += 1;
                    w += bw;
                    sums[0] += bw * trees as f64;
                    sums[1] += bw * expr as f64;
                    sums[2] += bw * distinct.unwrap_or(0) as f64;
                    sums[3] += bw * ops as f64;
                    if distinct == Some(1) {
                        unique += 1;
                        wu += bw;
                    }
                }
            }
            let given = |s: f64| (w > 0.0).then(|| s / w);
            cols.push((
                group.clone(),
                target,
                members.len() as u32,
                solving,
                solving as f64 / members.len() as f64,
                w / gw,
                [
                    if is_24 { given(sums[0]) } else { None },
                    given(sums[1]),
                    if game.rules.unary_minus {
                        None
                    } else {
                        given(sums[2])
                    },
                    given(sums[3]),
                ],
                unique,
                if game.rules.unary_minus {
                    None
                } else {
                    given(wu)
                },
            ));
        }
    }
    let mut tg = df! {
        "group" => cols.iter().map(|c| c.0.clone()).collect::<Vec<_>>(),
        "target" => cols.iter().map(|c| c.1).collect::<Vec<i64>>(),
        "boards" => cols.iter().map(|c| c.2).collect::<Vec<u32>>(),
        "solving" => cols.iter().map(|c| c.3).collect::<Vec<u32>>(),
        "solvable_share" => cols.iter().map(|c| c.4).collect::<Vec<f64>>(),
        "probability" => cols.iter().map(|c| c.5).collect::<Vec<f64>>(),
        "expected_trees" => cols.iter().map(|c| c.6[0]).collect::<Vec<Option<f64>>>(),
        "expected_expressions" => cols.iter().map(|c| c.6[1]).collect::<Vec<Option<f64>>>(),
        "expected_distinct" => cols.iter().map(|c| c.6[2]).collect::<Vec<Option<f64>>>(),
        "mean_min_ops" => cols.iter().map(|c| c.6[3]).collect::<Vec<Option<f64>>>(),
        "unique" => cols.iter().map(|c| c.7).collect::<Vec<u32>>(),
        "unique_share" => cols.iter().map(|c| c.8).collect::<Vec<Option<f64>>>(),
    }
    .unwrap();
    write(&mut tg, &dir.join("targets.parquet"));
    fs::write(
        dir.join("run.json"),
        format!("{{\"corpus\": \"{name}\", \"fixture\": true, \"boards\": {n}}}\n"),
    )
    .unwrap();
}

/// The highest `difficulty` in fixture corpus `name`'s `puzzles` table.
pub fn max_difficulty(name: &str) -> f64 {
    let file = fs::File::open(data_dir().join(name).join("puzzles/part-1-of-1.parquet")).unwrap();
    let df = ParquetReader::new(file).finish().unwrap();
    df.column("difficulty")
        .unwrap()
        .f64()
        .unwrap()
        .iter()
        .flatten()
        .fold(f64::NEG_INFINITY, f64::max)
}
