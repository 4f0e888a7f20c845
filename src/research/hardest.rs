//! `digits-lab hardest`: the puzzles of a corpus with the fewest solutions (more than none)
//! under one counting convention, or with the highest `difficulty` score, read from the
//! `puzzles` table, each with its solutions written out and its difficulty features by
//! re-solving its board with the engine (the tables hold counts, not text).

use std::fmt::Write as _;
use std::path::Path;

use serde::Serialize;
use thiserror::Error;

use crate::engine::Dp;
use crate::game::board::Board;
use crate::game::number::{Int, Number, Rational};
use crate::game::rules::{Arithmetic, Game};
use crate::puzzle::difficulty::{self, Features};
use crate::puzzle::solve::grouped;
use crate::store::read::{By, Convention, CorpusStore, ReadError};

/// At most this many solutions are written out per puzzle (the hardest have few).
pub const MAX_LISTED: usize = 10;

/// Why `hardest` refused or failed.
#[derive(Debug, Error)]
pub enum HardestError {
    #[error(
        "unknown corpus `{0}`: expected digits, nyt, countdown, 24, 24-nine, 24-pow or 24-minus"
    )]
    UnknownCorpus(String),
    #[error("target {target} is not among the targets of corpus `{corpus}` ({range})")]
    NoTarget {
        corpus: String,
        target: i64,
        range: String,
    },
    #[error(transparent)]
    Read(#[from] ReadError),
    #[error("board `{board}` of the tables: {source}")]
    Engine {
        board: String,
        #[source]
        source: crate::Error,
    },
}

impl HardestError {
    /// Whether the user asked for something the data cannot answer (exit code 2).
    pub fn is_input(&self) -> bool {
        match self {
            HardestError::UnknownCorpus(_) | HardestError::NoTarget { .. } => true,
            HardestError::Read(e) => e.is_input(),
            HardestError::Engine { .. } => false,
        }
    }
}

/// One hard puzzle with its solutions.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct HardPuzzle {
    pub rank: usize,
    pub board: String,
    pub target: i64,
    pub convention: String,
    /// Solutions under the convention.
    pub count: u64,
    pub min_ops: Option<u8>,
    pub difficulty: Option<f64>,
    /// Its `distinct` solutions (at most [`MAX_LISTED`]), or one shortest solution where
    /// `distinct` is undefined (unary minus).
    pub solutions: Vec<String>,
    /// How many `distinct` solutions there are in all (`None` where undefined).
    pub distinct_total: Option<usize>,
    /// What the score is made of.
    pub features: Option<Features>,
}

/// The request.
#[derive(Clone, Debug)]
pub struct Query<'a> {
    pub data: &'a Path,
    pub corpus: &'a str,
    pub convention: Convention,
    pub by: By,
    pub target: Option<i64>,
    pub limit: usize,
}

/// The hardest puzzles of a corpus, fewest solutions or highest `difficulty` first.
pub fn hardest(q: &Query) -> Result<Vec<HardPuzzle>, HardestError> {
    let game =
        crate::corpus::game(q.corpus).map_err(|_| HardestError::UnknownCorpus(q.corpus.into()))?;
    let tables = CorpusStore::open(q.data, q.corpus)?;
    if let Some(t) = q.target {
        let targets = tables.targets()?;
        if !targets.iter().any(|r| r.target == t) {
            let lo = targets.iter().map(|r| r.target).min().unwrap_or(0);
            let hi = targets.iter().map(|r| r.target).max().unwrap_or(0);
            return Err(HardestError::NoTarget {
                corpus: q.corpus.into(),
                target: t,
                range: format!("{lo}–{hi}"),
            });
        }
    }
    let ranked = tables.hardest(q.convention, q.by, q.target, q.limit)?;
    let ids: Vec<u32> = ranked.iter().map(|r| r.board_id).collect();
    let texts = tables.board_texts(&ids)?;
    ranked
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let board = texts.get(&r.board_id).cloned().unwrap_or_default();
            let w = resolve(&game, &board, r.target).map_err(|source| HardestError::Engine {
                board: board.clone(),
                source,
            })?;
            Ok(HardPuzzle {
                rank: i + 1,
                board,
                target: r.target,
                convention: q.convention.to_string(),
                count: r.count,
                min_ops: r.min_ops,
                difficulty: r.difficulty,
                solutions: w.solutions,
                distinct_total: w.distinct_total,
                features: w.features,
            })
        })
        .collect()
}

/// One puzzle re-solved: its solutions written out and its difficulty features.
pub struct Resolved {
    /// Its `distinct` solutions (at most [`MAX_LISTED`]), or one shortest solution where
    /// `distinct` is undefined.
    pub solutions: Vec<String>,
    pub distinct_total: Option<usize>,
    pub features: Option<Features>,
}

/// Re-solves `board` (as the tables write it) → `target` with the engine.
pub fn resolve(game: &Game, board: &str, target: i64) -> crate::Result<Resolved> {
    let words: Vec<&str> = board.split_whitespace().collect();
    let board = Board::parse(game, &words)?;
    match game.rules.arithmetic {
        Arithmetic::PositiveIntegers => resolve_in::<Int>(game, &board, target),
        Arithmetic::Rationals => resolve_in::<Rational>(game, &board, target),
    }
}

fn resolve_in<V: Number>(game: &Game, board: &Board, target: i64) -> crate::Result<Resolved> {
    let dp: Dp<V> = Dp::build(board, &game.rules)?;
    let features = difficulty::assess(&dp, board, target)?.map(|a| a.features);
    let Some(t) = V::from_int(target) else {
        return Ok(Resolved {
            solutions: Vec::new(),
            distinct_total: None,
            features,
        });
    };
    let (solutions, distinct_total) = if dp.distinct_defined() {
        let all = dp.distinct_solutions(t)?;
        let n = all.len();
        (
            all.iter().take(MAX_LISTED).map(|f| f.to_string()).collect(),
            Some(n),
        )
    } else {
        let one = dp.shortest(t).map(|e| e.to_string());
        (one.into_iter().collect(), None)
    };
    Ok(Resolved {
        solutions,
        distinct_total,
        features,
    })
}

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Table,
    Csv,
    Json,
}

/// The list as text in `format`.
pub fn format(list: &[HardPuzzle], q: &Query, format: Format) -> String {
    match format {
        Format::Json => serde_json::to_string_pretty(list).expect("plain data serializes") + "\n",
        Format::Csv => {
            let mut w = csv::Writer::from_writer(Vec::new());
            let _ = w.write_record([
                "rank",
                "board",
                "target",
                "convention",
                "count",
                "min_ops",
                "difficulty",
                "features",
                "distinct_total",
                "solutions",
            ]);
            for h in list {
                let _ = w.write_record([
                    h.rank.to_string(),
                    h.board.clone(),
                    h.target.to_string(),
                    h.convention.clone(),
                    h.count.to_string(),
                    h.min_ops.map_or(String::new(), |m| m.to_string()),
                    h.difficulty.map_or(String::new(), |d| d.to_string()),
                    notable(h),
                    h.distinct_total.map_or(String::new(), |d| d.to_string()),
                    h.solutions.join(" | "),
                ]);
            }
            String::from_utf8(w.into_inner().expect("writes to memory")).expect("utf-8")
        }
        Format::Table => table(list, q),
    }
}

fn table(list: &[HardPuzzle], q: &Query) -> String {
    let mut o = String::new();
    let at = q
        .target
        .map_or("every target".into(), |t| format!("target {t}"));
    let order = match q.by {
        By::Count => format!("fewest `{}` solutions first", q.convention),
        By::Difficulty => "highest difficulty first".to_string(),
    };
    let _ = writeln!(
        o,
        "corpus {} · {at} · {order} · {} puzzle{}",
        q.corpus,
        list.len(),
        if list.len() == 1 { "" } else { "s" }
    );
    if list.is_empty() {
        let _ = writeln!(o, "no solvable puzzle");
        return o;
    }
    let diff = list.iter().any(|h| h.difficulty.is_some());
    let conv = q.convention.to_string();
    let rows: Vec<[String; 6]> = list
        .iter()
        .map(|h| {
            [
                h.rank.to_string(),
                h.board.clone(),
                h.target.to_string(),
                grouped(h.count),
                h.min_ops.map_or("–".into(), |m| m.to_string()),
                h.difficulty.map_or("–".into(), |d| format!("{d:.2}")),
            ]
        })
        .collect();
    let head = [
        "#",
        "board",
        "target",
        conv.as_str(),
        "min_ops",
        "difficulty",
    ];
    let cols = if diff { 6 } else { 5 };
    let width: Vec<usize> = (0..cols)
        .map(|k| {
            rows.iter()
                .map(|r| r[k].chars().count())
                .chain([head[k].chars().count()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |cells: [&str; 6]| -> String {
        let mut s = String::new();
        for k in 0..cols {
            // Board left-aligned, numbers right-aligned.
            if k == 1 {
                let _ = write!(s, "{:<w$}  ", cells[k], w = width[k]);
            } else {
                let _ = write!(s, "{:>w$}  ", cells[k], w = width[k]);
            }
        }
        s
    };
    let _ = writeln!(
        o,
        "{}solutions",
        line([head[0], head[1], head[2], head[3], head[4], head[5]])
    );
    let indent = " ".repeat(line(["", "", "", "", "", ""]).chars().count());
    for (h, r) in list.iter().zip(&rows) {
        let first = line([&r[0], &r[1], &r[2], &r[3], &r[4], &r[5]]);
        let mut sols = h.solutions.iter();
        let _ = writeln!(o, "{first}{}", sols.next().map_or("", |s| s.as_str()));
        for s in sols {
            let _ = writeln!(o, "{indent}{s}");
        }
        if let Some(n) = h.distinct_total
            && n > h.solutions.len()
        {
            let _ = writeln!(
                o,
                "{indent}… and {} more distinct solutions",
                grouped((n - h.solutions.len()) as u64)
            );
        }
        let features = notable(h);
        if !features.is_empty() {
            let _ = writeln!(o, "{indent}({features})");
        }
    }
    o
}

/// The puzzle's notable difficulty features, comma-separated.
fn notable(h: &HardPuzzle) -> String {
    h.features
        .map(|f| f.notable(h.target).join(", "))
        .unwrap_or_default()
}
