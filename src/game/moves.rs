//! The moves a player may make from a board: one enumeration, under a game's [`Rules`], for
//! every player of the project — the `moves` convention (`crate::puzzle::sequences`, SPEC §2), the
//! simulated player's state graph (`crate::player::graph`), the board's first moves
//! (`crate::features::setting`) and the study page (`study/`), whose logged moves the player's
//! preferences are fitted on (`crate::model::move_fit`).
//!
//! A move takes two numbers of the board (two *tiles*) and puts one in their place: `x op y`
//! for each operation the rules allow (`+ − × ÷`, and `^` where the rules allow it), checked
//! by the game's one arithmetic ([`Rules::apply`]: a result the number domain forbids, or past
//! the rules' limit, is no move), or `x ‖ y`, the two written side by side, where the rules
//! join digits and both tiles are board digits or numbers joined from them
//! ([`crate::game::join`]). Unary minus is not a move: nobody presses it, and no player here
//! makes it (where the rules allow it, it changes which values a board's expressions make,
//! not what a player can press).
//!
//! Which of these moves count apart is what the players differ on, and is the [`Dedup`] they
//! ask for: the `moves` convention counts the moves SPEC §2 names, the simulated player merges
//! the moves that leave the same board the same way into one with copies.

use crate::game::join::{join_values, joinable};
use crate::game::number::{Number, Op};
use crate::game::rules::Rules;

/// A number on a board, and whether it may still be joined (a board digit, or a number joined
/// from them, where the rules join digits). Ordered by value first, so a sorted board is
/// ascending.
pub type Tile<V> = (V, bool);

/// A board number `v` as a tile of the starting board: joinable when the rules join digits
/// and it is one.
pub fn board_tile<V: Number>(rules: &Rules, v: V) -> Tile<V> {
    (v, v.as_int().is_some_and(|n| joinable(rules, n)))
}

/// Which moves of a board count apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dedup {
    /// The `moves` convention (SPEC §2): every ordered pair of positions and operation the
    /// arithmetic allows, `+` and `×` only for the first occurrence of each unordered value
    /// pair `{a, b}`; where numbers need not all be used, the moves that leave a number
    /// unchanged (`x × 1`, `1 × x`, `x ÷ 1`) are skipped, while where every number must be
    /// used they are how a 1 is used and count. Joining counts for every ordered pair of
    /// joinable positions. Every move has one copy.
    Convention,
    /// The simulated player: every unordered pair of positions once, `+` and `×` once, `−`,
    /// `÷`, `^` and joining in both orders unless the two values are equal; moves that take
    /// the same operation on the same two tiles to the same result (pairs of equal values
    /// elsewhere on the board, `8 ÷ −8` beside `−8 ÷ 8`) leave the same board the same way
    /// and are one move, with copies. No move with a 1 is skipped.
    Player,
}

/// One move of a board: `x op y` (`x ‖ y` when joining), from the tiles at `at`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move<V> {
    /// The positions of `x` and `y` on the board (of the first of the moves it merges).
    pub at: (usize, usize),
    pub x: Tile<V>,
    /// The operation; `None` for joining `x ‖ y`.
    pub op: Option<Op>,
    pub y: Tile<V>,
    /// The tile the move puts in place of the two: joinable when it was joined.
    pub result: Tile<V>,
    /// How many moves of the board it stands for: 1, or under [`Dedup::Player`] how many
    /// equal moves it merges.
    pub copies: u32,
}

impl<V: Number> Move<V> {
    /// The move `x op y` of the tiles at positions `i` and `j` of `board`, if the rules allow
    /// it (`op` `None`: joining).
    pub fn new(
        rules: &Rules,
        board: &[Tile<V>],
        (i, j): (usize, usize),
        op: Option<Op>,
    ) -> Option<Move<V>> {
        let (x, y) = (*board.get(i)?, *board.get(j)?);
        if i == j {
            return None;
        }
        let result = match op {
            Some(op) => (rules.apply(op, x.0, y.0)?, false),
            None if x.1 && y.1 => (join_values(x.0, y.0, rules.limit)?, true),
            None => return None,
        };
        Some(Move {
            at: (i, j),
            x,
            op,
            y,
            result,
            copies: 1,
        })
    }

    /// The operation's symbol: `+ − × ÷ ^`, or `‖` for joining.
    pub fn symbol(&self) -> char {
        self.op.map_or('‖', Op::symbol)
    }

    /// Whether one of the two numbers is a 1.
    pub fn uses_one(&self) -> bool {
        self.x.0.is_one() || self.y.0.is_one()
    }

    /// Whether `other` is this move for the player: the same operation on the same two tiles
    /// (in either order) to the same result, so that it leaves the same board the same way.
    pub fn same(&self, other: &Move<V>) -> bool {
        self.op == other.op
            && self.result == other.result
            && ((self.x, self.y) == (other.x, other.y) || (self.x, self.y) == (other.y, other.x))
    }

    /// The board after the move: `board` without the two tiles, with the result, ascending.
    pub fn after(&self, board: &[Tile<V>]) -> Vec<Tile<V>> {
        let mut next = Vec::with_capacity(board.len());
        self.after_into(board, &mut next);
        next
    }

    /// [`Move::after`] written into `next` (cleared first), so that a walk over many moves
    /// reuses one buffer.
    pub fn after_into(&self, board: &[Tile<V>], next: &mut Vec<Tile<V>>) {
        next.clear();
        next.extend(
            board
                .iter()
                .enumerate()
                .filter(|&(k, _)| k != self.at.0 && k != self.at.1)
                .map(|(_, &t)| t)
                .chain([self.result]),
        );
        next.sort_unstable();
    }

    /// Whether the convention leaves the move out where numbers need not all be used: it
    /// leaves a number unchanged (`x × 1`, `1 × x`, `x ÷ 1`).
    fn keeps_a_number(&self) -> bool {
        match self.op {
            Some(Op::Mul) => self.uses_one(),
            Some(Op::Div) => self.y.0.is_one(),
            _ => false,
        }
    }
}

/// The moves of `board` under `rules`, counted apart as `dedup` says, in a fixed order: pairs
/// of positions `i < j` in order, and for each, with `a` at `i` and `b` at `j`: `b + a`,
/// `b × a`, `b − a`, `a − b`, `b ÷ a`, `a ÷ b`, `b ^ a`, `a ^ b`, `a ‖ b`, `b ‖ a` (a merged
/// move where its first copy falls). The board may be in any order.
pub fn moves<V: Number>(rules: &Rules, board: &[Tile<V>], dedup: Dedup) -> Vec<Move<V>> {
    let mut out = Vec::new();
    moves_into(rules, board, dedup, &mut out);
    out
}

/// [`moves`] into `out`, which is cleared first: a caller that lists the moves of many
/// boards keeps one buffer.
pub fn moves_into<V: Number>(
    rules: &Rules,
    board: &[Tile<V>],
    dedup: Dedup,
    out: &mut Vec<Move<V>>,
) {
    let convention = dedup == Dedup::Convention;
    let drop_units = convention && !rules.use_all;
    // Six moves a pair (`+`, `×`, `−` and `÷` both ways) without `^` or joining.
    let pairs = board.len() * board.len().saturating_sub(1) / 2;
    out.clear();
    out.reserve(6 * pairs);
    // The convention's unordered value pairs already tried with `+` and `×`.
    let mut tried: Vec<(V, V)> = Vec::new();
    let mut push = |m: Option<Move<V>>| {
        let Some(m) = m else { return };
        if drop_units && m.keeps_a_number() {
            return;
        }
        if !convention && let Some(same) = out.iter_mut().find(|o| o.same(&m)) {
            same.copies += 1;
        } else {
            out.push(m);
        }
    };
    for i in 0..board.len() {
        for j in i + 1..board.len() {
            let (a, b) = (board[i].0, board[j].0);
            let first_pair = !convention || {
                let pair = (a.min(b), a.max(b));
                let first = !tried.contains(&pair);
                if first {
                    tried.push(pair);
                }
                first
            };
            // Both orders of an operation that does not commute, unless the player sees one
            // move in two equal values.
            let both = convention || a != b;
            if first_pair {
                push(Move::new(rules, board, (j, i), Some(Op::Add)));
                push(Move::new(rules, board, (j, i), Some(Op::Mul)));
            }
            let ops: &[Op] = if rules.pow {
                &[Op::Sub, Op::Div, Op::Pow]
            } else {
                &[Op::Sub, Op::Div]
            };
            for &op in ops {
                push(Move::new(rules, board, (j, i), Some(op)));
                if both {
                    push(Move::new(rules, board, (i, j), Some(op)));
                }
            }
            if rules.concat {
                push(Move::new(rules, board, (i, j), None));
                if both {
                    push(Move::new(rules, board, (j, i), None));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::number::{Int, Rational};
    use crate::game::rule_set::{Game, GameKind};

    fn board<V: Number>(rules: &Rules, numbers: &[i64]) -> Vec<Tile<V>> {
        numbers
            .iter()
            .map(|&n| board_tile(rules, V::from_int(n).unwrap()))
            .collect()
    }

    fn written<V: Number>(moves: &[Move<V>]) -> Vec<String> {
        moves
            .iter()
            .map(|m| {
                let copies = if m.copies > 1 {
                    format!(" ×{}", m.copies)
                } else {
                    String::new()
                };
                format!(
                    "{} {} {} = {}{copies}",
                    m.x.0,
                    m.symbol(),
                    m.y.0,
                    m.result.0
                )
            })
            .collect()
    }

    #[test]
    fn the_convention_drops_unit_moves_only_where_numbers_may_go_unused() {
        // Digits 1 5: 5 + 1, 5 − 1; 5 × 1 and 5 ÷ 1 leave 5 as it was.
        let digits = Game::preset(GameKind::Digits).rules;
        let b = board::<Int>(&digits, &[1, 5]);
        assert_eq!(
            written(&moves(&digits, &b, Dedup::Convention)),
            ["5 + 1 = 6", "5 − 1 = 4"]
        );
        // The 24 game uses every card: 5 × 1 and 5 ÷ 1 are how the 1 is used, and 1 ÷ 5
        // makes a new number.
        let rules = Game::preset(GameKind::TwentyFour).rules;
        let b = board::<Rational>(&rules, &[1, 5]);
        assert_eq!(
            written(&moves(&rules, &b, Dedup::Convention)),
            [
                "5 + 1 = 6",
                "5 × 1 = 5",
                "5 − 1 = 4",
                "1 − 5 = -4",
                "5 ÷ 1 = 5",
                "1 ÷ 5 = 1/5"
            ]
        );
        // Rationals where numbers may go unused: 1 ÷ 5 is still a move, 5 × 1 and 5 ÷ 1 not.
        let mut any = rules;
        any.use_all = false;
        assert_eq!(
            written(&moves(&any, &b, Dedup::Convention)),
            ["5 + 1 = 6", "5 − 1 = 4", "1 − 5 = -4", "1 ÷ 5 = 1/5"]
        );
    }

    #[test]
    fn the_convention_counts_positions_the_player_merges_equal_moves() {
        // 24 game 3 3 8: the convention tries 3 + 8 and 3 × 8 once, every ordered pair of
        // positions otherwise; the player merges the two 3s' moves into copies.
        let rules = Game::preset(GameKind::TwentyFour).rules;
        let b = board::<Rational>(&rules, &[3, 3, 8]);
        let convention = moves(&rules, &b, Dedup::Convention);
        // {3, 3}: + × and both orders of − ÷ (6); {3, 8}: + × and four (6), then four more.
        assert_eq!(convention.len(), 16);
        let player = moves(&rules, &b, Dedup::Player);
        assert_eq!(
            written(&player),
            [
                "3 + 3 = 6",
                "3 × 3 = 9",
                "3 − 3 = 0",
                "3 ÷ 3 = 1",
                "8 + 3 = 11 ×2",
                "8 × 3 = 24 ×2",
                "8 − 3 = 5 ×2",
                "3 − 8 = -5 ×2",
                "8 ÷ 3 = 8/3 ×2",
                "3 ÷ 8 = 3/8 ×2",
            ]
        );
        assert_eq!(player.iter().map(|m| m.copies).sum::<u32>(), 16);
    }

    #[test]
    fn pow_and_joining_are_moves_where_the_rules_allow_them() {
        let mut rules = Game::preset(GameKind::Make10).with_pow().rules;
        rules.concat = true;
        let b = board::<Rational>(&rules, &[2, 3]);
        assert_eq!(
            written(&moves(&rules, &b, Dedup::Player)),
            [
                "3 + 2 = 5",
                "3 × 2 = 6",
                "3 − 2 = 1",
                "2 − 3 = -1",
                "3 ÷ 2 = 3/2",
                "2 ÷ 3 = 2/3",
                "3 ^ 2 = 9",
                "2 ^ 3 = 8",
                "2 ‖ 3 = 23",
                "3 ‖ 2 = 32",
            ]
        );
        // A computed number never joins.
        let computed = [(Rational::from_int(2).unwrap(), false), b[1]];
        assert!(
            moves(&rules, &computed, Dedup::Player)
                .iter()
                .all(|m| m.op.is_some())
        );
    }
}
