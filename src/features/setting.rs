//! What the board alone tells about a puzzle's difficulty, whatever the target: its size, its
//! largest number, its 1s and how many different boards its first move can leave.

use rustc_hash::FxHashSet;

use crate::game::board::Board;
use crate::game::moves::{Dedup, Tile, board_tile, moves};
use crate::game::number::Number;
use crate::game::rules::Rules;

/// The board-level inputs of the difficulty features.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setting {
    /// How many numbers the board has.
    pub numbers: usize,
    /// The largest board number.
    pub largest: i64,
    /// How many of the numbers are 1. A 1 is a free adjustment (`× 1`, `÷ 1`, `± 1`) when
    /// every number must be used, and a player sets it aside at once.
    pub ones: u32,
    /// How many different boards one move can leave ([`first_moves`]).
    pub first_moves: u32,
}

impl Setting {
    pub fn of<V: Number>(board: &Board, rules: &Rules) -> Setting {
        let numbers = board.numbers();
        Setting {
            numbers: numbers.len(),
            largest: numbers.iter().copied().max().unwrap_or(0),
            ones: numbers.iter().filter(|&&n| n == 1).count() as u32,
            first_moves: first_moves::<V>(numbers, rules),
        }
    }
}

/// How many different boards (multisets of values) one move can leave on `numbers`: the
/// game's moves ([`crate::game::moves`]: each pair of values by each operation the rules
/// allow, in both orders for `−`, `÷` and `^`, and each pair of digits joined both ways
/// where the rules join digits). It is the breadth of the first decision a player faces: the
/// more places the first move can lead to, the more a player must weigh before committing
/// (research on the 24-game players' times found it the strongest input after the solution
/// count).
pub fn first_moves<V: Number>(numbers: &[i64], rules: &Rules) -> u32 {
    let board: Vec<Tile<V>> = numbers
        .iter()
        .filter_map(|&n| Some(board_tile(rules, V::from_int(n)?)))
        .collect();
    let boards: FxHashSet<Vec<V>> = moves(rules, &board, Dedup::Player)
        .iter()
        .map(|m| m.after(&board).into_iter().map(|(v, _)| v).collect())
        .collect();
    boards.len() as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::number::{Int, Rational};
    use crate::game::rule_set::{Game, GameKind};

    #[test]
    fn first_moves_count_the_boards_one_move_leaves() {
        let digits = Game::preset(GameKind::Digits).rules;
        // 1 2: 1+2 → {3}, 2−1 → {1}, 1×2 and 2÷1 → {2}; 1−2 and 1÷2 are not positive integers.
        assert_eq!(first_moves::<Int>(&[1, 2], &digits), 3);
        let twenty_four = Game::preset(GameKind::TwentyFour).rules;
        // In rationals 1−2 → {−1} and 1÷2 → {1/2} as well.
        assert_eq!(first_moves::<Rational>(&[1, 2], &twenty_four), 5);
        // 4 4 4 4: every pair is 4 and 4 → {8,4,4}, {0,4,4}, {16,4,4}, {1,4,4}.
        assert_eq!(first_moves::<Rational>(&[4, 4, 4, 4], &twenty_four), 4);
    }
}
