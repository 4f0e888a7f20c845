//! Whether a rule variant (unary minus, `^`) changes which 24-game sets are solvable: the
//! variant corpus compared with the plain one, board by board and target by target, each
//! corpus's solvable pairs folded from the rows of its `puzzles` ([`Solvable`]); and, for a
//! game of one target (make-10 with and without joining digits), board by board from the
//! `boards` tables alone ([`one_target`]).

use std::collections::{BTreeSet, HashMap};
use std::ops::Range;

use crate::corpus::CorpusId;
use crate::engine::Convention;
use crate::store::rows::{BoardRow, board_numbers};
use crate::store::scan::PuzzleFold;
use crate::store::slice::PuzzleSlice;

/// The set the report names as an example: `3 4 9 10` makes 24 only with `^` (`(10 − 4)^2 − 3 × 4`).
pub const EXAMPLE: &str = "3 4 9 10";

/// What a variant changes against the plain corpus.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    /// The variant corpus.
    pub variant: CorpusId,
    /// Sets that make 24 without the variant, and with it.
    pub base_24: usize,
    pub variant_24: usize,
    /// Sets that make 24 only with the variant, ascending by their numbers.
    pub gained_24: Vec<String>,
    /// Sets that make 24 only without it.
    pub lost_24: Vec<String>,
    /// (set, target) pairs over every target that become, or stop being, solvable.
    pub pairs_gained: usize,
    pub pairs_lost: usize,
    /// Whether [`EXAMPLE`] makes 24 without and with the variant (when both corpora hold it).
    pub example: Option<(bool, bool)>,
}

/// One board of a game with one target, under the plain rules and a variant's.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardBoth {
    pub board: String,
    /// Its share of the deals.
    pub weight: f64,
    /// Whether it makes the target under the plain rules, and under the variant's.
    pub plain: bool,
    pub variant: bool,
}

/// The boards of two corpora of one target (every board in either), matched by their text;
/// a board makes the target where it reaches a target at all.
pub fn one_target(plain: &[BoardRow], variant: &[BoardRow]) -> Vec<BoardBoth> {
    let mut both: std::collections::BTreeMap<&str, BoardBoth> = Default::default();
    for (rows, is_variant) in [(plain, false), (variant, true)] {
        for b in rows {
            let e = both.entry(b.board.as_str()).or_insert_with(|| BoardBoth {
                board: b.board.clone(),
                weight: b.weight,
                plain: false,
                variant: false,
            });
            *if is_variant {
                &mut e.variant
            } else {
                &mut e.plain
            } = b.targets_reached > 0;
        }
    }
    both.into_values().collect()
}

/// For every (board, target), whether it is solvable, folded from the rows of `puzzles`.
#[derive(Default)]
pub struct Solvable {
    by_id: HashMap<(u32, i64), bool>,
}

impl Solvable {
    /// By (board text, target): the boards' ids differ between corpora, their texts do not.
    pub fn finish(self, boards: &[BoardRow]) -> HashMap<(String, i64), bool> {
        let text: HashMap<u32, &str> = boards
            .iter()
            .map(|b| (b.board_id, b.board.as_str()))
            .collect();
        self.by_id
            .into_iter()
            .filter_map(|((b, t), s)| Some(((text.get(&b)?.to_string(), t), s)))
            .collect()
    }
}

impl PuzzleFold for Solvable {
    fn conventions(&self) -> Vec<Convention> {
        Vec::new()
    }

    fn fold(&mut self, s: &PuzzleSlice, rows: Range<usize>) {
        for i in rows {
            if let (Some(b), Some(t)) = (s.board_id(i), s.target(i)) {
                self.by_id.insert((b, t), s.solvable(i).unwrap_or(false));
            }
        }
    }
}

/// Compares the corpus `variant`, whose solvable pairs are `var`, with the plain corpus,
/// whose solvable pairs are `base` (both from [`Solvable`]).
pub fn compare(
    base: &HashMap<(String, i64), bool>,
    variant: &CorpusId,
    var: &HashMap<(String, i64), bool>,
) -> Comparison {
    let at_24 = |m: &HashMap<(String, i64), bool>| -> BTreeSet<String> {
        m.iter()
            .filter(|((_, t), s)| *t == 24 && **s)
            .map(|((b, _), _)| b.clone())
            .collect()
    };
    let (b24, v24) = (at_24(base), at_24(var));
    let numbers = |b: &String| board_numbers(b);
    let mut gained_24: Vec<String> = v24.difference(&b24).cloned().collect();
    gained_24.sort_by_key(numbers);
    let lost_24: Vec<String> = b24.difference(&v24).cloned().collect();
    let newly = |a: &HashMap<(String, i64), bool>, b: &HashMap<(String, i64), bool>| {
        a.iter()
            .filter(|(k, s)| **s && !b.get(*k).copied().unwrap_or(false))
            .count()
    };
    let key = (EXAMPLE.to_string(), 24);
    Comparison {
        variant: variant.clone(),
        base_24: b24.len(),
        variant_24: v24.len(),
        gained_24,
        lost_24,
        pairs_gained: newly(var, base),
        pairs_lost: newly(base, var),
        example: base.get(&key).copied().zip(var.get(&key).copied()),
    }
}
