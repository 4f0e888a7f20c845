//! The simulated player against slow, obviously correct computations: its exact walk against a
//! plain recursion over every move sequence (no memo, no merged moves, its own arithmetic) and
//! seeded Monte-Carlo play within its standard error; its exact search against its definition,
//! one Plackett–Luce draw at a time. On many random small boards.

use digits_lab::game::number::{Int, Rational};
use digits_lab::game::rule_set::{Game, GameKind};
use digits_lab::game::rules::Rules;
use digits_lab::model::SplitMix64;
use digits_lab::player::{Graph, Player, Step, Strategy, Weights, features};

/// An exact fraction in lowest terms, `den > 0`.
type Q = (i128, i128);

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 { a.abs() } else { gcd(b, a % b) }
}

fn q(num: i128, den: i128) -> Option<Q> {
    if den == 0 {
        return None;
    }
    let g = gcd(num, den).max(1);
    let s = if den < 0 { -1 } else { 1 };
    Some((s * num / g, s * den / g))
}

/// `x op y` by the rules of the game: in whole-number games only positive integers.
fn apply(x: Q, op: char, y: Q, whole: bool) -> Option<Q> {
    let r = match op {
        '+' => q(x.0 * y.1 + y.0 * x.1, x.1 * y.1)?,
        '×' => q(x.0 * y.0, x.1 * y.1)?,
        '−' => q(x.0 * y.1 - y.0 * x.1, x.1 * y.1)?,
        _ => q(x.0 * y.1, x.1 * y.0)?,
    };
    (!whole || (r.1 == 1 && r.0 > 0)).then_some(r)
}

/// Every move of `board` (kept sorted), as the player defines them: each pair of positions,
/// `+` and `×` once, `−` and `÷` in both orders when the values differ.
fn moves(board: &[Q], whole: bool) -> Vec<(Q, char, Q, Q, usize, usize)> {
    let mut out = Vec::new();
    for i in 0..board.len() {
        for j in i + 1..board.len() {
            let (a, b) = (board[i], board[j]);
            let mut orders = vec![(b, '+', a), (b, '×', a), (b, '−', a)];
            if a != b {
                orders.push((a, '−', b));
            }
            orders.push((b, '÷', a));
            if a != b {
                orders.push((a, '÷', b));
            }
            for (x, op, y) in orders {
                if let Some(r) = apply(x, op, y, whole) {
                    out.push((x, op, y, r, i, j));
                }
            }
        }
    }
    out
}

/// The player's preference for the move `x op y = r`, written out from its features.
fn preference(
    &(x, op, y, r, _, _): &(Q, char, Q, Q, usize, usize),
    t: i64,
    largest: i64,
    w: &Weights,
) -> f64 {
    let one = (1, 1);
    let step = Step {
        op,
        uses_one: x == one || y == one,
        num: r.0,
        den: r.1,
    };
    w.preference(&features(step, t, largest))
}

/// The board after the move that replaces the numbers at `i` and `j` by `r`, sorted.
fn after(board: &[Q], i: usize, j: usize, r: Q) -> Vec<Q> {
    let mut next: Vec<Q> = board
        .iter()
        .enumerate()
        .filter(|&(k, _)| k != i && k != j)
        .map(|(_, &v)| v)
        .collect();
    next.push(r);
    next.sort_by(cmp);
    next
}

fn cmp(a: &Q, b: &Q) -> std::cmp::Ordering {
    (a.0 * b.1).cmp(&(b.0 * a.1))
}

/// (P(success), P(failure), expected moves) of one attempt from `board`, by plain recursion.
fn slow(board: &[Q], t: i64, largest: i64, use_all: bool, w: &Weights) -> (f64, f64, f64) {
    let target = (i128::from(t), 1);
    if !use_all && board.contains(&target) {
        return (1.0, 0.0, 0.0);
    }
    if board.len() == 1 {
        return if board[0] == target {
            (1.0, 0.0, 0.0)
        } else {
            (0.0, 1.0, 0.0)
        };
    }
    let ms = moves(board, !use_all);
    if ms.is_empty() {
        return (0.0, 1.0, 0.0);
    }
    let prefs: Vec<f64> = ms.iter().map(|m| preference(m, t, largest, w)).collect();
    let total: f64 = prefs.iter().map(|z| z.exp()).sum();
    let (mut p, mut f, mut l) = (0.0, 0.0, 1.0);
    for (&(_, _, _, r, i, j), z) in ms.iter().zip(&prefs) {
        let (cp, cf, cl) = slow(&after(board, i, j, r), t, largest, use_all, w);
        let m = z.exp() / total;
        p += m * cp;
        f += m * cf;
        l += m * cl;
    }
    (p, f, l)
}

fn random_weights(rng: &mut SplitMix64) -> Weights {
    let mut w = Weights::UNIFORM;
    for x in w.0.iter_mut() {
        *x = rng.next_f64() * 4.0 - 2.0;
    }
    w
}

fn rel_close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

/// The player's graph of `numbers` → `target`, the board as the slow computations take it
/// (sorted), and its largest number.
fn board_of(numbers: &[i64], target: i64, rules: &Rules, rational: bool) -> (Graph, Vec<Q>, i64) {
    let g = if rational {
        Graph::build::<Rational>(numbers, rules, target)
    } else {
        Graph::build::<Int>(numbers, rules, target)
    }
    .unwrap()
    .unwrap();
    let mut board: Vec<Q> = numbers.iter().map(|&n| (i128::from(n), 1)).collect();
    board.sort_by(cmp);
    (g, board, *numbers.iter().max().unwrap())
}

fn check(numbers: &[i64], target: i64, rules: &Rules, w: &Weights, rational: bool) {
    let (g, board, largest) = board_of(numbers, target, rules, rational);
    let o = g.evaluate(w);
    let (p, f, l) = slow(&board, target, largest, rules.use_all, w);
    assert!(
        rel_close(p + f, 1.0),
        "{numbers:?} → {target}: P + F = {}",
        p + f
    );
    assert!(
        rel_close(o.p_success, p) && rel_close(o.attempt_moves, l),
        "{numbers:?} → {target}: walk {o}, slow P {p} L {l}"
    );
    let first: f64 = g
        .first_moves(&Player {
            strategy: Strategy::Restarts,
            weights: *w,
        })
        .iter()
        .map(|m| m.1)
        .sum();
    assert!(
        rel_close(first, 1.0),
        "{numbers:?}: first moves sum to {first}"
    );
}

#[test]
fn the_walk_equals_plain_recursion_on_random_24_game_boards() {
    let rules = Game::preset(GameKind::TwentyFour).rules;
    let mut rng = SplitMix64::new(27);
    for _ in 0..150 {
        let n = 2 + rng.below(3) as usize;
        let numbers: Vec<i64> = (0..n).map(|_| 1 + rng.below(13) as i64).collect();
        let target = 1 + rng.below(30) as i64;
        let w = random_weights(&mut rng);
        check(&numbers, target, &rules, &w, true);
    }
    // The classic: 24 from 1 5 5 5 (5 × (5 − 1 ÷ 5)) with the uniform player too.
    check(&[1, 5, 5, 5], 24, &rules, &Weights::UNIFORM, true);
}

#[test]
fn the_walk_equals_plain_recursion_on_random_digits_boards() {
    let rules = Game::preset(GameKind::Digits).rules;
    let mut rng = SplitMix64::new(2017);
    for _ in 0..60 {
        let n = 2 + rng.below(3) as usize;
        let mut numbers: Vec<i64> = Vec::new();
        while numbers.len() < n {
            let v = 1 + rng.below(25) as i64;
            if !numbers.contains(&v) {
                numbers.push(v);
            }
        }
        let target = 1 + rng.below(120) as i64;
        let w = random_weights(&mut rng);
        check(&numbers, target, &rules, &w, false);
    }
}

/// One simulated attempt: (succeeded, moves made).
fn attempt(board: &[Q], t: i64, largest: i64, w: &Weights, rng: &mut SplitMix64) -> (bool, u32) {
    let target = (i128::from(t), 1);
    let mut board = board.to_vec();
    let mut made = 0;
    loop {
        if board.len() == 1 {
            return (board[0] == target, made);
        }
        let ms = moves(&board, false);
        let prefs: Vec<f64> = ms
            .iter()
            .map(|m| preference(m, t, largest, w).exp())
            .collect();
        let total: f64 = prefs.iter().sum();
        let mut u = rng.next_f64() * total;
        let mut pick = ms.len() - 1;
        for (k, z) in prefs.iter().enumerate() {
            if u < *z {
                pick = k;
                break;
            }
            u -= z;
        }
        let (_, _, _, r, i, j) = ms[pick];
        board = after(&board, i, j, r);
        made += 1;
    }
}

#[test]
fn seeded_monte_carlo_play_agrees_within_its_standard_error() {
    let rules = Game::preset(GameKind::TwentyFour).rules;
    let mut w = Weights::UNIFORM;
    // A target-seeking player: likes hitting, dislikes distance and fractions.
    w.0[0] = 2.0;
    w.0[1] = -0.5;
    w.0[3] = -1.0;
    let mut rng = SplitMix64::new(11);
    for (numbers, target) in [([4, 6, 8, 9], 24), ([1, 5, 5, 5], 24), ([3, 3, 8, 8], 24)] {
        let exact = Graph::build::<Rational>(&numbers, &rules, target)
            .unwrap()
            .unwrap()
            .evaluate(&w);
        let board: Vec<Q> = numbers.iter().map(|&n| (i128::from(n), 1)).collect();
        let runs = 20_000;
        let wins = (0..runs)
            .filter(|_| attempt(&board, target, *numbers.iter().max().unwrap(), &w, &mut rng).0)
            .count();
        let p = wins as f64 / runs as f64;
        // The standard error of a share of `runs` draws; five of them is a 1-in-3.5-million miss.
        let se = (exact.p_success * (1.0 - exact.p_success) / runs as f64).sqrt();
        assert!(
            (p - exact.p_success).abs() <= 5.0 * se + 1e-12,
            "{numbers:?}: simulated {p}, exact {}, se {se}",
            exact.p_success
        );
    }
}

/// Whether `board` ends an attempt, and if so whether it is solved.
fn ended(board: &[Q], t: i64, use_all: bool) -> Option<bool> {
    let target = (i128::from(t), 1);
    if !use_all && board.contains(&target) {
        return Some(true);
    }
    if board.len() == 1 {
        return Some(board[0] == target);
    }
    None
}

/// The distinct moves of `board`, with the board each leaves: the same two numbers, the same
/// operation and the same result are one move (equal values, and `8 ÷ −8` beside `−8 ÷ 8`).
fn distinct_moves(
    board: &[Q],
    t: i64,
    largest: i64,
    use_all: bool,
    w: &Weights,
) -> Vec<(Vec<Q>, f64)> {
    let mut seen = Vec::new();
    let mut out = Vec::new();
    for m in moves(board, !use_all) {
        let (x, op, y, r, i, j) = m;
        let (lo, hi) = if cmp(&x, &y).is_le() { (x, y) } else { (y, x) };
        if !seen.contains(&(lo, hi, op, r)) {
            seen.push((lo, hi, op, r));
            out.push((after(board, i, j, r), preference(&m, t, largest, w).exp()));
        }
    }
    out
}

/// Whether a solution lies below `board`, by plain recursion.
fn live(board: &[Q], t: i64, use_all: bool) -> bool {
    ended(board, t, use_all).unwrap_or_else(|| {
        moves(board, !use_all)
            .iter()
            .any(|&(_, _, _, r, i, j)| live(&after(board, i, j, r), t, use_all))
    })
}

/// Every move of a dead branch from `board`, by plain recursion over its distinct moves.
fn dead_moves(board: &[Q], t: i64, use_all: bool) -> f64 {
    if ended(board, t, use_all).is_some() {
        return 0.0;
    }
    distinct_moves(board, t, 0, use_all, &Weights::UNIFORM)
        .iter()
        .map(|(next, _)| 1.0 + dead_moves(next, t, use_all))
        .sum()
}

/// The searcher's expected moves to its first solution from `board`, by its definition: the
/// distinct moves are drawn one at a time, each with probability proportional to its weight
/// among those not yet tried, and tried in that order (every remaining set of moves
/// enumerated, no shortcut through the Plackett–Luce pairwise rule the engine uses).
fn slow_search(board: &[Q], t: i64, largest: i64, use_all: bool, w: &Weights) -> f64 {
    if ended(board, t, use_all).is_some() {
        return 0.0;
    }
    let ms = distinct_moves(board, t, largest, use_all, w);
    if ms
        .iter()
        .any(|(next, _)| ended(next, t, use_all) == Some(true))
    {
        return 1.0;
    }
    let live: Vec<bool> = ms.iter().map(|(next, _)| live(next, t, use_all)).collect();
    let cost: Vec<f64> = ms
        .iter()
        .zip(&live)
        .map(|((next, _), &l)| {
            1.0 + if l {
                slow_search(next, t, largest, use_all, w)
            } else {
                dead_moves(next, t, use_all)
            }
        })
        .collect();
    // The expected cost from the set of moves not yet tried (a bit mask).
    fn from(
        left: u64,
        ms: &[(Vec<Q>, f64)],
        live: &[bool],
        cost: &[f64],
        memo: &mut std::collections::HashMap<u64, f64>,
    ) -> f64 {
        if let Some(&c) = memo.get(&left) {
            return c;
        }
        let total: f64 = (0..ms.len())
            .filter(|&k| left >> k & 1 == 1)
            .map(|k| ms[k].1)
            .sum();
        let mut c = 0.0;
        for k in (0..ms.len()).filter(|&k| left >> k & 1 == 1) {
            let p = ms[k].1 / total;
            c += p * if live[k] {
                cost[k]
            } else {
                cost[k] + from(left & !(1 << k), ms, live, cost, memo)
            };
        }
        memo.insert(left, c);
        c
    }
    from(
        (1u64 << ms.len()) - 1,
        &ms,
        &live,
        &cost,
        &mut Default::default(),
    )
}

/// Checks the search on one board against its definition; whether the board has a solution.
fn check_search(numbers: &[i64], target: i64, rules: &Rules, w: &Weights, rational: bool) -> bool {
    let (g, board, largest) = board_of(numbers, target, rules, rational);
    let fast = g.prepare().search(w);
    if !live(&board, target, rules.use_all) {
        assert!(fast.is_infinite(), "{numbers:?} → {target}: {fast}");
        return false;
    }
    let slow = slow_search(&board, target, largest, rules.use_all, w);
    assert!(
        rel_close(fast, slow),
        "{numbers:?} → {target}: search {fast}, by definition {slow}"
    );
    true
}

#[test]
fn the_search_equals_its_definition_on_random_small_boards() {
    let mut rng = SplitMix64::new(2011);
    for game in [GameKind::TwentyFour, GameKind::Digits] {
        let rules = Game::preset(game).rules;
        let rational = game == GameKind::TwentyFour;
        let mut solvable = 0;
        for _ in 0..150 {
            let n = 2 + rng.below(2) as usize;
            let numbers: Vec<i64> = (0..n).map(|_| 1 + rng.below(13) as i64).collect();
            let target = 1 + rng.below(30) as i64;
            let w = random_weights(&mut rng);
            solvable += usize::from(check_search(&numbers, target, &rules, &w, rational));
        }
        // Enough of the boards have a solution for the comparison to mean something.
        assert!(solvable >= 30, "{game:?}: {solvable} of 150 solvable");
    }
    // Boards with a repeated number, whose equal moves are one move to the searcher.
    let rules = Game::preset(GameKind::TwentyFour).rules;
    check_search(&[5, 5, 1], 24, &rules, &Weights::UNIFORM, true);
    check_search(&[3, 3, 8], 24, &rules, &random_weights(&mut rng), true);
}
