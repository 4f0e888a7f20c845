//! How much of a corpus run's work an engine that counts only what the targets need could
//! skip (issue 65, item 1). Not a timing: counts of values and of operand pairs, over every
//! `--stride`-th board of a corpus (`just bench-headroom`).
//!
//! For each board, every sub-board's values are built the way the engine builds them (every
//! unordered split into two complementary sub-boards, every operand pair, every operation the
//! rules allow, through the engine's own `Rules::results`). Then, from the whole board down,
//! each value is marked *needed* when it lies in the window itself (numbers need not all be
//! used, so a sub-board reaching a target is a solution) or when, combined with some value of
//! a disjoint sub-board, it makes a needed value of their union. That is exact: a value is
//! needed if and only if it is the value of a sub-expression of some expression over the
//! board whose value lies in the window, so every count of every convention in the window,
//! and every difficulty trail, reads needed values only. A pruned engine keeps no more.
//!
//! Beside the exact mark, the bound the reach engine proves and cuts by before it builds
//! anything (`engine/reach/bounded.rs`): a value of a sub-board can still end in `1..=hi` only
//! if it is below `(hi + 1) · Π max(c, 2)` over the numbers `c` left on the board.
//!
//! Printed, per sub-board size: the values built and the share needed (exact, and by the
//! bound), the operand pairs that build the tables of that size and the share left when both
//! operands are needed ones, and the credits (valid results) and the share that land on a
//! needed value. For the whole board: its credits and the share landing in the window and on
//! a target. Usage: `cargo bench --bench headroom -- [--game digits|countdown] [--stride N]`
//! for a corpus (every value kept, as a corpus run's shared tables keep them), or
//! `-- --phase K,M,N` for N boards of a phase-sweep cell (values cut by the bound first, as
//! the sweep's engine cuts them).

use std::ops::RangeInclusive;

use rayon::prelude::*;

use digits_lab::corpus::enumerate::boards;
use digits_lab::corpus::id::CorpusId;
use digits_lab::engine::reach::bounded;
use digits_lab::game::board::{Board, SubBoards};
use digits_lab::game::number::Int;
use digits_lab::game::rule_set::{Game, GameKind};
use digits_lab::game::rules::Rules;
use digits_lab::random::SplitMix64;

/// What one board, or a sum of boards, counts for one sub-board size.
#[derive(Clone, Copy, Default)]
struct Size {
    sub_boards: u64,
    values: u64,
    needed_window: u64,
    needed_targets: u64,
    kept_by_bound: u64,
    /// For the sub-boards one number short of a board, which a corpus run shares between the
    /// boards holding them: values needed (window) by at least one board of the corpus.
    needed_shared: u64,
    /// Operand pairs of every split building a table of this size.
    pairs: u64,
    /// Of them, pairs whose both operands are needed (window).
    pairs_needed: u64,
    /// Valid results of those pairs.
    credits: u64,
    /// Of them, results that are needed values of the table being built (window).
    credits_needed: u64,
    /// Of them, for the whole board only, results on a target.
    credits_on_target: u64,
}

impl Size {
    fn add(&mut self, o: &Size) {
        self.sub_boards += o.sub_boards;
        self.values += o.values;
        self.needed_window += o.needed_window;
        self.needed_targets += o.needed_targets;
        self.kept_by_bound += o.kept_by_bound;
        self.needed_shared += o.needed_shared;
        self.pairs += o.pairs;
        self.pairs_needed += o.pairs_needed;
        self.credits += o.credits;
        self.credits_needed += o.credits_needed;
        self.credits_on_target += o.credits_on_target;
    }
}

/// The unordered splits of sub-board `s` into two non-empty complementary sub-boards.
fn splits(subs: &SubBoards, s: usize) -> Vec<(usize, usize)> {
    subs.subs_of(s)
        .into_iter()
        .filter(|&a| a != 0 && a != s && a <= s - a)
        .map(|a| (a, s - a))
        .collect()
}

/// Every result of every operand pair of a split, with the operands' positions: `put(i, j, v)`.
fn each_result(
    rules: &Rules,
    left: &[i64],
    right: &[i64],
    same: bool,
    mut put: impl FnMut(usize, usize, i64),
) {
    for (i, &x) in left.iter().enumerate() {
        let from = if same { i } else { 0 };
        for (j, &y) in right.iter().enumerate().skip(from) {
            rules.results(Int(x), Int(y), &mut |_, _, v: Int| {
                put(i, j, v.0);
                Some(())
            });
        }
    }
}

/// Which of each sub-board's values are needed for `window`, from the whole board down.
fn needed(
    rules: &Rules,
    subs: &SubBoards,
    values: &[Vec<i64>],
    window: &RangeInclusive<i64>,
) -> Vec<Vec<bool>> {
    let mut need: Vec<Vec<bool>> = values
        .iter()
        .map(|vs| vs.iter().map(|v| window.contains(v)).collect())
        .collect();
    for &s in subs.in_size_order().iter().rev() {
        if subs.size(s) < 2 {
            continue;
        }
        for (a, b) in splits(subs, s) {
            let (mut mark_a, mut mark_b) =
                (vec![false; values[a].len()], vec![false; values[b].len()]);
            each_result(rules, &values[a], &values[b], a == b, |i, j, v| {
                let hit = if s == subs.full() {
                    window.contains(&v)
                } else {
                    values[s].binary_search(&v).is_ok_and(|k| need[s][k])
                };
                if hit {
                    mark_a[i] = true;
                    mark_b[j] = true;
                }
            });
            for (n, m) in need[a].iter_mut().zip(mark_a) {
                *n |= m;
            }
            let marks_b = if a == b { &mut need[a] } else { &mut need[b] };
            for (n, m) in marks_b.iter_mut().zip(mark_b) {
                *n |= m;
            }
        }
    }
    need
}

/// One board's counts, per sub-board size (index = size). With `cut`, each sub-board keeps
/// only the values below the reach engine's bound, as the phase sweep's engine does;
/// without, every value, as a corpus run's shared tables do.
fn board_counts(game: &Game, board: &Board, window: &RangeInclusive<i64>, cut: bool) -> Vec<Size> {
    let rules = &game.rules;
    let subs = SubBoards::new(board);
    let full = subs.full();
    let mut values: Vec<Vec<i64>> = vec![Vec::new(); subs.count()];
    let mut out = vec![Size::default(); board.len() + 1];
    for &s in subs.in_size_order() {
        if s == 0 || s == full {
            continue;
        }
        let mut vs = if subs.size(s) == 1 {
            subs.numbers(s)
        } else {
            Vec::new()
        };
        for (a, b) in splits(&subs, s) {
            each_result(rules, &values[a], &values[b], a == b, |_, _, v| vs.push(v));
        }
        vs.sort_unstable();
        vs.dedup();
        if cut {
            let top = bounded::window(&subs, full - s, *window.end());
            vs.retain(|&v| v <= top);
        }
        values[s] = vs;
    }
    let need_w = needed(rules, &subs, &values, window);
    let need_t = needed(rules, &subs, &values, &game.targets);
    for &s in subs.in_size_order() {
        if s == 0 {
            continue;
        }
        let size = &mut out[subs.size(s)];
        size.sub_boards += 1;
        for (a, b) in splits(&subs, s) {
            let (va, vb) = (&values[a], &values[b]);
            let (na, nb) = (&need_w[a], &need_w[b]);
            let needed_count = |n: &[bool]| n.iter().filter(|&&m| m).count() as u64;
            if a == b {
                let (k, m) = (va.len() as u64, needed_count(na));
                size.pairs += k * (k + 1) / 2;
                size.pairs_needed += m * (m + 1) / 2;
            } else {
                size.pairs += (va.len() * vb.len()) as u64;
                size.pairs_needed += needed_count(na) * needed_count(nb);
            }
            each_result(rules, va, vb, a == b, |_, _, v| {
                size.credits += 1;
                let hit = if s == full {
                    size.credits_on_target += u64::from(game.targets.contains(&v));
                    window.contains(&v)
                } else {
                    values[s].binary_search(&v).is_ok_and(|k| need_w[s][k])
                };
                size.credits_needed += u64::from(hit);
            });
        }
        if s == full {
            continue;
        }
        let top = bounded::window(&subs, full - s, *window.end());
        size.values += values[s].len() as u64;
        size.needed_window += need_w[s].iter().filter(|&&m| m).count() as u64;
        size.needed_targets += need_t[s].iter().filter(|&&m| m).count() as u64;
        size.kept_by_bound += values[s].iter().filter(|&&x| x <= top).count() as u64;
        if !cut && subs.size(s) + 1 == board.len() {
            size.needed_shared += needed_by_some_board(game, &subs.numbers(s), &values[s], window);
        }
    }
    out
}

/// How many of `values`, the table of a sub-board one number short of a board, some board of
/// the corpus holding it needs: a value in the window, or one that some card the pool still
/// has makes a value in the window with.
fn needed_by_some_board(
    game: &Game,
    numbers: &[i64],
    values: &[i64],
    window: &RangeInclusive<i64>,
) -> u64 {
    let cards: Vec<i64> = game
        .pool
        .cards()
        .into_iter()
        .filter(|&(c, copies)| (numbers.iter().filter(|&&m| m == c).count() as u32) < copies)
        .map(|(c, _)| c)
        .collect();
    let reaches = |x: i64, c: i64| {
        let mut hit = false;
        game.rules.results(Int(x), Int(c), &mut |_, _, v: Int| {
            hit |= window.contains(&v.0);
            Some(())
        });
        hit
    };
    values
        .iter()
        .filter(|&&x| window.contains(&x) || cards.iter().any(|&c| reaches(x, c)))
        .count() as u64
}

fn share(part: u64, whole: u64) -> String {
    if whole == 0 {
        return "–".to_string();
    }
    format!("{:.1}%", 100.0 * part as f64 / whole as f64)
}

/// The boards measured and how: the game, the window, whether values are cut by the bound,
/// and the boards themselves.
struct Plan {
    label: String,
    game: Game,
    window: RangeInclusive<i64>,
    cut: bool,
    boards: Vec<Board>,
}

fn fail(message: &str) -> ! {
    eprintln!("headroom: {message}");
    std::process::exit(2);
}

/// `--game digits|countdown [--stride N]`: every N-th board of the corpus, as a corpus run
/// builds it (every value kept, the window `analyze` keeps of the whole board).
fn corpus_plan(name: &str, stride: usize) -> Plan {
    let id = match name {
        "digits" => CorpusId::Digits,
        "countdown" => CorpusId::Countdown,
        other => fail(&format!("--game is digits or countdown, not `{other}`")),
    };
    let game = id.game().expect("a named corpus's game");
    let corpus = boards(&game).expect("a named corpus's boards");
    let hi = *game.targets.end();
    let picked: Vec<Board> = (0..corpus.len())
        .step_by(stride)
        .map(|i| corpus.board(i))
        .collect();
    Plan {
        label: format!(
            "{} boards of {} (every {stride}th of {}); targets {}..={}",
            picked.len(),
            id.name(),
            corpus.len(),
            game.targets.start(),
            game.targets.end()
        ),
        window: 1..=hi + hi / 10 + 10,
        game,
        cut: false,
        boards: picked,
    }
}

/// `--phase K,M,N`: N seeded boards of a phase-sweep cell, K numbers drawn from 1..M with
/// replacement under Countdown's rules, asked about `1..=M`, values cut by the reach
/// engine's bound as the sweep's engine cuts them.
fn phase_plan(cell: &str) -> Plan {
    let parts: Vec<i64> = cell.split(',').filter_map(|p| p.parse().ok()).collect();
    let [k, m, n] = parts[..] else {
        fail("--phase takes K,M,N: numbers a board, their range 1..M, boards")
    };
    if !(2..=7).contains(&k) || !(2..=100_000).contains(&m) || n < 1 {
        fail("--phase takes K in 2..=7, M in 2..=100000 and at least one board");
    }
    let mut game = Game::preset(GameKind::Countdown);
    game.pool = format!("1-{m}x{k}").parse().expect("a pool");
    game.size = k as usize;
    game.targets = 1..=m;
    let mut random = SplitMix64::new(2012);
    let boards = (0..n)
        .map(|_| {
            let numbers = (0..k).map(|_| 1 + random.below(m as u64) as i64).collect();
            Board::new(&game, numbers).expect("a board of the cell")
        })
        .collect();
    Plan {
        label: format!(
            "{n} boards of {k} numbers of 1..{m}, Countdown's rules; targets 1..={m}, values cut by the bound"
        ),
        window: 1..=m,
        game,
        cut: true,
        boards,
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let stride: usize = match flag("--stride").map(|s| s.parse()) {
        None => 50,
        Some(Ok(n)) if n >= 1 => n,
        Some(_) => fail("--stride takes a whole number from 1"),
    };
    let plan = match flag("--phase") {
        Some(cell) => phase_plan(&cell),
        None => corpus_plan(flag("--game").as_deref().unwrap_or("digits"), stride),
    };
    let Plan {
        game, window, cut, ..
    } = &plan;
    let total = plan
        .boards
        .par_iter()
        .map(|b| board_counts(game, b, window, *cut))
        .reduce(
            || vec![Size::default(); game.size + 1],
            |mut a, b| {
                a.iter_mut().zip(&b).for_each(|(x, y)| x.add(y));
                a
            },
        );
    println!(
        "{}; window {}..={}\n",
        plan.label,
        window.start(),
        window.end()
    );
    println!(
        "| size | sub-boards a board | values a sub-board | needed (window) | needed (targets) | kept by the bound | needed by some board | operand pairs a sub-board | both operands needed | credits a sub-board | credits on a needed value |"
    );
    println!("|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|");
    let boards = plan.boards.len() as f64;
    for (k, s) in total.iter().enumerate().skip(1) {
        let per = |x: u64| format!("{:.0}", x as f64 / s.sub_boards.max(1) as f64);
        println!(
            "| {k} | {:.0} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            s.sub_boards as f64 / boards,
            if k == game.size {
                "–".into()
            } else {
                per(s.values)
            },
            share(s.needed_window, s.values),
            share(s.needed_targets, s.values),
            share(s.kept_by_bound, s.values),
            if !cut && k + 1 == game.size {
                share(s.needed_shared, s.values)
            } else {
                "–".into()
            },
            per(s.pairs),
            share(s.pairs_needed, s.pairs),
            per(s.credits),
            share(s.credits_needed, s.credits),
        );
    }
    let whole = &total[game.size];
    println!(
        "\nthe whole board: {:.0} credits a board, {} in the window, {} on a target",
        whole.credits as f64 / boards,
        share(whole.credits_needed, whole.credits),
        share(whole.credits_on_target, whole.credits)
    );
}
