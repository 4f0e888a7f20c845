//! One board of a corpus run: its counts at every target of the range, the closest value of
//! every missed target, its difficulty features, and its puzzles with one solution written
//! out.

use crate::corpus::Corpus;
use crate::engine::{Counts, Dp, SubTableSource, Window};
use crate::error::Result;
use crate::game::number::{Number, Wide};
use crate::puzzle::difficulty::{self, Assessment, ConsecutiveCounts, Setting};

/// The analysis of one board.
pub(super) struct BoardResult {
    /// Per target of the range, in order.
    pub puzzles: Vec<Puzzle>,
    pub unique: Vec<Unique>,
}

/// One (board, target).
pub(super) struct Puzzle {
    /// The counts when solvable.
    pub counts: Option<Counts>,
    /// The difficulty features and score when solvable.
    pub difficulty: Option<Assessment>,
    /// `(closest value, distance)` when unsolvable.
    pub closest: Option<(f64, f64)>,
}

/// A puzzle with exactly one `distinct` solution, written out.
pub(super) struct Unique {
    pub target: i64,
    pub min_ops: u8,
    pub expressions: u64,
    pub solution: String,
    pub moves: String,
}

/// Solves the board at position `i` of the corpus against every target of its range.
pub(super) fn analyze<V: Number>(
    corpus: &Corpus,
    i: usize,
    window: Window,
    cache: &dyn SubTableSource<V>,
) -> Result<BoardResult> {
    let rules = &corpus.game.rules;
    let (lo, hi) = (*corpus.game.targets.start(), *corpus.game.targets.end());
    let board = &corpus.boards[i].board;
    let dp = Dp::<V>::build_with(board, rules, Some(window), Some(cache))?;
    // The targets' counts, and around them those of the near misses.
    let margin = difficulty::near_miss_radius(hi.max(lo.saturating_abs()));
    let run = ConsecutiveCounts::new(lo - margin, dp.counts_in(lo - margin, hi + margin)?);
    let setting = Setting::of(board);
    // The whole board's table stops at the window, so a closest value is certain only when
    // every value as close lies inside it (there is nothing below 1); the rare board with a
    // missed target whose nearest value lies beyond is rebuilt whole for its closest values.
    let mut whole: Option<Dp<V>> = None;
    let mut puzzles = Vec::with_capacity(usize::try_from(hi - lo + 1).unwrap_or(0));
    let mut unique = Vec::new();
    for target in lo..=hi {
        let counts = run.counts(target);
        let t = V::from_int(target);
        let closest = match (counts, t) {
            (None, Some(t)) => {
                let mut found = dp.closest(t);
                let certain = |f: &Option<(Wide, Vec<V>)>| match (dp.window(), f) {
                    (None, _) => true,
                    (Some(w), Some((d, _))) => to_f64(*d) + target as f64 <= w.hi as f64,
                    (Some(_), None) => false,
                };
                if !certain(&found) {
                    if whole.is_none() {
                        whole = Some(Dp::<V>::build_with(board, rules, None, Some(cache))?);
                    }
                    found = whole.as_ref().and_then(|w| w.closest(t));
                }
                found.map(|(d, vs)| (to_f64(vs[0].to_wide()), to_f64(d)))
            }
            _ => None,
        };
        if let (Some(c), Some(t)) = (counts, t)
            && c.distinct == Some(1)
        {
            let e = dp
                .shortest(t)
                .expect("a solvable target has a shortest solution");
            unique.push(Unique {
                target,
                min_ops: c.min_ops as u8,
                expressions: c.expressions,
                solution: e.to_string(),
                moves: e.moves::<V>(rules.limit).join("; "),
            });
        }
        puzzles.push(Puzzle {
            counts,
            difficulty: run.assess(target, setting),
            closest,
        });
    }
    Ok(BoardResult { puzzles, unique })
}

fn to_f64(w: Wide) -> f64 {
    w.num as f64 / w.den as f64
}
