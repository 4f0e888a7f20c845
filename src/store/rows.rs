//! The small tables' rows as Rust values: `targets` and `boards` read whole, board texts
//! looked up by id. (`puzzles` is only scanned: [`super::slice`].)

use std::collections::{HashMap, HashSet};

use crate::corpus::CorpusId;
use crate::engine::Convention;
use crate::store::read::{CorpusStore, Result, f64s, i64s, parquet_err, strs, u32s};
use crate::store::schema::{Table, col};

/// One row of `targets`.
#[derive(Clone, Debug, PartialEq)]
pub struct TargetRow {
    pub group: String,
    pub target: i64,
    pub boards: u32,
    pub solving: u32,
    pub solvable_share: f64,
    pub probability: f64,
    /// `expected_trees`, `expected_expressions`, `expected_distinct`, by [`Convention`].
    /// (`None` for `inequivalent`, which `targets` does not sum.)
    pub expected: [Option<f64>; Convention::ALL.len()],
    pub mean_min_ops: Option<f64>,
    pub unique: u32,
    pub unique_share: Option<f64>,
}

impl TargetRow {
    pub fn expected(&self, c: Convention) -> Option<f64> {
        self.expected[c.index()]
    }
}

/// One row of `boards`.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardRow {
    pub board_id: u32,
    pub board: String,
    pub weight: f64,
    pub group: String,
    pub targets_reached: u32,
    /// `nyt` only: date, slot and real target.
    pub date: Option<String>,
    pub slot: Option<u8>,
    pub target: Option<i64>,
}

impl CorpusStore {
    /// The boards that repeat one of a smaller id, each mapped to the smallest id with the
    /// same numbers (see [`repeated`]); none where the corpus lists each board once
    /// ([`crate::corpus::CorpusId::may_repeat_boards`]).
    pub fn repeated_boards(&self) -> Result<HashMap<u32, u32>> {
        if !self.id.may_repeat_boards() {
            // Not even read: a large corpus's boards table is long.
            return Ok(HashMap::new());
        }
        Ok(repeated(&self.id, &self.boards()?))
    }

    /// Every row of `targets`, in table order.
    pub fn targets(&self) -> Result<Vec<TargetRow>> {
        let t = self.table(Table::Targets)?;
        let cols = [
            col::GROUP,
            col::TARGET,
            col::BOARDS,
            col::SOLVING,
            col::SOLVABLE_SHARE,
            col::PROBABILITY,
            col::EXPECTED_TREES,
            col::EXPECTED_EXPRESSIONS,
            col::EXPECTED_DISTINCT,
            col::MEAN_MIN_OPS,
            col::UNIQUE,
            col::UNIQUE_SHARE,
        ];
        let present: Vec<&str> = cols.iter().copied().filter(|c| t.has(c)).collect();
        let df = t.read(&present)?;
        let p = parquet_err(t.first_file());
        let n = df.height();
        let opt_f64 = |c: &str| -> Result<Vec<Option<f64>>> {
            if t.has(c) {
                f64s(&df, c).map_err(p)
            } else {
                Ok(vec![None; n])
            }
        };
        for c in [
            col::GROUP,
            col::TARGET,
            col::BOARDS,
            col::SOLVING,
            col::PROBABILITY,
        ] {
            if !t.has(c) {
                return Err(self.absent(format!("`targets` lacks the column `{c}`")));
            }
        }
        let group = strs(&df, col::GROUP).map_err(p)?;
        let target = i64s(&df, col::TARGET).map_err(p)?;
        let boards = u32s(&df, col::BOARDS).map_err(p)?;
        let solving = u32s(&df, col::SOLVING).map_err(p)?;
        let share = opt_f64(col::SOLVABLE_SHARE)?;
        let prob = opt_f64(col::PROBABILITY)?;
        let ex = [
            opt_f64(col::EXPECTED_TREES)?,
            opt_f64(col::EXPECTED_EXPRESSIONS)?,
            opt_f64(col::EXPECTED_DISTINCT)?,
        ];
        let mean_ops = opt_f64(col::MEAN_MIN_OPS)?;
        let unique = if t.has(col::UNIQUE) {
            u32s(&df, col::UNIQUE).map_err(p)?
        } else {
            vec![None; n]
        };
        let unique_share = opt_f64(col::UNIQUE_SHARE)?;
        Ok((0..n)
            .map(|i| {
                let boards = boards[i].unwrap_or(0);
                let solving = solving[i].unwrap_or(0);
                TargetRow {
                    group: group[i].clone(),
                    target: target[i].unwrap_or(0),
                    boards,
                    solving,
                    solvable_share: share[i].unwrap_or(if boards > 0 {
                        solving as f64 / boards as f64
                    } else {
                        0.0
                    }),
                    probability: prob[i].unwrap_or(0.0),
                    expected: [ex[0][i], ex[1][i], ex[2][i], None],
                    mean_min_ops: mean_ops[i],
                    unique: unique[i].unwrap_or(0),
                    unique_share: unique_share[i],
                }
            })
            .collect())
    }

    /// Every row of `boards`, in table order.
    pub fn boards(&self) -> Result<Vec<BoardRow>> {
        let t = self.table(Table::Boards)?;
        let mut cols = vec![
            col::BOARD_ID,
            col::BOARD,
            col::WEIGHT,
            col::GROUP,
            col::TARGETS_REACHED,
        ];
        let nyt = t.has(col::SLOT) && t.has(col::TARGET);
        if nyt {
            cols.extend([col::SLOT, col::TARGET]);
            if t.has(col::DATE) {
                cols.push(col::DATE);
            }
        }
        let df = t.read(&cols)?;
        let p = parquet_err(t.first_file());
        let id = u32s(&df, col::BOARD_ID).map_err(p)?;
        let board = strs(&df, col::BOARD).map_err(p)?;
        let weight = f64s(&df, col::WEIGHT).map_err(p)?;
        let group = strs(&df, col::GROUP).map_err(p)?;
        let reached = u32s(&df, col::TARGETS_REACHED).map_err(p)?;
        let n = df.height();
        let (slot, target) = if nyt {
            (
                u32s(&df, col::SLOT).map_err(p)?,
                i64s(&df, col::TARGET).map_err(p)?,
            )
        } else {
            (vec![None; n], vec![None; n])
        };
        let date: Vec<Option<String>> = if nyt && t.has(col::DATE) {
            strs(&df, col::DATE)
                .map_err(p)?
                .into_iter()
                .map(Some)
                .collect()
        } else {
            vec![None; n]
        };
        Ok((0..n)
            .map(|i| BoardRow {
                board_id: id[i].unwrap_or(0),
                board: board[i].clone(),
                weight: weight[i].unwrap_or(0.0),
                group: group[i].clone(),
                targets_reached: reached[i].unwrap_or(0),
                date: date[i].clone(),
                slot: slot[i].and_then(|s| u8::try_from(s).ok()),
                target: target[i],
            })
            .collect())
    }

    /// The conventions this corpus has counts for: a `puzzles` column and a non-null
    /// `expected_*` in `targets` (`trees` is null outside the 24 game, `distinct` is null
    /// with unary minus); `inequivalent`, which `targets` does not sum, by its column alone.
    pub fn conventions(&self, targets: &[TargetRow]) -> Result<Vec<Convention>> {
        let puzzles = self.table(Table::Puzzles)?;
        Ok(Convention::ALL
            .into_iter()
            .filter(|&c| {
                puzzles.has(c.name())
                    && (c == Convention::Inequivalent
                        || targets.iter().any(|r| r.expected(c).is_some()))
            })
            .collect())
    }

    /// Whether `puzzles` has the optional `difficulty` column.
    pub fn has_difficulty(&self) -> Result<bool> {
        Ok(self.table(Table::Puzzles)?.has(col::DIFFICULTY))
    }

    /// The board text of each id in `ids` (read back with [`board_numbers`]).
    pub fn board_texts(&self, ids: &[u32]) -> Result<HashMap<u32, String>> {
        let t = self.table(Table::Boards)?;
        let wanted: HashSet<u32> = ids.iter().copied().collect();
        let mut out = HashMap::new();
        let path = t.first_file().to_path_buf();
        t.scan(&[col::BOARD_ID, col::BOARD], |df| {
            let id = u32s(df, col::BOARD_ID).map_err(parquet_err(&path))?;
            let board = strs(df, col::BOARD).map_err(parquet_err(&path))?;
            for (i, b) in id.into_iter().zip(board) {
                if let Some(i) = i.filter(|i| wanted.contains(i)) {
                    out.insert(i, b);
                }
            }
            Ok(())
        })?;
        Ok(out)
    }
}

/// The boards of corpus `id`'s `boards` that repeat one of a smaller id, each mapped to the
/// smallest id with the same numbers: so that a list of puzzles names each board once. None
/// where the corpus lists each board once.
pub fn repeated(id: &CorpusId, boards: &[BoardRow]) -> HashMap<u32, u32> {
    if !id.may_repeat_boards() {
        return HashMap::new();
    }
    let mut first: HashMap<&str, u32> = HashMap::new();
    for b in boards {
        let smallest = first.entry(b.board.as_str()).or_insert(b.board_id);
        *smallest = (*smallest).min(b.board_id);
    }
    boards
        .iter()
        .filter_map(|b| {
            let smallest = first[b.board.as_str()];
            (smallest != b.board_id).then_some((b.board_id, smallest))
        })
        .collect()
}

/// The numbers of a board as the tables write it (`1 2 7 7`).
pub fn board_numbers(text: &str) -> Vec<i64> {
    text.split_whitespace()
        .filter_map(|n| n.parse().ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(board_id: u32, board: &str) -> BoardRow {
        BoardRow {
            board_id,
            board: board.to_string(),
            weight: 1.0,
            group: String::new(),
            targets_reached: 0,
            date: None,
            slot: None,
            target: None,
        }
    }

    #[test]
    fn a_repeated_board_maps_to_its_smallest_id() {
        // Out of id order, as a sharded table may be.
        let boards = [
            row(7, "1 2 3"),
            row(2, "1 2 3"),
            row(5, "4 5 6"),
            row(9, "1 2 3"),
            row(3, "7 8 9"),
        ];
        let r = repeated(&CorpusId::Nyt, &boards);
        assert_eq!(r, HashMap::from([(7, 2), (9, 2)]));
        assert!(repeated(&CorpusId::Nyt, &boards[2..3]).is_empty());
        // An enumerated corpus lists each board once.
        assert!(repeated(&CorpusId::Digits, &boards).is_empty());
    }
}
