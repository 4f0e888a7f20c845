//! `digits-lab check`: an answer against a puzzle (`check --answer "(25-10)*(1+50)" 765 1 10
//! 25 50 75 100`), or every row of a file of answers (`check --batch answers.jsonl`).

use std::io::{Read, Write};
use std::path::PathBuf;

use clap::Args;

use crate::terminal::Terminal;
use digits_lab::dataset::check::Output;
use digits_lab::dataset::input::Columns;
use digits_lab::error::Error;
use digits_lab::present;
use digits_lab::request::{CheckFileRequest, CheckRequest, SolveRequest};

use super::GameArgs;

#[derive(Debug, Args)]
pub struct CheckArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// The answer: an expression (`(25-10)*(1+50)`, optionally `= 765`) or moves, one a
    /// line or separated by `;` (`25-10=15; 1+50=51; 15*51=765`); `-` reads standard input.
    #[arg(long, allow_hyphen_values = true, required_unless_present = "batch")]
    pub answer: Option<String>,
    /// The number to reach, instead of the first word.
    #[arg(long, allow_negative_numbers = true)]
    pub target: Option<String>,
    /// Machine-readable output (one answer).
    #[arg(long, conflicts_with = "batch")]
    pub json: bool,
    /// Check every row of a CSV, JSONL or Parquet file instead: one verdict a row, as JSONL
    /// on standard output or into --out.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["answer", "words"])]
    pub batch: Option<PathBuf>,
    /// The numbers column (default: the first of numbers, nums, cards, board, puzzles, puzzle).
    #[arg(long, requires = "batch")]
    pub numbers_column: Option<String>,
    /// The target column (default: target or goal).
    #[arg(long, requires = "batch")]
    pub target_column: Option<String>,
    /// The answer column (default: answer, response, completion, solution or output).
    #[arg(long, requires = "batch")]
    pub answer_column: Option<String>,
    /// Write the verdicts to this .jsonl or .parquet file (atomically) instead.
    #[arg(long, requires = "batch")]
    pub out: Option<PathBuf>,
    /// Worker threads, 1 to 1024 (default: one per core); the verdicts do not depend on it.
    #[arg(long, requires = "batch")]
    pub threads: Option<i128>,
    /// No progress bar and no summary.
    #[arg(long)]
    pub quiet: bool,
    /// TARGET then the board's numbers; the numbers alone when the game fixes its target or
    /// --target gives it.
    #[arg(value_name = "[TARGET] NUMBERS", allow_negative_numbers = true)]
    pub words: Vec<String>,
}

impl CheckArgs {
    pub fn request(&self) -> digits_lab::Result<CheckRequest> {
        let answer = match self.answer.as_deref() {
            Some("-") => {
                let mut text = String::new();
                // One byte past the longest answer is enough to refuse it as too long.
                std::io::stdin()
                    .take(digits_lab::check::MAX_ANSWER_BYTES as u64 + 1)
                    .read_to_string(&mut text)
                    .map_err(|e| Error::failed("reading the answer", e))?;
                text
            }
            Some(a) => a.to_string(),
            None => String::new(),
        };
        if self.words.is_empty() {
            return Err(Error::Input(
                "give the puzzle's numbers (TARGET then NUMBERS), or --batch FILE".to_string(),
            ));
        }
        Ok(CheckRequest {
            puzzle: SolveRequest::from_words(
                self.game.options(),
                self.target.clone(),
                &self.words,
            )?,
            answer,
        })
    }

    pub fn file_request(&self, input: PathBuf) -> digits_lab::Result<CheckFileRequest> {
        Ok(CheckFileRequest {
            game: self.game.options(),
            input,
            columns: Columns {
                numbers: self.numbers_column.clone(),
                target: self.target_column.clone(),
                answer: self.answer_column.clone(),
                model: None,
            },
            threads: super::threads(self.threads)?,
        })
    }
}

pub(super) fn run(args: &CheckArgs) -> anyhow::Result<()> {
    if let Some(input) = &args.batch {
        let request = args.file_request(input.clone())?;
        let progress = Terminal::new(args.quiet);
        let tally = match &args.out {
            Some(out) => request.run(Output::File(out), &progress)?,
            None => {
                let mut stdout = std::io::BufWriter::new(std::io::stdout());
                let tally = request.run(Output::Lines(&mut stdout), &progress)?;
                stdout.flush()?;
                tally
            }
        };
        if !args.quiet {
            eprintln!("{tally}");
        }
        return Ok(());
    }
    let verdict = args.request()?.run()?;
    let mut out = std::io::stdout().lock();
    if args.json {
        write!(out, "{}", present::json(&verdict))?;
    } else {
        writeln!(out, "{verdict}")?;
    }
    if verdict.solved {
        Ok(())
    } else {
        // The verdict above says why; the exit code lets a script tell.
        Err(Error::Mismatch("the answer does not solve the puzzle".to_string()).into())
    }
}
