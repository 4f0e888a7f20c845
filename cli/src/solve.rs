//! `digits-lab solve`: one puzzle, exactly.

use std::io::Write;

use clap::Args;

use digits_lab::present;
use digits_lab::request::SolveRequest;

use super::GameArgs;

#[derive(Debug, Args)]
pub struct SolveArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// List every `distinct` solution, fewest numbers first.
    #[arg(long)]
    pub all: bool,
    /// Print only the counts, no solutions (not with --all).
    #[arg(long)]
    pub count: bool,
    /// Skip counting the player's move sequences.
    #[arg(long)]
    pub no_moves: bool,
    /// Machine-readable output.
    #[arg(long)]
    pub json: bool,
    /// The number to reach, instead of the first word (a game with a fixed target, such as
    /// 24 or make10, plays for it unless this says otherwise).
    #[arg(long, allow_negative_numbers = true)]
    pub target: Option<String>,
    /// TARGET then the board's numbers; the numbers alone when the game fixes its target or
    /// --target gives it.
    #[arg(
        value_name = "[TARGET] NUMBERS",
        required = true,
        allow_negative_numbers = true
    )]
    pub words: Vec<String>,
}

impl SolveArgs {
    pub fn request(&self) -> digits_lab::Result<SolveRequest> {
        let mut r =
            SolveRequest::from_words(self.game.options(), self.target.clone(), &self.words)?;
        r.all = self.all;
        r.count = self.count;
        r.no_moves = self.no_moves;
        Ok(r)
    }
}

pub(super) fn run(args: &SolveArgs) -> anyhow::Result<()> {
    let report = args.request()?.run()?;
    let text = match args.json {
        true => present::json(&report),
        false => report.to_string(),
    };
    std::io::stdout().lock().write_all(text.as_bytes())?;
    Ok(())
}
