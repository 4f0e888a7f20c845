//! The tables' rows as Rust values: `targets` and `boards` read whole, `puzzles` scanned in
//! slices of the columns a summary asks for.

use std::collections::{HashMap, HashSet};

use polars::prelude::*;

use crate::engine::Convention;
use crate::puzzle::difficulty::Features;
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
    pub expected: [Option<f64>; 3],
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

/// Set bits of an Arrow bitmap, read in place.
#[derive(Clone, Copy)]
struct Bits<'a> {
    bytes: &'a [u8],
    offset: usize,
}

impl Bits<'_> {
    #[inline]
    fn get(&self, i: usize) -> bool {
        let j = self.offset + i;
        self.bytes[j >> 3] >> (j & 7) & 1 == 1
    }
}

/// A numeric column of a slice, read in place.
#[derive(Clone, Copy)]
struct Nums<'a, T> {
    values: &'a [T],
    valid: Option<Bits<'a>>,
}

impl<T: Copy> Nums<'_, T> {
    #[inline]
    fn get(&self, i: usize) -> Option<T> {
        match &self.valid {
            Some(v) if !v.get(i) => None,
            _ => Some(self.values[i]),
        }
    }
}

/// A Boolean column of a slice, read in place.
#[derive(Clone, Copy)]
struct Flags<'a> {
    values: Bits<'a>,
    valid: Option<Bits<'a>>,
}

impl Flags<'_> {
    #[inline]
    fn get(&self, i: usize) -> Option<bool> {
        match &self.valid {
            Some(v) if !v.get(i) => None,
            _ => Some(self.values.get(i)),
        }
    }
}

/// Column `name` of `df` cast to `dtype` (the types the summaries use; the tables' own are
/// narrower, and casting keeps the reader tolerant of a widened column), in one chunk.
fn cast(df: &DataFrame, name: &str, dtype: &DataType) -> PolarsResult<Series> {
    Ok(df
        .column(name)?
        .as_materialized_series()
        .cast(dtype)?
        .rechunk())
}

/// An Arrow bitmap (a reference to it) as [`Bits`].
macro_rules! bits {
    ($b:expr) => {{
        let (bytes, offset, _) = $b.as_slice();
        Bits { bytes, offset }
    }};
}

fn nums<T: PolarsNumericType>(s: &Series) -> PolarsResult<Nums<'_, T::Native>> {
    let a = s.unpack::<T>()?.downcast_as_array();
    Ok(Nums {
        values: a.values(),
        valid: a.validity().map(|b| bits!(b)),
    })
}

fn flags(s: &Series) -> PolarsResult<Flags<'_>> {
    let a = s.bool()?.downcast_as_array();
    Ok(Flags {
        values: bits!(a.values()),
        valid: a.validity().map(|b| bits!(b)),
    })
}

/// The columns of a `puzzles` slice that the summaries use, read in place.
pub struct PuzzleSlice<'a> {
    len: usize,
    board_id: Nums<'a, u32>,
    target: Nums<'a, i64>,
    solvable: Flags<'a>,
    min_ops: Nums<'a, u64>,
    /// By [`Convention`]; `None` when not requested.
    counts: [Option<Nums<'a, u64>>; 3],
    difficulty: Option<Nums<'a, f64>>,
    /// The difficulty features' columns, when requested and stored (see
    /// [`PuzzleSlice::features`]).
    features: Option<FeatureColumns<'a>>,
}

impl PuzzleSlice<'_> {
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    pub fn board_id(&self, i: usize) -> Option<u32> {
        self.board_id.get(i)
    }

    #[inline]
    pub fn target(&self, i: usize) -> Option<i64> {
        self.target.get(i)
    }

    #[inline]
    pub fn solvable(&self, i: usize) -> Option<bool> {
        self.solvable.get(i)
    }

    #[inline]
    pub fn min_ops(&self, i: usize) -> Option<u64> {
        self.min_ops.get(i)
    }

    /// Whether the counts of `c` were read.
    pub fn has_count(&self, c: Convention) -> bool {
        self.counts[c.index()].is_some()
    }

    /// Row `i`'s count under `c` (`None` when null or not read).
    #[inline]
    pub fn count(&self, c: Convention, i: usize) -> Option<u64> {
        self.counts[c.index()].as_ref().and_then(|v| v.get(i))
    }

    /// Whether `difficulty` was read (the table has it).
    pub fn has_difficulty(&self) -> bool {
        self.difficulty.is_some()
    }

    #[inline]
    pub fn difficulty(&self, i: usize) -> Option<f64> {
        self.difficulty.as_ref().and_then(|v| v.get(i))
    }

    /// The difficulty features of row `i`, if they were read and it is solvable.
    pub fn features(&self, i: usize) -> Option<Features> {
        let f = self.features.as_ref()?;
        Some(Features {
            min_ops: u32::try_from(self.min_ops(i)?).ok()?,
            solutions: f.distinct.get(i).or(f.expressions.get(i))?,
            needs_division: f.division.get(i)?,
            needs_fraction: f.fraction.get(i)?,
            needs_negative: f.negative.get(i)?,
            peak: f.peak.get(i)?,
            greedy: f.greedy.get(i)?,
            near_misses: f.near_misses.get(i)?,
            uses_all: f.uses_all.get(i)?,
        })
    }
}

impl CorpusStore {
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
                    expected: [ex[0][i], ex[1][i], ex[2][i]],
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
    /// with unary minus).
    pub fn conventions(&self, targets: &[TargetRow]) -> Result<Vec<Convention>> {
        let puzzles = self.table(Table::Puzzles)?;
        Ok(Convention::ALL
            .into_iter()
            .filter(|&c| puzzles.has(c.name()) && targets.iter().any(|r| r.expected(c).is_some()))
            .collect())
    }

    /// Whether `puzzles` has the optional `difficulty` column.
    pub fn has_difficulty(&self) -> Result<bool> {
        Ok(self.table(Table::Puzzles)?.has(col::DIFFICULTY))
    }

    /// Scans `puzzles`, reading the identifying columns, `solvable`, `min_ops`, the counts of
    /// `conventions`, `difficulty` when the table has it, and the difficulty features when
    /// `features` asks for them and the table has them.
    pub fn scan_puzzles(
        &self,
        conventions: &[Convention],
        features: bool,
        mut f: impl FnMut(&PuzzleSlice),
    ) -> Result<()> {
        let t = self.table(Table::Puzzles)?;
        let mut cols = vec![col::BOARD_ID, col::TARGET, col::SOLVABLE, col::MIN_OPS];
        for c in conventions {
            if !t.has(c.name()) {
                return Err(self.absent(format!("`puzzles` has no `{c}` column")));
            }
            cols.push(c.name());
        }
        let difficulty = t.has(col::DIFFICULTY);
        if difficulty {
            cols.push(col::DIFFICULTY);
        }
        let features = features && FEATURE_COLUMNS.iter().all(|c| t.has(c));
        if features {
            for c in FEATURE_COLUMNS {
                if !cols.contains(&c) {
                    cols.push(c);
                }
            }
        }
        let path = t.first_file().to_path_buf();
        t.scan(&cols, |df| {
            let p = parquet_err(&path);
            let read = |c: &str, dtype: &DataType| cast(df, c, dtype).map_err(p);
            let (board_id, target) = (
                read(col::BOARD_ID, &DataType::UInt32)?,
                read(col::TARGET, &DataType::Int64)?,
            );
            let solvable = read(col::SOLVABLE, &DataType::Boolean)?;
            let min_ops = read(col::MIN_OPS, &DataType::UInt64)?;
            let counts = Convention::ALL.map(|c| {
                conventions
                    .contains(&c)
                    .then(|| read(c.name(), &DataType::UInt64))
                    .transpose()
            });
            let [trees, expressions, distinct] = counts;
            let counts = [trees?, expressions?, distinct?];
            let score = difficulty
                .then(|| read(col::DIFFICULTY, &DataType::Float64))
                .transpose()?;
            let feature_columns = features
                .then(|| FeatureSeries::read(df).map_err(p))
                .transpose()?;
            let slice = (|| -> PolarsResult<PuzzleSlice> {
                let view = |s: &Option<Series>| s.as_ref().map(nums::<UInt64Type>).transpose();
                Ok(PuzzleSlice {
                    len: df.height(),
                    board_id: nums::<UInt32Type>(&board_id)?,
                    target: nums::<Int64Type>(&target)?,
                    solvable: flags(&solvable)?,
                    min_ops: nums::<UInt64Type>(&min_ops)?,
                    counts: [view(&counts[0])?, view(&counts[1])?, view(&counts[2])?],
                    difficulty: score.as_ref().map(nums::<Float64Type>).transpose()?,
                    features: feature_columns
                        .as_ref()
                        .map(FeatureSeries::view)
                        .transpose()?,
                })
            })()
            .map_err(p)?;
            f(&slice);
            Ok(())
        })
    }

    /// The board text of each id in `ids`.
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

/// The columns the difficulty features are read from.
const FEATURE_COLUMNS: [&str; 9] = [
    col::EXPRESSIONS,
    col::DISTINCT,
    col::NEEDS_DIVISION,
    col::NEEDS_FRACTION,
    col::NEEDS_NEGATIVE,
    col::PEAK,
    col::GREEDY,
    col::NEAR_MISSES,
    col::USES_ALL,
];

/// The columns of a slice that the difficulty features are read from, cast.
struct FeatureSeries([Series; 9]);

impl FeatureSeries {
    fn read(df: &DataFrame) -> PolarsResult<FeatureSeries> {
        let types = [
            DataType::UInt64,
            DataType::UInt64,
            DataType::Boolean,
            DataType::Boolean,
            DataType::Boolean,
            DataType::UInt64,
            DataType::Boolean,
            DataType::UInt32,
            DataType::Boolean,
        ];
        let mut out = Vec::with_capacity(FEATURE_COLUMNS.len());
        for (c, t) in FEATURE_COLUMNS.iter().zip(&types) {
            out.push(cast(df, c, t)?);
        }
        Ok(FeatureSeries(out.try_into().expect("one per feature column")))
    }

    fn view(&self) -> PolarsResult<FeatureColumns<'_>> {
        let s = &self.0;
        Ok(FeatureColumns {
            expressions: nums::<UInt64Type>(&s[0])?,
            distinct: nums::<UInt64Type>(&s[1])?,
            division: flags(&s[2])?,
            fraction: flags(&s[3])?,
            negative: flags(&s[4])?,
            peak: nums::<UInt64Type>(&s[5])?,
            greedy: flags(&s[6])?,
            near_misses: nums::<UInt32Type>(&s[7])?,
            uses_all: flags(&s[8])?,
        })
    }
}

/// The columns of a slice that the difficulty features are read from, in place.
struct FeatureColumns<'a> {
    expressions: Nums<'a, u64>,
    distinct: Nums<'a, u64>,
    division: Flags<'a>,
    fraction: Flags<'a>,
    negative: Flags<'a>,
    peak: Nums<'a, u64>,
    greedy: Flags<'a>,
    near_misses: Nums<'a, u32>,
    uses_all: Flags<'a>,
}
