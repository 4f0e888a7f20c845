//! An evaluation's tables: `answers` (one row per answer: its verdict, its outcome and its
//! puzzle's properties), `puzzles` (one row per model and puzzle: samples, successes, pass@k,
//! the out-of-fold predicted success, the properties) and `summary` (the solved share, with
//! its interval, of each model overall and at each level of each property).

use polars::prelude::*;

use crate::error::Result;
use crate::store::write::{column_of, frame};

use super::judged::Judged;
use super::properties::Properties;
use super::stats::pass_at_k;
use super::summary::Summary;

/// The properties' columns, one value per row (`None`: no puzzle).
fn property_columns(props: &[Option<&Properties>]) -> Vec<Column> {
    fn col<T>(
        props: &[Option<&Properties>],
        f: impl Fn(&Properties) -> Option<T>,
    ) -> Vec<Option<T>> {
        props.iter().map(|p| p.and_then(&f)).collect()
    }
    vec![
        Column::new("solvable".into(), col(props, |p| Some(p.solvable))),
        Column::new("min_ops".into(), col(props, |p| p.min_ops)),
        Column::new("solutions".into(), col(props, |p| p.solutions)),
        Column::new("unique".into(), col(props, Properties::unique)),
        Column::new("needs_fraction".into(), col(props, |p| p.needs_fraction)),
        Column::new("needs_division".into(), col(props, |p| p.needs_division)),
        Column::new("needs_negative".into(), col(props, |p| p.needs_negative)),
        Column::new("size".into(), col(props, |p| Some(p.size))),
        Column::new("difficulty".into(), col(props, |p| p.difficulty)),
        Column::new(
            "predicted_time_s".into(),
            col(props, Properties::predicted_time_s),
        ),
        Column::new("band".into(), col(props, |p| p.band)),
    ]
}

/// One row per answer, in file order.
pub fn answers(judged: &Judged) -> Result<DataFrame> {
    let a = &judged.answers;
    let puzzle = |i: usize| a[i].puzzle.map(|p| &judged.puzzles[p]);
    let props: Vec<Option<&Properties>> = (0..a.len())
        .map(|i| puzzle(i).map(|p| &p.properties))
        .collect();
    let mut columns = vec![
        column_of("row", a, |x| x.row),
        column_of("model", a, |x| judged.models[x.model].as_str()),
        Column::new(
            "board".into(),
            (0..a.len())
                .map(|i| puzzle(i).map(|p| p.board_text()))
                .collect::<Vec<_>>(),
        ),
        Column::new(
            "target".into(),
            (0..a.len())
                .map(|i| puzzle(i).map(|p| p.target))
                .collect::<Vec<_>>(),
        ),
        column_of("valid", a, |x| x.verdict.valid),
        column_of("solved", a, |x| x.verdict.solved),
        column_of("outcome", a, |x| x.outcome.map(|o| o.name())),
        column_of("fault", a, |x| {
            x.verdict.reason.as_ref().map(|r| r.fault.name())
        }),
        column_of("message", a, |x| {
            x.verdict.reason.as_ref().map(|r| r.message.as_str())
        }),
        column_of("value", a, |x| {
            x.verdict.value.as_ref().map(ToString::to_string)
        }),
    ];
    columns.extend(property_columns(&props));
    frame(columns)
}

/// One row per model and puzzle it answered, model by model.
pub fn puzzles(judged: &Judged, summary: &Summary, ks: &[u64]) -> Result<DataFrame> {
    let r = &summary.results;
    let puzzle = |i: usize| &judged.puzzles[r[i].puzzle];
    let props: Vec<Option<&Properties>> =
        (0..r.len()).map(|i| Some(&puzzle(i).properties)).collect();
    let mut columns = vec![
        column_of("model", r, |x| judged.models[x.model].as_str()),
        Column::new(
            "board".into(),
            (0..r.len())
                .map(|i| puzzle(i).board_text())
                .collect::<Vec<_>>(),
        ),
        Column::new(
            "target".into(),
            (0..r.len()).map(|i| puzzle(i).target).collect::<Vec<_>>(),
        ),
        column_of("samples", r, |x| x.samples),
        column_of("solved", r, |x| x.solved),
        column_of("success", r, |x| x.success()),
    ];
    for &k in ks {
        columns.push(Column::new(
            format!("pass_at_{k}").into(),
            r.iter()
                .map(|x| pass_at_k(x.samples, x.solved, k))
                .collect::<Vec<_>>(),
        ));
    }
    columns.push(column_of("predicted_success", r, |x| x.predicted));
    columns.extend(property_columns(&props));
    frame(columns)
}

/// The solved share of each model, overall (`property` and `level` both `all`) and at each
/// level of each property.
pub fn summary(summary: &Summary) -> Result<DataFrame> {
    let mut model: Vec<&str> = Vec::new();
    let mut property: Vec<&str> = Vec::new();
    let mut level: Vec<&str> = Vec::new();
    let mut shares = Vec::new();
    for m in &summary.models {
        model.push(&m.model);
        property.push("all");
        level.push("all");
        shares.push(m.solved);
        for p in &m.by_property {
            for l in &p.levels {
                model.push(&m.model);
                property.push(p.property);
                level.push(&l.level);
                shares.push(l.share);
            }
        }
    }
    frame(vec![
        Column::new("model".into(), model),
        Column::new("property".into(), property),
        Column::new("level".into(), level),
        column_of("answers", &shares, |s| s.trials),
        column_of("solved", &shares, |s| s.successes),
        column_of("share", &shares, |s| s.share),
        column_of("lo", &shares, |s| s.lo),
        column_of("hi", &shares, |s| s.hi),
    ])
}
