//! One trial's board as the participant plays it, checked by the server: tiles in fixed
//! places, a move combining two of them with the game's one checked arithmetic
//! ([`Rules::apply`] on the game's number type), undo and reset; a move as a choice among the
//! board's moves, the game's moves as the simulated player counts them
//! (`digits_lab::game::moves`), for the preference fit. The result of a move takes
//! the place of the second tile and the first is emptied, as in NYT Digits. Nothing here
//! knows a solution: a move is accepted when it follows from the board, and the trial is
//! solved when the board shows the target (every number used, for a game that requires it).

use std::fmt;

use digits_lab::game::moves::{Move, Tile, board_tile};
use digits_lab::game::number::{Int, Number, Op, Rational, Signed, Whole};
use digits_lab::game::rules::{Arithmetic, Rules};
use digits_lab::request::move_prefs::Choice;

/// An action the participant takes on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Tile `a` `op` tile `b`; the result goes where `b` was.
    Combine {
        a: usize,
        op: Op,
        b: usize,
    },
    Undo,
    Reset,
}

impl Action {
    /// The action's kind as stored: `op`, `undo` or `reset`.
    pub fn kind(&self) -> &'static str {
        match self {
            Action::Combine { .. } => "op",
            Action::Undo => "undo",
            Action::Reset => "reset",
        }
    }
}

/// Why an action does not follow from the board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    #[error("tile {0} is not on the board")]
    NoTile(usize),
    #[error("a tile cannot be combined with itself")]
    SameTile,
    #[error("{0} is not allowed in this game")]
    Result(String),
    #[error("there is no move to undo")]
    NothingToUndo,
    #[error("the board is as it started: nothing to reset")]
    NothingToReset,
}

/// The operation named by its symbol (`+`, `-` or `−`, `*` or `×`, `/` or `÷`, `^`).
pub fn op_of(s: &str) -> Option<Op> {
    Some(match s {
        "+" => Op::Add,
        "-" | "−" => Op::Sub,
        "*" | "×" | "x" => Op::Mul,
        "/" | "÷" => Op::Div,
        "^" => Op::Pow,
        _ => return None,
    })
}

/// A board in one number domain: the tiles (an emptied tile is `None`) and every earlier
/// state, for undo.
#[derive(Clone, Debug)]
struct Tiles<V: Number> {
    rules: Rules,
    start: Vec<Option<Tile<V>>>,
    now: Vec<Option<Tile<V>>>,
    history: Vec<Vec<Option<Tile<V>>>>,
    target: V,
}

impl<V: Number> Tiles<V> {
    fn new(rules: Rules, board: &[i64], target: i64) -> Option<Tiles<V>> {
        let start: Vec<Option<Tile<V>>> = board
            .iter()
            .map(|&n| V::from_int(n).map(|v| Some(board_tile(&rules, v))))
            .collect::<Option<_>>()?;
        Some(Tiles {
            rules,
            now: start.clone(),
            start,
            history: Vec::new(),
            target: V::from_int(target)?,
        })
    }

    fn act(&mut self, action: Action) -> Result<(), Refused> {
        match action {
            Action::Combine { a, op, b } => {
                let tile = |i: usize| self.now.get(i).copied().flatten().ok_or(Refused::NoTile(i));
                let (x, y) = (tile(a)?, tile(b)?);
                if a == b {
                    return Err(Refused::SameTile);
                }
                let v = self
                    .rules
                    .apply(op, x.0, y.0)
                    .ok_or_else(|| Refused::Result(format!("{} {} {}", x.0, op.symbol(), y.0)))?;
                self.history.push(self.now.clone());
                self.now[a] = None;
                self.now[b] = Some((v, false));
            }
            Action::Undo => self.now = self.history.pop().ok_or(Refused::NothingToUndo)?,
            Action::Reset => {
                if self.history.is_empty() {
                    return Err(Refused::NothingToReset);
                }
                // A reset is undone like any move: the states before it are kept.
                self.history.push(self.now.clone());
                self.now = self.start.clone();
            }
        }
        Ok(())
    }

    /// The move `a op b` as a choice among the moves open on the board now, the simulated
    /// player's own ([`Choice::of`]); `None` when it is not a move of the board.
    fn choice(&self, a: usize, op: Op, b: usize) -> Option<Choice> {
        let places: Vec<usize> = (0..self.now.len())
            .filter(|&i| self.now[i].is_some())
            .collect();
        let board: Vec<Tile<V>> = self.now.iter().flatten().copied().collect();
        let at = |p: usize| places.iter().position(|&q| q == p);
        let chosen = Move::new(&self.rules, &board, (at(a)?, at(b)?), Some(op))?;
        let largest = self
            .start
            .iter()
            .flatten()
            .filter_map(|t| t.0.as_int())
            .max();
        Choice::of(
            &self.rules,
            &board,
            &chosen,
            self.target.as_int()?,
            largest.unwrap_or(0),
        )
    }

    fn solved(&self) -> bool {
        let left: Vec<V> = self.now.iter().flatten().map(|t| t.0).collect();
        if self.rules.use_all {
            left == [self.target]
        } else {
            left.contains(&self.target)
        }
    }

    fn shown(&self) -> Vec<Option<String>> {
        self.now
            .iter()
            .map(|t| t.map(|t| t.0.to_string()))
            .collect()
    }
}

/// A trial's board in the game's number domain.
#[derive(Clone, Debug)]
pub struct Play(Domain);

#[derive(Clone, Debug)]
enum Domain {
    Int(Tiles<Int>),
    Whole(Tiles<Whole>),
    Signed(Tiles<Signed>),
    Rational(Tiles<Rational>),
}

/// `$body` with `$t` the board's tiles, whatever its domain.
macro_rules! on_tiles {
    ($domain:expr, $t:ident => $body:expr) => {
        match $domain {
            Domain::Int($t) => $body,
            Domain::Whole($t) => $body,
            Domain::Signed($t) => $body,
            Domain::Rational($t) => $body,
        }
    };
}

impl Play {
    /// The board of `numbers` (as dealt) played for `target` under `rules`; `None` when the
    /// domain does not hold a number or the target.
    pub fn new(rules: Rules, numbers: &[i64], target: i64) -> Option<Play> {
        Some(Play(match rules.arithmetic {
            Arithmetic::PositiveIntegers => Domain::Int(Tiles::new(rules, numbers, target)?),
            Arithmetic::WholeNumbers => Domain::Whole(Tiles::new(rules, numbers, target)?),
            Arithmetic::Integers => Domain::Signed(Tiles::new(rules, numbers, target)?),
            Arithmetic::Rationals => Domain::Rational(Tiles::new(rules, numbers, target)?),
        }))
    }

    /// Takes `action` if it follows from the board; the board is unchanged otherwise.
    pub fn act(&mut self, action: Action) -> Result<(), Refused> {
        on_tiles!(&mut self.0, t => t.act(action))
    }

    /// The move `a op b` as a choice among the moves open on the board before it, as the
    /// simulated player sees them; `None` when it is not a move of the board.
    pub fn choice(&self, a: usize, op: Op, b: usize) -> Option<Choice> {
        on_tiles!(&self.0, t => t.choice(a, op, b))
    }

    /// Whether the board shows the target (alone, when every number must be used).
    pub fn solved(&self) -> bool {
        on_tiles!(&self.0, t => t.solved())
    }

    /// The tiles as the page shows them (`7/2` for a fraction), an emptied tile `None`.
    pub fn shown(&self) -> Vec<Option<String>> {
        on_tiles!(&self.0, t => t.shown())
    }
}

impl fmt::Display for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tiles: Vec<String> = self
            .shown()
            .into_iter()
            .map(|t| t.unwrap_or_else(|| "·".into()))
            .collect();
        f.write_str(&tiles.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use digits_lab::game::rule_set::{Game, GameKind};

    fn combine(a: usize, op: &str, b: usize) -> Action {
        Action::Combine {
            a,
            op: op_of(op).unwrap(),
            b,
        }
    }

    #[test]
    fn a_digits_board_is_played_in_positive_integers() {
        let rules = Game::preset(GameKind::Digits).rules;
        let mut p = Play::new(rules, &[1, 3, 7, 10, 25, 50], 765).unwrap();
        // 25 − 10 = 15 lands where 10 was.
        p.act(combine(4, "-", 3)).unwrap();
        assert_eq!(p.to_string(), "1 3 7 15 · 50");
        assert_eq!(
            p.act(combine(0, "-", 2)),
            Err(Refused::Result("1 − 7".into()))
        );
        assert_eq!(
            p.act(combine(0, "/", 2)),
            Err(Refused::Result("1 ÷ 7".into()))
        );
        assert_eq!(p.act(combine(4, "+", 0)), Err(Refused::NoTile(4)));
        assert_eq!(p.act(combine(0, "+", 0)), Err(Refused::SameTile));
        p.act(combine(0, "+", 5)).unwrap();
        assert_eq!(p.to_string(), "· 3 7 15 · 51");
        assert!(!p.solved());
        p.act(combine(3, "*", 5)).unwrap();
        assert_eq!(p.to_string(), "· 3 7 · · 765");
        assert!(
            p.solved(),
            "a Digits board is solved when any tile shows the target"
        );
        p.act(Action::Undo).unwrap();
        assert_eq!(p.to_string(), "· 3 7 15 · 51");
        p.act(Action::Reset).unwrap();
        assert_eq!(p.to_string(), "1 3 7 10 25 50");
        p.act(Action::Undo).unwrap();
        assert_eq!(
            p.to_string(),
            "· 3 7 15 · 51",
            "a reset is undone like a move"
        );
    }

    #[test]
    fn the_24_game_needs_every_card_and_allows_fractions() {
        let rules = Game::preset(GameKind::TwentyFour).rules;
        let mut p = Play::new(rules, &[1, 3, 4, 6], 24).unwrap();
        assert_eq!(p.act(Action::Undo), Err(Refused::NothingToUndo));
        assert_eq!(p.act(Action::Reset), Err(Refused::NothingToReset));
        // 6 ÷ (1 − 3 ÷ 4)
        p.act(combine(1, "/", 2)).unwrap();
        assert_eq!(p.to_string(), "1 · 3/4 6");
        p.act(combine(0, "-", 2)).unwrap();
        assert_eq!(p.to_string(), "· · 1/4 6");
        p.act(combine(3, "/", 2)).unwrap();
        assert_eq!(p.to_string(), "· · 24 ·");
        assert!(p.solved());
        let mut q = Play::new(rules, &[4, 6, 8, 8], 24).unwrap();
        q.act(combine(0, "*", 1)).unwrap();
        assert_eq!(q.to_string(), "· 24 8 8");
        assert!(
            !q.solved(),
            "24 with cards left over is not a 24-game solution"
        );
    }

    #[test]
    fn a_move_is_a_choice_among_the_players_moves() {
        // 24 game 3 8 3: the player's ten moves, the two 3s' merged; 3 × 8 from the second 3
        // is the one that hits 24, with two copies. After 3 − 3 the board is 8 0: five moves
        // (8 ÷ 0 is none).
        let rules = Game::preset(GameKind::TwentyFour).rules;
        let mut p = Play::new(rules, &[3, 8, 3], 24).unwrap();
        let c = p.choice(2, Op::Mul, 1).unwrap();
        assert_eq!(c.options.len(), 10);
        assert_eq!(
            (c.options[c.chosen].0[0], c.options[c.chosen].1),
            (1.0, 2.0)
        );
        p.act(combine(0, "-", 2)).unwrap();
        assert_eq!(p.choice(1, Op::Add, 2).unwrap().options.len(), 5);
        assert!(p.choice(0, Op::Add, 1).is_none(), "tile 0 is emptied");
    }
}
