//! `digits-lab generate`: puzzles to order, each with a verified solution.

use std::io::{IsTerminal, Write};

use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::engine::Convention;
use crate::error::Error;
use crate::game::rule_set::GameKind;
use crate::generate::bands::Bands;
use crate::generate::constraints::Check;
use crate::generate::span::{Span, Wanted};
use crate::generate::{self, Mode, Request, output, standard_game};
use crate::present::output_format::Format;

use super::{GameArgs, one_of};

#[derive(Debug, Args)]
pub struct GenerateArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// How many puzzles, 1 to 100000 (each on a board of its own).
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub count: u32,
    /// The seed: the same request and seed give the same puzzles.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Solutions under --convention: a count or a range (`1` for unique puzzles, `2-5`, `10-`).
    #[arg(long)]
    pub solutions: Option<Span>,
    /// The convention --solutions counts under.
    #[arg(long, default_value = "distinct", value_parser = one_of::<Convention>(&["trees", "expressions", "distinct"]))]
    pub convention: Convention,
    /// Operations of the shortest solution: a count or a range (default `1-`, the target
    /// never on the board; `2-4` for days).
    #[arg(long)]
    pub min_ops: Option<Span>,
    /// Every solution uses every number.
    #[arg(long)]
    pub uses_all: bool,
    /// No number twice on the board.
    #[arg(long)]
    pub no_repeats: bool,
    /// A named band (easy, medium, hard, fiendish: quantiles of the game's own puzzles) or
    /// predicted seconds (`20-60`, `30-`).
    #[arg(long)]
    pub difficulty: Option<Wanted>,
    /// Output format.
    #[arg(long, default_value = "table", value_parser = one_of::<Format>(&["table", "csv", "json"]))]
    pub format: Format,
    /// Write out every `distinct` solution of each puzzle.
    #[arg(long)]
    pub all: bool,
    /// A NYT-style day of Digits: five puzzles, one per daily slot, rising in difficulty.
    #[arg(long, conflicts_with = "count")]
    pub day: bool,
    /// This many NYT-style days (1 to 3660), no board used twice.
    #[arg(long, conflicts_with = "count", value_parser = clap::value_parser!(u32).range(1..=3660))]
    pub days: Option<u32>,
    /// Give up after this many boards in a row give no new puzzle (for a day, this many
    /// boards in all, shared by its five slots), 1 to 100000000.
    #[arg(long, default_value_t = 5_000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub tries: u64,
    /// Worker threads, 1 to 1024 (default: one per core); the puzzles do not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads: Option<u16>,
    /// No progress bar, no summary line.
    #[arg(long)]
    pub quiet: bool,
}

impl GenerateArgs {
    /// The request these options make, checked, and the title of its table (the game, the
    /// seed, how many and the constraints given); the command and the Python package's
    /// `generate` both run it.
    pub fn request(&self) -> Result<(Request, String), Error> {
        let args = self;
        let days = args.days.map(u64::from).or(args.day.then_some(1));
        let mut game = args.game.game()?;
        let chosen = &args.game.rules;
        // A named game deals from its standard deck (Digits: 1–25) unless a pool is given; a
        // rules file deals from its own.
        if args.game.pool.is_none() && chosen.rules.is_none() {
            game.pool = standard_game(game.kind).pool;
        }
        let changed = args.game.pool.is_some()
            || args.game.targets.is_some()
            || chosen.rules.is_some()
            || chosen.pow
            || chosen.unary_minus
            || chosen.use_all
            || chosen.fractions;
        if days.is_some() && (game.kind != GameKind::Digits || changed) {
            return Err(Error::input(
                "--day and --days make NYT-style Digits days: they take no other --game, nor \
                 --rules, --pool, --targets, --pow, --unary-minus, --use-all or --fractions",
            ));
        }
        // The game without the setter's target range: its bands are the whole game's.
        let whole = crate::game::rule_set::Game {
            targets: standard_game(game.kind).targets,
            ..game.clone()
        };
        let standard = whole == standard_game(game.kind);
        let bands = if standard || matches!(args.difficulty, Some(Wanted::Band(_))) {
            Some(Bands::of(&whole)?)
        } else {
            None
        };
        let mut checks = Vec::new();
        if let Some(s) = args.solutions {
            if args.convention == Convention::Distinct && game.rules.unary_minus {
                return Err(Error::input(
                    "--solutions counts `distinct` solutions, which unary minus leaves undefined: \
                     give --convention trees or expressions",
                ));
            }
            checks.push(Check::Solutions(s, args.convention));
        }
        if let Some(s) = args.min_ops {
            checks.push(Check::MinOps(s));
        }
        if args.uses_all {
            checks.push(Check::UsesAll);
        }
        if args.no_repeats {
            checks.push(Check::NoRepeats);
        }
        if let Some(w) = args.difficulty {
            checks.push(Check::difficulty(w, bands.as_ref())?);
        }
        let mode = match days {
            Some(n) => Mode::Days(n),
            None => Mode::Count(args.count as usize),
        };
        // The title names the constraints the setter gave; the defaults are in `--help`.
        let title = title(args, game.kind, &mode, &checks);
        if args.min_ops.is_none() && days.is_none() {
            // By default the target is never on the board (days have the style's own range).
            checks.push(Check::MinOps(Span {
                lo: 1,
                hi: u64::MAX,
            }));
        }
        let req = Request {
            game,
            checks,
            mode,
            seed: args.seed,
            tries: args.tries,
            all: args.all,
            bands,
        };
        Ok((req, title))
    }
}

pub(super) fn run(args: &GenerateArgs) -> anyhow::Result<()> {
    let started = std::time::Instant::now();
    let (req, title) = args.request()?;
    let days = matches!(req.mode, Mode::Days(_));
    let progress = progress_bar(args.quiet, days);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.map_or(0, usize::from))
        .build()?;
    let made = pool.install(|| generate::generate(&req, &|n| progress.inc(n)));
    progress.finish_and_clear();
    let made = made?;
    std::io::stdout()
        .lock()
        .write_all(output::format(&made.puzzles, args.format, &title).as_bytes())?;
    if !args.quiet {
        eprintln!(
            "{} puzzles from {} boards in {:.2} s",
            made.puzzles.len(),
            made.boards,
            started.elapsed().as_secs_f64()
        );
    }
    Ok(())
}

/// The table's first line: the game, the seed, how many and the constraints.
fn title(args: &GenerateArgs, kind: GameKind, mode: &Mode, checks: &[Check]) -> String {
    let what = match mode {
        Mode::Days(1) => "a NYT-style day".to_string(),
        Mode::Days(n) => format!("{n} NYT-style days"),
        Mode::Count(1) => "1 puzzle".to_string(),
        Mode::Count(n) => format!("{n} puzzles"),
    };
    let mut t = format!("{kind} · seed {} · {what}", args.seed);
    for c in checks {
        t.push_str(" · ");
        t.push_str(&c.label());
    }
    t
}

fn progress_bar(quiet: bool, days: bool) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    let unit = if days { "days" } else { "boards" };
    pb.set_style(
        ProgressStyle::with_template(&format!("{{spinner}} {{pos}} {unit} · {{per_sec}}"))
            .expect("the template is valid"),
    );
    pb
}
