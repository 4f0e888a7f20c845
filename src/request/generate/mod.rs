//! `generate`: puzzles to order, each with a verified solution; or NYT-style days.

use std::path::PathBuf;
use std::sync::Arc;

use crate::engine::Convention;
use crate::error::{Error, Result};
use crate::game::rule_set::{Game, GameKind};
use crate::generate::bands::Bands;
use crate::generate::constraints::Check;
use crate::generate::dataset::{self, HoldOut, SetPuzzle, Split, TruthGame};
use crate::generate::span::{Span, Wanted};
use crate::generate::strata::{self, Stratify};
use crate::generate::{self, Generated, Mode, Order, standard_game};
use crate::model::success::SuccessModel;
use crate::progress::Progress;

use super::{Bound, GameOptions, pool};

mod output;

pub use crate::present::output_format::GenerateFormat;

/// How many puzzles (`--count`).
pub const COUNT: Bound = Bound::new("--count", 1, 100_000);
/// How many NYT-style days (`--days`).
pub const DAYS: Bound = Bound::new("--days", 1, 3660);
/// Boards in a row that may give nothing new (`--tries`).
pub const TRIES: Bound = Bound::new("--tries", 1, 100_000_000);
/// The most puzzles one board gives (`--per-board`).
pub const PER_BOARD: Bound = Bound::new("--per-board", 1, 1_000);

/// Puzzles to order: the game dealt from, how many, the setter's constraints, and what to
/// write where.
#[derive(Clone, Debug)]
pub struct GenerateRequest {
    pub game: GameOptions,
    /// How many puzzles, each on a board of its own (10 when not given; not with days).
    pub count: Option<u32>,
    /// The same request and seed give the same puzzles.
    pub seed: u64,
    /// Solutions under `convention`: a count or a range.
    pub solutions: Option<Span>,
    /// The convention `solutions` counts under (`trees`, `expressions` or `distinct`).
    pub convention: Convention,
    /// Operations of the shortest solution (`1-` when not given: the target never on the
    /// board; the style's `2-4` for days).
    pub min_ops: Option<Span>,
    /// Every solution uses every number.
    pub uses_all: bool,
    /// No number twice on the board.
    pub no_repeats: bool,
    /// A named band or predicted seconds.
    pub difficulty: Option<Wanted>,
    /// Write out every `distinct` solution of each puzzle.
    pub all: bool,
    /// A NYT-style day of Digits: five puzzles, one per daily slot, rising in difficulty.
    pub day: bool,
    /// This many NYT-style days, no board used twice.
    pub days: Option<u32>,
    /// Give up after this many boards in a row give no new puzzle (for a day, this many
    /// boards in all, shared by its five slots).
    pub tries: u64,
    /// Worker threads (one per core when not given); the puzzles do not depend on it.
    pub threads: Option<u16>,
    /// The most puzzles one board gives, each at a target of its own (1 when not given).
    pub per_board: Option<u32>,
    /// The share of the dataset held out for testing (`--test-share`, between 0 and 1).
    pub test_share: Option<f64>,
    /// What the test split holds out: whole boards or whole targets.
    pub hold_out: HoldOut,
    /// Share the puzzles equally among the strata of this property.
    pub stratify: Option<Stratify>,
    /// A dataset's references spelled with `×`, `−` and `÷` (see [`SetGame::unicode`]).
    pub unicode: bool,
    /// A language model's success model (`fit --evaluation` writes one): `difficulty`'s
    /// band is then the model's predicted success, and each puzzle carries it.
    pub model_difficulty: Option<PathBuf>,
    /// Take a `model_difficulty` whose failures are not predictable from the puzzles'
    /// properties ([`SuccessModel::unpredictive`]), which is refused otherwise; the set's
    /// title then says so.
    pub allow_unpredictive: bool,
    /// The share of a set's puzzles that have no solution (`--unsolvable`, at least 0 and
    /// below 1), their reference answer "no solution": a dataset for models only.
    pub unsolvable: Option<f64>,
    /// What [`GenerateRequest::write`] writes.
    pub format: GenerateFormat,
    /// Where it writes: this file, atomically (for `hf` and `verl`, the folder to make, new
    /// or empty), else standard output (not for `parquet`, `hf` nor `verl`).
    pub out: Option<PathBuf>,
}

impl Default for GenerateRequest {
    fn default() -> Self {
        GenerateRequest {
            game: GameOptions::default(),
            count: None,
            seed: 0,
            solutions: None,
            convention: Convention::Distinct,
            min_ops: None,
            uses_all: false,
            no_repeats: false,
            difficulty: None,
            all: false,
            day: false,
            days: None,
            tries: 5_000,
            threads: None,
            per_board: None,
            test_share: None,
            hold_out: HoldOut::Boards,
            stratify: None,
            unicode: false,
            model_difficulty: None,
            allow_unpredictive: false,
            unsolvable: None,
            format: GenerateFormat::default(),
            out: None,
        }
    }
}

/// The puzzles made, and the title of their table (the game, the seed, how many and the
/// constraints given).
#[derive(Clone, Debug)]
pub struct GenerateReport {
    pub generated: Generated,
    pub title: String,
    /// The game dealt from (the dataset's prompts state its rules).
    pub game: Game,
    /// The train/test split, when asked for.
    pub split: Option<Split>,
    /// The game as the set's ground truths name it.
    pub truth: TruthGame,
    /// Whether a dataset's references keep `×`, `−` and `÷` (see [`SetGame::unicode`]).
    pub unicode: bool,
    /// The language model whose predicted success chose the puzzles
    /// (`--model-difficulty`): every output then shows each puzzle's `model_success`.
    pub success_model: Option<SuccessModel>,
}

impl GenerateRequest {
    /// The order this request makes, checked, and the title of its table.
    pub fn order(&self) -> Result<(Order, String)> {
        let days = self.checked_counts()?;
        let (game, bands) = self.dealt(days)?;
        let mut checks = self.constraints(&game, bands.as_ref())?;
        let total = self.count.unwrap_or(10) as usize;
        // Of the count, this many have no solution; the rest are made as without it.
        let unsolvable = (total as f64 * self.unsolvable.unwrap_or(0.0)).round() as usize;
        let mode = match days {
            Some(n) => Mode::Days(n),
            None => Mode::Count(total - unsolvable),
        };
        // The title names the constraints the setter gave; the defaults are in `--help`.
        let named = match mode {
            Mode::Count(_) => Mode::Count(total),
            days => days,
        };
        let mut title = title(self.seed, game.kind, &named, &checks);
        if let Some(share) = self.unsolvable {
            title.push_str(&format!(
                " · --unsolvable {share} ({unsolvable} with no solution)"
            ));
        }
        let strata = match self.stratify {
            Some(by) => {
                if days.is_some() {
                    return Err(Error::input(
                        "--stratify shares a count of puzzles: not with days",
                    ));
                }
                title.push_str(&format!(" · --stratify {by}"));
                strata::strata(by, &game, bands.as_ref(), self.convention)?
            }
            None => Vec::new(),
        };
        if self.min_ops.is_none() && days.is_none() {
            // By default the target is never on the board (days have the style's own range).
            checks.push(Check::MinOps(Span {
                lo: 1,
                hi: u64::MAX,
            }));
        }
        if days.is_some() && self.per_board.is_some_and(|n| n > 1) {
            return Err(Error::input(
                "--per-board: a day takes one puzzle from a board",
            ));
        }
        let order = Order {
            game,
            checks,
            mode,
            seed: self.seed,
            tries: self.tries,
            all: self.all,
            bands,
            per_board: self.per_board.unwrap_or(1) as usize,
            strata,
            unsolvable,
        };
        Ok((order, title))
    }

    /// The output, every number and share checked against its range, and the options that
    /// exclude each other; how many days, when days are asked for.
    fn checked_counts(&self) -> Result<Option<u64>> {
        self.check_output()?;
        if let Some(n) = self.count {
            COUNT.check(u64::from(n))?;
        }
        if let Some(n) = self.days {
            DAYS.check(u64::from(n))?;
        }
        TRIES.check(self.tries)?;
        if let Some(n) = self.per_board {
            PER_BOARD.check(u64::from(n))?;
        }
        if let Some(u) = self.unsolvable
            && !(0.0..1.0).contains(&u)
        {
            return Err(Error::input(format!(
                "--unsolvable {u}: give the share of puzzles with no solution, at least 0 and \
                 below 1"
            )));
        }
        if self.unsolvable.is_some() && (self.day || self.days.is_some()) {
            return Err(Error::input(
                "--unsolvable mixes puzzles with no solution into a set: not with days",
            ));
        }
        if let Some(t) = self.test_share
            && !(t > 0.0 && t < 1.0)
        {
            return Err(Error::input(format!(
                "--test-share {t}: give the share held out for testing, between 0 and 1"
            )));
        }
        let days = self.days.map(u64::from).or(self.day.then_some(1));
        if days.is_some() && self.count.is_some() {
            return Err(Error::input(
                "--day and --days make days of five: not with --count",
            ));
        }
        if !matches!(
            self.convention,
            Convention::Trees | Convention::Expressions | Convention::Distinct
        ) {
            return Err(Error::input(format!(
                "--convention {}: generate counts trees, expressions or distinct",
                self.convention
            )));
        }
        Ok(days)
    }

    /// The game dealt from (its deck, and the targets made), and its difficulty bands when
    /// they are needed: the standard game's, or any game's asked for by band.
    fn dealt(&self, days: Option<u64>) -> Result<(Game, Option<Bands>)> {
        let mut game = self.game.game()?;
        let chosen = &self.game.rules;
        // A named game deals from its standard deck (Digits: 1–25) unless a pool is given; a
        // rules file deals from its own, and so does a game given inline unless it is the
        // preset.
        let named_deck = match &self.game.inline {
            Some(inline) => *inline == Game::preset(inline.kind),
            None => self.game.pool.is_none() && chosen.rules.is_none(),
        };
        if named_deck {
            game.pool = standard_game(game.kind).pool;
        }
        // A game with a fixed target (the 24 game, make-10) makes that target unless
        // --targets asks for others.
        if self.game.targets.is_none()
            && let Some(t) = game.target
        {
            game.targets = t..=t;
        }
        let changed = self.game.inline.is_some()
            || self.game.pool.is_some()
            || self.game.targets.is_some()
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
        // The game without the setter's target range: its bands are the whole game's (a game
        // given inline is whole as given).
        let whole = Game {
            targets: match &self.game.inline {
                Some(inline) => inline.targets.clone(),
                None => standard_game(game.kind).targets,
            },
            ..game.clone()
        };
        let standard = whole == standard_game(game.kind);
        let bands = if standard
            || matches!(self.difficulty, Some(Wanted::Band(_)))
            || self.stratify == Some(Stratify::Band)
        {
            Some(Bands::of(&whole)?)
        } else {
            None
        };
        Ok((game, bands))
    }

    /// The setter's constraints, as checks a puzzle must pass (the default `min_ops` is added
    /// by [`GenerateRequest::order`]).
    fn constraints(&self, game: &Game, bands: Option<&Bands>) -> Result<Vec<Check>> {
        if self.all && game.rules.unary_minus {
            return Err(Error::input(
                "--all lists every `distinct` solution, which unary minus leaves undefined: \
                 leave out --all or --unary-minus",
            ));
        }
        let mut checks = Vec::new();
        if let Some(s) = self.solutions {
            if self.convention == Convention::Distinct && game.rules.unary_minus {
                return Err(Error::input(
                    "--solutions counts `distinct` solutions, which unary minus leaves undefined: \
                     give --convention trees or expressions",
                ));
            }
            checks.push(Check::Solutions(s, self.convention));
        }
        if let Some(s) = self.min_ops {
            checks.push(Check::MinOps(s));
        }
        if self.uses_all {
            checks.push(Check::UsesAll);
        }
        if self.no_repeats {
            checks.push(Check::NoRepeats);
        }
        if self.allow_unpredictive && self.model_difficulty.is_none() {
            return Err(Error::input(
                "--allow-unpredictive lets --model-difficulty take a model that does not \
                 predict: give --model-difficulty",
            ));
        }
        match (&self.model_difficulty, self.difficulty) {
            (None, Some(w)) => checks.push(Check::difficulty(w, bands)?),
            (None, None) => {}
            (Some(path), wanted) => {
                let model = SuccessModel::read(path)?;
                if model.game != game.kind.to_string() {
                    return Err(Error::input(format!(
                        "{}: fitted on {} puzzles; this set is {}",
                        path.display(),
                        model.game,
                        game.kind
                    )));
                }
                if let Some(why) = model.unpredictive()
                    && !self.allow_unpredictive
                {
                    return Err(Error::input(format!(
                        "{}: {}'s failures are not predictable from the puzzles' properties \
                         ({why}), so a set chosen by its predicted success would be chosen by \
                         noise: give --allow-unpredictive to make it anyway",
                        path.display(),
                        model.model
                    )));
                }
                let Some(Wanted::Band(band)) = wanted else {
                    return Err(Error::input(
                        "--model-difficulty takes --difficulty as a band (easy, medium, hard, \
                         fiendish) of the model's predicted success",
                    ));
                };
                checks.push(Check::model_band(band, Arc::new(model)));
            }
        }
        Ok(checks)
    }

    /// The game as a ground truth names it: the game's options as given.
    fn truth_game(&self) -> TruthGame {
        let r = &self.game.rules;
        TruthGame {
            kind: r.game.clone().unwrap_or_else(|| "digits".to_string()),
            rules: r.rules.as_ref().map(|p| p.display().to_string()),
            pow: r.pow,
            unary_minus: r.unary_minus,
            use_all: r.use_all,
            zero: r.zero,
            negatives: r.negatives,
            fractions: r.fractions,
            concat: r.concat,
            pool: self.game.pool.clone(),
            targets: self.game.targets.clone(),
            size: self.game.size,
        }
    }

    pub fn run(&self, progress: &dyn Progress) -> Result<GenerateReport> {
        let (order, title) = self.order()?;
        let workers = pool(self.threads)?;
        let unit = match order.mode {
            Mode::Days(_) => "days",
            Mode::Count(_) => "boards",
        };
        progress.start("generate", unit, None);
        let generated = workers.install(|| generate::generate(&order, &|n| progress.advance(n)));
        progress.finish();
        let generated = generated?;
        let split = self.test_share.map(|test| Split {
            test,
            hold_out: self.hold_out,
            seed: self.seed,
        });
        if let Some(s) = &split {
            empty_part(
                s,
                &dataset::entries(&generated.puzzles, &generated.unsolvable),
            )?;
        }
        let success_model = order.checks.iter().find_map(Check::success_model).cloned();
        Ok(GenerateReport {
            generated,
            title,
            success_model,
            split,
            game: order.game,
            truth: self.truth_game(),
            unicode: self.unicode,
        })
    }
}

/// Refuses a split one of whose parts is empty: a set meant to be trained on one part and
/// judged on the other would silently be all in one.
fn empty_part(split: &Split, puzzles: &[SetPuzzle]) -> Result<()> {
    let test = puzzles.iter().filter(|p| split.of(p) == "test").count();
    let (empty, other) = match test {
        0 => ("test", "train"),
        n if n == puzzles.len() => ("train", "test"),
        _ => return Ok(()),
    };
    let held: std::collections::HashSet<String> = puzzles
        .iter()
        .map(|p| match split.hold_out {
            HoldOut::Boards => format!("{:?}", p.board()),
            HoldOut::Targets => p.target().to_string(),
        })
        .collect();
    Err(Error::input(format!(
        "--test-share {} --hold-out {} put all {} puzzles in {other} and none in {empty}: \
         they hold {} {}; ask for more puzzles, a larger share, or hold out the other",
        split.test,
        split.hold_out,
        puzzles.len(),
        held.len(),
        match (split.hold_out, held.len()) {
            (HoldOut::Boards, 1) => "board",
            (HoldOut::Targets, 1) => "target",
            (h, _) => h.name(),
        },
    )))
}

/// The table's first line: the game, the seed, how many and the constraints.
fn title(seed: u64, kind: GameKind, mode: &Mode, checks: &[Check]) -> String {
    let what = match mode {
        Mode::Days(1) => "a NYT-style day".to_string(),
        Mode::Days(n) => format!("{n} NYT-style days"),
        Mode::Count(1) => "1 puzzle".to_string(),
        Mode::Count(n) => format!("{n} puzzles"),
    };
    let mut t = format!("{kind} · seed {seed} · {what}");
    for c in checks {
        t.push_str(" · ");
        t.push_str(&c.label());
    }
    t
}
