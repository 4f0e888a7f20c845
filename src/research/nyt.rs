//! The real NYT puzzles: each board at its published target (`boards` joined with `puzzles`
//! on board and target), and what changes from the first daily slot to the fifth.

use std::collections::HashMap;

use crate::engine::Convention;
use crate::store::read::{CorpusStore, Result};
use crate::store::rows::BoardRow;
use crate::store::schema::{Table, col};

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

/// Joins `boards` (date, slot, real target) with `puzzles` on (board_id, target).
pub fn nyt_puzzles(store: &CorpusStore) -> Result<Vec<NytPuzzle>> {
    let boards = store.boards()?;
    let real: HashMap<(u32, i64), &BoardRow> = boards
        .iter()
        .filter_map(|b| Some(((b.board_id, b.target?), b)))
        .collect();
    if real.is_empty() {
        return Err(store.absent("`boards` has no `slot`/`target` columns".into()));
    }
    let mut out = Vec::new();
    let puzzles = store.table(Table::Puzzles)?;
    let convs: Vec<Convention> = [Convention::Expressions, Convention::Distinct]
        .into_iter()
        .filter(|c| puzzles.has(c.name()))
        .collect();
    store.scan_puzzles(&convs, false, |s| {
        for i in 0..s.len() {
            let (Some(b), Some(t)) = (s.board_id[i], s.target[i]) else {
                continue;
            };
            let Some(row) = real.get(&(b, t)) else {
                continue;
            };
            let solvable = s.solvable[i].unwrap_or(false);
            let count = |c: Convention| {
                s.counts[c.index()]
                    .as_ref()
                    .and_then(|v| v[i])
                    .filter(|_| solvable)
            };
            out.push(NytPuzzle {
                date: row.date.clone().unwrap_or_default(),
                slot: row.slot.unwrap_or(0),
                board: row.board.clone(),
                target: t,
                solvable,
                min_ops: s.min_ops[i],
                expressions: count(Convention::Expressions),
                distinct: count(Convention::Distinct),
                difficulty: s.difficulty.as_ref().and_then(|d| d[i]),
            });
        }
    })?;
    out.sort_by(|a, b| (&a.date, a.slot).cmp(&(&b.date, b.slot)));
    Ok(out)
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
