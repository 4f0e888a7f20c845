//! The rows a run writes: each chunk's boards folded into the per-target sums and into the
//! chunk's `puzzles` and `unique` columns (made frames in `super::chunk_frames`), and, once
//! every board is in, the `boards` rows and the `sums`. Columns are named and ordered as in
//! [`crate::store::schema`], which the writer checks.

use polars::prelude::{Column, DataFrame, NamedFrom, PlSmallStr, Series};

use crate::corpus::{Corpus, CorpusBoard};
use crate::engine::inequivalent;
use crate::error::{Error, Result};
use crate::game::rule_set::{Deal, GameKind};
use crate::store::schema::{Extras, Kind, Table, col};
use crate::store::write::{column_of, frame};

use super::chunk_frames::{ChunkColumns, puzzles_frame};
use super::columns::BoardRows;
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
        let target_ways = self.target_ways(positions, results);
        let rows: usize = results
            .iter()
            .zip(&target_ways)
            .map(|(r, w)| {
                w.as_ref()
                    .map_or(r.puzzles.len(), |w| w.iter().filter(|&&x| x > 0).count())
            })
            .sum();
        let uniques: usize = results.iter().map(|r| r.unique.len()).sum();
        let mut c = ChunkColumns::with_capacity(rows, uniques);
        for ((&i, r), ways) in positions.iter().zip(results).zip(&target_ways) {
            self.fold_board(i, r, ways.as_deref(), &mut c)?;
        }
        self.rows += rows as u64;
        let distinct_defined = !self.corpus.game.rules.unary_minus;
        let puzzles = puzzles_frame(
            c.board_id,
            c.target,
            c.puzzles,
            self.extras,
            distinct_defined,
        )?;
        if self.extras.reach_only {
            return Ok((puzzles, DataFrame::empty()));
        }
        Ok((puzzles, c.unique.frame(results)?))
    }

    /// Where a card is turned up as the target, the ways each of a board's targets is
    /// turned up; a target with none (the hand holds its every card) is never dealt and has
    /// no row. Elsewhere every target is dealt once with its board (`None`).
    fn target_ways(&self, positions: &[usize], results: &[BoardRows]) -> Vec<Option<Vec<u64>>> {
        let game = &self.corpus.game;
        positions
            .iter()
            .zip(results)
            .map(|(&i, r)| {
                (game.deal == Deal::DeckAndTarget).then(|| {
                    let board = self.corpus.boards.board(i);
                    (0..r.puzzles.len())
                        .map(|k| game.target_ways(board.numbers(), self.lo + k as i64))
                        .collect()
                })
            })
            .collect()
    }

    /// Folds the board at position `i` of the corpus (its rows `r`, its targets turned up
    /// in `target_ways`) into the sums and the chunk's columns `c`.
    fn fold_board(
        &mut self,
        i: usize,
        r: &BoardRows,
        target_ways: Option<&[u64]>,
        c: &mut ChunkColumns,
    ) -> Result<()> {
        let entry = self.corpus.boards.get(i);
        let turned_up = |k: usize| target_ways.map_or(1, |w| w[k]);
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
        c.board_id.extend(targets.clone().map(|_| entry.id));
        c.target.extend(targets.map(|k| self.lo + k as i64));
        let keep: Option<Vec<bool>> = target_ways.map(|w| w.iter().map(|&x| x > 0).collect());
        c.puzzles.append(b, keep.as_deref());
        self.reached.push(reached);
        self.first_moves.push(r.first_moves);
        // The run of reached targets from 1, read off the row already folded: no engine
        // work (the whole range when every target is reached).
        self.covers_to
            .push((self.lo == 1).then(|| b.solvable.iter().take_while(|&&s| s).count() as u32));
        self.solvable += u64::from(reached);
        c.unique
            .push_board(entry.id, || board_text(&entry), &r.unique);
        self.unique += r.unique.len() as u64;
        Ok(())
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
            column_of(col::BOARD_ID, &entries, |e| e.id),
            Column::new(
                col::BOARD.into(),
                entries.iter().map(board_text).collect::<Vec<_>>(),
            ),
            // Typed explicitly: a list column of no rows would otherwise have no item type.
            column_of(col::NUMBERS, &entries, |e| {
                Series::new(PlSmallStr::EMPTY, e.board.numbers())
            })
            .cast(&Kind::ListI64.dtype())
            .map_err(|e| Error::failed("building the numbers column", e))?,
            column_of(col::WEIGHT, &entries, |e| e.weight),
            Column::new(col::SELECTION_WEIGHT.into(), vec![1.0 / n; entries.len()]),
            column_of(col::GROUP, &entries, |e| e.group.as_str()),
            Column::new(col::TARGETS_REACHED.into(), self.reached.clone()),
            column_of(col::ONES, &entries, |e| {
                e.board.numbers().iter().filter(|&&n| n == 1).count() as u8
            }),
            Column::new(col::FIRST_MOVES.into(), self.first_moves.clone()),
        ];
        if self.extras().published {
            let published = |e: &CorpusBoard| e.published.clone();
            cols.extend([
                column_of(col::DATE, &entries, |e| published(e).map(|p| p.date)),
                column_of(col::SLOT, &entries, |e| published(e).map(|p| p.slot)),
                column_of(col::TARGET, &entries, |e| published(e).map(|p| p.target)),
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
            column_of(col::GROUP, &rows, |r| r.0),
            column_of(col::TARGET, &rows, |r| r.1),
        ];
        for (j, name) in Sums::COLUMNS.iter().enumerate() {
            cols.push(column_of(name, &rows, |r| r.2.0[j]));
        }
        let df = frame(cols)?;
        if self.extras.reach_only {
            return Table::Sums.select(&df, self.extras());
        }
        Ok(df)
    }
}
