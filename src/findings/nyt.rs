//! The real NYT puzzles: each board at its published target (`boards` joined with the rows
//! of `puzzles` on board and target, [`NytJoin`]), and what changes from the first daily
//! slot to the fifth.

use std::collections::HashMap;
use std::ops::Range;

use crate::engine::Convention;
use crate::store::read::{CorpusStore, Result};
use crate::store::rows::BoardRow;
use crate::store::scan::PuzzleFold;
use crate::store::schema::{Table, col};
use crate::store::slice::PuzzleSlice;

/// A real NYT puzzle: its board row joined with its `puzzles` row at the real target.
#[derive(Clone, Debug, PartialEq)]
pub struct NytPuzzle {
    pub date: String,
    pub slot: u8,
    pub board: String,
    pub target: i64,
    pub solvable: bool,
    pub min_ops: Option<u64>,
    pub expressions: Option<u64>,
    pub distinct: Option<u64>,
    pub difficulty: Option<f64>,
}

/// Joins `boards` (date, slot, real target) with the rows of `puzzles` on (board_id,
/// target), folded from those rows.
pub struct NytJoin<'a> {
    /// The real puzzles' board rows by (board_id, target).
    real: HashMap<(u32, i64), &'a BoardRow>,
    /// `expressions` and `distinct`, those the table has.
    conventions: Vec<Convention>,
    puzzles: Vec<NytPuzzle>,
}

impl NytJoin<'_> {
    /// The join of `store`'s `puzzles` with `boards`, its rows (an error when they name no
    /// real puzzle).
    pub fn new<'a>(store: &CorpusStore, boards: &'a [BoardRow]) -> Result<NytJoin<'a>> {
        let real: HashMap<(u32, i64), &BoardRow> = boards
            .iter()
            .filter_map(|b| Some(((b.board_id, b.target?), b)))
            .collect();
        if real.is_empty() {
            return Err(store.absent("`boards` has no `slot`/`target` columns".into()));
        }
        let puzzles = store.table(Table::Puzzles)?;
        Ok(NytJoin {
            real,
            conventions: [Convention::Expressions, Convention::Distinct]
                .into_iter()
                .filter(|c| puzzles.has(c.name()))
                .collect(),
            puzzles: Vec::new(),
        })
    }

    /// The real puzzles, by date and slot.
    pub fn finish(mut self) -> Vec<NytPuzzle> {
        self.puzzles
            .sort_by(|a, b| (&a.date, a.slot).cmp(&(&b.date, b.slot)));
        self.puzzles
    }
}

impl PuzzleFold for NytJoin<'_> {
    fn conventions(&self) -> Vec<Convention> {
        self.conventions.clone()
    }

    fn fold(&mut self, s: &PuzzleSlice, rows: Range<usize>) {
        for i in rows {
            let (Some(b), Some(t)) = (s.board_id(i), s.target(i)) else {
                continue;
            };
            let Some(row) = self.real.get(&(b, t)) else {
                continue;
            };
            let solvable = s.solvable(i).unwrap_or(false);
            let count = |c: Convention| s.count(c, i).filter(|_| solvable);
            self.puzzles.push(NytPuzzle {
                date: row.date.clone().unwrap_or_default(),
                slot: row.slot.unwrap_or(0),
                board: row.board.clone(),
                target: t,
                solvable,
                min_ops: s.min_ops(i),
                expressions: count(Convention::Expressions),
                distinct: count(Convention::Distinct),
                difficulty: s.difficulty(i),
            });
        }
    }
}

/// One metric of the NYT slot chart.
#[derive(Clone, Debug, PartialEq)]
pub struct SlotPanel {
    pub title: String,
    pub log: bool,
    /// Every puzzle's value by slot (empty for shares).
    pub points: Vec<(u8, f64)>,
    /// The summary per slot (mean, median or share), slots 1..=5.
    pub summary: Vec<(u8, f64)>,
    pub summary_name: String,
}

fn mean(v: &[f64]) -> Option<f64> {
    (!v.is_empty()).then(|| v.iter().sum::<f64>() / v.len() as f64)
}

/// The median (the mean of the two middle values for an even count).
pub fn median(v: &[f64]) -> Option<f64> {
    let mut s = v.to_vec();
    s.sort_by(f64::total_cmp);
    let n = s.len();
    match n {
        0 => None,
        _ if n % 2 == 1 => Some(s[n / 2]),
        _ => Some((s[n / 2 - 1] + s[n / 2]) / 2.0),
    }
}

/// Per-slot summaries of the real NYT puzzles: what each panel of the slot chart shows and
/// what the report's slot table lists.
pub fn nyt_panels(p: &[NytPuzzle]) -> Vec<SlotPanel> {
    let slots: Vec<u8> = (1..=5).collect();
    let by_slot = |f: &dyn Fn(&NytPuzzle) -> Option<f64>| -> Vec<(u8, Vec<f64>)> {
        slots
            .iter()
            .map(|&s| (s, p.iter().filter(|x| x.slot == s).filter_map(f).collect()))
            .collect()
    };
    let panel = |title: &str,
                 log: bool,
                 f: &dyn Fn(&NytPuzzle) -> Option<f64>,
                 summary: fn(&[f64]) -> Option<f64>,
                 summary_name: &str,
                 points: bool| {
        let groups = by_slot(f);
        SlotPanel {
            title: title.into(),
            log,
            points: if points {
                groups
                    .iter()
                    .flat_map(|(s, v)| v.iter().map(move |&x| (*s, x)))
                    .collect()
            } else {
                Vec::new()
            },
            summary: groups
                .iter()
                .filter_map(|(s, v)| Some((*s, summary(v)?)))
                .collect(),
            summary_name: summary_name.into(),
        }
    };
    let mut panels = vec![
        panel(
            "share solvable",
            false,
            &|x| Some(if x.solvable { 1.0 } else { 0.0 }),
            mean,
            "share",
            false,
        ),
        panel(
            "min_ops (fewest operations)",
            false,
            &|x| x.min_ops.filter(|_| x.solvable).map(|m| m as f64),
            mean,
            "mean",
            true,
        ),
        panel(
            "distinct solutions",
            true,
            &|x| x.distinct.filter(|&d| d > 0).map(|d| d as f64),
            median,
            "median",
            true,
        ),
        panel(
            "expressions solutions",
            true,
            &|x| x.expressions.filter(|&d| d > 0).map(|d| d as f64),
            median,
            "median",
            true,
        ),
        panel(
            "share with one distinct solution",
            false,
            &|x| {
                x.solvable
                    .then(|| if x.distinct == Some(1) { 1.0 } else { 0.0 })
            },
            mean,
            "share",
            false,
        ),
    ];
    if p.iter().any(|x| x.difficulty.is_some()) {
        panels.push(panel(
            col::DIFFICULTY,
            false,
            &|x| x.difficulty,
            mean,
            "mean",
            true,
        ));
    }
    panels.retain(|x| !x.summary.is_empty());
    panels
}
