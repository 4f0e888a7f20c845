//! One puzzle solved exactly: what `digits-lab solve` reports, as a serializable value (its
//! text is `present::solve`'s).

use serde::Serialize;

use crate::engine::{Dp, inequivalent};
use crate::error::{Error, Result};
use crate::features::Setting;
use crate::game::board::Board;
use crate::game::number::{Number, Wide};
use crate::game::rule_set::Game;
use crate::puzzle::difficulty::{self, Assessment};
use crate::puzzle::explain::{self, Explanation};
use crate::puzzle::sequences::{self, MoveCounts};

/// What to compute besides the counts.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// List every `distinct` solution.
    pub all: bool,
    /// Skip the `moves` search (it walks every move sequence, which is the slow part).
    pub no_moves: bool,
    /// Skip the difficulty (the player's exact walk is the other slow part): for callers
    /// that score the puzzle themselves, as `generate` does from the game's table.
    pub no_difficulty: bool,
}

/// A solution written out.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct WrittenSolution {
    pub expression: String,
    /// The player's moves, innermost first (`23 × 3 = 69`).
    pub moves: Vec<String>,
    pub ops: usize,
}

/// An exact value as JSON writes it: an integer when it is one, else the reduced fraction
/// as a string, `"7/2"` (the denominator positive).
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[serde(untagged)]
pub enum Exact {
    Integer(i64),
    Fraction(String),
}

impl Exact {
    pub(crate) fn of(w: Wide) -> Exact {
        match i64::try_from(w.num) {
            Ok(n) if w.den == 1 => Exact::Integer(n),
            _ => Exact::Fraction(format!("{}/{}", w.num, w.den)),
        }
    }
}

impl std::fmt::Display for Exact {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Exact::Integer(n) => write!(f, "{n}"),
            Exact::Fraction(s) => f.write_str(s),
        }
    }
}

/// The closest reachable values when the target is missed.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Closest {
    pub values: Vec<Exact>,
    pub distance: Exact,
    /// A shortest way to the first closest value.
    pub solution: Option<WrittenSolution>,
}

/// A puzzle's counts as `solve` reports them: the solutions under each convention (0 when
/// unsolvable; `distinct` absent where undefined), `min_ops` (absent when unsolvable) and,
/// under the 24 game's arithmetic, the `inequivalent` count ([`inequivalent`]).
#[derive(Clone, Copy, Debug, Default, Serialize, PartialEq, Eq)]
pub struct ReportCounts {
    pub trees: u64,
    pub expressions: u64,
    pub distinct: Option<u64>,
    pub min_ops: Option<u32>,
    /// Left out of the JSON where the convention is not defined (positive integers, `^`,
    /// unary minus, a subset of the numbers).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub inequivalent: Option<u64>,
}

/// The game's score for the best result.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Score {
    pub value: u32,
    pub unit: &'static str,
}

/// Everything `solve` reports about one puzzle.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Report {
    pub game: Game,
    pub board: Vec<i64>,
    pub target: i64,
    pub solvable: bool,
    /// Counts under `trees`, `expressions`, `distinct` and `min_ops`.
    pub counts: ReportCounts,
    pub moves: Option<MoveCounts>,
    pub shortest: Option<WrittenSolution>,
    /// Every `distinct` solution, fewest numbers first (with `--all`).
    pub solutions: Option<Vec<String>>,
    pub closest: Option<Closest>,
    pub score: Option<Score>,
    /// How hard the puzzle is for people, when solvable.
    pub difficulty: Option<Assessment>,
    /// What the difficulty model predicts people do with it (24-game puzzles, when solvable).
    pub predicted: Option<Prediction>,
}

/// The difficulty model's prediction in the units its players were measured in.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Prediction {
    /// Mean solve time in seconds.
    pub time_s: f64,
    /// Share of players who solve it.
    pub solve_rate: f64,
    /// Why: the simulated player's walk and the inputs that move the prediction most.
    pub explanation: Explanation,
}

/// Checks the target against the game and solves the puzzle.
pub fn solve(game: &Game, board: &Board, target: i64, opts: Options) -> Result<Report> {
    if !game.targets.contains(&target) {
        return Err(Error::input(format!(
            "target {target} is out of range for {} ({}..{}); --targets changes the range",
            game.kind,
            game.targets.start(),
            game.targets.end()
        )));
    }
    crate::with_number_type!(game.rules.arithmetic, V => solve_in::<V>(game, board, target, opts))
}

fn write_out<V: Number>(e: &crate::game::expr::Expr, limit: i64) -> WrittenSolution {
    WrittenSolution {
        expression: e.to_string(),
        moves: e.moves::<V>(limit),
        ops: e.ops(),
    }
}

fn solve_in<V: Number>(game: &Game, board: &Board, target: i64, opts: Options) -> Result<Report> {
    let rules = &game.rules;
    let t = V::from_int(target)
        .ok_or_else(|| Error::input(format!("target {target} is not a {} number", game.kind)))?;
    let dp = Dp::<V>::build(board, rules)?;
    let counts = dp.counts(t)?;
    let limit = rules.limit;
    let values: Vec<V> = board
        .numbers()
        .iter()
        .map(|&n| V::from_int(n).expect("board numbers are in the domain"))
        .collect();
    let moves = if opts.no_moves {
        None
    } else {
        Some(sequences::count(&values, t, rules)?)
    };
    let solvable = counts.is_some();
    let shortest = dp.shortest(t).map(|e| write_out::<V>(&e, limit));
    let solutions = if opts.all && solvable && dp.distinct_defined() {
        Some(
            dp.distinct_solutions(t)?
                .iter()
                .map(|f| f.to_string())
                .collect(),
        )
    } else {
        None
    };
    let (closest, distance) = if solvable {
        (None, Some(0.0))
    } else {
        match dp.closest(t) {
            Some((d, vs)) => (
                Some(Closest {
                    values: vs.iter().map(|v| Exact::of(v.to_wide())).collect(),
                    distance: Exact::of(d),
                    solution: dp.shortest(vs[0]).map(|e| write_out::<V>(&e, limit)),
                }),
                Some(d.num as f64 / d.den as f64),
            ),
            None => (None, None),
        }
    };
    let assessed = if opts.no_difficulty {
        None
    } else {
        difficulty::assess(&dp, board, &game.rules, target)?
    };
    let assessed = assessed.map(|a| {
        let player = explain::walk::<V>(game, board.numbers(), target);
        let setting = Setting::of::<V>(board, rules);
        explain::explain(game, &a, target, setting, player)
    });
    let score = distance
        .and_then(|d| game.scoring.score(d))
        .map(|(value, unit)| Score { value, unit });
    let inequivalent = inequivalent::defined(rules, board.numbers())
        .then(|| inequivalent::counts(board.numbers(), target..=target)[0]);
    Ok(Report {
        game: game.clone(),
        board: board.numbers().to_vec(),
        target,
        solvable,
        counts: match counts {
            Some(c) => ReportCounts {
                trees: c.trees,
                expressions: c.expressions,
                distinct: c.distinct,
                min_ops: Some(c.min_ops),
                inequivalent,
            },
            None => ReportCounts {
                distinct: dp.distinct_defined().then_some(0),
                inequivalent,
                ..ReportCounts::default()
            },
        },
        moves,
        shortest,
        solutions,
        closest,
        score,
        difficulty: assessed.as_ref().map(|(a, _)| *a),
        predicted: assessed.map(|(a, explanation)| Prediction {
            time_s: a.predicted_time_s(),
            solve_rate: a.predicted_solve_rate(),
            explanation,
        }),
    })
}
