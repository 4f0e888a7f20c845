//! Flat sums counted through splits instead of walked, over a bounded sub-board of distinct
//! positive integers.
//!
//! A flat sum over sub-board `s` is a set of signed terms, one non-sum form per block of a
//! partition of `s`. Exactly one block holds the smallest number of `s` (the numbers are
//! distinct): call it the lead, `L`, and the rest `O = s − L`. The other terms are either one
//! term over `O`, or a flat sum of two or more terms over `O`, whose count is already in
//! `O`'s table as its `sum` — for a negative value too, since negating every term is a
//! bijection. So the sums of `s` worth `v` with lead term `t` are credited where the split
//! `(L, O)` credits `t + w`, `t − w` and `w − t`: with `non_sum(t) × distinct(w)` forms
//! instead of the two-term `non_sum(t) × non_sum(w)` ([`Sums`]), `distinct` being a lone
//! number, a product, a power or a sum. What that misses is the rest worth 0 (`t + a − a`,
//! realizable as `(t + a) − a`): `t` is credited with `non_sum(t)` times the zero-valued
//! sums over `O` ([`super::sub_table::SubTable::zero_sums`]), found the same way, by the
//! lead, from the tables of `O`'s own splits. Sums need no unit rule, so nothing non-local
//! is left, and the flat walk ([`super::flat_walk`]) is left to products. Every count is
//! checked against the brute force (`cli/tests/integration/properties.rs`) and against the walk
//! (the unit test below).

use std::cmp::Ordering;

use crate::error::{Error, Result};
use crate::game::number::Number;

use super::accumulators::{Sink, add_mul};
use super::dp::Dp;
use super::entry::Entry;

/// How a split of a sub-board credits sums: two terms each (`Pairs`), or with the lead
/// term's flat sums of three or more too, its lead on side `a` or `b` of the split.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Sums {
    Pairs,
    LeadA,
    LeadB,
}

impl Sums {
    /// The same split with its sides swapped.
    pub(super) fn flipped(self) -> Sums {
        match self {
            Sums::Pairs => Sums::Pairs,
            Sums::LeadA => Sums::LeadB,
            Sums::LeadB => Sums::LeadA,
        }
    }

    /// The sum forms the values `ea` (side `a`) and `eb` (side `b`) credit to `ea ± eb`.
    #[inline(always)]
    pub(super) fn forms<V>(self, ea: &Entry<V>, eb: &Entry<V>) -> Option<u64> {
        match self {
            Sums::Pairs => ea.non_sum().checked_mul(eb.non_sum()),
            Sums::LeadA => ea.non_sum().checked_mul(eb.distinct()),
            Sums::LeadB => ea.distinct().checked_mul(eb.non_sum()),
        }
    }
}

impl<V: Number> Dp<V> {
    /// Whether sub-board `s`'s flat sums are counted by the lead ([`Sums`]): positive
    /// integers without joined digits over a bounded sub-board of distinct numbers (with
    /// repeats the lead block is not unique).
    pub(super) fn sums_by_lead(&self, s: usize) -> bool {
        V::POSITIVE
            && self.distinct_defined()
            && !self.rules.concat
            && self.subs.size(s) >= 2
            && self.subs.distinct_count(s) == self.subs.size(s)
            && self.bounded(s)
    }

    /// How the split of `s` into `a` and `s − a` credits sums.
    pub(super) fn sums_of_split(&self, s: usize, a: usize) -> Sums {
        if !self.lead_sums[s] {
            return Sums::Pairs;
        }
        let lead = self
            .subs
            .min_value(s)
            .expect("a split sub-board holds a value");
        match self.subs.holds(a, lead) {
            true => Sums::LeadA,
            false => Sums::LeadB,
        }
    }

    /// Credits the lead terms of the split of `s` into `a` and `s − a` whose rest is worth 0.
    pub(super) fn credit_zero_sums(
        &self,
        s: usize,
        a: usize,
        sums: Sums,
        acc: &mut impl Sink<V>,
    ) -> Option<()> {
        let (lead, rest) = match sums {
            Sums::Pairs => return Some(()),
            Sums::LeadA => (a, s - a),
            Sums::LeadB => (s - a, a),
        };
        let zeros = self.built(rest).zero_sums;
        if zeros == 0 {
            return Some(());
        }
        for e in &self.built(lead).entries {
            if e.non_sum() > 0
                && let Some(slot) = acc.slot(e.value)
            {
                add_mul(&mut slot.sum, e.non_sum(), zeros)?;
            }
        }
        Some(())
    }

    /// The signed flat sums of two or more terms over sub-board `s` worth 0, for
    /// [`super::sub_table::SubTable::zero_sums`]; 0 where `s`'s sums are not counted by the
    /// lead. By the lead `L`: the rest is worth `∓t` for lead term `±t`, one term or a sum
    /// over `s − L`.
    pub(super) fn zero_sums(&self, s: usize) -> Result<u64> {
        if !self.lead_sums[s] {
            return Ok(0);
        }
        let mut zeros: u64 = 0;
        for &lead in &self.layout.lead_blocks[s] {
            if lead == s {
                continue;
            }
            let (tl, tr) = (&self.built(lead).entries, &self.built(s - lead).entries);
            let (mut i, mut j) = (0, 0);
            while i < tl.len() && j < tr.len() {
                match tl[i].value.cmp(&tr[j].value) {
                    Ordering::Less => i += 1,
                    Ordering::Greater => j += 1,
                    Ordering::Equal => {
                        add_mul(&mut zeros, tl[i].non_sum(), tr[j].distinct())
                            .ok_or_else(|| Error::CountOverflow)?;
                        i += 1;
                        j += 1;
                    }
                }
            }
        }
        // Either sign of the lead term.
        zeros.checked_mul(2).ok_or_else(|| Error::CountOverflow)
    }
}

#[cfg(test)]
mod tests {
    use crate::game::board::Board;
    use crate::game::number::Int;
    use crate::game::rule_set::{Game, GameKind};
    use crate::random::SplitMix64;

    use super::*;

    /// Every sub-board's counts with its sums counted by the lead equal those with every
    /// sum walked, on random boards of distinct numbers, windowed or not.
    #[test]
    fn sums_by_the_lead_are_the_walked_sums() {
        let mut rng = SplitMix64::new(53);
        for (kind, pool) in [(GameKind::Digits, 25), (GameKind::Countdown, 100)] {
            let rules = Game::preset(kind).rules;
            for trial in 0..40 {
                let size = 3 + trial % 4;
                let mut numbers: Vec<i64> = Vec::new();
                while numbers.len() < size {
                    let n = 1 + rng.below(pool) as i64;
                    if !numbers.contains(&n) {
                        numbers.push(n);
                    }
                }
                numbers.sort_unstable();
                let board = Board::from_checked(numbers.clone());
                let window = (trial % 2 == 0).then_some(crate::engine::Window { lo: 1, hi: 300 });
                let lead = Dp::<Int>::build_with(&board, &rules, window, None).unwrap();
                let mut walked = Dp::<Int>::unbuilt(&board, &rules, window);
                walked.lead_sums.fill(false);
                walked.run(None).unwrap();
                assert!(lead.lead_sums[lead.subs.full()]);
                for s in 1..lead.subs.count() {
                    assert_eq!(
                        lead.built(s).entries,
                        walked.built(s).entries,
                        "{numbers:?}, sub-board {s}"
                    );
                }
            }
        }
    }
}
