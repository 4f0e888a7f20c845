//! `phase.parquet`: the phase-transition sweep of `digits-lab phase` (one row per `(k, M)`
//! cell, [`crate::variant::phase`]), written atomically like every table (a hidden
//! temporary renamed when complete) and read back by `plots` for the report and charts.
//! Its columns are listed here, in order, and in docs/TABLES.md.

use std::fs::{self, File};
use std::path::{Path, PathBuf};

use polars::prelude::*;

use crate::error::Result;
use crate::error::file_error;
use crate::store::read::{ReadError, f64s, strs, u32s, u64s};
use crate::store::write::{frame, parquet_file};
use crate::variant::phase::{Cell, Method};

/// The file's name inside the data folder.
pub const FILE: &str = "phase.parquet";

/// Every column: name, type and meaning (docs/TABLES.md lists the same).
pub const COLUMNS: &[(&str, &str, &str)] = &[
    ("k", "UInt32", "numbers on the board"),
    ("m", "UInt64", "numbers and targets are drawn from 1..=m"),
    (
        "p",
        "Float64",
        "probability that a random target is reachable from a random board (null when skipped)",
    ),
    (
        "lo",
        "Float64",
        "lower end of the 95% interval (= `p` when exact; null when skipped)",
    ),
    (
        "hi",
        "Float64",
        "upper end of the 95% interval (= `p` when exact; null when skipped)",
    ),
    (
        "boards",
        "UInt64",
        "boards evaluated: every multiset when exact, the sample otherwise (as many as the budget allows), 0 when skipped",
    ),
    (
        "method",
        "String",
        "`exact`, `sampled` or `skipped` (over the budget even at its fewest boards, or beyond what one board may keep)",
    ),
    (
        "q",
        "Float64",
        "the rescaled parameter: (sub-board, value) pairs with the value in 1..=m per board, over m (null when skipped)",
    ),
];

/// The path of the table under `data`.
pub fn path(data: &Path) -> PathBuf {
    data.join(FILE)
}

/// The key of the file's metadata naming the rules of a sweep not under Countdown's.
const RULES_KEY: &str = "digits-lab rules";

/// Writes the cells to `data/phase.parquet` atomically (`data` is created if missing). A sweep
/// under other rules than Countdown's says so in the file's metadata (`rules`: their words),
/// so that the default sweep's bytes stay what they were.
pub fn write(data: &Path, cells: &[Cell], rules: Option<&str>) -> Result<PathBuf> {
    fs::create_dir_all(data).map_err(|e| file_error(data, e))?;
    let dest = path(data);
    let mut df = frame(vec![
        Column::new("k".into(), cells.iter().map(|c| c.k).collect::<Vec<_>>()),
        Column::new("m".into(), cells.iter().map(|c| c.m).collect::<Vec<_>>()),
        floats("p", cells, |c| c.p),
        floats("lo", cells, |c| c.lo),
        floats("hi", cells, |c| c.hi),
        Column::new(
            "boards".into(),
            cells.iter().map(|c| c.boards).collect::<Vec<_>>(),
        ),
        Column::new(
            "method".into(),
            cells.iter().map(|c| c.method.name()).collect::<Vec<_>>(),
        ),
        floats("q", cells, |c| c.q),
    ])?;
    let metadata: Vec<(String, String)> = rules
        .map(|r| (RULES_KEY.to_string(), r.to_string()))
        .into_iter()
        .collect();
    parquet_file(&dest, &mut df, &metadata)?;
    Ok(dest)
}

/// A column of floats, null in skipped cells (a plain column when no cell is skipped, so that
/// a sweep without skipped cells keeps the bytes it had before cells could be skipped).
fn floats(name: &str, cells: &[Cell], f: impl Fn(&Cell) -> f64) -> Column {
    if cells.iter().all(|c| c.method != Method::Skipped) {
        return Column::new(name.into(), cells.iter().map(f).collect::<Vec<_>>());
    }
    let values: Vec<Option<f64>> = cells
        .iter()
        .map(|c| (c.method != Method::Skipped).then(|| f(c)))
        .collect();
    Column::new(name.into(), values)
}

/// The rules `data/phase.parquet` was swept under, in words, when not Countdown's (`None`
/// also when there is no file).
pub fn rules(data: &Path) -> std::result::Result<Option<String>, ReadError> {
    let file = path(data);
    if !file.is_file() {
        return Ok(None);
    }
    let mut reader = File::open(&file)
        .map(ParquetReader::new)
        .map_err(|source| ReadError::Io {
            path: file.clone(),
            source,
        })?;
    let meta = reader.get_metadata().map_err(|source| ReadError::Parquet {
        path: file.clone(),
        source,
    })?;
    Ok(meta.key_value_metadata.as_ref().and_then(|kv| {
        kv.iter()
            .find(|e| e.key == RULES_KEY)
            .and_then(|e| e.value.clone())
    }))
}

/// Reads `data/phase.parquet`: `None` when there is none.
pub fn read(data: &Path) -> std::result::Result<Option<Vec<Cell>>, ReadError> {
    let file = path(data);
    if !file.is_file() {
        return Ok(None);
    }
    let p = |source: PolarsError| ReadError::Parquet {
        path: file.clone(),
        source,
    };
    let bad = |what: String| p(PolarsError::ComputeError(what.into()));
    let df = File::open(&file)
        .map_err(|source| ReadError::Io {
            path: file.clone(),
            source,
        })
        .and_then(|f| ParquetReader::new(f).finish().map_err(p))?;
    let k = u32s(&df, "k").map_err(p)?;
    let m = u64s(&df, "m").map_err(p)?;
    let pr = f64s(&df, "p").map_err(p)?;
    let lo = f64s(&df, "lo").map_err(p)?;
    let hi = f64s(&df, "hi").map_err(p)?;
    let boards = u64s(&df, "boards").map_err(p)?;
    let method = strs(&df, "method").map_err(p)?;
    let q = f64s(&df, "q").map_err(p)?;
    (0..df.height())
        .map(|i| {
            let method = Method::parse(&method[i])
                .ok_or_else(|| bad(format!("row {i}: unknown method `{}`", method[i])))?;
            // A skipped cell has no `P`, interval or `q`: null, read as NaN.
            let skip = |x: Option<f64>| match method {
                Method::Skipped => Some(x.unwrap_or(f64::NAN)),
                _ => x,
            };
            let row = (
                k[i],
                m[i],
                skip(pr[i]),
                skip(lo[i]),
                skip(hi[i]),
                boards[i],
                skip(q[i]),
            );
            let (Some(k), Some(m), Some(p), Some(lo), Some(hi), Some(boards), Some(q)) = row else {
                return Err(bad(format!("row {i} has a null")));
            };
            Ok(Cell {
                k,
                m,
                p,
                lo,
                hi,
                boards,
                method,
                q,
            })
        })
        .collect::<std::result::Result<Vec<_>, _>>()
        .map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_round_trip() {
        let dir = std::env::temp_dir().join(format!("phase-rt-{}", std::process::id()));
        let cells = vec![
            Cell {
                k: 2,
                m: 10,
                p: 0.25,
                lo: 0.25,
                hi: 0.25,
                boards: 55,
                method: Method::Exact,
                q: 0.3,
            },
            Cell {
                k: 6,
                m: 1000,
                p: 0.5,
                lo: 0.48,
                hi: 0.52,
                boards: 4000,
                method: Method::Sampled,
                q: 0.9,
            },
        ];
        write(&dir, &cells, None).unwrap();
        assert_eq!(read(&dir).unwrap(), Some(cells.clone()));
        assert_eq!(rules(&dir).unwrap(), None);
        assert_eq!(read(&dir.join("none")).unwrap(), None);
        write(&dir, &cells, Some("exact rationals, every number used")).unwrap();
        assert_eq!(read(&dir).unwrap(), Some(cells.clone()));
        assert_eq!(
            rules(&dir).unwrap().as_deref(),
            Some("exact rationals, every number used")
        );
        // A skipped cell: nulls in the file, NaN when read back, the others as they were.
        let mut with_skip = cells.clone();
        with_skip.push(crate::variant::phase::skipped(7, 10_000));
        write(&dir, &with_skip, None).unwrap();
        let back = read(&dir).unwrap().unwrap();
        assert_eq!(back[..2], cells[..]);
        assert_eq!((back[2].k, back[2].m, back[2].boards), (7, 10_000, 0));
        assert_eq!(back[2].method, Method::Skipped);
        assert!(back[2].p.is_nan() && back[2].lo.is_nan() && back[2].q.is_nan());
        let df = crate::store::read::read_file(&path(&dir)).unwrap();
        assert_eq!(df.column("p").unwrap().null_count(), 1);
        let _ = fs::remove_dir_all(&dir);
    }
}
