//! The human data the model is fitted to, `assets/human-24-4nums-train.csv` (provenance in
//! `assets/README.md`): per 24-game set, the mean time people took and the share who solved
//! it. The binary carries the file, so `fit` runs from anywhere; each set's features are
//! measured with the engine, exactly as `analyze` measures them.
//!
//! Any game's data read the same way (`fit --human`, e.g. what `digits-lab study export`
//! writes): the first three columns as in the 24-game file, then optional `game` and
//! `target` columns named in the header (the 24 game and the game's fixed target when
//! absent). A puzzle nobody solved (an empty mean time, solve rate 0) has no time to fit
//! and is left out.

use std::path::Path;

use crate::engine::Dp;
use crate::error::{Error, Result};
use crate::features::{self, Features, Setting};
use crate::game::board::Board;
use crate::game::number::Number;
use crate::game::rule_set::{Game, GameKind};

use super::cv::Sample;
use super::inputs;

/// Where the training file lives in the repository.
pub const TRAINING_CSV: &str = "assets/human-24-4nums-train.csv";

/// The training file as the binary carries it.
pub const EMBEDDED: &str = include_str!("../../assets/human-24-4nums-train.csv");

/// The target of every training set.
pub const TARGET: i64 = 24;

/// One set of cards (a board) and its target, what people did with it, and its features.
#[derive(Clone, Debug)]
pub struct TrainingSet {
    /// The game it was played in (the 24 game for the training file).
    pub game: Game,
    pub cards: Vec<i64>,
    pub target: i64,
    pub mean_time_s: f64,
    pub solve_rate: f64,
    /// Solutions under `trees` and `expressions`, for comparison with the model.
    pub trees: u64,
    pub expressions: u64,
    pub features: Features,
    pub setting: Setting,
}

impl TrainingSet {
    /// The set as the model sees it.
    pub fn sample(&self) -> Sample {
        Sample {
            inputs: inputs::of(&self.features, self.target, &self.setting).to_vec(),
            mean_time_s: self.mean_time_s,
            solve_rate: self.solve_rate,
        }
    }
}

/// The training file `path`, or the embedded one.
pub fn read(path: Option<&Path>) -> Result<Vec<TrainingSet>> {
    match path {
        None => parse(EMBEDDED, TRAINING_CSV),
        Some(p) => {
            let text = std::fs::read_to_string(p)
                .map_err(|e| Error::failed(format!("cannot read {}", p.display()), e))?;
            parse(&text, &p.display().to_string())
        }
    }
}

/// The sets of a training file's text (`origin` names it in errors), each measured.
pub fn parse(text: &str, origin: &str) -> Result<Vec<TrainingSet>> {
    let bad = |line: usize, what: String| Error::input(format!("{origin}, line {line}: {what}"));
    let mut lines = text.lines();
    let header = lines.next().unwrap_or_default();
    if !header.starts_with("cards,mean_time_s,solve_rate") {
        return Err(bad(
            1,
            "expected the header `cards,mean_time_s,solve_rate,…`".into(),
        ));
    }
    let names: Vec<&str> = header.split(',').map(str::trim).collect();
    let column = |name: &str| names.iter().position(|&n| n == name);
    let at = (column("game"), column("target"));
    let mut game: Option<Game> = None;
    let mut sets = Vec::new();
    for (i, line) in lines.enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let n = i + 2;
        let bad = |what: String| bad(n, what);
        let Some(r) = row(line, at, &mut game, &bad)? else {
            continue;
        };
        let game = &r.game;
        let measured = crate::with_number_type!(game.rules.arithmetic, V => measure::<V>(game, &r.board, r.target)?);
        let Some((c, a, setting)) = measured else {
            return Err(bad(format!("{} cannot make {}", r.cards, r.target)));
        };
        sets.push(TrainingSet {
            game: r.game.clone(),
            cards: r.board.numbers().to_vec(),
            target: r.target,
            mean_time_s: r.mean_time_s,
            solve_rate: r.solve_rate,
            trees: c.trees,
            expressions: c.expressions,
            features: a,
            setting,
        });
    }
    if sets.len() < 20 {
        return Err(bad(
            1,
            format!("{} sets are too few to fit a model", sets.len()),
        ));
    }
    Ok(sets)
}

/// A line of a training file, read: its game, board and target, and people's mean time
/// and solve rate.
struct Row<'a> {
    game: Game,
    cards: &'a str,
    board: Board,
    target: i64,
    mean_time_s: f64,
    solve_rate: f64,
}

/// The set on `line` (its game and target in the columns `at`, when the file has them;
/// every line of the file of the same game, the first line's kept in `games`); `None` when
/// nobody solved it, which leaves no time to fit. `bad` says what is wrong with the line.
fn row<'a>(
    line: &'a str,
    (game_at, target_at): (Option<usize>, Option<usize>),
    games: &mut Option<Game>,
    bad: &dyn Fn(String) -> Error,
) -> Result<Option<Row<'a>>> {
    let fields: Vec<&str> = line.split(',').collect();
    let [cards, time, rate, ..] = fields[..] else {
        return Err(bad(format!("expected at least three fields, got `{line}`")));
    };
    let field = |at: Option<usize>, what: &str| -> Result<Option<&str>> {
        match at {
            None => Ok(None),
            Some(k) => fields
                .get(k)
                .map(|f| Some(f.trim()))
                .ok_or_else(|| bad(format!("no {what} field"))),
        }
    };
    let game = match field(game_at, "game")? {
        None => Game::preset(GameKind::TwentyFour),
        Some(name) => Game::preset(name.parse::<GameKind>().map_err(|e| bad(e.to_string()))?),
    };
    match games {
        None => *games = Some(game.clone()),
        Some(g) if g.kind != game.kind => {
            return Err(bad(format!(
                "a file holds one game's puzzles: {} and {}",
                g.kind, game.kind
            )));
        }
        Some(_) => {}
    }
    let number = |s: &str, what: &str| -> Result<f64> {
        s.trim()
            .parse::<f64>()
            .ok()
            .filter(|x| x.is_finite())
            .ok_or_else(|| bad(format!("{what} `{s}` is not a number")))
    };
    let solve_rate = number(rate, "solve rate")?;
    if time.trim().is_empty() && solve_rate == 0.0 {
        return Ok(None);
    }
    let mean_time_s = number(time, "mean time")?;
    if mean_time_s <= 0.0 || !(0.0..=1.0).contains(&solve_rate) {
        return Err(bad("times must be positive and rates within 0–1".into()));
    }
    let target = match (field(target_at, "target")?, game.target) {
        (Some(t), _) => t
            .parse::<i64>()
            .map_err(|_| bad(format!("target `{t}` is not a whole number")))?,
        (None, Some(t)) => t,
        (None, None) => {
            return Err(bad(format!("{} puzzles need a target column", game.kind)));
        }
    };
    let words: Vec<&str> = cards.split_whitespace().collect();
    // A longer line than the game's boards would only make the engine slow.
    if words.len() != game.size {
        return Err(bad(format!(
            "a {} board is {} numbers, not `{cards}`",
            game.kind, game.size
        )));
    }
    let board = Board::parse(&game, &words).map_err(|e| bad(e.to_string()))?;
    Ok(Some(Row {
        game,
        cards,
        board,
        target,
        mean_time_s,
        solve_rate,
    }))
}

/// A board's counts at `target`, its features and setting, in the game's number domain
/// (`None` when the target cannot be made).
fn measure<V: Number>(
    game: &Game,
    board: &Board,
    target: i64,
) -> Result<Option<(crate::engine::Counts, Features, Setting)>> {
    let dp = Dp::<V>::build(board, &game.rules)?;
    let Some(t) = V::from_int(target) else {
        return Ok(None);
    };
    let (Some(c), Some(a)) = (
        dp.counts(t)?,
        features::measure(&dp, board, &game.rules, target)?,
    ) else {
        return Ok(None);
    };
    Ok(Some((c, a, Setting::of::<V>(board, &game.rules))))
}
