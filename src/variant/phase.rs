//! The solvability phase transition (Lacasa & Luque, *Phase transition in the Countdown
//! problem*, Phys. Rev. E 86, 010105, 2012): `P(k, M)`, the probability that a target drawn
//! uniformly from `1..=M` is reachable from `k` numbers drawn uniformly, with replacement,
//! from `1..=M`, under Countdown's rules by default and any game's rules on request
//! ([`crate::engine::reach::counts`]).
//!
//! Which cells are exact, sampled (and with how many boards) or skipped is the plan's
//! ([`super::phase_plan`]): by the estimated cost of each under the rule set, within a
//! budget for the sweep. Each cell is computed one of two ways, and says which:
//! - **exact**: over every multiset of `k` numbers from `1..=M`, each weighted by how many
//!   ordered draws give it (the multinomial `k! / Π mᵢ!`, since the numbers are drawn with
//!   replacement), `P = Σ w · |reach ∩ 1..=M| / (M^k · M)` in exact integers;
//! - **sampled**: over `n` boards (`--samples`, or fewer to fit the budget) drawn from a
//!   seeded generator, `f_b = |reach ∩ 1..=M| / M`
//!   for each, `P` the mean of `f_b` and the 95% interval `mean ± 1.96 · sd / √n`. Every
//!   board's targets are all counted, so the spread is only between boards.
//!
//! Board `i` of a cell is drawn from its own generator state (seed, `k`, `M`, `i`), and sums
//! are taken in board order, so a sweep gives the same bytes at any thread count.
//!
//! Beside `P` each cell has `q`, the rescaled parameter: the mean over boards of the number
//! of (distinct sub-board, value) pairs with a value in `1..=M`, divided by `M` — how many
//! times each integer of `1..=M` is reached on average, counting each sub-board that makes
//! it once. If every sub-board's values fell on `1..=M` at random, a target would be missed
//! with probability `e^{−q}`, so `P ≈ 1 − e^{−q}` whatever `M`: the curves collapse on `q`
//! (docs/PHASE.md argues this reading of the paper's parameter).

use rayon::prelude::*;

use crate::engine::reach::counts::counts;
use crate::error::{Error, Result};
use crate::game::rules::Rules;
use crate::random::{GOLDEN, SplitMix64, mix};

pub use super::phase_plan::{MAX_M, Plan, Planned};

/// How a cell was computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    Exact,
    Sampled,
    /// Not computed: over the budget even at its fewest boards, or a board beyond what one
    /// board may keep ([`crate::engine::reach::bounded::MAX_VALUES`]); `P`, its interval and
    /// `q` are NaN (null in `phase.parquet`).
    Skipped,
}

impl Method {
    pub fn name(self) -> &'static str {
        match self {
            Method::Exact => "exact",
            Method::Sampled => "sampled",
            Method::Skipped => "skipped",
        }
    }

    pub fn parse(s: &str) -> Option<Method> {
        match s {
            "exact" => Some(Method::Exact),
            "sampled" => Some(Method::Sampled),
            "skipped" => Some(Method::Skipped),
            _ => None,
        }
    }
}

/// One `(k, M)` cell of the sweep.
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    pub k: u32,
    pub m: u64,
    /// The probability of winning.
    pub p: f64,
    /// The 95% interval (`p` itself when exact).
    pub lo: f64,
    pub hi: f64,
    /// Boards evaluated: every multiset when exact, the sample's size otherwise.
    pub boards: u64,
    pub method: Method,
    /// The rescaled parameter (module docs).
    pub q: f64,
}

/// Runs every cell of `plan` as planned ([`Plan::cells`]); `progress` is told each finished
/// cell's boards. A cell with a board beyond what one board may keep is skipped, not an
/// error: which boards those are does not depend on the machine, so neither does the sweep.
pub fn sweep(plan: &Plan, progress: &(dyn Fn(u64) + Sync)) -> Result<Vec<Cell>> {
    plan.check()?;
    plan.cells()
        .into_iter()
        .map(|c| {
            let cell = match c.method {
                Method::Exact => exact_cell(&plan.rules, c.k, c.m, progress),
                Method::Sampled => {
                    sampled_cell(&plan.rules, c.k, c.m, c.boards, plan.seed, progress)
                }
                Method::Skipped => Ok(skipped(c.k, c.m)),
            };
            match cell {
                Err(Error::TooManyValues(_)) => Ok(skipped(c.k, c.m)),
                other => other,
            }
        })
        .collect()
}

/// A cell not computed.
pub fn skipped(k: u32, m: u64) -> Cell {
    Cell {
        k,
        m,
        p: f64::NAN,
        lo: f64::NAN,
        hi: f64::NAN,
        boards: 0,
        method: Method::Skipped,
        q: f64::NAN,
    }
}

/// `C(m + k − 1, k)`, the multisets of `k` numbers from `1..=m` (None past `u128`).
pub fn multisets(k: u32, m: u64) -> Option<u128> {
    let mut c: u128 = 1;
    for i in 0..u128::from(k) {
        // C(n, i+1) = C(n, i) · (n − i) / (i + 1) with n = m + k − 1, exact at each step.
        c = c.checked_mul(u128::from(m) + u128::from(k) - 1 - i)? / (i + 1);
    }
    Some(c)
}

/// Per board: targets of `1..=m` reached, and (sub-board, value) pairs in `1..=m`.
fn evaluate(rules: &Rules, board: &[u64], m: u64) -> Result<(u64, u64)> {
    let numbers: Vec<i64> = board.iter().map(|&n| n as i64).collect();
    let m = m as i64;
    let c = crate::with_number_type!(rules.arithmetic, V => counts::<V>(rules, &numbers, m)?);
    Ok((c.reached, c.hits))
}

/// The exact cell: every multiset, weighted by its ordered draws. The sums are exact
/// integers, so the order batches finish in does not change them.
pub fn exact_cell(rules: &Rules, k: u32, m: u64, progress: &(dyn Fn(u64) + Sync)) -> Result<Cell> {
    let ks = k as usize;
    // Flat, `k` numbers per board, as u16 (M ≤ 10,000): 4.4 million boards of 4 take 35 MB.
    let flat = all_multisets(ks, m);
    let n = (flat.len() / ks.max(1)) as u64;
    let sums = flat
        .par_chunks(chunk(n, 4096) * ks.max(1))
        .map(|chunk| {
            let mut reached: u128 = 0;
            let mut hits: u128 = 0;
            let mut board = vec![0u64; ks];
            for b in chunk.chunks(ks.max(1)) {
                for (x, &v) in board.iter_mut().zip(b) {
                    *x = u64::from(v);
                }
                let (c, h) = evaluate(rules, &board, m)?;
                let w = draws(&board);
                reached += w * u128::from(c);
                hits += w * u128::from(h);
            }
            progress((chunk.len() / ks.max(1)) as u64);
            Ok((reached, hits))
        })
        .collect::<Result<Vec<_>>>()?;
    let (reached, hits) = sums
        .iter()
        .fold((0u128, 0u128), |a, b| (a.0 + b.0, a.1 + b.1));
    let total = u128::from(m).pow(k) * u128::from(m);
    let p = ratio(reached, total);
    Ok(Cell {
        k,
        m,
        p,
        lo: p,
        hi: p,
        boards: n,
        method: Method::Exact,
        q: ratio(hits, total),
    })
}

/// The sampled cell: `samples` boards from the seeded generator.
pub fn sampled_cell(
    rules: &Rules,
    k: u32,
    m: u64,
    samples: u64,
    seed: u64,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Cell> {
    let idx: Vec<u64> = (0..samples).collect();
    let per: Vec<(u64, u64)> = idx
        .par_chunks(chunk(samples, 256))
        .map(|chunk| {
            let out = chunk
                .iter()
                .map(|&i| evaluate(rules, &draw_board(seed, k, m, i), m))
                .collect::<Result<Vec<_>>>();
            progress(chunk.len() as u64);
            out
        })
        .collect::<Result<Vec<_>>>()?
        .into_iter()
        .flatten()
        .collect();
    let n = samples as f64;
    let mf = m as f64;
    let f: Vec<f64> = per.iter().map(|&(c, _)| c as f64 / mf).collect();
    let mean = f.iter().sum::<f64>() / n;
    let var = f.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    let half = 1.96 * (var / n).sqrt();
    let q = per.iter().map(|&(_, h)| h as f64).sum::<f64>() / n / mf;
    Ok(Cell {
        k,
        m,
        p: mean,
        lo: (mean - half).max(0.0),
        hi: (mean + half).min(1.0),
        boards: samples,
        method: Method::Sampled,
        q,
    })
}

/// Boards per parallel task for a cell of `n` boards: at most `most`, and small enough
/// that a cell of a few costly boards (twenty boards of seven rationals) spreads over every
/// core. The sums do not depend on it.
fn chunk(n: u64, most: u64) -> usize {
    (n / 64).clamp(1, most) as usize
}

/// The `k` at which `P` crosses ½ for one `M`, interpolated linearly between the two
/// neighbouring `k` of `cells` (None when it does not cross within them).
pub fn critical_k(cells: &[Cell], m: u64) -> Option<f64> {
    let mut row: Vec<&Cell> = cells
        .iter()
        .filter(|c| c.m == m && c.method != Method::Skipped)
        .collect();
    row.sort_by_key(|c| c.k);
    row.windows(2).find_map(|w| {
        let (a, b) = (w[0], w[1]);
        (a.p < 0.5 && b.p >= 0.5)
            .then(|| f64::from(a.k) + (0.5 - a.p) / (b.p - a.p) * f64::from(b.k - a.k))
    })
}

/// `a / b` as a float, exact to the last bit for the sizes here (both below 2^100).
fn ratio(a: u128, b: u128) -> f64 {
    a as f64 / b as f64
}

/// How many ordered draws give the multiset `board` (ascending): `k! / Π mᵢ!`.
pub fn draws(board: &[u64]) -> u128 {
    let mut w: u128 = (1..=board.len() as u128).product();
    let mut i = 0;
    while i < board.len() {
        let j = i + board[i..].iter().take_while(|&&x| x == board[i]).count();
        w /= (1..=(j - i) as u128).product::<u128>();
        i = j;
    }
    w
}

/// Every multiset of `k` numbers from `1..=m` (at most `u16::MAX`), ascending, in
/// lexicographic order, `k` numbers after another in one flat list.
fn all_multisets(k: usize, m: u64) -> Vec<u16> {
    let m = u16::try_from(m).expect("M is at most 10,000");
    let mut out = Vec::new();
    if k == 0 {
        return out;
    }
    let mut cur = vec![1u16; k];
    loop {
        out.extend_from_slice(&cur);
        // The last position that can still grow; everything after it restarts from it.
        let Some(i) = (0..k).rev().find(|&i| cur[i] < m) else {
            return out;
        };
        let v = cur[i] + 1;
        for x in &mut cur[i..] {
            *x = v;
        }
    }
}

/// Board `i` of the cell `(k, m)`: `k` numbers uniform on `1..=m`, ascending.
pub fn draw_board(seed: u64, k: u32, m: u64, i: u64) -> Vec<u64> {
    let mut rng = board_rng(seed, k, m, i);
    let mut board: Vec<u64> = (0..k).map(|_| rng.below_exactly(m) + 1).collect();
    board.sort_unstable();
    board
}

/// The generator of board `i` of the cell `(k, m)`: a seed mixed from all four.
fn board_rng(seed: u64, k: u32, m: u64, i: u64) -> SplitMix64 {
    let split = |x: u64| mix(x.wrapping_add(GOLDEN));
    let start = split(split(split(seed) ^ u64::from(k)) ^ m) ^ i;
    SplitMix64::new(start.wrapping_add(GOLDEN))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::reach::bounded::Bounded;
    use crate::game::number::Int;
    use crate::variant::test_rules::{countdown, none};

    /// The exact cell against a plain sum over every ordered draw and every target.
    #[test]
    fn exact_equals_every_ordered_draw() {
        for (k, m) in [(1u32, 7u64), (2, 6), (3, 5), (4, 4)] {
            let cell = exact_cell(&countdown(), k, m, &none).unwrap();
            let mut reached = 0u64;
            let mut draws_total = 0u64;
            let mut tuple = vec![1i64; k as usize];
            loop {
                let r = Bounded::<Int>::new(&countdown(), &tuple, None)
                    .unwrap()
                    .reachable();
                reached += (1..=m as i64)
                    .filter(|t| r.binary_search(t).is_ok())
                    .count() as u64;
                draws_total += 1;
                let Some(i) = (0..tuple.len()).rev().find(|&i| tuple[i] < m as i64) else {
                    break;
                };
                tuple[i] += 1;
                for x in &mut tuple[i + 1..] {
                    *x = 1;
                }
            }
            assert_eq!(draws_total, m.pow(k));
            let want = reached as f64 / (draws_total * m) as f64;
            assert_eq!(cell.p, want, "k {k} m {m}");
            assert_eq!(cell.boards as u128, multisets(k, m).unwrap());
        }
    }

    #[test]
    fn one_number_reaches_itself_only() {
        // A board of one number from 1..=M reaches one target of M: P = 1/M.
        let cell = exact_cell(&countdown(), 1, 10, &none).unwrap();
        assert_eq!(cell.p, 0.1);
        assert_eq!(cell.q, 0.1);
    }

    #[test]
    fn sampling_agrees_with_the_exact_value() {
        let exact = exact_cell(&countdown(), 3, 30, &none).unwrap();
        let sampled = sampled_cell(&countdown(), 3, 30, 3000, 7, &none).unwrap();
        assert!(
            sampled.lo <= exact.p && exact.p <= sampled.hi,
            "exact {} outside [{}, {}]",
            exact.p,
            sampled.lo,
            sampled.hi
        );
        assert!(sampled.hi - sampled.lo < 0.05);
    }

    #[test]
    fn draws_are_uniform_counts_and_deterministic() {
        assert_eq!(draws(&[1, 1, 2]), 3);
        assert_eq!(draws(&[1, 2, 3]), 6);
        assert_eq!(draws(&[5, 5, 5, 5]), 1);
        assert_eq!(multisets(2, 10), Some(55));
        assert_eq!(multisets(7, 10), Some(11_440));
        assert_eq!(all_multisets(3, 4).len(), 20 * 3);
        assert_eq!(draw_board(1, 6, 100, 5), draw_board(1, 6, 100, 5));
        assert_ne!(draw_board(1, 6, 100, 5), draw_board(1, 6, 100, 6));
    }

    #[test]
    fn the_critical_k_is_interpolated() {
        let cell = |k, p| Cell {
            k,
            m: 10,
            p,
            lo: p,
            hi: p,
            boards: 1,
            method: Method::Exact,
            q: 0.0,
        };
        let cells = [cell(2, 0.1), cell(3, 0.3), cell(4, 0.7)];
        assert!((critical_k(&cells, 10).unwrap() - 3.5).abs() < 1e-12);
        assert_eq!(critical_k(&cells, 100), None);
    }
}
