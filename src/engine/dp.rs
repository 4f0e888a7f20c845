//! The DP of one board ([`Dp`]): which sub-boards each sub-board holds, and how one
//! sub-board's table is built from the tables of its splits and its flat nodes.

use std::sync::{Arc, OnceLock};

use rustc_hash::FxHashMap;

use crate::error::{Error, Result};
use crate::game::board::{Board, SubBoards};
use crate::game::join::{joinable, joined};
use crate::game::number::Number;
use crate::game::rules::Rules;

use super::Window;
use super::accumulators::{Accumulators, Dense, Sink, set_powers};
use super::entry::{Accumulator, Entry, Trail};
use super::flat::Flat;
use super::scratch::with_scratch;
use super::sub_table::{SubTable, SubTableSource};

/// The value tables of every sub-board of one board.
#[derive(Clone, Debug)]
pub struct Dp<V> {
    pub rules: Rules,
    pub subs: SubBoards,
    /// Per sub-board, its part (shared with a [`SubTableSource`] when one was given); set once,
    /// by the task that builds it, and read by the tasks after it.
    pub(super) sub_tables: Vec<OnceLock<Arc<SubTable<V>>>>,
    /// The window the whole board's table was limited to, if any.
    pub(super) window: Option<Window>,
    pub(super) layout: Arc<Layout>,
    /// Per sub-board, whether its flat sums are counted by the lead rather than walked
    /// ([`Dp::sums_by_lead`]).
    pub(super) lead_sums: Vec<bool>,
}

/// Which sub-boards each sub-board holds. It depends only on the board's shape (how many
/// copies of each distinct number), so it is worked out once per shape and thread rather
/// than for every board: for six numbers it takes longer than a small board's build.
#[derive(Debug)]
pub(super) struct Layout {
    /// Per sub-board, all its sub-boards.
    pub(super) sub_lists: Vec<Vec<usize>>,
    /// Per sub-board, its non-empty sub-boards that hold its smallest value: the blocks a
    /// flat node's next item may take.
    pub(super) lead_blocks: Vec<Vec<usize>>,
}

impl Layout {
    pub(super) fn of(subs: &SubBoards) -> Arc<Layout> {
        thread_local! {
            static LAYOUTS: std::cell::RefCell<Vec<(Vec<u8>, Arc<Layout>)>> =
                const { std::cell::RefCell::new(Vec::new()) };
        }
        LAYOUTS.with_borrow_mut(|known| {
            if let Some((_, layout)) = known.iter().find(|(mult, _)| *mult == subs.mult) {
                return Arc::clone(layout);
            }
            let n = subs.count();
            let sub_lists: Vec<Vec<usize>> = (0..n).map(|s| subs.subs_of(s)).collect();
            let lead_blocks = (0..n)
                .map(|s| match subs.min_value(s) {
                    Some(m) => sub_lists[s]
                        .iter()
                        .copied()
                        .filter(|&b| subs.holds(b, m))
                        .collect(),
                    None => Vec::new(),
                })
                .collect();
            let layout = Arc::new(Layout {
                sub_lists,
                lead_blocks,
            });
            known.push((subs.mult.clone(), Arc::clone(&layout)));
            layout
        })
    }
}

/// A share of one sub-board's work (see [`Dp::pieces`]).
#[derive(Clone, Copy, Debug)]
pub(super) enum Piece {
    /// The trees combining sub-board `a` with the rest.
    Split(usize),
    /// The flat nodes of three or more items.
    Flat(Flat),
    /// The numbers its digits spell, joined (with `concat`): leaves of their own.
    Join,
}

/// Why a sub-board's part is there when read.
pub(super) const BUILT: &str = "sub-boards are built before the tasks that read them";

impl<V: Number> Dp<V> {
    /// Runs the DP over every sub-board of `board`.
    pub fn build(board: &Board, rules: &Rules) -> Result<Dp<V>> {
        Dp::build_with(board, rules, None, None)
    }

    /// Runs the DP, limiting the whole board's table to `window` (integers only) and taking
    /// the parts of sub-boards that `source` already has instead of computing them.
    pub fn build_with(
        board: &Board,
        rules: &Rules,
        window: Option<Window>,
        source: Option<&dyn SubTableSource<V>>,
    ) -> Result<Dp<V>> {
        let mut t = Dp::unbuilt(board, rules, window);
        t.run(source)?;
        Ok(t)
    }

    /// The DP of `board` with only the empty sub-board's part, to [`Dp::run`].
    pub(super) fn unbuilt(board: &Board, rules: &Rules, window: Option<Window>) -> Dp<V> {
        let subs = SubBoards::new(board);
        let n = subs.count();
        let window = window.filter(|_| V::POSITIVE);
        let mut t = Dp {
            rules: *rules,
            layout: Layout::of(&subs),
            subs,
            // The empty sub-board's part is empty; the others are built by `run`.
            sub_tables: (0..n)
                .map(|s| match s {
                    0 => OnceLock::from(Arc::new(SubTable::default())),
                    _ => OnceLock::new(),
                })
                .collect(),
            window,
            lead_sums: Vec::new(),
        };
        t.lead_sums = (0..n).map(|s| t.sums_by_lead(s)).collect();
        t
    }

    /// The table of sub-board `s`, built by one task once every smaller sub-board is built.
    pub(super) fn build_sub_table(
        &self,
        s: usize,
        source: Option<&dyn SubTableSource<V>>,
    ) -> Result<Arc<SubTable<V>>> {
        let full = s == self.subs.full();
        if !full && let Some(p) = source.and_then(|src| src.sub_table(&self.subs.numbers(s))) {
            return Ok(p);
        }
        let entries = match self.window {
            _ if self.subs.size(s) == 1 => self.lone_number_entry(s)?.into_iter().collect(),
            Some(w) if full => {
                let len = usize::try_from(w.hi - w.lo + 1).unwrap_or(0);
                let mut dense = Dense {
                    lo: w.lo,
                    accs: vec![Accumulator::default(); len],
                    powers: FxHashMap::default(),
                };
                for piece in self.pieces(s) {
                    self.accumulate(s, piece, &mut dense)?;
                }
                let mut entries: Vec<Entry<V>> = (w.lo..=w.hi)
                    .zip(&dense.accs)
                    .filter(|(_, a)| a.trees > 0)
                    .filter_map(|(v, a)| Some(a.entry(V::from_int(v)?)))
                    .collect();
                set_powers(&mut entries, &mut dense.powers);
                entries
            }
            _ => with_scratch(self.subs.size(s), |accs: &mut Accumulators<V>| {
                for piece in self.pieces(s) {
                    self.accumulate(s, piece, accs)?;
                }
                accs.drain_sorted().ok_or_else(|| Error::CountOverflow)
            })?,
        };
        self.finish(s, entries)
    }

    /// The part of sub-board `s` with these entries, closed under negation where unary minus
    /// is allowed, with its zero-valued sums ([`SubTable::zero_sums`]; none for a windowed
    /// whole board, which is no larger board's sub-board).
    pub(super) fn finish(&self, s: usize, entries: Vec<Entry<V>>) -> Result<Arc<SubTable<V>>> {
        let entries = if self.rules.unary_minus {
            close_under_negation(&entries)?
        } else {
            entries
        };
        let zeros = match self.window.is_some() && s == self.subs.full() {
            true => 0,
            false => self.zero_sums(s)?,
        };
        let mut table = SubTable::new(entries, self.rules.drops_unit_factors());
        table.zero_sums = zeros;
        Ok(Arc::new(table))
    }

    /// The work of sub-board `s` in pieces: each kind of flat node (sums only where they are
    /// not counted by the lead, with the splits), then its digits joined, then each split
    /// into two sub-boards.
    pub(super) fn pieces(&self, s: usize) -> impl Iterator<Item = Piece> + '_ {
        let flat = self.distinct_defined() && self.subs.size(s) >= 3;
        let join = self.rules.concat && self.subs.size(s) >= 2;
        let lead_sums = self.lead_sums[s];
        [Flat::Sum, Flat::Product]
            .into_iter()
            .filter(move |&kind| flat && !(kind == Flat::Sum && lead_sums))
            .map(Piece::Flat)
            .chain(join.then_some(Piece::Join))
            .chain(
                self.layout.sub_lists[s]
                    .iter()
                    .filter(move |&&a| a != 0 && a <= s - a)
                    .map(|&a| Piece::Split(a)),
            )
    }

    /// Adds every tree or flat node of `piece` of sub-board `s` to `sink`.
    pub(super) fn accumulate(&self, s: usize, piece: Piece, sink: &mut impl Sink<V>) -> Result<()> {
        match piece {
            Piece::Split(a) => self.combine(s, a, sink).ok_or_else(|| Error::CountOverflow),
            Piece::Flat(kind) => self.count_flat(s, kind, sink),
            Piece::Join => self.join(s, sink).ok_or_else(|| Error::CountOverflow),
        }
    }

    /// Credits each number the digits of sub-board `s` spell as one tree, expression and
    /// canonical form: a leaf, as a lone number is.
    fn join(&self, s: usize, sink: &mut impl Sink<V>) -> Option<()> {
        for n in joined(&self.rules, &self.subs.numbers(s)) {
            if let Some(e) = V::from_int(n).and_then(|v| sink.slot(v)) {
                e.add_trees(1, 1, Trail::OF_LONE_NUMBER)?;
            }
        }
        Some(())
    }

    /// Whether `distinct` is defined for these rules (it is not with unary minus).
    pub fn distinct_defined(&self) -> bool {
        !self.rules.unary_minus
    }

    /// The window the whole board's table was limited to, if any.
    pub fn window(&self) -> Option<Window> {
        self.window
    }

    /// The part of sub-board `s`, which must be built.
    #[inline]
    pub(super) fn built(&self, s: usize) -> &SubTable<V> {
        self.sub_tables[s].get().expect(BUILT)
    }

    /// The part of sub-board `s`, to share with other boards.
    pub fn shared_sub_table(&self, s: usize) -> Arc<SubTable<V>> {
        Arc::clone(self.sub_tables[s].get().expect(BUILT))
    }

    /// The entry of a sub-board of one number, the number itself. A digit outside the domain
    /// (a 0 in positive integers, as the whole-number features build make-10's boards) is no
    /// leaf alone where digits join, only inside the numbers it is joined into; anywhere
    /// else it is an error.
    pub(super) fn lone_number_entry(&self, s: usize) -> Result<Option<Entry<V>>> {
        let i = self
            .subs
            .min_value(s)
            .expect("a sub-board of size 1 holds a value");
        let n = self.subs.values[i];
        let Some(value) = V::from_int(n) else {
            if joinable(&self.rules, n) {
                return Ok(None);
            }
            return Err(Error::input(format!("{n} is not in the game's domain")));
        };
        Ok(Some(Entry {
            trees: 1,
            expressions: 1,
            trail: Trail::OF_LONE_NUMBER,
            ..Entry::empty(value)
        }))
    }
}

/// Adds, for every value `v`, the trees of `−v` marked with a unary minus.
pub(super) fn close_under_negation<V: Number>(entries: &[Entry<V>]) -> Result<Vec<Entry<V>>> {
    let mut merged: FxHashMap<V, Entry<V>> = FxHashMap::default();
    for e in entries {
        for value in [Some(e.value), e.value.negate()].into_iter().flatten() {
            let m = merged.entry(value).or_insert(Entry::empty(value));
            m.trail.merge(if value == e.value {
                e.trail
            } else {
                e.trail.negated(value)
            });
            m.trees = m
                .trees
                .checked_add(e.trees)
                .ok_or_else(|| Error::CountOverflow)?;
            m.expressions = m
                .expressions
                .checked_add(e.expressions)
                .ok_or_else(|| Error::CountOverflow)?;
        }
    }
    let mut out: Vec<Entry<V>> = merged.into_values().collect();
    out.sort_unstable_by_key(|e| e.value);
    Ok(out)
}
