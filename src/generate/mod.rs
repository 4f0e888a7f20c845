//! Puzzles to order (`digits-lab generate`): boards drawn from a game's deck with a seed,
//! solved exactly, and kept when one of their targets meets the setter's constraints; or a
//! NYT-style day of five puzzles of rising difficulty.
//!
//! - [`rng`]: the seeded random numbers; [`deck`]: how a board is drawn;
//! - [`span`] and [`constraints`]: what a puzzle must meet, and the tally that explains a
//!   request nothing meets; [`bands`]: the named difficulty bands;
//! - [`draws`]: boards drawn until enough puzzles pass, each solved against every target
//!   ([`crate::puzzle::board_run`]);
//! - [`style`]: the NYT style learned from the archive; [`day`]: a day of five;
//! - [`puzzle`]: a puzzle as `solve` reports it (written as a table, CSV or JSON by
//!   `crate::present::generate`); [`dataset`]: the puzzles as a dataset for models (JSONL,
//!   Parquet), with a seeded split ([`split`]) and a [`prompt`], [`columns`], its rows as
//!   table columns, [`hf_folder`], as a Hugging Face dataset folder, and [`verl_folder`], in
//!   verl's row shape;
//!   [`strata`]: sets shared equally among the strata of one property.
//!
//! The same request and seed give the same puzzles at any thread count: every board is drawn
//! from its own generator (seed, stream, index), boards are solved in fixed batches and read
//! in the order drawn. Generation reads no tables, so it gives the same puzzles whether or
//! not an `analyze` has run.

pub mod bands;
pub mod columns;
pub mod constraints;
pub mod dataset;
pub mod day;
pub mod deck;
pub mod draws;
pub mod hf_folder;
pub mod prompt;
pub mod puzzle;
pub mod rng;
pub mod span;
pub mod split;
pub mod strata;
pub mod style;
pub mod verl_folder;

use rayon::prelude::*;
use rustc_hash::FxHashSet;

use crate::error::{Error, Result};
use crate::game::board::Board;
use crate::game::pool::Pool;
use crate::game::rule_set::{Game, GameKind};

use bands::Bands;
use constraints::Check;
use deck::Deck;
use draws::Draws;
use puzzle::{NoSolution, Place, Puzzle};
use span::Span;
use style::Style;

/// The sequences of boards one seed gives, one per use, so that no two uses draw the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u64)]
pub enum Stream {
    /// `--count` puzzles.
    Count = 1,
    /// The sample the bands are cut from.
    Bands = 2,
    /// NYT-style days (with the day and slot in the low bits).
    Day = 3,
    /// The strata of a stratified set (with the stratum in the low bits).
    Stratum = 4,
    /// The puzzles with no solution a set mixes in (`--unsolvable`).
    Unsolvable = 5,
}

/// The most targets a board is solved against: each is a row of counts per board drawn.
pub const MAX_TARGETS: i64 = 100_000;

/// The game a standard deck deals: the preset, with Digits' numbers from 1–25 (the `digits`
/// corpus; the preset itself accepts any positive number in `solve`).
pub fn standard_game(kind: GameKind) -> Game {
    match kind {
        GameKind::Digits => Game {
            pool: "1-25".parse::<Pool>().expect("the Digits deck parses"),
            ..Game::preset(kind)
        },
        k => Game::preset(k),
    }
}

/// How many puzzles are asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// This many puzzles from the game's deck.
    Count(usize),
    /// This many NYT-style days of five (Digits).
    Days(u64),
}

/// Puzzles to order, checked: the game dealt from, the constraints, how many.
#[derive(Clone, Debug)]
pub struct Order {
    /// The game; its target range is the range the puzzles' targets are drawn from.
    pub game: Game,
    /// The setter's constraints.
    pub checks: Vec<Check>,
    pub mode: Mode,
    pub seed: u64,
    /// Boards in a row that give nothing new before giving up (for a day, boards in all).
    pub tries: u64,
    /// Write out every `distinct` solution.
    pub all: bool,
    /// The game's bands, when known: each puzzle is labelled with its band.
    pub bands: Option<Bands>,
    /// The most puzzles one board gives (distinct targets; days take one).
    pub per_board: usize,
    /// The strata the puzzles are shared among, each a constraint (none: one search).
    pub strata: Vec<Check>,
    /// Puzzles with no solution to mix in, beside the count's solvable ones.
    pub unsolvable: usize,
}

/// What an order gave.
#[derive(Clone, Debug, PartialEq)]
pub struct Generated {
    pub puzzles: Vec<Puzzle>,
    /// Puzzles with no solution, where the order mixes them in.
    pub unsolvable: Vec<NoSolution>,
    /// Boards drawn in all.
    pub boards: u64,
}

/// Generates the puzzles of `order`; `progress` is told of every board read (of every day,
/// for days).
pub fn generate(order: &Order, progress: &dyn Fn(u64)) -> Result<Generated> {
    match order.mode {
        Mode::Count(n) => count(order, n, progress),
        Mode::Days(n) => days(order, n, progress),
    }
}

fn count(order: &Order, n: usize, progress: &dyn Fn(u64)) -> Result<Generated> {
    let (lo, hi) = (*order.game.targets.start(), *order.game.targets.end());
    if hi - lo + 1 > MAX_TARGETS {
        return Err(Error::input(format!(
            "targets {lo}-{hi} are {} targets; generate solves each board against at most {MAX_TARGETS}",
            hi - lo + 1
        )));
    }
    let deck = Deck::of(&order.game)?;
    let mut used: FxHashSet<Board> = FxHashSet::default();
    // One search, or one per stratum with its constraint added and a sequence of its own.
    let searches: Vec<(Vec<Check>, u64, usize)> = if order.strata.is_empty() {
        vec![(order.checks.clone(), Stream::Count as u64, n)]
    } else {
        let k = order.strata.len();
        (order.strata.iter().enumerate())
            .map(|(i, s)| {
                let mut checks = order.checks.clone();
                checks.push(s.clone());
                let stream = ((Stream::Stratum as u64) << 48) | i as u64;
                (checks, stream, strata::share(n, k, i))
            })
            .collect()
    };
    let mut found = Vec::with_capacity(n);
    let mut boards = 0;
    for (checks, stream, wanted) in &searches {
        let draws = Draws {
            game: &order.game,
            deck: &deck,
            targets: (lo, hi),
            checks,
            seed: order.seed,
            stream: *stream,
            per_board: order.per_board,
            unsolvable: false,
        };
        let (more, t) = draws::search(&draws, *wanted, order.tries, &mut used, progress)?;
        found.extend(more);
        boards += t.boards;
    }
    let puzzles = found
        .par_iter()
        .map(|f| Puzzle::of(&order.game, f, order.all, order.bands.as_ref(), None))
        .collect::<Result<_>>()?;
    let (unsolvable, more) = no_solutions(order, &deck, &mut used, progress)?;
    Ok(Generated {
        puzzles,
        unsolvable,
        boards: boards + more,
    })
}

/// The order's puzzles with no solution: boards dealt on a stream of their own, none used
/// already, each with a target of the range it cannot make.
fn no_solutions(
    order: &Order,
    deck: &Deck,
    used: &mut FxHashSet<Board>,
    progress: &dyn Fn(u64),
) -> Result<(Vec<NoSolution>, u64)> {
    if order.unsolvable == 0 {
        return Ok((Vec::new(), 0));
    }
    let draws = Draws {
        game: &order.game,
        deck,
        targets: (*order.game.targets.start(), *order.game.targets.end()),
        checks: &[],
        seed: order.seed,
        stream: Stream::Unsolvable as u64,
        per_board: order.per_board,
        unsolvable: true,
    };
    let (found, tally) = draws::search(&draws, order.unsolvable, order.tries, used, progress)
        .map_err(|e| match e {
            Error::Exhausted(_) => Error::Exhausted(format!(
                "--unsolvable: fewer than {} puzzles with no solution turned up before {} \
                 boards in a row gave none (nearly every board of this game makes every \
                 target): ask for a smaller share, or raise --tries",
                order.unsolvable, order.tries
            )),
            e => e,
        })?;
    let distinct = (!order.game.rules.unary_minus).then_some(0);
    let puzzles = found
        .into_iter()
        .map(|f| NoSolution {
            board: f.board.numbers().to_vec(),
            target: f.target,
            distinct,
        })
        .collect();
    Ok((puzzles, tally.boards))
}

fn days(order: &Order, n: u64, progress: &dyn Fn(u64)) -> Result<Generated> {
    let game = standard_game(GameKind::Digits);
    let style = Style::nyt()?;
    // The style's own constraint on the fewest operations, unless the setter gave one.
    let mut checks = order.checks.clone();
    if !checks.iter().any(|c| matches!(c, Check::MinOps(_))) {
        checks.push(Check::MinOps(Span {
            lo: (*style::MIN_OPS.start()).into(),
            hi: (*style::MIN_OPS.end()).into(),
        }));
    }
    let per_slot = vec![checks; style.slots.len()];
    let mut used: FxHashSet<Board> = FxHashSet::default();
    let mut puzzles = Vec::new();
    let mut boards = 0;
    for d in 0..n {
        let (slots, drawn) = day::day(
            &game,
            &style,
            &per_slot,
            order.seed,
            d,
            order.tries,
            &mut used,
        )?;
        let day_puzzles: Vec<Puzzle> = slots
            .par_iter()
            .map(|s| {
                let place = Place {
                    day: d + 1,
                    slot: s.slot,
                };
                Puzzle::of(
                    &game,
                    &s.found,
                    order.all,
                    order.bands.as_ref(),
                    Some(place),
                )
            })
            .collect::<Result<_>>()?;
        puzzles.extend(day_puzzles);
        boards += drawn;
        progress(1);
    }
    Ok(Generated {
        puzzles,
        unsolvable: Vec::new(),
        boards,
    })
}
