//! Player move sequences, by a plain depth-first search without memoization.

use super::arith::{Op, apply, ops_for};
use super::join::side_by_side;
use super::{BruteMoves, BruteRules, Q};

/// A value on the board and whether it is a board digit or a number joined from them.
type Tile = (Q, bool);

pub(super) fn moves_dfs(
    board: &[Tile],
    depth: usize,
    target: Q,
    rules: BruteRules,
    out: &mut BruteMoves,
) {
    out.boards_visited += 1;
    let reached = if rules.use_all {
        board.len() == 1 && board[0].0 == target
    } else {
        board.iter().any(|t| t.0 == target)
    };
    if reached {
        out.sequences += 1;
        out.by_length[depth] += 1;
        return;
    }
    let one = Q::int(1);
    // (op, smaller value, larger value) of the + and × moves already tried at this board.
    let mut tried: Vec<(Op, Q, Q)> = Vec::new();
    for i in 0..board.len() {
        for j in 0..board.len() {
            if i == j {
                continue;
            }
            let ((a, ja), (b, jb)) = (board[i], board[j]);
            let mut results: Vec<Tile> = Vec::new();
            for op in ops_for(rules) {
                if matches!(op, Op::Mul | Op::Div) && (a == one || b == one) {
                    continue;
                }
                if matches!(op, Op::Add | Op::Mul) {
                    let key = (op, a.min(b), a.max(b));
                    if tried.contains(&key) {
                        continue;
                    }
                    tried.push(key);
                }
                if let Some(v) = apply(op, a, b, rules) {
                    results.push((v, false));
                }
            }
            if rules.concat
                && ja
                && jb
                && let Some(n) = side_by_side(a.num, b.num)
            {
                results.push((Q::int(n), true));
            }
            for v in results {
                let mut next: Vec<Tile> = board
                    .iter()
                    .enumerate()
                    .filter(|&(k, _)| k != i && k != j)
                    .map(|(_, &x)| x)
                    .collect();
                next.push(v);
                moves_dfs(&next, depth + 1, target, rules, out);
            }
        }
    }
}

/// Player move sequences, plain DFS without memoization.
pub fn moves(numbers: &[i64], target: i64, rules: BruteRules) -> BruteMoves {
    let mut out = BruteMoves {
        by_length: vec![0; numbers.len()],
        ..BruteMoves::default()
    };
    let board: Vec<Tile> = numbers
        .iter()
        .map(|&n| (Q::int(n), (0..=9).contains(&n)))
        .collect();
    moves_dfs(&board, 0, Q::int(target), rules, &mut out);
    out
}
