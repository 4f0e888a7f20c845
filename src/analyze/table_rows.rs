//! The frames a run writes: each chunk's `puzzles` and `unique` rows from its boards'
//! columns (`super::columns`), and, once every board is in, the `boards` rows and the
//! per-target `sums`. Columns are named and ordered as in
//! [`crate::store::schema`], which the writer checks.

use polars::prelude::{
    BooleanChunked, ChunkedArray, Column, DataFrame, Float64Type, Int64Type, IntoColumn, NamedFrom,
    NewChunkedArray, PlSmallStr, Series, StringChunked, UInt8Type, UInt32Type, UInt64Type,
};

use crate::corpus::{Corpus, CorpusBoard};
use crate::engine::inequivalent;
use crate::error::{Error, Result};
use crate::game::rule_set::{Deal, GameKind};
use crate::model::Fitted;
use crate::store::schema::{Extras, Kind, Table, col};
use crate::store::write::frame;

use super::columns::BoardRows;
use super::columns::{PuzzleColumns, Strings, Valid};
use super::targets::Sums;

/// What the writer keeps across chunks: the boards' rows and the per-target sums.
pub(super) struct Tally<'a> {
    corpus: &'a Corpus,
    /// The positions in the corpus of the boards of this run.
    positions: Vec<usize>,
    /// Per board so far, how many targets it reaches.
    reached: Vec<u32>,
    /// Per board so far, how many boards its first move can leave.
    first_moves: Vec<u32>,
    /// Per board so far, how far it reaches every target from 1 (`None` when the
    /// corpus's targets do not start at 1).
    covers_to: Vec<Option<u32>>,
    /// The corpus's groups, sorted, and per group and target offset, the sums.
    groups: Vec<String>,
    sums: Vec<Vec<Sums>>,
    lo: i64,
    /// The optional columns the tables have, worked out once (`reach_only`: the run is
    /// `--reach-only`, its tables keep the columns reachability gives).
    extras: Extras,
    pub rows: u64,
    pub solvable: u64,
    pub unique: u64,
}

fn board_text(e: &CorpusBoard) -> String {
    e.board.to_string()
}

impl<'a> Tally<'a> {
    pub fn new(corpus: &'a Corpus, positions: &[usize], reach_only: bool) -> Tally<'a> {
        let mut groups: Vec<String> = positions.iter().map(|&i| corpus.boards.group(i)).collect();
        groups.sort_unstable();
        groups.dedup();
        let (lo, hi) = (*corpus.game.targets.start(), *corpus.game.targets.end());
        let targets = usize::try_from(hi - lo + 1).unwrap_or(0);
        Tally {
            corpus,
            reached: Vec::with_capacity(positions.len()),
            first_moves: Vec::with_capacity(positions.len()),
            covers_to: Vec::with_capacity(positions.len()),
            sums: vec![vec![Sums::default(); targets]; groups.len()],
            groups,
            positions: positions.to_vec(),
            lo,
            extras: Extras {
                twenty_four: corpus.game.kind == GameKind::TwentyFour,
                inequivalent: !reach_only
                    && inequivalent::defined_for(&corpus.game.rules, corpus.game.size),
                published: corpus.boards.are_published(),
                reach_only,
            },
            rows: 0,
            solvable: 0,
            unique: 0,
        }
    }

    /// The optional columns this corpus's tables have.
    pub fn extras(&self) -> Extras {
        self.extras
    }

    /// Folds one chunk (the boards at `positions`) into the sums and returns its `puzzles`
    /// and `unique` rows.
    pub fn chunk(
        &mut self,
        positions: &[usize],
        results: &[BoardRows],
    ) -> Result<(DataFrame, DataFrame)> {
        let corpus = self.corpus;
        // Where a card is turned up as the target, the ways each of a board's targets is
        // turned up; a target with none (the hand holds its every card) is never dealt and
        // has no row. Elsewhere every target is dealt once with its board.
        let target_ways: Vec<Option<Vec<u64>>> = positions
            .iter()
            .zip(results)
            .map(|(&i, r)| {
                (corpus.game.deal == Deal::DeckAndTarget).then(|| {
                    let board = corpus.boards.board(i);
                    (0..r.puzzles.len())
                        .map(|k| corpus.game.target_ways(board.numbers(), self.lo + k as i64))
                        .collect()
                })
            })
            .collect();
        let rows: usize = results
            .iter()
            .zip(&target_ways)
            .map(|(r, w)| {
                w.as_ref()
                    .map_or(r.puzzles.len(), |w| w.iter().filter(|&&x| x > 0).count())
            })
            .sum();
        let uniques: usize = results.iter().map(|r| r.unique.len()).sum();
        let mut board_id = Vec::with_capacity(rows);
        let mut target = Vec::with_capacity(rows);
        let mut p = PuzzleColumns::with_capacity(rows);
        let mut u_id = Vec::with_capacity(uniques);
        let mut u_board = Strings::default();
        let mut u_target = Vec::with_capacity(uniques);
        let mut u_ops = Vec::with_capacity(uniques);
        let mut u_expr = Vec::with_capacity(uniques);
        for ((&i, r), target_ways) in positions.iter().zip(results).zip(&target_ways) {
            let entry = corpus.boards.get(i);
            let turned_up = |k: usize| target_ways.as_ref().map_or(1, |w| w[k]);
            let kept = |k: usize| turned_up(k) > 0;
            let g = self
                .groups
                .binary_search(&entry.group)
                .expect("every board's group is known");
            let b = &r.puzzles;
            let mut reached = 0u32;
            for k in (0..b.len()).filter(|&k| kept(k)) {
                // A puzzle's deals: its board's, times the ways its target is turned up.
                let ways = turned_up(k)
                    .checked_mul(entry.ways)
                    .ok_or_else(|| Error::CountOverflow)?;
                let solved = b.solvable[k];
                if self.extras.reach_only {
                    self.sums[g][k].add_reached(ways, solved, b.min_ops[k])?;
                } else {
                    let counts = [b.trees[k], b.expressions[k], b.distinct[k]];
                    self.sums[g][k].add_puzzle(ways, solved, counts, b.min_ops[k])?;
                }
                reached += u32::from(solved);
            }
            let targets = (0..b.len()).filter(|&k| kept(k));
            board_id.extend(targets.clone().map(|_| entry.id));
            target.extend(targets.map(|k| self.lo + k as i64));
            let keep: Option<Vec<bool>> = target_ways
                .as_ref()
                .map(|w| w.iter().map(|&x| x > 0).collect());
            p.append(b, keep.as_deref());
            self.reached.push(reached);
            self.first_moves.push(r.first_moves);
            // The run of reached targets from 1, read off the row already folded: no
            // engine work (the whole range when every target is reached).
            self.covers_to
                .push((self.lo == 1).then(|| b.solvable.iter().take_while(|&&s| s).count() as u32));
            self.solvable += u64::from(reached);
            let u = &r.unique;
            if u.len() > 0 {
                let text = board_text(&entry);
                for _ in 0..u.len() {
                    u_board.push_with(|s| s.push_str(&text));
                }
            }
            u_id.extend(std::iter::repeat_n(entry.id, u.len()));
            u_target.extend_from_slice(&u.target);
            u_ops.extend_from_slice(&u.min_ops);
            u_expr.extend_from_slice(&u.expressions);
            self.unique += u.len() as u64;
        }
        self.rows += rows as u64;
        let name = |c: &str| PlSmallStr::from(c);
        let solved = Valid::of(&p.solvable);
        let has_closest = Valid::of(&p.has_closest);
        let u64s = |c: &str, v: Vec<u64>| ChunkedArray::<UInt64Type>::from_vec(name(c), v);
        let f64s = |c: &str, v: Vec<f64>| ChunkedArray::<Float64Type>::from_vec(name(c), v);
        let flag = |c: &str, v: &[bool]| solved.apply(BooleanChunked::from_slice(name(c), v));
        let mut cols = vec![
            ChunkedArray::<UInt32Type>::from_vec(name(col::BOARD_ID), board_id).into_column(),
            ChunkedArray::<Int64Type>::from_vec(name(col::TARGET), target).into_column(),
            BooleanChunked::from_slice(name(col::SOLVABLE), &p.solvable).into_column(),
            solved.apply(ChunkedArray::<UInt8Type>::from_vec(
                name(col::MIN_OPS),
                p.min_ops,
            )),
        ];
        if self.extras.reach_only {
            cols.extend([
                has_closest.apply(f64s(col::CLOSEST, p.closest)),
                has_closest.apply(f64s(col::DISTANCE, p.distance)),
            ]);
            return Ok((frame(cols)?, DataFrame::empty()));
        }
        let distinct_defined = Valid::of(&vec![!corpus.game.rules.unary_minus; rows]);
        let twenty_four = self.extras().twenty_four;
        // From the score alone, and only for the 24 game: the other games' tables have no
        // such columns, and Digits has 177 million rows.
        let predicted: Option<(Vec<f64>, Vec<f64>)> = twenty_four.then(|| {
            let model = Fitted::embedded();
            p.difficulty
                .iter()
                .map(|&d| (d.exp(), model.solve_rate(d)))
                .unzip()
        });
        if twenty_four {
            cols.push(u64s(col::TREES, p.trees).into_column());
        }
        cols.extend([
            u64s(col::EXPRESSIONS, p.expressions).into_column(),
            distinct_defined.apply(u64s(col::DISTINCT, p.distinct)),
        ]);
        if self.extras().inequivalent {
            cols.push(u64s(col::INEQUIVALENT, p.inequivalent).into_column());
        }
        cols.extend([
            has_closest.apply(f64s(col::CLOSEST, p.closest)),
            has_closest.apply(f64s(col::DISTANCE, p.distance)),
            solved.apply(f64s(col::DIFFICULTY, p.difficulty)),
        ]);
        if let Some((time, rate)) = predicted {
            cols.extend([
                solved.apply(f64s(col::PREDICTED_TIME_S, time)),
                solved.apply(f64s(col::PREDICTED_SOLVE_RATE, rate)),
            ]);
        }
        cols.extend([
            flag(col::NEEDS_DIVISION, &p.needs_division),
            flag(col::NEEDS_FRACTION, &p.needs_fraction),
            flag(col::NEEDS_NEGATIVE, &p.needs_negative),
            solved.apply(u64s(col::PEAK, p.peak)),
            flag(col::GREEDY, &p.greedy),
            solved.apply(ChunkedArray::<UInt32Type>::from_vec(
                name(col::NEAR_MISSES),
                p.near_misses,
            )),
            flag(col::USES_ALL, &p.uses_all),
            solved.apply(u64s(col::WHOLE_EXPRESSIONS, p.whole_expressions)),
            solved.apply(ChunkedArray::<UInt8Type>::from_vec(
                name(col::FRACTIONS),
                p.fractions,
            )),
        ]);
        let puzzles = frame(cols)?;
        let strings = |c: &str, f: &dyn Fn(&BoardRows) -> &Strings| {
            let all = all_strings(results, f);
            StringChunked::from_iter_values(name(c), all).into_column()
        };
        let unique = frame(vec![
            ChunkedArray::<UInt32Type>::from_vec(name(col::BOARD_ID), u_id).into_column(),
            StringChunked::from_iter_values(name(col::BOARD), u_board.iter()).into_column(),
            ChunkedArray::<Int64Type>::from_vec(name(col::TARGET), u_target).into_column(),
            ChunkedArray::<UInt8Type>::from_vec(name(col::MIN_OPS), u_ops).into_column(),
            ChunkedArray::<UInt64Type>::from_vec(name(col::EXPRESSIONS), u_expr).into_column(),
            strings(col::SOLUTION, &|r| &r.unique.solution),
            strings(col::MOVES, &|r| &r.unique.moves),
        ])?;
        Ok((puzzles, unique))
    }

    /// The `boards` rows of the run.
    pub fn boards_frame(&self) -> Result<DataFrame> {
        let entries: Vec<CorpusBoard> = self
            .positions
            .iter()
            .map(|&i| self.corpus.boards.get(i))
            .collect();
        let n = self.corpus.boards.len() as f64;
        let mut cols = vec![
            Column::new(
                col::BOARD_ID.into(),
                entries.iter().map(|e| e.id).collect::<Vec<_>>(),
            ),
            Column::new(
                col::BOARD.into(),
                entries.iter().map(board_text).collect::<Vec<_>>(),
            ),
            // Typed explicitly: a list column of no rows would otherwise have no item type.
            Column::new(
                col::NUMBERS.into(),
                entries
                    .iter()
                    .map(|e| Series::new(PlSmallStr::EMPTY, e.board.numbers()))
                    .collect::<Vec<_>>(),
            )
            .cast(&Kind::ListI64.dtype())
            .map_err(|e| Error::failed("building the numbers column", e))?,
            Column::new(
                col::WEIGHT.into(),
                entries.iter().map(|e| e.weight).collect::<Vec<_>>(),
            ),
            Column::new(col::SELECTION_WEIGHT.into(), vec![1.0 / n; entries.len()]),
            Column::new(
                col::GROUP.into(),
                entries.iter().map(|e| e.group.as_str()).collect::<Vec<_>>(),
            ),
            Column::new(col::TARGETS_REACHED.into(), self.reached.clone()),
            Column::new(
                col::ONES.into(),
                entries
                    .iter()
                    .map(|e| e.board.numbers().iter().filter(|&&n| n == 1).count() as u8)
                    .collect::<Vec<_>>(),
            ),
            Column::new(col::FIRST_MOVES.into(), self.first_moves.clone()),
        ];
        if self.extras().published {
            let published = |e: &CorpusBoard| e.published.clone();
            cols.extend([
                Column::new(
                    col::DATE.into(),
                    entries
                        .iter()
                        .map(|e| published(e).map(|p| p.date))
                        .collect::<Vec<_>>(),
                ),
                Column::new(
                    col::SLOT.into(),
                    entries
                        .iter()
                        .map(|e| published(e).map(|p| p.slot))
                        .collect::<Vec<_>>(),
                ),
                Column::new(
                    col::TARGET.into(),
                    entries
                        .iter()
                        .map(|e| published(e).map(|p| p.target))
                        .collect::<Vec<_>>(),
                ),
            ]);
        }
        cols.push(Column::new(col::COVERS_TO.into(), self.covers_to.clone()));
        let df = frame(cols)?;
        if self.extras.reach_only {
            return Table::Boards.select(&df, self.extras());
        }
        Ok(df)
    }

    /// The `sums` rows of the run: per group and target.
    pub fn sums_frame(&self) -> Result<DataFrame> {
        let rows: Vec<(&str, i64, &Sums)> = self
            .groups
            .iter()
            .zip(&self.sums)
            .flat_map(|(g, sums)| {
                sums.iter()
                    .enumerate()
                    .map(move |(t, s)| (g.as_str(), self.lo + t as i64, s))
            })
            .collect();
        let mut cols = vec![
            Column::new(
                col::GROUP.into(),
                rows.iter().map(|r| r.0).collect::<Vec<_>>(),
            ),
            Column::new(
                col::TARGET.into(),
                rows.iter().map(|r| r.1).collect::<Vec<_>>(),
            ),
        ];
        for (j, name) in Sums::COLUMNS.iter().enumerate() {
            cols.push(Column::new(
                (*name).into(),
                rows.iter().map(|r| r.2.0[j]).collect::<Vec<_>>(),
            ));
        }
        let df = frame(cols)?;
        if self.extras.reach_only {
            return Table::Sums.select(&df, self.extras());
        }
        Ok(df)
    }
}

impl Sums {
    /// Adds one board's puzzle at this sum's target: `ways` deals of a board that reaches it
    /// (`solved`) with `[trees, expressions, distinct]` solutions (`distinct` 0 where
    /// undefined) in `min_ops` operations.
    pub(super) fn add_puzzle(
        &mut self,
        ways: u64,
        solved: bool,
        counts: [u64; 3],
        min_ops: u8,
    ) -> Result<()> {
        let [trees, expressions, d] = counts;
        let unique = u64::from(d == 1);
        let m = |x: u64| ways.checked_mul(x).ok_or_else(|| Error::CountOverflow);
        self.add([
            1,
            u64::from(solved),
            ways,
            if solved { ways } else { 0 },
            m(trees)?,
            m(expressions)?,
            m(d)?,
            if solved { m(u64::from(min_ops))? } else { 0 },
            unique,
            ways * unique,
        ])
    }

    /// [`Sums::add_puzzle`] for a reach-only run, which has no counts: the sums it has, at
    /// a fifth of the work (its rows are folded one by one).
    pub(super) fn add_reached(&mut self, ways: u64, solved: bool, min_ops: u8) -> Result<()> {
        let s = &mut self.0;
        let add = |a: &mut u64, b: u64| -> Result<()> {
            *a = a.checked_add(b).ok_or_else(|| Error::CountOverflow)?;
            Ok(())
        };
        add(&mut s[0], 1)?;
        add(&mut s[2], ways)?;
        if solved {
            add(&mut s[1], 1)?;
            add(&mut s[3], ways)?;
            let ops = ways
                .checked_mul(u64::from(min_ops))
                .ok_or_else(|| Error::CountOverflow)?;
            add(&mut s[7], ops)?;
        }
        Ok(())
    }
}

/// Every string of one string column of the boards' `unique` rows, in order.
fn all_strings<'r>(
    results: &'r [BoardRows],
    f: &'r dyn Fn(&BoardRows) -> &Strings,
) -> impl Iterator<Item = &'r str> {
    results.iter().flat_map(move |r| f(r).iter())
}
