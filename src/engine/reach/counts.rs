//! What one board reaches in `1..=m`, counted without keeping the values of the whole board
//! or of the sub-boards one number short of it: the phase sweep's question
//! ([`crate::variant::phase`]). The answers are [`Bounded`](super::bounded::Bounded)'s
//! (`count_upto` and `sub_board_hits`) to the last value; only the memory and time differ.
//!
//! Where no window cuts the values (exact rationals, whole numbers, integers, `^`, joined
//! digits), the whole board of seven numbers makes hundreds of millions of values and the
//! sub-boards of six millions each, beyond what one board may keep. But a target `t` is a
//! value of the whole board exactly when some split of it into two parts `A`, `B` has
//! `a ∈ V(A)`, `b ∈ V(B)` with `a op b = t`, so:
//!
//! - the sub-boards of up to `k − 2` numbers are built and kept as [`Bounded`] keeps them;
//! - the whole board is never built: each split is either combined pair by pair with only
//!   the results in `1..=m` marked (*generate*), or, for each value `a` of its smaller side
//!   and each target not yet reached, the few `b` that would give it (`t − a`, `t ÷ a`,
//!   `a − t`, `t + a`, `a ÷ t`, `t × a`, in the domain's own arithmetic) are looked up in the
//!   larger side and the pair checked by the rules' own [`Rules::results`] (*look up*),
//!   whichever costs fewer steps: the same targets either way;
//! - a sub-board of `k − 1` numbers is built when its split with the number left over is
//!   reached, used, and dropped, so at most one is held at a time; where every number must
//!   be used it is not built at all once every target is reached.
//!
//! With unary minus the whole board's values are closed under negation: `t` is reached when
//! `t` or `−t` is a result. With `^` every split is generated (a power has no cheap inverse).

use crate::error::Result;
use crate::game::join::joined;
use crate::game::number::{Number, Op};
use crate::game::rules::Rules;

use super::bounded::{Build, MAX_VALUES, check_board, pair_results, too_large};

/// What one board reaches in `1..=m`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counts {
    /// How many of `1..=m` some usable sub-board reaches ([`Bounded::count_upto`](super::bounded::Bounded::count_upto)).
    pub reached: u64,
    /// Over the usable sub-boards, how many of `1..=m` each reaches, added up
    /// ([`Bounded::sub_board_hits`](super::bounded::Bounded::sub_board_hits)).
    pub hits: u64,
}

/// How the whole board's splits are combined; the counts are the same whichever is used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strategy {
    /// Each split the cheaper way (what [`counts`] does).
    Cheaper,
    /// Every split generated.
    Generate,
    /// Every split looked up (generated all the same with `^`).
    LookUp,
}

/// The targets of `1..=m` a board reaches and its per-sub-board hits, under `rules`
/// (`numbers` positive, at most [`super::bounded::MAX_NUMBERS`], `m ≥ 1`).
pub fn counts<V: Number>(rules: &Rules, numbers: &[i64], m: i64) -> Result<Counts> {
    counts_by::<V>(rules, numbers, m, Strategy::Cheaper)
}

/// [`counts`], combining the whole board's splits by `strategy` (for the tests that hold
/// both ways to the same answer).
pub fn counts_by<V: Number>(
    rules: &Rules,
    numbers: &[i64],
    m: i64,
    strategy: Strategy,
) -> Result<Counts> {
    check_board(numbers)?;
    let build = Build::new(rules, numbers, Some(m));
    let subs = &build.subs;
    let full = subs.full();
    let k = subs.size(full);
    let every = !rules.use_all;
    let mut union = Bits::new(m);
    let mut hits = 0u64;
    // Sub-boards kept: up to `k − 2` numbers (and the lone numbers).
    let kept_size = k.saturating_sub(2).max(1);
    let mut values: Vec<Vec<V>> = vec![Vec::new(); subs.count()];
    let mut kept = 0usize;
    for &s in subs.in_size_order() {
        if s == 0 || s == full || subs.size(s) > kept_size {
            continue;
        }
        // A sub-board two numbers short of the board keeps only what they can still use.
        let out = match subs.size(s) + 2 == k {
            true => build.one_beside(&values, s, kept, &subs.numbers(full - s), m)?,
            false => build.one(&values, s, kept)?,
        };
        kept += out.len();
        if kept > MAX_VALUES {
            return Err(too_large(subs));
        }
        if every {
            hits += union.mark(&out);
        }
        values[s] = out;
    }
    let mut top = Bits::new(m);
    if k == 1 {
        top.mark(&build.one(&values, full, kept)?);
    } else {
        let split = Split {
            rules,
            window: build.window::<V>(full),
            drop_units: build.drop_units,
            strategy,
        };
        for n in joined(rules, numbers) {
            top.set(n);
        }
        // Every split once (`a ≤ full − a`), those of kept parts first, cheapest first.
        let mut kept_splits: Vec<(usize, usize)> = Vec::new();
        let mut last: Vec<(usize, usize)> = Vec::new();
        for a in subs.subs_of(full) {
            let b = full - a;
            if a == 0 || a > b {
                continue;
            }
            let (small, large) = if subs.size(a) <= subs.size(b) {
                (a, b)
            } else {
                (b, a)
            };
            match subs.size(large) > kept_size {
                true => last.push((small, large)),
                false => kept_splits.push((small, large)),
            }
        }
        kept_splits.sort_by_key(|&(a, b)| (values[a].len() * values[b].len(), a));
        for &(a, b) in &kept_splits {
            if top.is_full() {
                break;
            }
            split.run(&values[a], &values[b], a == b, &mut top);
        }
        for &(a, b) in &last {
            if !every && top.is_full() {
                break;
            }
            // `a` is the one number left beside `b`.
            let vb = build.one_beside(&values, b, kept, &subs.numbers(a), m)?;
            if kept + vb.len() > MAX_VALUES {
                return Err(too_large(subs));
            }
            if every {
                hits += union.mark(&vb);
            }
            if !top.is_full() {
                split.run(&values[a], &vb, false, &mut top);
            }
        }
    }
    hits += top.count();
    union.or(&top);
    Ok(Counts {
        reached: union.count(),
        hits,
    })
}

/// The targets `1..=m` as bits.
struct Bits {
    words: Vec<u64>,
    m: i64,
    set: u64,
}

impl Bits {
    fn new(m: i64) -> Bits {
        Bits {
            words: vec![0; usize::try_from(m / 64 + 1).unwrap_or(1)],
            m,
            set: 0,
        }
    }

    #[inline]
    fn has(&self, t: i64) -> bool {
        self.words[(t >> 6) as usize] >> (t & 63) & 1 == 1
    }

    /// Marks `t` when it is in `1..=m`.
    #[inline]
    fn set(&mut self, t: i64) {
        if (1..=self.m).contains(&t) && !self.has(t) {
            self.words[(t >> 6) as usize] |= 1 << (t & 63);
            self.set += 1;
        }
    }

    /// Marks the whole numbers of `1..=m` in `values`; returns how many of them `values`
    /// holds.
    fn mark<V: Number>(&mut self, values: &[V]) -> u64 {
        let mut n = 0;
        for i in values.iter().filter_map(|v| v.as_int()) {
            if (1..=self.m).contains(&i) {
                n += 1;
                self.set(i);
            }
        }
        n
    }

    fn is_full(&self) -> bool {
        self.set == self.m as u64
    }

    fn count(&self) -> u64 {
        self.set
    }

    fn or(&mut self, other: &Bits) {
        for (w, o) in self.words.iter_mut().zip(&other.words) {
            *w |= o;
        }
        self.set = self.words.iter().map(|w| u64::from(w.count_ones())).sum();
    }
}

/// How the whole board's splits are combined: as [`super::bounded`] combines a sub-board's,
/// keeping only the results in `1..=m`.
struct Split<'r> {
    rules: &'r Rules,
    window: Option<i64>,
    drop_units: bool,
    strategy: Strategy,
}

impl Split<'_> {
    /// Marks in `top` every target `a op b` makes for `a ∈ xs`, `b ∈ ys` (both ascending;
    /// `same`: one sub-board's, each unordered pair once), by generating or by looking up,
    /// whichever is cheaper.
    fn run<V: Number>(&self, xs: &[V], ys: &[V], same: bool, top: &mut Bits) {
        let (small, large) = if xs.len() <= ys.len() {
            (xs, ys)
        } else {
            (ys, xs)
        };
        let left = (top.m as u64 - top.count()) * (1 + u64::from(self.rules.unary_minus));
        let log = u64::from(usize::BITS - large.len().leading_zeros()) + 1;
        // Per value of the smaller side: a pass over the larger side, or six searches in it
        // per target left.
        let generate = match self.strategy {
            Strategy::Cheaper => 6 * left * log >= large.len() as u64,
            Strategy::Generate => true,
            Strategy::LookUp => false,
        };
        if self.rules.pow || generate {
            self.generate(xs, ys, same, top);
        } else {
            self.look_up(small, large, top);
        }
    }

    fn generate<V: Number>(&self, xs: &[V], ys: &[V], same: bool, top: &mut Bits) {
        let w = self.window;
        for (i, &x) in xs.iter().enumerate() {
            let from = if same { i } else { 0 };
            for &y in &ys[from..] {
                if let (Some(w), Some(xi), Some(yi)) = (w, x.as_int(), y.as_int())
                    && yi > xi.saturating_add(w)
                    && yi > xi.saturating_mul(w)
                {
                    break;
                }
                pair_results(self.rules, x, y, &mut |op, swapped, v| {
                    if !self.dropped(op, swapped, x, y)
                        && let Some(i) = v.as_int()
                    {
                        top.set(i);
                        if self.rules.unary_minus {
                            top.set(i.saturating_neg());
                        }
                    }
                    Some(())
                });
            }
        }
    }

    fn look_up<V: Number>(&self, small: &[V], large: &[V], top: &mut Bits) {
        let signs: &[i64] = if self.rules.unary_minus {
            &[1, -1]
        } else {
            &[1]
        };
        for t in 1..=top.m {
            if top.has(t) {
                continue;
            }
            let found = signs.iter().any(|&sign| {
                let Some(target) = V::from_int(sign * t) else {
                    return false;
                };
                small.iter().any(|&x| self.makes(x, target, large))
            });
            if found {
                top.set(t);
            }
        }
    }

    /// Whether some `y` of `large` gives `x op y = target` (either order) under the rules.
    fn makes<V: Number>(&self, x: V, target: V, large: &[V]) -> bool {
        let limit = self.rules.limit;
        let candidates = [
            target.apply(Op::Sub, x, limit),
            target.apply(Op::Div, x, limit),
            x.apply(Op::Sub, target, limit),
            target.apply(Op::Add, x, limit),
            x.apply(Op::Div, target, limit),
            target.apply(Op::Mul, x, limit),
        ];
        candidates.into_iter().flatten().any(|y| {
            large.binary_search(&y).is_ok() && {
                let mut hit = false;
                self.rules.results(x, y, &mut |op, swapped, v| {
                    hit |= v == target && !self.dropped(op, swapped, x, y);
                    Some(())
                });
                hit
            }
        })
    }

    /// A `× 1` or `÷ 1` left out where numbers may go unused (as [`super::bounded`] does).
    #[inline(always)]
    fn dropped<V: Number>(&self, op: Op, swapped: bool, x: V, y: V) -> bool {
        self.drop_units
            && match op {
                Op::Mul => x.is_one() || y.is_one(),
                Op::Div if swapped => x.is_one(),
                Op::Div => y.is_one(),
                _ => false,
            }
    }
}
