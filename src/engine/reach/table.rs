//! The values one sub-board reaches ([`ReachTable`]): every value, ascending, and for the
//! positive integers of a corpus run the same values as bits over `0..=2·hi` of the run's
//! window, which the whole board's windowed combine and the per-level unions read without a
//! search. Built from the tables of its splits, every operand pair under every operation,
//! with no counting: a value is in the table once, however many trees reach it.

use std::sync::Arc;

use crate::error::{Error, Result};
use crate::game::number::Number;
use crate::game::rules::Rules;

use super::collect::{collect, words};

/// Every value one sub-board reaches (each tree uses every number of the sub-board once).
#[derive(Clone, Debug, Default)]
pub struct ReachTable<V> {
    /// The values, ascending, each once.
    pub values: Vec<V>,
    /// Positive integers under a window only (else empty): bit `v` is set when `v` is a value,
    /// for `v` in `0..=2·hi`.
    pub(super) bits: Vec<u64>,
}

/// Tables of sub-boards computed once and shared by every board that holds them
/// (`corpus::cache::ReachCache`). A table depends only on the sub-board's numbers, the
/// rules and the window its bits cover, so a source is used only with those.
pub trait ReachSource<V>: Sync {
    /// The table of the sub-board with these numbers (ascending), if the source has it.
    fn reach_table(&self, numbers: &[i64]) -> Option<Arc<ReachTable<V>>>;
}

impl<V: Number> ReachTable<V> {
    /// The table of a lone number.
    pub fn lone(n: i64, rules: &Rules, bits_hi: Option<i64>) -> Result<ReachTable<V>> {
        let v = V::from_int(n)
            .ok_or_else(|| Error::input(format!("{n} is not in the game's domain")))?;
        Ok(ReachTable::finish(vec![v], rules, bits_hi))
    }

    /// The table of a sub-board from the tables of its splits `(a, b)`, each split once, and
    /// the numbers its digits spell joined (`joined`: with `concat`, else none).
    pub fn of_splits<'t>(
        splits: impl Iterator<Item = (&'t ReachTable<V>, &'t ReachTable<V>, bool)>,
        joined: &[i64],
        rules: &Rules,
        bits_hi: Option<i64>,
    ) -> ReachTable<V> {
        let values = collect(|c| {
            joined
                .iter()
                .filter_map(|&n| V::from_int(n))
                .for_each(|v| c.put(v));
            for (a, b, same) in splits {
                // Each unordered pair of values once when both tables are the same
                // sub-board's; the kernel tries both orientations of `−`, `÷` and `^`.
                for (i, &x) in a.values.iter().enumerate() {
                    let from = if same { i } else { 0 };
                    for &y in &b.values[from..] {
                        rules.results(x, y, &mut |_, _, v| {
                            c.put(v);
                            Some(())
                        });
                    }
                }
            }
            Ok(())
        })
        .expect("gathering without a bound does not fail");
        ReachTable::finish(values, rules, bits_hi)
    }

    /// Closes `values` under negation where unary minus is allowed, and sets the bits.
    pub(super) fn finish(mut values: Vec<V>, rules: &Rules, bits_hi: Option<i64>) -> ReachTable<V> {
        if rules.unary_minus {
            let negated: Vec<V> = values.iter().filter_map(|v| v.negate()).collect();
            values.extend(negated);
            values.sort_unstable();
            values.dedup();
        }
        let bits = match bits_hi {
            Some(hi) if V::POSITIVE => bits_of(&values, hi.saturating_mul(2)),
            _ => Vec::new(),
        };
        ReachTable { values, bits }
    }

    /// Bytes the table holds (from its lengths only, so that a budget filled with it keeps
    /// the same tables on every run).
    pub fn bytes(&self) -> usize {
        std::mem::size_of::<Self>()
            + self.values.len() * std::mem::size_of::<V>()
            + self.bits.len() * 8
    }
}

/// Bits of the integer `values` in `0..=hi`.
fn bits_of<V: Number>(values: &[V], hi: i64) -> Vec<u64> {
    let mut bits = vec![0u64; words(hi)];
    for v in values {
        match v.as_int() {
            Some(i) if (0..=hi).contains(&i) => bits[(i >> 6) as usize] |= 1 << (i & 63),
            Some(i) if i > hi => break,
            _ => {}
        }
    }
    bits
}
