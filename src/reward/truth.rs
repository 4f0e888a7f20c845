//! A row's ground truth, as `generate` writes it and the Python rewards read it: a JSON
//! object (or its text, as Parquet written by other tools often holds it) with the board's
//! `numbers` (`nums` too; a list of whole numbers or their text), the `target` (absent for a
//! game that fixes it) and, optionally, the `game` the row is played under — a name
//! (`"24"`) or a game's kind and options (`{"kind": "countdown", "pool": "1-100x6"}`, the
//! fields of `generate`'s `TruthGame`, which map onto [`GameOptions`]).

use serde_json::{Map, Value};

use crate::dataset::input::{Unusable, numbers_text};
use crate::game::options::{GameOptions, RulesOptions};
use crate::generate::dataset::TruthGame;

/// A ground truth read: the numbers (or why they are not a board), the target and the game
/// the row names.
#[derive(Clone, Debug, PartialEq)]
pub struct Truth {
    pub numbers: Result<Vec<i64>, Unusable>,
    pub target: Option<i64>,
    pub game: Option<GameSpec>,
}

/// The game a ground truth names: by name, or by kind and options.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameSpec {
    Named(String),
    Options(TruthGame),
}

/// A text for a message: at most 60 characters of it.
fn clip(text: &str) -> String {
    match text.char_indices().nth(60) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_string(),
    }
}

/// A JSON value's type, for a message.
fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a bool",
        Value::Number(n) if n.is_i64() || n.is_u64() => "an integer",
        Value::Number(_) => "a float",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

impl Truth {
    /// A label as the trainer sends it: a ground truth object, or its JSON text.
    pub fn of_label(label: &Value) -> Result<Truth, String> {
        match label {
            Value::String(text) => {
                let parsed: Value = serde_json::from_str(text)
                    .map_err(|e| format!("the ground truth `{}` is not JSON: {e}", clip(text)))?;
                match &parsed {
                    Value::Object(map) => Truth::of_map(map),
                    other => Err(format!(
                        "a ground truth is a JSON object, not {}",
                        kind_of(other)
                    )),
                }
            }
            Value::Object(map) => Truth::of_map(map),
            other => Err(format!(
                "a ground truth is a JSON object or its text, not {}",
                kind_of(other)
            )),
        }
    }

    /// A ground truth's fields (`numbers` or `nums`, `target`, `game`).
    pub fn of_map(map: &Map<String, Value>) -> Result<Truth, String> {
        let numbers = match map.get("numbers").or_else(|| map.get("nums")) {
            Some(v) => board(v)?,
            None => {
                let has: Vec<&str> = map.keys().map(String::as_str).collect();
                return Err(format!(
                    "the ground truth has none of numbers, nums (it has {})",
                    clip(&has.join(", "))
                ));
            }
        };
        let target = match map.get("target") {
            None | Some(Value::Null) => None,
            Some(v) => Some(
                whole(v)
                    .ok_or_else(|| format!("target: expected an integer, not {}", kind_of(v)))?,
            ),
        };
        let game = match map.get("game") {
            None | Some(Value::Null) => None,
            Some(v) => Some(GameSpec::of(v)?),
        };
        Ok(Truth {
            numbers,
            target,
            game,
        })
    }
}

/// An integer, never a bool or a float.
fn whole(v: &Value) -> Option<i64> {
    v.as_i64()
}

/// A board: whole numbers in a list, or their text (`"1 2 3 4"`, `"[1, 2, 3, 4]"`), whose
/// words are the row's to answer for (a board that is no list of integers is refused).
fn board(v: &Value) -> Result<Result<Vec<i64>, Unusable>, String> {
    match v {
        Value::String(text) => Ok(numbers_text(text).map_err(Unusable)),
        Value::Array(items) => items
            .iter()
            .map(|n| {
                whole(n).ok_or_else(|| format!("numbers: expected integers, not {}", kind_of(n)))
            })
            .collect::<Result<Vec<i64>, String>>()
            .map(Ok),
        other => Err(format!(
            "numbers: expected a list of integers, not {}",
            kind_of(other)
        )),
    }
}

impl GameSpec {
    /// The `game` field of a ground truth: a name, or an object of kind and options.
    pub fn of(v: &Value) -> Result<GameSpec, String> {
        match v {
            Value::String(name) => Ok(GameSpec::Named(name.clone())),
            Value::Object(map) => read_game(map).map(GameSpec::Options),
            other => Err(format!(
                "the ground truth's game is a name or an object of kind and options, not {}",
                kind_of(other)
            )),
        }
    }

    /// The game's options, as `check` takes them.
    pub fn options(&self) -> Result<GameOptions, String> {
        match self {
            GameSpec::Named(name) => Ok(GameOptions::named(name)),
            GameSpec::Options(o) => options(o),
        }
    }
}

/// A game's kind and options as a ground truth writes them (`generate`'s [`TruthGame`],
/// `digits_lab.Game`'s fields): an option left out or null is off, a kind left out is
/// Digits, as in Python.
fn read_game(map: &Map<String, Value>) -> Result<TruthGame, String> {
    let mut o = TruthGame {
        kind: "digits".to_string(),
        ..TruthGame::default()
    };
    for (key, v) in map {
        if v.is_null() {
            continue;
        }
        let text = || {
            v.as_str()
                .map(str::to_string)
                .ok_or_else(|| format!("game.{key}: expected a string, not {}", kind_of(v)))
        };
        let flag = || {
            v.as_bool()
                .ok_or_else(|| format!("game.{key}: expected a bool, not {}", kind_of(v)))
        };
        match key.as_str() {
            "kind" => o.kind = text()?,
            "rules" => o.rules = Some(text()?),
            "pow" => o.pow = flag()?,
            "unary_minus" => o.unary_minus = flag()?,
            "use_all" => o.use_all = flag()?,
            "zero" => o.zero = flag()?,
            "negatives" => o.negatives = flag()?,
            "fractions" => o.fractions = flag()?,
            "concat" => o.concat = flag()?,
            "pool" => o.pool = Some(text()?),
            "targets" => o.targets = Some(text()?),
            "size" => {
                let n = v.as_u64().ok_or_else(|| {
                    format!("game.size: expected a whole number, not {}", kind_of(v))
                })?;
                o.size = Some(usize::try_from(n).map_err(|_| "game.size: too large")?);
            }
            other => {
                return Err(format!(
                    "the ground truth's game has an unknown field `{}`",
                    clip(other)
                ));
            }
        }
    }
    Ok(o)
}

/// A ground truth's game as `check`'s flags: a rules file is the server's own to choose
/// (`--rules`), never a path a request names.
fn options(g: &TruthGame) -> Result<GameOptions, String> {
    if let Some(path) = &g.rules {
        return Err(format!(
            "the ground truth names a rules file ({}): the server reads none a request \
                 names; start it with --rules and leave the rows' game out",
            clip(path)
        ));
    }
    Ok(GameOptions {
        rules: RulesOptions {
            game: Some(g.kind.clone()),
            rules: None,
            pow: g.pow,
            unary_minus: g.unary_minus,
            concat: g.concat,
            use_all: g.use_all,
            zero: g.zero,
            negatives: g.negatives,
            fractions: g.fractions,
        },
        pool: g.pool.clone(),
        targets: g.targets.clone(),
        size: g.size,
        inline: None,
    })
}
