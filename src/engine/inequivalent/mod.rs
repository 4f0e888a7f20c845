//! Inequivalent solutions of the 24 game (and of any "make the target" board),
//! counted with the convention of 4shu.net.
//!
//! The count most 24-game sites publish — 3,017 inequivalent solutions over
//! the 1,362 solvable hands of four cards 1–13 — is 4shu.net's
//! (<https://4shu.net/theory/>, list at <https://4shu.net/solutions/allsolutions/>).
//! Its notion of "the same solution" is stricter than "equal up to
//! commutativity and associativity": some solutions that coincide only for
//! the particular numbers (× 1, ÷ 1, + a − a, …) are merged too.  The Rust
//! solver [mhfan/inrust](https://github.com/mhfan/inrust) (`src/calc24.rs`)
//! implements that convention as pruning rules and checks it hand by hand
//! against 4shu's list (`tests/game24_sols.txt`); this module was checked
//! against the same list (all 1,362 hands, 3,017 solutions) but is an
//! independent implementation of the rules below, stated as an equivalence.
//!
//! # The rules
//!
//! A solution is an expression tree over the cards (each used exactly once)
//! with `+ − × ÷`, evaluated exactly; dividing by zero is not allowed.  Two
//! solutions are *the same* when one can be turned into the other by the
//! following rules, applied to any part, any number of times:
//!
//! * **R0 – algebra.**  Two solutions that are the same formula (identical
//!   as functions of the cards; cards of equal value are interchangeable)
//!   are the same: commutativity and associativity of `+` and `×`,
//!   `a − (b − c) = a + c − b`, `a ÷ (b ÷ c) = a × c ÷ b`,
//!   `(a − b) × (c − d) = (b − a) × (d − c)`, `x − (a − b) × c = x + (b − a) × c`…
//!   (distributivity never applies: it would change the cards used).
//! * **Z – zero.**  A term equal to 0 may be added or subtracted
//!   (`x + z = x − z`, `z` not itself a sum); a product equal to 0 may be
//!   negated and its factors may multiply or divide (`0 ÷ x = 0 × x`); a
//!   difference equal to 0 that is not part of a larger sum may be reversed
//!   (`x − y = y − x` when `x = y`).
//! * **Q – one.**  A factor equal to ±1 may multiply or divide
//!   (`x × q = x ÷ q`, `q` not itself a product); a quotient equal to ±1 that
//!   is not part of a larger product may be inverted (`x ÷ y = y ÷ x` when
//!   `x = y`, e.g. `5 + 3 ÷ (2 + 1) = 5 + (2 + 1) ÷ 3`).
//! * **R1 – units move freely.**  A *unit* is a card 1, or the difference
//!   `c − d` of two cards with `c − d = 1`.  Multiplying (or dividing) by a
//!   unit is the same wherever it is done: `E[x × u] = E[x] × u`, e.g.
//!   `(3 + 1 × 1) × 6 = (3 + 1) × 6 × 1` and `11 × (2 − 1) + 13 = (11 + 13) × (2 − 1)`.
//! * **R2 – equal pairs move freely.**  Adding and subtracting two cards of
//!   equal value, or multiplying and dividing by them, is the same wherever
//!   it is done: `E[x + a − a'] = E[x × a ÷ a'] = E[x] + a − a'`, e.g.
//!   `(12 + 5 − 5) × 2 = 12 × 2 × 5 ÷ 5 = 12 × 2 + 5 − 5`, and
//!   `8 × 3 × 1 × 1 = 8 × 3 × 1 ÷ 1 = 8 × 3 + 1 − 1`.
//!
//! Nothing else is merged: `2 + 2` and `2 × 2` differ, `5 + 2 + 2 − 4` is
//! not `5 + 4 − 2 − 2` (only a whole difference may be reversed, and a
//! movable pair is two cards), `x × (p + q) ÷ r` is not `x` moved with a
//! pair even when `p + q = r`.  On the 24 list these rules give exactly
//! 4shu's count for every hand; on four-card boards they also reproduce
//! inrust's own unit tests for other targets.
//!
//! # Algorithm
//!
//! Bottom-up over sub-multisets of the board: every sub-board keeps its set
//! of *canonical forms* modulo the rules that are congruences — R0 and the
//! non-positional parts of Z and Q (hash-consed sum and product clusters
//! with a sign convention, see `canon`) — so each formula is built once per
//! sub-board.  On the full board only the targets' values are kept, and the
//! classes are the connected components of the remaining rules, found by
//! union–find: the R1/R2 moves ("remove one unit or pair where it is, attach
//! it at the root", see `neutral`) and the positional parts of Z and Q
//! (see `flips`).  A slow reference that applies the rules literally to
//! every expression tree agrees with this on every board tried
//! (`cli/tests/integration/inequivalent/`).

mod canon;
mod flips;
mod neutral;
mod render;
mod units;
mod value;

use canon::{Arena, Expr, FxMap, MAX_CARDS, Op};
use std::ops::RangeInclusive;
use value::Rat;

use crate::game::rules::{Arithmetic, Rules};

/// The most numbers a board may have for the count to be taken: six take about 0.4 s a
/// board, and the forms of seven would grow past what a table's run should spend.
pub const MOST_NUMBERS: usize = 6;

/// Whether the convention is defined for `numbers` under `rules`: the 24 game's arithmetic
/// (exact rationals, every number used, no `^`, no unary minus), numbers of 0 or more, at most
/// [`MOST_NUMBERS`] of them. [`counts`] and [`solutions`] take only such boards.
pub fn defined(rules: &Rules, numbers: &[i64]) -> bool {
    defined_for(rules, numbers.len()) && numbers.iter().all(|&n| n >= 0)
}

/// Whether the convention is defined for every board of `size` numbers a game under `rules`
/// deals (its numbers are never negative): which corpora's tables have the column.
pub fn defined_for(rules: &Rules, size: usize) -> bool {
    const { assert!(MOST_NUMBERS <= MAX_CARDS) };
    rules.arithmetic == Arithmetic::Rationals
        && rules.use_all
        && !rules.pow
        && !rules.unary_minus
        && !rules.concat
        && size <= MOST_NUMBERS
}

/// For each integer target in `targets`, the number of inequivalent solutions
/// using every card exactly once (index 0 is `targets.start()`).
///
/// Any small board works (0 to 8 cards, each ≥ 0); values that overflow
/// `i64` are left out.  An empty range gives an empty vector.
///
/// # Panics
/// If the board is not one [`defined`] accepts (more than 8 cards, or a negative card).
pub fn counts(cards: &[i64], targets: RangeInclusive<i64>) -> Vec<u64> {
    let (lo, hi) = (*targets.start(), *targets.end());
    if lo > hi {
        return Vec::new();
    }
    let len = usize::try_from(hi as i128 - lo as i128 + 1).expect("target range too large");
    let mut out = vec![0; len];
    let mut a = Arena::default();
    let finals = enumerate(&mut a, cards, |v| {
        v.as_int().is_some_and(|t| (lo..=hi).contains(&t))
    });
    let class = classify(&mut a, &finals);
    for (i, &e) in finals.iter().enumerate() {
        if class[i] == i {
            let t = a.value(e).as_int().expect("kept values are integers");
            out[(t as i128 - lo as i128) as usize] += 1;
        }
    }
    out
}

/// One representative expression per inequivalent solution for `target`,
/// written with `+ - × /`, in a deterministic (sorted) order.
///
/// # Panics
/// As [`counts`].
pub fn solutions(cards: &[i64], target: i64) -> Vec<String> {
    let mut a = Arena::default();
    let finals = enumerate(&mut a, cards, |v| v == Rat::int(target));
    let class = classify(&mut a, &finals);
    // representative: most neutral elements at the root, then shortest text
    let mut best: FxMap<usize, (usize, usize, String)> = FxMap::default();
    for (i, &e) in finals.iter().enumerate() {
        let text = render::render(&a, e);
        let key = (
            usize::MAX - neutral::root_neutrals(&a, e),
            text.chars().count(),
            text,
        );
        let slot = best.entry(class[i]).or_insert_with(|| key.clone());
        if key < *slot {
            *slot = key;
        }
    }
    let mut out: Vec<String> = best.into_values().map(|(_, _, s)| s).collect();
    out.sort();
    out
}

/// Which (multiset) sub-board stands for each mask: the lowest indices of
/// each group of equal cards (`cards` sorted).
fn representatives(cards: &[i64]) -> Vec<usize> {
    let n = cards.len();
    (0..1usize << n)
        .map(|m| {
            let mut rep = 0;
            let mut start = 0;
            while start < n {
                let end = start
                    + cards[start..]
                        .iter()
                        .take_while(|&&c| c == cards[start])
                        .count();
                let group = ((1usize << (end - start)) - 1) << start;
                rep |= ((1usize << (m & group).count_ones()) - 1) << start;
                start = end;
            }
            rep
        })
        .collect()
}

/// Per-sub-board de-duplication with generation stamps.
#[derive(Default)]
struct Seen {
    stamp: Vec<u32>,
    generation: u32,
}

impl Seen {
    fn next(&mut self) {
        self.generation += 1;
    }
    fn insert(&mut self, e: Expr) -> bool {
        let k = 2 * e.id as usize + e.neg as usize;
        if k >= self.stamp.len() {
            self.stamp.resize(2 * k + 16, 0);
        }
        let fresh = self.stamp[k] != self.generation;
        self.stamp[k] = self.generation;
        fresh
    }
}

/// All canonical forms over the whole board whose value passes `keep`.
fn enumerate(a: &mut Arena, cards: &[i64], keep: impl Fn(Rat) -> bool) -> Vec<Expr> {
    assert!(cards.len() <= MAX_CARDS, "at most {MAX_CARDS} cards");
    assert!(cards.iter().all(|&c| c >= 0), "cards must be non-negative");
    if cards.is_empty() {
        return Vec::new();
    }
    let mut cards = cards.to_vec();
    cards.sort_unstable();
    let rep = representatives(&cards);
    let full = rep.len() - 1;
    let mut sets: Vec<Vec<Expr>> = vec![Vec::new(); full + 1];
    let mut seen = Seen::default();
    for m in (1..=full).filter(|&m| rep[m] == m) {
        let last = m == full;
        let mut out = Vec::new();
        seen.next();
        if m.count_ones() == 1 {
            let e = a.leaf(cards[m.trailing_zeros() as usize]);
            if !last || keep(a.value(e)) {
                out.push(e);
            }
        } else {
            let low = m & m.wrapping_neg();
            let mut done = Vec::new();
            let mut s = (m - 1) & m;
            while s > 0 {
                let k = (rep[s].min(rep[m ^ s]), rep[s].max(rep[m ^ s]));
                if s & low != 0 && !done.contains(&k) {
                    done.push(k);
                    let same = k.0 == k.1;
                    let keep = |v: Rat| !last || keep(v);
                    combine_sets(a, &sets[k.0], &sets[k.1], same, &keep, &mut seen, &mut out);
                }
                s = (s - 1) & m;
            }
        }
        sets[m] = out;
    }
    std::mem::take(&mut sets[full])
}

/// Every `x op y` (both orders for − and ÷) with `x ∈ xs`, `y ∈ ys`.
fn combine_sets(
    a: &mut Arena,
    xs: &[Expr],
    ys: &[Expr],
    same: bool,
    keep: &impl Fn(Rat) -> bool,
    seen: &mut Seen,
    out: &mut Vec<Expr>,
) {
    for (i, &x) in xs.iter().enumerate() {
        let vx = a.value(x);
        for &y in &ys[if same { i } else { 0 }..] {
            let vy = a.value(y);
            let cands = [
                (Op::Add, x, y, vx, vy),
                (Op::Mul, x, y, vx, vy),
                (Op::Sub, x, y, vx, vy),
                (Op::Sub, y, x, vy, vx),
                (Op::Div, x, y, vx, vy),
                (Op::Div, y, x, vy, vx),
            ];
            for (op, l, r, vl, vr) in cands {
                let Some(v) = op.eval(vl, vr) else { continue };
                if !keep(v) {
                    continue;
                }
                if let Some(e) = a.combine(op, l, r, v)
                    && seen.insert(e)
                {
                    out.push(e);
                }
            }
        }
    }
}

/// Class (union–find root index) of each final expression under the rules
/// that are not congruences: R1/R2 moves and the QP/ZS flips.
fn classify(a: &mut Arena, finals: &[Expr]) -> Vec<usize> {
    let index: FxMap<Expr, usize> = finals.iter().enumerate().map(|(i, &e)| (e, i)).collect();
    let mut parent: Vec<usize> = (0..finals.len()).collect();
    fn find(p: &mut [usize], mut i: usize) -> usize {
        while p[i] != i {
            p[i] = p[p[i]];
            i = p[i];
        }
        i
    }
    for (i, &e) in finals.iter().enumerate() {
        let mut edges = neutral::moves(a, e);
        edges.extend(flips::flips(a, e));
        // (a neighbour is missing only when building it overflowed somewhere)
        for j in edges.into_iter().filter_map(|m| index.get(&m).copied()) {
            let (ri, rj) = (find(&mut parent, i), find(&mut parent, j));
            parent[ri.max(rj)] = ri.min(rj);
        }
    }
    (0..finals.len()).map(|i| find(&mut parent, i)).collect()
}
