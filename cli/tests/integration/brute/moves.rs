//! Player move sequences, by a plain depth-first search without memoization.

use super::arith::{Op, apply};
use super::join::side_by_side;
use super::{BruteMoves, BruteRules, Q};

/// A value on the board and whether it is a board digit or a number joined from them.
pub type Tile = (Q, bool);

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
    for m in convention_moves(board, rules) {
        let mut next: Vec<Tile> = board
            .iter()
            .enumerate()
            .filter(|&(k, _)| k != m.at.0 && k != m.at.1)
            .map(|(_, &x)| x)
            .collect();
        next.push(m.result);
        moves_dfs(&next, depth + 1, target, rules, out);
    }
}

/// One move of a board: `x op y` from the tiles at positions `at` (`op` `'|'` for two digits
/// written side by side).
#[derive(Clone, Copy, Debug)]
pub struct BruteMove {
    pub at: (usize, usize),
    pub x: Tile,
    pub op: char,
    pub y: Tile,
    pub result: Tile,
}

/// `x op y` of the tiles at `i` and `j`, if the rules allow it.
fn one_move(
    board: &[Tile],
    (i, j): (usize, usize),
    op: char,
    rules: BruteRules,
) -> Option<BruteMove> {
    let (x, y) = (board[i], board[j]);
    let result = match op {
        '|' if rules.concat && x.1 && y.1 => (Q::int(side_by_side(x.0.num, y.0.num)?), true),
        '|' => return None,
        _ => {
            let op = match op {
                '+' => Op::Add,
                '-' => Op::Sub,
                '*' => Op::Mul,
                '/' => Op::Div,
                _ => Op::Pow,
            };
            (apply(op, x.0, y.0, rules)?, false)
        }
    };
    Some(BruteMove {
        at: (i, j),
        x,
        op,
        y,
        result,
    })
}

const OPS: [char; 6] = ['+', '-', '*', '/', '^', '|'];

/// The moves of the `moves` convention, SPEC §2 read word for word: every ordered pair of
/// positions and every operation, skipping what the arithmetic forbids; where numbers need
/// not all be used also `x × 1`, `1 × x` and `x ÷ 1`; for `+` and `×` only the first
/// occurrence of each unordered value pair.
pub fn convention_moves(board: &[Tile], rules: BruteRules) -> Vec<BruteMove> {
    let one = Q::int(1);
    // (op, smaller value, larger value) of the + and × moves already tried at this board.
    let mut tried: Vec<(char, Q, Q)> = Vec::new();
    let mut out = Vec::new();
    for i in 0..board.len() {
        for j in 0..board.len() {
            if i == j {
                continue;
            }
            let (a, b) = (board[i].0, board[j].0);
            for op in OPS {
                if !rules.use_all && (op == '*' && (a == one || b == one) || op == '/' && b == one)
                {
                    continue;
                }
                if op == '+' || op == '*' {
                    let key = (op, a.min(b), a.max(b));
                    if tried.contains(&key) {
                        continue;
                    }
                    tried.push(key);
                }
                out.extend(one_move(board, (i, j), op, rules));
            }
        }
    }
    out
}

/// The simulated player's moves, by its definition: for every unordered pair of positions,
/// each distinct expression over their two values (`+` and `×` one whichever way round, the
/// others one per order, and one when the two values are equal), then the moves with the same
/// operation, the same two tiles and the same result as one, with how many there were.
pub fn player_moves(board: &[Tile], rules: BruteRules) -> Vec<(BruteMove, u32)> {
    let mut all: Vec<BruteMove> = Vec::new();
    for i in 0..board.len() {
        for j in i + 1..board.len() {
            for op in OPS {
                let orders: &[(usize, usize)] =
                    if op == '+' || op == '*' || board[i].0 == board[j].0 {
                        &[(i, j)]
                    } else {
                        &[(i, j), (j, i)]
                    };
                for &at in orders {
                    all.extend(one_move(board, at, op, rules));
                }
            }
        }
    }
    let pair = |m: &BruteMove| (m.x.min(m.y), m.x.max(m.y));
    let mut out: Vec<(BruteMove, u32)> = Vec::new();
    for m in all {
        match out
            .iter_mut()
            .find(|(o, _)| o.op == m.op && o.result == m.result && pair(o) == pair(&m))
        {
            Some((_, copies)) => *copies += 1,
            None => out.push((m, 1)),
        }
    }
    out
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
