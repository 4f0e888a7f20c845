//! The `puzzles` table scanned in slices: each slice's columns read in place (Arrow
//! buffers, no per-row copies) behind [`PuzzleSlice`]'s accessors, with just the columns the
//! summaries of one pass ask for ([`CorpusStore::scan_puzzles`]).

use polars::prelude::*;

use crate::engine::Convention;
use crate::features::Features;
use crate::store::read::{CorpusStore, Result, parquet_err};
use crate::store::schema::{Table, col};

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

fn counts_view(s: &Option<Series>) -> PolarsResult<Option<Nums<'_, u64>>> {
    s.as_ref().map(nums::<UInt64Type>).transpose()
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
    counts: [Option<Nums<'a, u64>>; Convention::ALL.len()],
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
            whole_expressions: f.whole_expressions.get(i)?,
            fractions: f.fractions.get(i)?,
        })
    }
}

impl CorpusStore {
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
            let [trees, expressions, distinct, inequivalent] = counts;
            let counts = [trees?, expressions?, distinct?, inequivalent?];
            let score = difficulty
                .then(|| read(col::DIFFICULTY, &DataType::Float64))
                .transpose()?;
            let feature_columns = features
                .then(|| FeatureSeries::read(df).map_err(p))
                .transpose()?;
            let slice = (|| -> PolarsResult<PuzzleSlice> {
                Ok(PuzzleSlice {
                    len: df.height(),
                    board_id: nums::<UInt32Type>(&board_id)?,
                    target: nums::<Int64Type>(&target)?,
                    solvable: flags(&solvable)?,
                    min_ops: nums::<UInt64Type>(&min_ops)?,
                    counts: [
                        counts_view(&counts[0])?,
                        counts_view(&counts[1])?,
                        counts_view(&counts[2])?,
                        counts_view(&counts[3])?,
                    ],
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
}

/// The columns the difficulty features are read from.
const FEATURE_COLUMNS: [&str; 11] = [
    col::EXPRESSIONS,
    col::DISTINCT,
    col::NEEDS_DIVISION,
    col::NEEDS_FRACTION,
    col::NEEDS_NEGATIVE,
    col::PEAK,
    col::GREEDY,
    col::NEAR_MISSES,
    col::USES_ALL,
    col::WHOLE_EXPRESSIONS,
    col::FRACTIONS,
];

/// The columns of a slice that the difficulty features are read from, cast.
struct FeatureSeries([Series; FEATURE_COLUMNS.len()]);

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
            DataType::UInt64,
            DataType::UInt32,
        ];
        let mut out = Vec::with_capacity(FEATURE_COLUMNS.len());
        for (c, t) in FEATURE_COLUMNS.iter().zip(&types) {
            out.push(cast(df, c, t)?);
        }
        Ok(FeatureSeries(
            out.try_into().expect("one per feature column"),
        ))
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
            whole_expressions: nums::<UInt64Type>(&s[9])?,
            fractions: nums::<UInt32Type>(&s[10])?,
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
    whole_expressions: Nums<'a, u64>,
    fractions: Nums<'a, u32>,
}
