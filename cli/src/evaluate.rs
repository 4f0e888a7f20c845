//! `digits-lab evaluate FILE`: a file of model answers judged against each puzzle's exact
//! properties, into a folder of tables, figures and a report.

use std::path::PathBuf;

use clap::Args;

use digits_lab::dataset::input::Columns;
use digits_lab::request::EvaluateRequest;

use super::GameArgs;
use super::columns::{PuzzleColumnArgs, WorkerArgs};

#[derive(Debug, Args)]
pub struct EvaluateArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// A CSV, JSONL or Parquet file of answers: the numbers, the target and the answer of
    /// each row, and optionally the model; any number of answers per puzzle and model.
    pub input: PathBuf,
    #[command(flatten)]
    pub columns: PuzzleColumnArgs,
    /// The answer column (default: answer, response, completion, solution or output).
    #[arg(long)]
    pub answer_column: Option<String>,
    /// The model column (default: model, model_name, policy or system; without one, every
    /// row is one model's).
    #[arg(long)]
    pub model_column: Option<String>,
    /// pass@k for each of these k, over the puzzles with at least k answers.
    #[arg(long, value_delimiter = ',', default_values_t = EvaluateRequest::default().k.iter().map(|&k| i128::from(k)).collect::<Vec<_>>())]
    pub k: Vec<i128>,
    /// The folder for answers.parquet, puzzles.parquet, summary.parquet, evaluation.json and
    /// report.md (default: INPUT.evaluation beside the input).
    #[arg(long)]
    pub out: Option<PathBuf>,
    #[command(flatten)]
    pub workers: WorkerArgs,
}

impl EvaluateArgs {
    pub fn request(&self) -> digits_lab::Result<EvaluateRequest> {
        Ok(EvaluateRequest {
            game: self.game.options(),
            input: self.input.clone(),
            columns: Columns {
                answer: self.answer_column.clone(),
                model: self.model_column.clone(),
                ..self.columns.columns()
            },
            k: digits_lab::request::evaluate::K.fit_all(&self.k)?,
            out: self.out.clone(),
            threads: self.workers.threads()?,
        })
    }
}

pub(super) fn run(args: &EvaluateArgs) -> anyhow::Result<()> {
    print!("{}", args.request()?.run(&args.workers.terminal())?);
    Ok(())
}
