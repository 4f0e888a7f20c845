//! One board of a corpus run with the full engine: its counts at every target of the range,
//! the closest value of every missed target, its difficulty features, and its puzzles with
//! one solution written out — straight into the columns of its rows ([`BoardRows`]).

use std::sync::Mutex;

use crate::progress::Progress;
use rayon::prelude::*;

use crate::corpus::Corpus;
use crate::corpus::cache::SubTableCache;
use crate::corpus::carry::Carry;
use crate::engine::{Dp, SubTable, SubTableSource, Window, inequivalent};
use crate::error::Result;
use crate::features;
use crate::features::{ConsecutiveCounts, Setting};
use crate::game::board::Board;
use crate::game::number::Number;
use crate::puzzle::difficulty::TableWalk;

use super::closest::{self, Run};
use super::columns::{BoardRows, PuzzleColumns, UniqueRows};
use super::piece::{Chunk, Fill};

/// Boards ahead of a chunk whose sub-boards its tables are kept for ([`Carry`]): eight
/// chunks of Digits. Looking further keeps tables longer than the budget lets them stay.
const LOOKAHEAD: usize = 2048;

/// The full engine filling a run's pieces: the sub-board tables the run's boards share,
/// and those a chunk's boards share on top ([`SubTableCache::for_chunk_of`]), some carried
/// from the chunks before.
pub(super) struct Full<'c, V> {
    pub cache: &'c SubTableCache<V>,
    pub carry: Mutex<Carry<SubTable<V>>>,
    pub window: Window,
}

impl<V: Number + Send + Sync> Fill for Full<'_, V> {
    const REACH_ONLY: bool = false;

    fn chunk(&self, chunk: Chunk<'_>, progress: &dyn Progress) -> Result<Vec<BoardRows>> {
        let Chunk {
            corpus,
            positions,
            boards,
            ahead,
        } = chunk;
        let ahead: Vec<Board> = ahead
            .iter()
            .take(LOOKAHEAD)
            .map(|&i| corpus.boards.board(i))
            .collect();
        let mut carry = self
            .carry
            .lock()
            .expect("no chunk panics holding the carry");
        let shared = self
            .cache
            .for_chunk_of(&corpus.game, boards, &ahead, &mut carry)?;
        drop(carry);
        boards
            .par_iter()
            .zip(positions)
            .map(|(b, &i)| {
                let published = corpus.boards.published_target(i);
                let r = analyze::<V>(corpus, b, published, self.window, &shared);
                progress.advance(1);
                r
            })
            .collect()
    }
}

/// Solves `board`, one of the corpus's, against every target of its range; the player walks
/// exactly at `published`, the target of the board's published puzzle (`nyt`), as well.
pub(super) fn analyze<V: Number>(
    corpus: &Corpus,
    board: &Board,
    published: Option<i64>,
    window: Window,
    cache: &dyn SubTableSource<V>,
) -> Result<BoardRows> {
    let rules = &corpus.game.rules;
    let (lo, hi) = (*corpus.game.targets.start(), *corpus.game.targets.end());
    let dp = Dp::<V>::build_with(board, rules, Some(window), Some(cache))?;
    // The targets' counts, and around them those of the near misses.
    let margin = features::near_miss_radius(hi.max(lo.saturating_abs()));
    let counts = dp.counts_in(lo - margin, hi + margin)?;
    let reached: Vec<bool> = counts.iter().map(Option::is_some).collect();
    let whole = features::whole_number_counts(board, rules, lo - margin, hi + margin)?;
    let run = ConsecutiveCounts::new(lo - margin, counts).with_whole_numbers(whole);
    let setting = Setting::of::<V>(board, rules);
    // The whole board's table stops at the window, so a closest value is certain only when
    // every value as close lies inside it (there is nothing below 1); the rare board with a
    // missed target whose nearest value lies beyond is rebuilt whole for its closest values.
    let missed: Vec<V> = (lo..=hi)
        .filter(|&t| run.counts(t).is_none())
        .filter_map(V::from_int)
        .collect();
    let rebuild = || Dp::<V>::build_with(board, rules, None, Some(cache));
    let span = Run {
        lo: lo - margin,
        reached: &reached,
    };
    let mut closest = closest::of_missed(&dp, &missed, &span, &mut None, &rebuild)?.into_iter();
    let mut player = TableWalk::new::<V>(board.numbers(), rules, lo, published)?;
    let mut puzzles = PuzzleColumns::with_capacity(usize::try_from(hi - lo + 1).unwrap_or(0));
    let mut unique = UniqueRows::default();
    for target in lo..=hi {
        let t = V::from_int(target);
        let Some(c) = run.counts(target) else {
            puzzles.push_missed(if t.is_some() {
                closest.next().expect("one closest value per missed target")
            } else {
                None
            });
            continue;
        };
        let walked = player.ln_moves(target);
        let a = run
            .assess_with(target, setting, walked)
            .expect("a solvable target is assessed");
        puzzles.push_solved(&c, &a);
        // A unique puzzle is listed only if it can be dealt (a Krypto hand holding every
        // card of its target cannot be dealt with it).
        if let (Some(t), Some(1)) = (t, c.distinct)
            && corpus.game.target_ways(board.numbers(), target) > 0
        {
            let e = dp
                .shortest_in(t, c.min_ops as usize)
                .expect("a solvable target has a shortest solution");
            unique.push(target, c.min_ops as u8, c.expressions, |solution, moves| {
                use std::fmt::Write as _;
                let _ = write!(solution, "{e}");
                e.write_moves::<V>(rules.limit, "; ", moves);
            });
        }
    }
    if inequivalent::defined(rules, board.numbers()) {
        puzzles.inequivalent = inequivalent::counts(board.numbers(), lo..=hi);
    }
    Ok(BoardRows {
        puzzles,
        unique,
        first_moves: setting.first_moves,
    })
}
