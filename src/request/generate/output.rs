//! What `generate` writes, and where: a list for people or programs (a table, CSV or JSON),
//! or a dataset for models (JSON lines, Parquet, a Hugging Face folder, a verl folder), to a
//! file or folder written atomically or to standard output; the checks that a format can be
//! written as asked.

use std::io::Write;
use std::path::Path;

use crate::error::{Error, Result, file_error};
use crate::generate::dataset::{self, SetGame, SetPuzzle};
use crate::generate::hf_folder;
use crate::generate::verl_folder;
use crate::present;
use crate::present::generate::Provenance;
use crate::present::output_format::{Format, GenerateFormat};

use super::{GenerateReport, GenerateRequest};

impl GenerateRequest {
    /// Refuses an output the format cannot be written to, or a dataset's option asked of a
    /// list.
    pub(super) fn check_output(&self) -> Result<()> {
        match self.format {
            GenerateFormat::Parquet if self.out.is_none() => {
                return Err(Error::input(
                    "--format parquet writes a file: give --out FILE",
                ));
            }
            GenerateFormat::Hf if self.out.is_none() => {
                return Err(Error::input("--format hf writes a folder: give --out DIR"));
            }
            GenerateFormat::Verl if self.out.is_none() => {
                return Err(Error::input(
                    "--format verl writes a folder: give --out DIR",
                ));
            }
            _ => {}
        }
        let dataset = self.format.is_dataset();
        if self.unsolvable.is_some() && !dataset {
            return Err(Error::input(
                "--unsolvable makes a dataset for models: give --format jsonl, parquet, hf or verl",
            ));
        }
        if self.test_share.is_some() && !dataset {
            return Err(Error::input(
                "--test-share splits a dataset: give --format jsonl, parquet, hf or verl",
            ));
        }
        if dataset && self.game.inline.is_some() {
            return Err(Error::input(
                "a dataset's ground truth names its game: give the game by name or rules \
                 file, not inline",
            ));
        }
        Ok(())
    }

    /// Writes `report` as [`GenerateRequest::format`] asks, to [`GenerateRequest::out`]
    /// (atomically) or else to `stdout`; `command` is what a dataset folder's card names as
    /// having made it.
    pub fn write(
        &self,
        report: &GenerateReport,
        stdout: &mut dyn Write,
        command: &str,
    ) -> Result<()> {
        let text = match self.format {
            GenerateFormat::Parquet | GenerateFormat::Hf | GenerateFormat::Verl => None,
            GenerateFormat::Jsonl => {
                let mut bytes = Vec::new();
                report.write_jsonl(&mut bytes)?;
                Some(bytes)
            }
            GenerateFormat::List(f) => Some(report.format(f).into_bytes()),
        };
        match (&self.out, text) {
            (Some(out), None) if self.format == GenerateFormat::Hf => {
                report.write_folder(out, command)
            }
            (Some(out), None) if self.format == GenerateFormat::Verl => report.write_verl(out),
            (Some(out), None) => report.write_parquet(out),
            (Some(out), Some(bytes)) => crate::store::write::atomically(out, |mut f| {
                f.write_all(&bytes).map_err(|e| file_error(out, e))
            }),
            (None, Some(bytes)) => stdout
                .write_all(&bytes)
                .map_err(|e| Error::failed("writing standard output", e)),
            (None, None) => Err(Error::input(
                "--format parquet, hf and verl write files: give --out",
            )),
        }
    }
}

impl GenerateReport {
    /// The puzzles as a table, CSV or JSON.
    pub fn format(&self, format: Format) -> String {
        let model = self.success_model.is_some();
        present::generate::list(&self.generated.puzzles, format, &self.title, model)
    }

    /// The set's puzzles in order, those with no solution among them.
    fn entries(&self) -> Vec<SetPuzzle<'_>> {
        dataset::entries(&self.generated.puzzles, &self.generated.unsolvable)
    }

    fn set_game(&self) -> SetGame<'_> {
        SetGame {
            game: &self.game,
            truth: &self.truth,
            unicode: self.unicode,
            no_solution: !self.generated.unsolvable.is_empty(),
            model_success: self.success_model.is_some(),
        }
    }

    /// The puzzles as a dataset, one JSON line a puzzle.
    pub fn write_jsonl(&self, out: &mut dyn Write) -> Result<()> {
        dataset::write_jsonl(out, self.set_game(), &self.entries(), self.split.as_ref())
    }

    /// The puzzles as a Hugging Face dataset folder at `dest` (new or empty), the card
    /// naming `command` as what made it.
    pub fn write_folder(&self, dest: &Path, command: &str) -> Result<()> {
        let made = Provenance {
            title: &self.title,
            command,
            model: self
                .success_model
                .as_ref()
                .map(present::generate::model_note),
        };
        let (game, split) = (self.set_game(), self.split.as_ref());
        let card = |sizes: &[(&str, usize)]| present::generate::card(game, split, sizes, &made);
        hf_folder::write_folder(dest, game, &self.entries(), split, &card)
    }

    /// The puzzles as a verl folder at `dest` (new or empty): a Parquet file per split in
    /// verl's row shape.
    pub fn write_verl(&self, dest: &Path) -> Result<()> {
        verl_folder::write_folder(dest, self.set_game(), &self.entries(), self.split.as_ref())
    }

    /// The puzzles as a dataset in a Parquet file, written atomically.
    pub fn write_parquet(&self, dest: &Path) -> Result<()> {
        crate::generate::columns::write_parquet(
            dest,
            self.set_game(),
            &self.entries(),
            self.split.as_ref(),
        )
    }
}
