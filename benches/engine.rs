//! Engine benchmarks (`just bench`): the full DP of one board and the move search.

use std::collections::HashMap;
use std::sync::Arc;

use digits_lab::engine::{Dp, Flat, SubTable, SubTableSource, Window};
use digits_lab::game::board::Board;
use digits_lab::game::number::{Int, Number, Rational};
use digits_lab::game::rule_set::{Game, GameKind};
use digits_lab::puzzle::sequences;

fn main() {
    divan::main();
}

fn board(kind: GameKind, numbers: &[i64]) -> (Game, Board) {
    let game = Game::preset(kind);
    let board = Board::new(&game, numbers.to_vec()).expect("valid board");
    (game, board)
}

/// The full DP of a board of the game `kind` in the number type `V`, with its game and board.
fn full_dp<V: Number>(kind: GameKind, numbers: &[i64]) -> (Game, Board, Dp<V>) {
    let (game, b) = board(kind, numbers);
    let dp = Dp::<V>::build(&b, &game.rules).expect("builds");
    (game, b, dp)
}

/// Every value of a Countdown board with `trees`, `expressions`, `distinct` and `min_ops`.
#[divan::bench]
fn dp_countdown_25_50_75_100_3_6() -> usize {
    let (_, b, dp) = full_dp::<Int>(GameKind::Countdown, &[25, 50, 75, 100, 3, 6]);
    dp.table(b.len()).len()
}

/// Every value of the SPEC's Digits board.
#[divan::bench]
fn dp_digits_1_3_7_10_25_50() -> usize {
    let (_, _, dp) = full_dp::<Int>(GameKind::Digits, &[1, 3, 7, 10, 25, 50]);
    dp.table(1).len()
}

/// A 24-game board in exact rationals, every card used.
#[divan::bench]
fn dp_24_3_4_9_10() -> usize {
    let (_, _, dp) = full_dp::<Rational>(GameKind::TwentyFour, &[3, 4, 9, 10]);
    dp.table(1).len()
}

/// The SPEC's move-sequence figure: `[1,2,4,5,10,25]` → 94.
#[divan::bench]
fn moves_1_2_4_5_10_25_to_94() -> u64 {
    let (game, b) = board(GameKind::Digits, &[1, 2, 4, 5, 10, 25]);
    let values: Vec<Int> = b
        .numbers()
        .iter()
        .map(|&n| Int::from_int(n).expect("positive"))
        .collect();
    sequences::count(&values, Int(94), &game.rules)
        .expect("counts")
        .sequences
}

/// `check` of a solved Countdown answer: the common case of a reward function.
#[divan::bench]
fn check_countdown_solved() -> bool {
    let (game, b) = board(GameKind::Countdown, &[1, 10, 25, 50, 75, 100]);
    digits_lab::check::check(&game, &b, 765, divan::black_box("(25-10)*(1+50)")).solved
}

/// `check` of `2**2**2**2**2**2` where powers are allowed: refused at the limit, never
/// computed past it.
#[divan::bench]
fn check_power_tower_refused() -> bool {
    let mut game = Game::preset(GameKind::TwentyFour).with_pow();
    game.pool = "1-13x6".parse().expect("a pool");
    let b = Board::new(&game, vec![2; 6]).expect("valid board");
    digits_lab::check::check(&game, &b, 24, divan::black_box("2**2**2**2**2**2")).valid
}

/// `check` of a 10,000-character answer: refused by its length, unread.
#[divan::bench]
fn check_ten_thousand_characters_refused(bencher: divan::Bencher) {
    let (game, b) = board(GameKind::Countdown, &[1, 10, 25, 50, 75, 100]);
    let long = "1+".repeat(5_000);
    bencher.bench(|| digits_lab::check::check(&game, &b, 765, divan::black_box(&long)).valid);
}

/// Every sub-board table of one board, as a corpus run's cache gives them.
struct Given(HashMap<Vec<i64>, Arc<SubTable<Int>>>);

impl SubTableSource<Int> for Given {
    fn sub_table(&self, numbers: &[i64]) -> Option<Arc<SubTable<Int>>> {
        self.0.get(numbers).cloned()
    }
}

/// A Digits board as `analyze` builds it: its sub-boards given, the whole board windowed to
/// the targets 1–999 and their near misses (1–1,108).
fn digits_windowed() -> (Game, Board, Given) {
    let (game, b, dp) = full_dp::<Int>(GameKind::Digits, &[2, 5, 9, 13, 17, 24]);
    let full = dp.subs.full();
    for s in 1..full {
        dp.items(Flat::Sum, s);
        dp.items(Flat::Product, s);
    }
    let given = (1..full)
        .map(|s| (dp.subs.numbers(s), dp.shared_sub_table(s)))
        .collect();
    (game, b, Given(given))
}

const DIGITS_WINDOW: Window = Window { lo: 1, hi: 1_108 };

/// The whole board of a Digits corpus run, one thread: operand pairs and flat nodes.
#[divan::bench]
fn whole_board_digits_windowed(bencher: divan::Bencher) {
    let (game, b, given) = digits_windowed();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a pool");
    bencher.bench(|| {
        pool.install(|| {
            let dp = Dp::<Int>::build_with(&b, &game.rules, Some(DIGITS_WINDOW), Some(&given))
                .expect("builds");
            dp.shared_sub_table(dp.subs.full()).entries.len()
        })
    });
}

/// The same board's flat sums and products of three or more items, within the window.
#[divan::bench(args = ["sums", "products"])]
fn whole_board_digits_flat(bencher: divan::Bencher, kind: &str) {
    let (game, b, given) = digits_windowed();
    let dp =
        Dp::<Int>::build_with(&b, &game.rules, Some(DIGITS_WINDOW), Some(&given)).expect("builds");
    let kind = if kind == "sums" {
        Flat::Sum
    } else {
        Flat::Product
    };
    bencher.bench(|| {
        let mut nodes = 0u64;
        dp.for_each_flat(dp.subs.full(), kind, 3, &mut |_, _, _| {
            nodes += 1;
            Ok(())
        })
        .expect("walks");
        nodes
    });
}
