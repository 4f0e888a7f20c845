//! What the board alone tells about a puzzle's difficulty, whatever the target: its size, its
//! largest number, its 1s and how many different boards its first move can leave.

use rustc_hash::FxHashSet;

use crate::game::board::Board;
use crate::game::join::{join_values, joinable};
use crate::game::number::{Number, Op};
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

/// How many different boards (multisets of values) one move can leave on `numbers`: each
/// pair of values combined by each operation the rules allow, in both orders for `−`, `÷`
/// and `^`, and each pair of digits joined both ways where the rules join digits. It is the
/// breadth of the first decision a player faces: the more places the first move can lead
/// to, the more a player must weigh before committing (research on the 24-game players'
/// times found it the strongest input after the solution count).
pub fn first_moves<V: Number>(numbers: &[i64], rules: &Rules) -> u32 {
    let values: Vec<V> = numbers.iter().filter_map(|&n| V::from_int(n)).collect();
    let mut ops = vec![Some(Op::Add), Some(Op::Sub), Some(Op::Mul), Some(Op::Div)];
    if rules.pow {
        ops.push(Some(Op::Pow));
    }
    if rules.concat {
        // Joining, `None`: only board digits join.
        ops.push(None);
    }
    let digit = |v: V| v.as_int().is_some_and(|n| joinable(rules, n));
    let mut boards: FxHashSet<Vec<V>> = FxHashSet::default();
    for i in 0..values.len() {
        for j in 0..values.len() {
            if i == j {
                continue;
            }
            for &op in &ops {
                let v = match op {
                    Some(op) if op.is_commutative() && j < i => None,
                    Some(op) => values[i].apply(op, values[j], rules.limit),
                    None if digit(values[i]) && digit(values[j]) => {
                        join_values(values[i], values[j], rules.limit)
                    }
                    None => None,
                };
                let Some(v) = v else {
                    continue;
                };
                let mut next: Vec<V> = values
                    .iter()
                    .enumerate()
                    .filter(|&(k, _)| k != i && k != j)
                    .map(|(_, &x)| x)
                    .collect();
                next.push(v);
                next.sort_unstable();
                boards.insert(next);
            }
        }
    }
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
