//! Which of a dataset's columns hold the numbers, the target, the answer and the model:
//! named by flags ([`Columns`]) or found among the usual names, case aside ([`Found`]).

use std::path::Path;

use crate::error::{Error, Result};

/// The columns to read; a name left out is found among the usual ones.
#[derive(Clone, Debug, Default)]
pub struct Columns {
    pub numbers: Option<String>,
    pub target: Option<String>,
    pub answer: Option<String>,
    /// Which model gave the answer (`evaluate`); never required.
    pub model: Option<String>,
}

/// The usual names of each column, tried in order (case does not matter): TinyZero's
/// Countdown sets call the numbers `nums`, Tree-of-Thoughts' 24 file `Puzzles`.
pub const NUMBER_COLUMNS: &[&str] = &["numbers", "nums", "cards", "board", "puzzles", "puzzle"];
pub const TARGET_COLUMNS: &[&str] = &["target", "goal"];
pub const ANSWER_COLUMNS: &[&str] = &["answer", "response", "completion", "solution", "output"];
pub const MODEL_COLUMNS: &[&str] = &["model", "model_name", "policy", "system"];

/// The columns a file was found to have, by their names in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    pub numbers: String,
    pub target: Option<String>,
    pub answer: Option<String>,
    pub model: Option<String>,
}

/// `wanted` (given by a flag) if `names` has it, else the first usual name `names` has.
fn pick(names: &[String], wanted: Option<&str>, usual: &[&str]) -> Option<String> {
    let find = |w: &str| names.iter().find(|n| n.eq_ignore_ascii_case(w)).cloned();
    match wanted {
        Some(w) => find(w),
        None => usual.iter().find_map(|u| find(u)),
    }
}

impl Found {
    /// The columns of a file whose column names are `names`: those `columns` names, else
    /// the usual ones; the numbers must be there, the target and the answer when
    /// `need_target` / `need_answer`, and any column a flag names.
    pub(super) fn find(
        path: &Path,
        names: &[String],
        columns: &Columns,
        need_target: bool,
        need_answer: bool,
    ) -> Result<Found> {
        // The column `given` names, else the first of `usual` the file has; refused when the
        // file lacks a column that is `needed` or that a flag names.
        let find = |what: &str, given: &Option<String>, usual: &[&str], needed: bool| {
            let found = pick(names, given.as_deref(), usual);
            if found.is_some() || !(needed || given.is_some()) {
                return Ok(found);
            }
            let looked = match given {
                Some(g) => format!("`{g}`"),
                None => usual.join(", "),
            };
            Err(Error::input(format!(
                "{}: no {what} column (looked for {looked}; --{what}-column names it; the file \
                 has {})",
                path.display(),
                if names.is_empty() {
                    "no columns".to_string()
                } else {
                    names.join(", ")
                }
            )))
        };
        let numbers = find("numbers", &columns.numbers, NUMBER_COLUMNS, true)?
            .expect("a column needed is found or refused");
        let target = find("target", &columns.target, TARGET_COLUMNS, need_target)?;
        let answer = find("answer", &columns.answer, ANSWER_COLUMNS, need_answer)?;
        let model = find("model", &columns.model, MODEL_COLUMNS, false)?;
        Ok(Found {
            numbers,
            target,
            answer,
            model,
        })
    }

    /// Where in a CSV record of the header `names` the numbers, target, answer and model are.
    pub(super) fn csv_indices(&self, names: &[String]) -> [Option<usize>; 4] {
        let at = |n: Option<&String>| n.and_then(|n| names.iter().position(|m| m == n));
        [
            at(Some(&self.numbers)),
            at(self.target.as_ref()),
            at(self.answer.as_ref()),
            at(self.model.as_ref()),
        ]
    }
}
