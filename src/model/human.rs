//! The human data the model is fitted to, `data/human-24-4nums-train.csv` (provenance in
//! `data/README.md`): per 24-game set, the mean time people took and the share who solved
//! it. The binary carries the file, so `fit` runs from anywhere; each set's features are
//! measured with the engine, exactly as `analyze` measures them.

use std::path::Path;

use crate::engine::Dp;
use crate::error::{Error, Result};
use crate::features::{self, Features, Setting};
use crate::game::board::Board;
use crate::game::number::{Number, Rational};
use crate::game::rule_set::{Game, GameKind};

use super::cv::Sample;
use super::inputs;

/// Where the training file lives in the repository.
pub const TRAINING_CSV: &str = "data/human-24-4nums-train.csv";

/// The training file as the binary carries it.
pub const EMBEDDED: &str = include_str!("../../data/human-24-4nums-train.csv");

/// The target of every training set.
pub const TARGET: i64 = 24;

/// One set of four cards, what people did with it, and its features.
#[derive(Clone, Debug)]
pub struct TrainingSet {
    pub cards: Vec<i64>,
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
            inputs: inputs::of(&self.features, TARGET, &self.setting).to_vec(),
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
                .map_err(|e| Error::Io(format!("cannot read {}: {e}", p.display())))?;
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
    let game = Game::preset(GameKind::TwentyFour);
    let mut sets = Vec::new();
    for (i, line) in lines.enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let n = i + 2;
        let fields: Vec<&str> = line.split(',').collect();
        let [cards, time, rate, ..] = fields[..] else {
            return Err(bad(
                n,
                format!("expected at least three fields, got `{line}`"),
            ));
        };
        let number = |s: &str, what: &str| -> Result<f64> {
            s.trim()
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite())
                .ok_or_else(|| bad(n, format!("{what} `{s}` is not a number")))
        };
        let (mean_time_s, solve_rate) = (number(time, "mean time")?, number(rate, "solve rate")?);
        if mean_time_s <= 0.0 || !(0.0..=1.0).contains(&solve_rate) {
            return Err(bad(n, "times must be positive and rates within 0–1".into()));
        }
        let words: Vec<&str> = cards.split_whitespace().collect();
        // The data are sets of four cards: a longer line would only make the engine slow.
        if words.len() != game.size {
            return Err(bad(
                n,
                format!("a set is {} cards, not `{cards}`", game.size),
            ));
        }
        let board = Board::parse(&game, &words).map_err(|e| bad(n, e.to_string()))?;
        let dp = Dp::<Rational>::build(&board, &game.rules)?;
        let target = Rational::from_int(TARGET).expect("24 is a rational");
        let (Some(c), Some(a)) = (
            dp.counts(target)?,
            features::measure(&dp, &board, &game.rules, TARGET)?,
        ) else {
            return Err(bad(n, format!("{cards} cannot make {TARGET}")));
        };
        sets.push(TrainingSet {
            cards: board.numbers().to_vec(),
            mean_time_s,
            solve_rate,
            trees: c.trees,
            expressions: c.expressions,
            features: a,
            setting: Setting::of::<Rational>(&board, &game.rules),
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
