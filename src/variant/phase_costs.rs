//! What one board of the phase sweep costs, by the rule set, the board size `k` and the range
//! `M`: constants measured once and written here, never timed at run time, so that the plan
//! ([`super::phase_plan`]) is the same on every machine and at every thread count.
//!
//! How they were measured: `just phase-costs` runs `digits-lab phase --k K --m M --samples N
//! --exact-limit 0 --threads 1` for every domain (positive integers, whole numbers, integers,
//! exact rationals), with and without every number used, `k = 1..7` and `M` = 10, 100,
//! 1,000, 10,000, with `N` chosen so that each run takes a few seconds (at least 8 boards),
//! and prints CPU time (user + system) per board less the time of a run of no boards. The
//! figures below are its output rounded up, in nanoseconds of one core.

use crate::game::rules::{Arithmetic, Rules};

/// The ranges the costs were measured at.
pub const GRID: [u64; 4] = [10, 100, 1_000, 10_000];

/// Nanoseconds per board, by `k − 1` then by [`GRID`]'s `M`.
type Table = [[u64; 4]; 7];

// `just phase-costs`, 2026-11-27, the project machine (2 cores, the other one busy with another
// session's builds, so the figures are if anything high), at `bb874c4`'s engine; exact
// rationals have since become about 15% faster (`pair_results`), so their rows are high too.
const POSITIVE_SUBSETS: Table = [
    [450, 450, 390, 610],
    [590, 600, 580, 810],
    [1_300, 1_400, 1_700, 1_900],
    [4_100, 5_000, 8_200, 7_700],
    [13_000, 28_000, 43_000, 38_000],
    [60_000, 190_000, 300_000, 290_000],
    [350_000, 1_600_000, 3_200_000, 4_000_000],
];
const POSITIVE_USE_ALL: Table = [
    [450, 450, 390, 610],
    [590, 590, 580, 810],
    [1_300, 1_400, 1_700, 1_900],
    [3_300, 4_800, 8_000, 7_400],
    [6_600, 27_000, 42_000, 37_000],
    [27_000, 150_000, 290_000, 280_000],
    [160_000, 650_000, 3_100_000, 3_900_000],
];
const WHOLE_SUBSETS: Table = [
    [460, 460, 390, 600],
    [600, 620, 570, 740],
    [1_400, 1_400, 1_300, 1_500],
    [5_300, 5_600, 5_100, 5_300],
    [28_000, 45_000, 40_000, 39_000],
    [200_000, 530_000, 580_000, 560_000],
    [1_600_000, 9_300_000, 12_000_000, 13_000_000],
];
const WHOLE_USE_ALL: Table = [
    [450, 460, 380, 600],
    [600, 610, 540, 720],
    [1_300, 1_400, 1_300, 1_500],
    [4_000, 5_300, 4_900, 4_900],
    [8_700, 44_000, 39_000, 38_000],
    [63_000, 350_000, 570_000, 550_000],
    [530_000, 1_600_000, 12_000_000, 12_000_000],
];
const INTEGERS_SUBSETS: Table = [
    [460, 460, 380, 600],
    [590, 610, 540, 740],
    [1_400, 1_500, 1_400, 1_600],
    [6_700, 7_200, 6_500, 6_700],
    [44_000, 82_000, 73_000, 69_000],
    [390_000, 1_200_000, 1_400_000, 1_400_000],
    [3_600_000, 25_000_000, 31_000_000, 34_000_000],
];
const INTEGERS_USE_ALL: Table = [
    [460, 480, 380, 600],
    [580, 600, 530, 740],
    [1_500, 1_400, 1_300, 1_500],
    [5_200, 7_000, 6_300, 6_300],
    [13_000, 81_000, 72_000, 68_000],
    [110_000, 800_000, 1_400_000, 1_400_000],
    [1_100_000, 3_700_000, 32_000_000, 34_000_000],
];
const RATIONALS_SUBSETS: Table = [
    [540, 530, 470, 610],
    [780, 800, 790, 910],
    [2_900, 3_500, 3_900, 4_400],
    [27_000, 60_000, 69_000, 78_000],
    [290_000, 1_600_000, 2_100_000, 2_400_000],
    [4_900_000, 29_000_000, 70_000_000, 83_000_000],
    [91_000_000, 940_000_000, 2_400_000_000, 3_700_000_000],
];
const RATIONALS_USE_ALL: Table = [
    [540, 550, 480, 620],
    [800, 830, 790, 940],
    [2_900, 3_400, 3_800, 4_400],
    [21_000, 58_000, 68_000, 79_000],
    [57_000, 1_600_000, 2_100_000, 2_500_000],
    [780_000, 19_000_000, 70_000_000, 82_000_000],
    [15_000_000, 82_000_000, 2_300_000_000, 3_600_000_000],
];

/// What `^`, unary minus and joined digits multiply a board's cost by, as `(numerator,
/// denominator)`, measured by `just phase-costs` at `k = 6, 7`, `M = 10,000` (the larger
/// ratio of the two, rounded up). In positive integers `^` turns the windows off: ×3.36
/// (Countdown's rules); elsewhere it costs little (×1.06 on the 24 game's, the magnitude
/// bound of 10^12 cutting what powers add). Unary minus doubles every sub-board's values:
/// ×2.49 on the 24 game's rules. Joined digits change nothing for numbers above 9 (×1.01 on
/// make-10's rules); in positive integers they turn the windows off as `^` does, and are
/// priced as `^` there (no command-line game has joined digits and positive integers).
pub const POW_WINDOWED: (u64, u64) = (7, 2);
pub const POW: (u64, u64) = (11, 10);
pub const UNARY_MINUS: (u64, u64) = (5, 2);
pub const CONCAT_WINDOWED: (u64, u64) = POW_WINDOWED;
pub const CONCAT: (u64, u64) = (11, 10);

/// The estimated CPU nanoseconds of one board of `k` numbers drawn from `1..=m` under
/// `rules`: the measured figure of the rules' domain, linear in `M` between the measured
/// ranges (at most the largest's beyond it, the smallest's below it), times the factors of
/// the variants. Integers only, so the same everywhere.
pub fn board_ns(rules: &Rules, k: u32, m: u64) -> u64 {
    let table = match (rules.arithmetic, rules.use_all) {
        (Arithmetic::PositiveIntegers, false) => &POSITIVE_SUBSETS,
        (Arithmetic::PositiveIntegers, true) => &POSITIVE_USE_ALL,
        (Arithmetic::WholeNumbers, false) => &WHOLE_SUBSETS,
        (Arithmetic::WholeNumbers, true) => &WHOLE_USE_ALL,
        (Arithmetic::Integers, false) => &INTEGERS_SUBSETS,
        (Arithmetic::Integers, true) => &INTEGERS_USE_ALL,
        (Arithmetic::Rationals, false) => &RATIONALS_SUBSETS,
        (Arithmetic::Rationals, true) => &RATIONALS_USE_ALL,
    };
    let row = &table[k.clamp(1, 7) as usize - 1];
    let mut ns = between(row, m);
    let windowed = rules.arithmetic == Arithmetic::PositiveIntegers;
    let (pow, concat) = match windowed {
        true => (POW_WINDOWED, CONCAT_WINDOWED),
        false => (POW, CONCAT),
    };
    for (on, (num, den)) in [
        (rules.pow, pow),
        (rules.unary_minus, UNARY_MINUS),
        (rules.concat, concat),
    ] {
        if on {
            ns = ns.saturating_mul(num) / den;
        }
    }
    ns
}

/// `row` at `m`, linear between the two measured ranges around it.
fn between(row: &[u64; 4], m: u64) -> u64 {
    if m <= GRID[0] {
        return row[0];
    }
    for i in 0..GRID.len() - 1 {
        let (lo, hi) = (GRID[i], GRID[i + 1]);
        if m <= hi {
            let (a, b) = (u128::from(row[i]), u128::from(row[i + 1]));
            let t = u128::from(m - lo);
            let span = u128::from(hi - lo);
            let v = if b >= a {
                a + (b - a) * t / span
            } else {
                a - (a - b) * t / span
            };
            return v as u64;
        }
    }
    row[GRID.len() - 1]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rule_set::{Game, GameKind};

    #[test]
    fn costs_follow_the_table_between_its_ranges() {
        let row = [100, 1_000, 2_000, 2_000];
        assert_eq!(between(&row, 1), 100);
        assert_eq!(between(&row, 10), 100);
        assert_eq!(between(&row, 55), 550);
        assert_eq!(between(&row, 100), 1_000);
        assert_eq!(between(&row, 550), 1_500);
        assert_eq!(between(&row, 10_000), 2_000);
        assert_eq!(between(&[9, 3, 3, 3], 55), 6);
        let countdown = Game::preset(GameKind::Countdown).rules;
        let twenty_four = Game::preset(GameKind::TwentyFour).rules;
        for k in 1..=7 {
            for &m in &GRID {
                assert_eq!(
                    board_ns(&countdown, k, m),
                    POSITIVE_SUBSETS[k as usize - 1][GRID.iter().position(|&g| g == m).unwrap()]
                );
                assert!(board_ns(&twenty_four, k, m) > 0);
            }
        }
        let minus = Game::preset(GameKind::TwentyFour)
            .with_unary_minus()
            .unwrap()
            .rules;
        assert_eq!(
            board_ns(&minus, 6, 100),
            board_ns(&twenty_four, 6, 100) * UNARY_MINUS.0 / UNARY_MINUS.1
        );
    }
}
