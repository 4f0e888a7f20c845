//! The rows a run writes: each chunk's `puzzles` and `unique` rows as the boards come in, and,
//! once every board is in, the `boards` rows and the per-target `sums`. Columns are named and
//! ordered as in [`crate::store::schema`], which the writer checks.

use polars::prelude::{Column, DataFrame, NamedFrom, PlSmallStr, Series};

use crate::corpus::{Corpus, CorpusBoard};
use crate::error::{Error, Result};
use crate::game::rules::GameKind;
use crate::puzzle::difficulty::Features;
use crate::store::schema::{Extras, Kind, col};
use crate::store::write::frame;

use super::board::BoardResult;
use super::targets::Sums;

/// What the writer keeps across chunks: the boards' rows and the per-target sums.
pub(super) struct Tally<'a> {
    corpus: &'a Corpus,
    /// The positions in the corpus of the boards of this run.
    positions: Vec<usize>,
    /// Per board so far, how many targets it reaches.
    reached: Vec<u32>,
    /// The corpus's groups, sorted, and per group and target offset, the sums.
    groups: Vec<String>,
    sums: Vec<Vec<Sums>>,
    lo: i64,
    pub rows: u64,
    pub solvable: u64,
    pub unique: u64,
}

fn board_text(e: &CorpusBoard) -> String {
    e.board.to_string()
}

impl<'a> Tally<'a> {
    pub fn new(corpus: &'a Corpus, positions: &[usize]) -> Tally<'a> {
        let mut groups: Vec<String> = positions
            .iter()
            .map(|&i| corpus.boards[i].group.clone())
            .collect();
        groups.sort_unstable();
        groups.dedup();
        let (lo, hi) = (*corpus.game.targets.start(), *corpus.game.targets.end());
        let targets = usize::try_from(hi - lo + 1).unwrap_or(0);
        Tally {
            corpus,
            reached: Vec::with_capacity(positions.len()),
            sums: vec![vec![Sums::default(); targets]; groups.len()],
            groups,
            positions: positions.to_vec(),
            lo,
            rows: 0,
            solvable: 0,
            unique: 0,
        }
    }

    /// The optional columns this corpus's tables have.
    pub fn extras(&self) -> Extras {
        Extras {
            trees: self.corpus.game.kind == GameKind::TwentyFour,
            published: self.corpus.boards.iter().any(|b| b.published.is_some()),
        }
    }

    /// Folds one chunk (the boards at `positions`) into the sums and returns its `puzzles`
    /// and `unique` rows.
    pub fn chunk(
        &mut self,
        positions: &[usize],
        results: &[BoardResult],
    ) -> Result<(DataFrame, DataFrame)> {
        let corpus = self.corpus;
        let rows: usize = results.iter().map(|r| r.puzzles.len()).sum();
        let mut board_id = Vec::with_capacity(rows);
        let mut target = Vec::with_capacity(rows);
        let mut solvable = Vec::with_capacity(rows);
        let mut min_ops: Vec<Option<u8>> = Vec::with_capacity(rows);
        let mut trees = Vec::with_capacity(rows);
        let mut expressions = Vec::with_capacity(rows);
        let mut distinct: Vec<Option<u64>> = Vec::with_capacity(rows);
        let mut closest: Vec<Option<f64>> = Vec::with_capacity(rows);
        let mut distance: Vec<Option<f64>> = Vec::with_capacity(rows);
        let mut score: Vec<Option<f64>> = Vec::with_capacity(rows);
        let mut features: Vec<Option<Features>> = Vec::with_capacity(rows);
        let (mut u_id, mut u_board, mut u_target, mut u_ops, mut u_expr, mut u_sol, mut u_moves) =
            (vec![], vec![], vec![], vec![], vec![], vec![], vec![]);
        for (&i, r) in positions.iter().zip(results) {
            let entry = &corpus.boards[i];
            let ways = entry.ways;
            let g = self
                .groups
                .binary_search(&entry.group)
                .expect("every board's group is known");
            let mut reached = 0u32;
            for (k, p) in r.puzzles.iter().enumerate() {
                board_id.push(entry.id);
                target.push(self.lo + k as i64);
                let c = p.counts.unwrap_or_default();
                let d = c.distinct.unwrap_or(0);
                let solved = p.counts.is_some();
                self.sums[g][k].add_puzzle(ways, solved, &c)?;
                reached += u32::from(solved);
                solvable.push(solved);
                min_ops.push(p.counts.map(|c| c.min_ops as u8));
                trees.push(c.trees);
                expressions.push(c.expressions);
                distinct.push(if corpus.game.rules.unary_minus {
                    None
                } else {
                    Some(d)
                });
                closest.push(p.closest.map(|x| x.0));
                distance.push(p.closest.map(|x| x.1));
                score.push(p.difficulty.map(|d| d.difficulty));
                features.push(p.difficulty.map(|d| d.features));
            }
            self.reached.push(reached);
            self.solvable += u64::from(reached);
            for u in &r.unique {
                u_id.push(entry.id);
                u_board.push(board_text(entry));
                u_target.push(u.target);
                u_ops.push(u.min_ops);
                u_expr.push(u.expressions);
                u_sol.push(u.solution.clone());
                u_moves.push(u.moves.clone());
            }
            self.unique += r.unique.len() as u64;
        }
        self.rows += rows as u64;
        let mut cols = vec![
            Column::new(col::BOARD_ID.into(), board_id),
            Column::new(col::TARGET.into(), target),
            Column::new(col::SOLVABLE.into(), solvable),
            Column::new(col::MIN_OPS.into(), min_ops),
        ];
        if self.extras().trees {
            cols.push(Column::new(col::TREES.into(), trees));
        }
        cols.extend([
            Column::new(col::EXPRESSIONS.into(), expressions),
            Column::new(col::DISTINCT.into(), distinct),
            Column::new(col::CLOSEST.into(), closest),
            Column::new(col::DISTANCE.into(), distance),
            Column::new(col::DIFFICULTY.into(), score),
        ]);
        let flag = |name: &str, f: fn(&Features) -> bool| {
            let v: Vec<Option<bool>> = features.iter().map(|x| x.as_ref().map(f)).collect();
            Column::new(name.into(), v)
        };
        cols.extend([
            flag(col::NEEDS_DIVISION, |f| f.needs_division),
            flag(col::NEEDS_FRACTION, |f| f.needs_fraction),
            flag(col::NEEDS_NEGATIVE, |f| f.needs_negative),
            Column::new(
                col::PEAK.into(),
                features
                    .iter()
                    .map(|x| x.map(|f| f.peak))
                    .collect::<Vec<_>>(),
            ),
            flag(col::GREEDY, |f| f.greedy),
            Column::new(
                col::NEAR_MISSES.into(),
                features
                    .iter()
                    .map(|x| x.map(|f| f.near_misses))
                    .collect::<Vec<_>>(),
            ),
            flag(col::USES_ALL, |f| f.uses_all),
        ]);
        let puzzles = frame(cols)?;
        let unique = frame(vec![
            Column::new(col::BOARD_ID.into(), u_id),
            Column::new(col::BOARD.into(), u_board),
            Column::new(col::TARGET.into(), u_target),
            Column::new(col::MIN_OPS.into(), u_ops),
            Column::new(col::EXPRESSIONS.into(), u_expr),
            Column::new(col::SOLUTION.into(), u_sol),
            Column::new(col::MOVES.into(), u_moves),
        ])?;
        Ok((puzzles, unique))
    }

    /// The `boards` rows of the run.
    pub fn boards_frame(&self) -> Result<DataFrame> {
        let entries: Vec<&CorpusBoard> = self
            .positions
            .iter()
            .map(|&i| &self.corpus.boards[i])
            .collect();
        let n = self.corpus.boards.len() as f64;
        let mut cols = vec![
            Column::new(
                col::BOARD_ID.into(),
                entries.iter().map(|e| e.id).collect::<Vec<_>>(),
            ),
            Column::new(
                col::BOARD.into(),
                entries.iter().map(|e| board_text(e)).collect::<Vec<_>>(),
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
            .map_err(|e| Error::Io(format!("building the numbers column: {e}")))?,
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
        frame(cols)
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
        frame(cols)
    }
}

impl Sums {
    /// Adds one board's puzzle at this sum's target: `ways` deals of a board that reaches it
    /// (`solved`) with `c`.
    fn add_puzzle(&mut self, ways: u64, solved: bool, c: &crate::engine::Counts) -> Result<()> {
        let d = c.distinct.unwrap_or(0);
        let unique = u64::from(c.distinct == Some(1));
        let m = |x: u64| ways.checked_mul(x).ok_or(Error::CountOverflow);
        self.add([
            1,
            u64::from(solved),
            ways,
            if solved { ways } else { 0 },
            m(c.trees)?,
            m(c.expressions)?,
            m(d)?,
            if solved { m(u64::from(c.min_ops))? } else { 0 },
            unique,
            ways * unique,
        ])
    }
}
