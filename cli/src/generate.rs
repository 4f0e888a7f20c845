//! `digits-lab generate`: puzzles to order, each with a verified solution.

use std::path::PathBuf;

use clap::Args;

use crate::terminal::Terminal;
use digits_lab::engine::Convention;
use digits_lab::generate::dataset::HoldOut;
use digits_lab::generate::strata::Stratify;
use digits_lab::present;
use digits_lab::request::GenerateRequest;
use digits_lab::request::generate::{COUNT, DAYS, GenerateFormat, PER_BOARD, TRIES};

use super::{GameArgs, one_of};

/// The request's defaults, which the flags' are.
fn defaults() -> GenerateRequest {
    GenerateRequest::default()
}

#[derive(Debug, Args)]
pub struct GenerateArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// How many puzzles, 1 to 100000 (each on a board of its own) [default: 10].
    #[arg(long)]
    pub count: Option<i128>,
    /// The seed: the same request and seed give the same puzzles.
    #[arg(long, default_value_t = defaults().seed)]
    pub seed: u64,
    /// Solutions under --convention: a count or a range (`1` for unique puzzles, `2-5`, `10-`).
    #[arg(long)]
    pub solutions: Option<String>,
    /// The convention --solutions counts under.
    #[arg(long, default_value_t = defaults().convention, value_parser = one_of::<Convention>(&["trees", "expressions", "distinct"]))]
    pub convention: Convention,
    /// Operations of the shortest solution: a count or a range (default `1-`, the target
    /// never on the board; `2-4` for days).
    #[arg(long)]
    pub min_ops: Option<String>,
    /// Every solution uses every number.
    #[arg(long)]
    pub uses_all: bool,
    /// No number twice on the board.
    #[arg(long)]
    pub no_repeats: bool,
    /// A named band (easy, medium, hard, fiendish: quantiles of the game's own puzzles) or
    /// predicted seconds (`20-60`, `30-`).
    #[arg(long)]
    pub difficulty: Option<String>,
    /// A language model's success model (`digits-lab fit --evaluation DIR` writes one):
    /// --difficulty's band is then the model's predicted success (easy from 75%, medium from
    /// 50%, hard from 25%, fiendish below), and each puzzle carries it as `model_success`.
    #[arg(long, value_name = "FILE", requires = "difficulty")]
    pub model_difficulty: Option<PathBuf>,
    /// Take a --model-difficulty model whose failures are not predictable from the puzzles'
    /// properties (cross-validated R² below 0.05, or ρ's interval holding 0), which is
    /// refused otherwise; the set's title and card then say so.
    #[arg(long, requires = "model_difficulty")]
    pub allow_unpredictive: bool,
    /// Mix puzzles with no solution into a set for models, this share of --count (at least
    /// 0, below 1): each says so in its row (`solvable`), its reference answer is "no
    /// solution", and every prompt says how to answer one.
    #[arg(long, value_name = "SHARE")]
    pub unsolvable: Option<f64>,
    /// Output format: a table, CSV or JSON for people and programs; a dataset for models as
    /// JSON lines or Parquet (with `prompt`, `ground_truth` and, with --test-share, `split`),
    /// `hf`, a Hugging Face dataset folder (a Parquet file per split and a README.md card)
    /// that `datasets.load_dataset(DIR)` loads (and, with chat prompts,
    /// `load_dataset(DIR, "conversational")`), or `verl`, a folder of train.parquet (and
    /// test.parquet) in verl's row shape.
    #[arg(long, default_value = defaults().format.name(), value_parser = one_of::<GenerateFormat>(GenerateFormat::NAMES))]
    pub format: GenerateFormat,
    /// Write the puzzles to this file (atomically) instead of standard output; needed for
    /// --format parquet, and for --format hf and verl the folder to make (new or empty).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// The most puzzles one board gives, each at a target of its own, 1 to 1000 [default: 1].
    #[arg(long)]
    pub per_board: Option<i128>,
    /// Split the dataset: this share (between 0 and 1) of the boards, or of the targets with
    /// --hold-out targets, goes to `test`, the rest to `train`; the same for the same seed.
    #[arg(long)]
    pub test_share: Option<f64>,
    /// Share the puzzles equally among the strata of one property: the difficulty band, the
    /// fewest operations, the solution count (1, 2-5, 6-20, 21-) or whether every solution
    /// needs a fraction.
    #[arg(long, value_parser = one_of::<Stratify>(&["band", "min-ops", "solutions", "fraction"]))]
    pub stratify: Option<Stratify>,
    /// What the test split holds out whole.
    #[arg(long, default_value_t = defaults().hold_out, value_parser = one_of::<HoldOut>(&["boards", "targets"]), requires = "test_share")]
    pub hold_out: HoldOut,
    /// A dataset's references with ×, − and ÷, as `solve` prints them, instead of the *, -
    /// and / its prompts name.
    #[arg(long)]
    pub unicode: bool,
    /// Write out every `distinct` solution of each puzzle.
    #[arg(long)]
    pub all: bool,
    /// A NYT-style day of Digits: five puzzles, one per daily slot, rising in difficulty.
    #[arg(long)]
    pub day: bool,
    /// This many NYT-style days (1 to 3660), no board used twice.
    #[arg(long)]
    pub days: Option<i128>,
    /// Give up after this many boards in a row give no new puzzle (for a day, this many
    /// boards in all, shared by its five slots), 1 to 100000000.
    #[arg(long, default_value_t = i128::from(defaults().tries))]
    pub tries: i128,
    /// Worker threads, 1 to 1024 (default: one per core); the puzzles do not depend on it.
    #[arg(long)]
    pub threads: Option<i128>,
    /// No progress bar, no summary line.
    #[arg(long)]
    pub quiet: bool,
}

impl GenerateArgs {
    pub fn request(&self) -> digits_lab::Result<GenerateRequest> {
        Ok(GenerateRequest {
            game: self.game.options(),
            count: COUNT.fit_opt(self.count)?,
            seed: self.seed,
            solutions: digits_lab::request::parsed("--solutions", self.solutions.as_deref())?,
            convention: self.convention,
            min_ops: digits_lab::request::parsed("--min-ops", self.min_ops.as_deref())?,
            uses_all: self.uses_all,
            no_repeats: self.no_repeats,
            difficulty: digits_lab::request::parsed("--difficulty", self.difficulty.as_deref())?,
            all: self.all,
            day: self.day,
            days: DAYS.fit_opt(self.days)?,
            tries: TRIES.fit(self.tries)?,
            threads: super::threads(self.threads)?,
            per_board: PER_BOARD.fit_opt(self.per_board)?,
            test_share: self.test_share,
            hold_out: self.hold_out,
            stratify: self.stratify,
            unicode: self.unicode,
            model_difficulty: self.model_difficulty.clone(),
            allow_unpredictive: self.allow_unpredictive,
            unsolvable: self.unsolvable,
            format: self.format,
            out: self.out.clone(),
        })
    }
}

pub(super) fn run(args: &GenerateArgs) -> anyhow::Result<()> {
    let started = std::time::Instant::now();
    let request = args.request()?;
    let report = request.run(&Terminal::new(args.quiet))?;
    // The program as the user installs it, not the path this one ran from.
    let command: Vec<String> = std::iter::once("digits-lab".to_string())
        .chain(std::env::args().skip(1).map(|a| shell_word(&a)))
        .collect();
    request.write(&report, &mut std::io::stdout().lock(), &command.join(" "))?;
    if !args.quiet {
        let made = present::generate::Made {
            generated: &report.generated,
            seconds: started.elapsed().as_secs_f64(),
        };
        eprintln!("{made}");
    }
    Ok(())
}

/// `word` as a POSIX shell reads it back: bare when it holds only safe characters, else in
/// single quotes.
fn shell_word(word: &str) -> String {
    let safe = |c: char| c.is_ascii_alphanumeric() || "-_./=,:+@%".contains(c);
    if !word.is_empty() && word.chars().all(safe) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}
