//! A language model's success model fitted on an evaluation (`fit --evaluation DIR`): its
//! rows of the `puzzles` table read back into each puzzle's properties and success, fitted
//! and cross-validated as the report's drivers are ([`super::drivers`]), and written as a
//! [`SuccessModel`] that `generate --model-difficulty` reads.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use polars::prelude::*;

use crate::error::{Error, Result};
use crate::model::success::{Properties, SuccessModel};
use crate::store::read::read_file;
use crate::store::write::write_text;

use super::drivers::{Drivers, drivers};
use super::{FIGURES, PUZZLES};

/// A model's success fitted, its drivers, and where it was written.
#[derive(Clone, Debug)]
pub struct SuccessFit {
    pub model: SuccessModel,
    pub drivers: Drivers,
    pub written: PathBuf,
}

/// Fits `model`'s success (the only model of the evaluation when `None`) on the evaluation
/// in the folder `dir`, and writes it there as `success-<model>.json`.
pub fn fit_success(dir: &Path, model: Option<&str>) -> Result<SuccessFit> {
    let figures = std::fs::read_to_string(dir.join(FIGURES)).map_err(|e| {
        Error::failed(
            format!("{} (an `evaluate` folder?)", dir.join(FIGURES).display()),
            e,
        )
    })?;
    let game = serde_json::from_str::<serde_json::Value>(&figures)
        .ok()
        .and_then(|v| v.get("game").and_then(|g| g.as_str()).map(str::to_string))
        .ok_or_else(|| Error::input(format!("{}: no game named", dir.join(FIGURES).display())))?;
    let df = read_file(&dir.join(PUZZLES))?;
    let table = PuzzleTable::of(&df).map_err(|e| {
        Error::input(format!(
            "{}: not an evaluation's puzzles table ({e})",
            dir.join(PUZZLES).display()
        ))
    })?;
    let mut names: Vec<&str> = Vec::new();
    for m in &table.model {
        if !names.contains(&m.as_str()) {
            names.push(m);
        }
    }
    let name = match (model, names.as_slice()) {
        (Some(m), _) if names.contains(&m) => m.to_string(),
        (None, [only]) => only.to_string(),
        _ => {
            return Err(Error::input(format!(
                "{}: name one of its models with --model ({})",
                dir.display(),
                names.join(", ")
            )));
        }
    };
    let mut board_ids: HashMap<&str, usize> = HashMap::new();
    let rows: Vec<(&Properties, usize, f64)> = (0..table.model.len())
        .filter(|&i| table.model[i] == name)
        .map(|i| {
            let next = board_ids.len();
            let b = *board_ids.entry(table.board[i].as_str()).or_insert(next);
            (&table.properties[i], b, table.success[i])
        })
        .collect();
    let d = drivers(&rows);
    let (Some(rho), Some(r2), Some(linear)) = (d.rho_cv, d.r2_cv, d.fitted.clone()) else {
        return Err(Error::input(format!(
            "{name}: no success model: {}",
            d.skipped.as_deref().unwrap_or("nothing fitted")
        )));
    };
    let fitted = SuccessModel::new(&name, &game, d.puzzles, d.boards, (rho, r2), linear);
    let safe: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '.' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let written = dir.join(format!("success-{safe}.json"));
    let json =
        serde_json::to_string_pretty(&fitted).map_err(|e| Error::failed("writing the model", e))?;
    write_text(&written, &(json + "\n"))?;
    Ok(SuccessFit {
        model: fitted,
        drivers: d,
        written,
    })
}

/// The columns of an evaluation's `puzzles` table a fit reads.
struct PuzzleTable {
    model: Vec<String>,
    board: Vec<String>,
    success: Vec<f64>,
    properties: Vec<Properties>,
}

impl PuzzleTable {
    fn of(df: &DataFrame) -> PolarsResult<PuzzleTable> {
        let text = |name: &str| -> PolarsResult<Vec<String>> {
            let c = df.column(name)?.str()?.clone();
            Ok((0..c.len())
                .map(|i| c.get(i).unwrap_or("").to_string())
                .collect())
        };
        let floats = |name: &str| -> PolarsResult<Vec<Option<f64>>> {
            let c = df.column(name)?.cast(&DataType::Float64)?;
            let c = c.f64()?.clone();
            Ok((0..c.len()).map(|i| c.get(i)).collect())
        };
        let flags = |name: &str| -> PolarsResult<Vec<Option<bool>>> {
            let c = df.column(name)?.bool()?.clone();
            Ok((0..c.len()).map(|i| c.get(i)).collect())
        };
        let whole = |name: &str| -> PolarsResult<Vec<Option<u64>>> {
            let c = df.column(name)?.cast(&DataType::UInt64)?;
            let c = c.u64()?.clone();
            Ok((0..c.len()).map(|i| c.get(i)).collect())
        };
        let target = df.column("target")?.cast(&DataType::Int64)?.i64()?.clone();
        let (size, min_ops) = (whole("size")?, whole("min_ops")?);
        let solutions = whole("solutions")?;
        let (solvable, fraction) = (flags("solvable")?, flags("needs_fraction")?);
        let (division, negative) = (flags("needs_division")?, flags("needs_negative")?);
        let difficulty = floats("difficulty")?;
        let properties = (0..df.height())
            .map(|i| Properties {
                size: size[i].unwrap_or(0) as u32,
                target: target.get(i).unwrap_or(0),
                solvable: solvable[i].unwrap_or(false),
                min_ops: min_ops[i].map(|m| m as u32),
                solutions: solutions[i],
                needs_fraction: fraction[i],
                needs_division: division[i],
                needs_negative: negative[i],
                difficulty: difficulty[i],
                band: None,
            })
            .collect();
        Ok(PuzzleTable {
            model: text("model")?,
            board: text("board")?,
            success: floats("success")?
                .into_iter()
                .map(|s| s.unwrap_or(0.0))
                .collect(),
            properties,
        })
    }
}
