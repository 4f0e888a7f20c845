//! `POST /check`: a batch of answers with their boards, targets and game, as Python's
//! `check_many` takes them — `{"answers": […], "numbers": [[…] or "1 2 3 4", …], "targets":
//! null | 24 | […], "game": null | "24" | {"kind": …, options}}` — and one verdict a row
//! back, with the fields `check --batch` writes, and the tally. The game is the request's
//! when it names one, else the server's (the one rule of [`crate::reward::games`]).

use std::fmt;

use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};

use crate::dataset::check::{Line, Tally, check_rows, line};
use crate::dataset::input::{Row, Unusable, numbers_text};
use crate::reward::GameSpec;

use super::Service;
use super::routes::Reply;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CheckBody {
    answers: Vec<Option<String>>,
    numbers: Vec<Board>,
    #[serde(default)]
    targets: Targets,
    #[serde(default)]
    game: Option<serde_json::Value>,
}

/// A board as a row gives it: a list of integers, or their text (whose words are the row's
/// to answer for: a board of other words is that row's fault, not the request's).
struct Board(Result<Vec<i64>, Unusable>);

/// The targets: none (the game's own), one for every row, or one a row.
#[derive(Default)]
enum Targets {
    #[default]
    Game,
    All(i64),
    Each(Vec<i64>),
}

#[derive(Serialize)]
struct CheckReply<'a> {
    verdicts: Vec<Line<'a>>,
    tally: &'a Tally,
}

impl Service {
    /// The verdicts on a `/check` body.
    pub fn check(&self, body: &[u8]) -> Reply {
        let (b, n) = match self.batch(body, "answers", |b: &CheckBody| b.answers.len()) {
            Ok(batch) => batch,
            Err(refused) => return refused,
        };
        if b.numbers.len() != n {
            return Reply::error(
                422,
                &format!(
                    "give one board per answer: {n} answers, {} boards",
                    b.numbers.len()
                ),
            );
        }
        if let Targets::Each(t) = &b.targets
            && t.len() != n
        {
            return Reply::error(
                422,
                &format!(
                    "give one target per answer: {n} answers, {} targets",
                    t.len()
                ),
            );
        }
        let spec = match b.game.as_ref().map(GameSpec::of).transpose() {
            Ok(s) => s,
            Err(why) => return Reply::error(422, &why),
        };
        let mut resolver = self.games.resolver();
        let game = match resolver.game(spec.as_ref()) {
            Ok(g) => g,
            Err(why) => return Reply::error(422, &why),
        };
        let rows: Vec<Row> = b
            .answers
            .into_iter()
            .zip(b.numbers)
            .enumerate()
            .map(|(i, (answer, board))| Row {
                row: i as u64,
                numbers: board.0,
                target: match &b.targets {
                    Targets::Game => None,
                    Targets::All(t) => Some(Ok(*t)),
                    Targets::Each(t) => Some(Ok(t[i])),
                },
                answer: Some(Ok(answer.unwrap_or_default())),
                model: None,
            })
            .collect();
        let verdicts = check_rows(game, &rows);
        let mut tally = Tally::default();
        verdicts.iter().for_each(|v| tally.add(v));
        Reply::ok(&CheckReply {
            verdicts: verdicts.iter().map(line).collect(),
            tally: &tally,
        })
    }
}

impl<'de> Deserialize<'de> for Board {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Board, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Board;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a board: a list of integers or their text")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Board, E> {
                Ok(Board(numbers_text(s).map_err(Unusable)))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Board, A::Error> {
                let mut numbers = Vec::with_capacity(seq.size_hint().unwrap_or(6).min(64));
                while let Some(n) = seq.next_element::<i64>()? {
                    numbers.push(n);
                }
                Ok(Board(Ok(numbers)))
            }
        }
        d.deserialize_any(V)
    }
}

impl<'de> Deserialize<'de> for Targets {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Targets, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Targets;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("targets: null, an integer, or a list of integers")
            }
            fn visit_unit<E: de::Error>(self) -> Result<Targets, E> {
                Ok(Targets::Game)
            }
            fn visit_i64<E: de::Error>(self, t: i64) -> Result<Targets, E> {
                Ok(Targets::All(t))
            }
            fn visit_u64<E: de::Error>(self, t: u64) -> Result<Targets, E> {
                i64::try_from(t)
                    .map(Targets::All)
                    .map_err(|_| E::custom("a target past 64 bits"))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Targets, A::Error> {
                let mut t = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(1 << 16));
                while let Some(n) = seq.next_element::<i64>()? {
                    t.push(n);
                }
                Ok(Targets::Each(t))
            }
        }
        d.deserialize_any(V)
    }
}
