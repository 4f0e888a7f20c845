//! The real NYT Digits puzzles (SPEC §6): `data/nyt-digits-2023.csv`, one row per puzzle
//! (`date,slot,target,n1,…,n6`), weighted uniformly.

use std::fmt;
use std::path::Path;

use crate::error::{Error, Result};
use crate::game::board::Board;
use crate::game::rules::Game;

use super::{CorpusBoard, Published};

/// The NYT puzzles shipped with the project (SPEC §6).
pub const NYT_CSV: &str = "data/nyt-digits-2023.csv";

/// The real NYT puzzles: `date,slot,target,n1,…,n6`, one per row, weighted uniformly.
pub fn read(game: &Game, path: &Path) -> Result<Vec<CorpusBoard>> {
    let unreadable = |e: &dyn fmt::Display| {
        Error::input(format!(
            "cannot read NYT puzzles from {}: {e}",
            path.display()
        ))
    };
    let mut reader = csv::Reader::from_path(path).map_err(|e| unreadable(&e))?;
    let mut out = Vec::new();
    for (line, record) in reader.records().enumerate() {
        let record = record.map_err(|e| unreadable(&e))?;
        let bad = |what: &str| unreadable(&format!("row {}: {what}", line + 2));
        let field = |i: usize| record.get(i).ok_or_else(|| bad("too few columns"));
        let int = |i: usize| -> Result<i64> {
            field(i)?
                .trim()
                .parse()
                .map_err(|_| bad(&format!("`{}` is not a whole number", &record[i])))
        };
        let numbers = (3..record.len()).map(int).collect::<Result<Vec<_>>>()?;
        let slot = int(1)?;
        out.push(CorpusBoard {
            id: u32::try_from(line).map_err(|_| bad("too many rows"))?,
            board: Board::new(game, numbers)?,
            ways: 1,
            weight: 0.0,
            group: format!("slot {slot}"),
            published: Some(Published {
                date: field(0)?.trim().to_string(),
                slot: u8::try_from(slot).map_err(|_| bad("slot out of range"))?,
                target: int(2)?,
            }),
        });
    }
    if out.is_empty() {
        return Err(unreadable(&"no puzzles"));
    }
    let w = 1.0 / out.len() as f64;
    for e in &mut out {
        e.weight = w;
    }
    Ok(out)
}
