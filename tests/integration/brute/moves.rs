//! Player move sequences, by a plain depth-first search without memoization.

use super::arith::{Op, apply, ops_for};
use super::{BruteMoves, BruteRules, Q};

pub(super) fn moves_dfs(
    board: &[Q],
    depth: usize,
    target: Q,
    rules: BruteRules,
    out: &mut BruteMoves,
) {
    out.boards_visited += 1;
    let reached = if rules.use_all {
        board.len() == 1 && board[0] == target
    } else {
        board.contains(&target)
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
            let (a, b) = (board[i], board[j]);
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
                let Some(v) = apply(op, a, b, rules) else {
                    continue;
                };
                let mut next: Vec<Q> = board
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
    let board: Vec<Q> = numbers.iter().map(|&n| Q::int(n)).collect();
    moves_dfs(&board, 0, Q::int(target), rules, &mut out);
    out
}
