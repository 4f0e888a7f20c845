//! A generated set as a Hugging Face dataset folder (`generate --format hf --out DIR`):
//! `data/train-00000-of-00001.parquet` (and `data/test-…` with a split), the same rows with
//! the prompt as chat messages in `conversational/` (TRL's conversational format), and a
//! `README.md` card (written by `crate::present::generate::card`) whose YAML header names
//! both configs and their splits, so that `datasets.load_dataset(DIR)` loads the plain set
//! and `datasets.load_dataset(DIR, "conversational")` the chat one. The folder is written
//! beside its destination and renamed into place, so an interrupted run leaves no folder
//! that looks complete.

use std::fs;
use std::path::Path;

use crate::error::Result;
use crate::error::file_error;
use crate::store::write::{folder_atomically, portable_parquet_file, write_text};

use super::columns::Prompt;
use super::columns::split_frames;
use super::dataset::{SetGame, SetPuzzle, Split};

/// The card of a folder, written for the sizes of its parts (each part's name and its
/// puzzles).
pub type Card<'a> = &'a dyn Fn(&[(&str, usize)]) -> String;

/// The configs of a folder: each name, its folder, and how its prompts are held.
pub const CONFIGS: [(&str, &str, Prompt); 2] = [
    ("default", "data", Prompt::Text),
    ("conversational", "conversational", Prompt::Messages),
];

/// Writes `puzzles` as a dataset folder at `dest`, which must not exist or be empty, with
/// the card `card` writes.
pub fn write_folder(
    dest: &Path,
    game: SetGame,
    puzzles: &[SetPuzzle],
    split: Option<&Split>,
    card: Card,
) -> Result<()> {
    folder_atomically(dest, |tmp| {
        let mut sizes = Vec::new();
        for (_, folder, prompt) in CONFIGS {
            let dir = tmp.join(folder);
            fs::create_dir_all(&dir).map_err(|e| file_error(&dir, e))?;
            let mut parts = split_frames(game, puzzles, split, prompt)?;
            for (part, df) in &mut parts {
                portable_parquet_file(&dir.join(file_name(part)), df)?;
            }
            sizes = parts.iter().map(|(p, df)| (*p, df.height())).collect();
        }
        write_text(&tmp.join("README.md"), &card(&sizes))
    })
}

/// The one file of a part.
pub fn file_name(part: &str) -> String {
    format!("{part}-00000-of-00001.parquet")
}
