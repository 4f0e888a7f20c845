//! The real NYT Digits puzzles (SPEC §6): `assets/nyt-digits-2023.csv`, one row per puzzle
//! (`date,slot,target,n1,…,n6`), weighted uniformly. The file is compiled into the binary, so
//! an installed `digits-lab` runs the `nyt` corpus from any folder; another file can be given
//! instead.

use std::fmt;
use std::path::PathBuf;

use crate::error::{Error, Result};
use crate::game::board::Board;
use crate::game::rule_set::Game;
use crate::game::words;

use super::Published;
use super::boards::Boards;

/// The NYT puzzles shipped with the project (SPEC §6), as the repository holds them.
pub const NYT_CSV: &str = "assets/nyt-digits-2023.csv";

/// The same file, compiled into the binary.
pub const EMBEDDED: &str = include_str!("../../assets/nyt-digits-2023.csv");

/// A day's puzzles, slots 1 to `SLOTS` (SPEC §6).
pub const SLOTS: u8 = 5;

/// Where the NYT puzzles come from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Source {
    /// The archive compiled into the binary.
    #[default]
    Embedded,
    /// A file of the same layout.
    File(PathBuf),
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Embedded => write!(f, "the built-in archive"),
            Source::File(p) => write!(f, "{}", p.display()),
        }
    }
}

/// The real NYT puzzles of `source`: `date,slot,target,n1,…,n6`, one per row, weighted
/// uniformly.
pub fn read(game: &Game, source: &Source) -> Result<Boards> {
    match source {
        Source::Embedded => parse(game, EMBEDDED.as_bytes(), source),
        Source::File(path) => {
            let file = std::fs::File::open(path).map_err(|e| {
                Error::failed(
                    format!("cannot read NYT puzzles from {}", path.display()),
                    e,
                )
            })?;
            parse(game, file, source)
        }
    }
}

/// The puzzles of a CSV text read from `input` (`source` names it in errors).
pub fn parse(game: &Game, input: impl std::io::Read, source: &Source) -> Result<Boards> {
    let unreadable =
        |e: &dyn fmt::Display| Error::input(format!("cannot read NYT puzzles from {source}: {e}"));
    let mut reader = csv::Reader::from_reader(input);
    let mut out = Boards::new(game.kind);
    for (line, record) in reader.records().enumerate() {
        let record = record.map_err(|e| unreadable(&e))?;
        let bad = |what: &str| unreadable(&format!("row {}: {what}", line + 2));
        let field = |i: usize| record.get(i).ok_or_else(|| bad("too few columns"));
        let int = |i: usize| -> Result<i64> {
            let text = field(i)?;
            words::whole(text).map_err(|e| bad(&e.describe(text.trim())))
        };
        let numbers = (3..record.len()).map(int).collect::<Result<Vec<_>>>()?;
        if numbers.len() != game.size {
            return Err(bad(&format!(
                "a puzzle has {} numbers, this row {}",
                game.size,
                numbers.len()
            )));
        }
        // The report reads slots 1 to 5 and joins each puzzle on its target: a row outside
        // them would be dropped from the report without a word.
        let slot = int(1)?;
        let slot = u8::try_from(slot)
            .ok()
            .filter(|s| (1..=SLOTS).contains(s))
            .ok_or_else(|| bad(&format!("slot {slot} is not 1 to {SLOTS}")))?;
        let target = int(2)?;
        if !game.targets.contains(&target) {
            return Err(bad(&format!(
                "target {target} is not within {}..{}",
                game.targets.start(),
                game.targets.end()
            )));
        }
        let published = Published {
            date: field(0)?.trim().to_string(),
            slot,
            target,
        };
        let board = Board::new(game, numbers).map_err(|e| bad(&e.to_string()))?;
        out.push(&board, 1, Some(published))
            .map_err(|e| bad(&e.to_string()))?;
    }
    if out.is_empty() {
        return Err(unreadable(&"no puzzles"));
    }
    // Uniform: each puzzle weighs one over their number.
    out.set_deals(out.len() as f64);
    Ok(out)
}
