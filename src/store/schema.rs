//! The tables' schema: every column of every table with its type and meaning, in one list.
//! The writer builds its frames from these names and refuses a frame that differs from the
//! list, the reader asks for columns by these names, the tests check `analyze`'s output
//! against it, and `docs/TABLES.md` is generated from it (a test keeps the two equal).

use polars::prelude::{DataFrame, DataType};

use crate::error::{Error, Result};

/// Column names, one constant each, shared by every table that has the column.
pub mod col {
    pub const BOARD_ID: &str = "board_id";
    pub const BOARD: &str = "board";
    pub const NUMBERS: &str = "numbers";
    pub const WEIGHT: &str = "weight";
    pub const SELECTION_WEIGHT: &str = "selection_weight";
    pub const GROUP: &str = "group";
    pub const TARGETS_REACHED: &str = "targets_reached";
    pub const DATE: &str = "date";
    pub const SLOT: &str = "slot";
    pub const TARGET: &str = "target";
    pub const SOLVABLE: &str = "solvable";
    pub const MIN_OPS: &str = "min_ops";
    pub const TREES: &str = "trees";
    pub const EXPRESSIONS: &str = "expressions";
    pub const DISTINCT: &str = "distinct";
    pub const INEQUIVALENT: &str = "inequivalent";
    pub const CLOSEST: &str = "closest";
    pub const DISTANCE: &str = "distance";
    pub const DIFFICULTY: &str = "difficulty";
    pub const PREDICTED_TIME_S: &str = "predicted_time_s";
    pub const PREDICTED_SOLVE_RATE: &str = "predicted_solve_rate";
    pub const NEEDS_DIVISION: &str = "needs_division";
    pub const NEEDS_FRACTION: &str = "needs_fraction";
    pub const NEEDS_NEGATIVE: &str = "needs_negative";
    pub const PEAK: &str = "peak";
    pub const GREEDY: &str = "greedy";
    pub const NEAR_MISSES: &str = "near_misses";
    pub const USES_ALL: &str = "uses_all";
    pub const WHOLE_EXPRESSIONS: &str = "whole_expressions";
    pub const FRACTIONS: &str = "fractions";
    pub const ONES: &str = "ones";
    pub const FIRST_MOVES: &str = "first_moves";
    pub const COVERS_TO: &str = "covers_to";
    pub const SOLUTION: &str = "solution";
    pub const MOVES: &str = "moves";
    pub const BOARDS: &str = "boards";
    pub const SOLVING: &str = "solving";
    pub const WAYS: &str = "ways";
    pub const WAYS_SOLVING: &str = "ways_solving";
    pub const WAYS_TREES: &str = "ways_trees";
    pub const WAYS_EXPRESSIONS: &str = "ways_expressions";
    pub const WAYS_DISTINCT: &str = "ways_distinct";
    pub const WAYS_MIN_OPS: &str = "ways_min_ops";
    pub const UNIQUE: &str = "unique";
    pub const WAYS_UNIQUE: &str = "ways_unique";
    pub const SOLVABLE_SHARE: &str = "solvable_share";
    pub const PROBABILITY: &str = "probability";
    pub const EXPECTED_TREES: &str = "expected_trees";
    pub const EXPECTED_EXPRESSIONS: &str = "expected_expressions";
    pub const EXPECTED_DISTINCT: &str = "expected_distinct";
    pub const MEAN_MIN_OPS: &str = "mean_min_ops";
    pub const UNIQUE_SHARE: &str = "unique_share";
}

/// The type of a column's values (every column may hold nulls where its meaning says so).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Bool,
    U8,
    U32,
    U64,
    I64,
    F64,
    Str,
    /// A list of 64-bit integers.
    ListI64,
}

impl Kind {
    /// The Parquet (polars) type.
    pub fn dtype(self) -> DataType {
        match self {
            Kind::Bool => DataType::Boolean,
            Kind::U8 => DataType::UInt8,
            Kind::U32 => DataType::UInt32,
            Kind::U64 => DataType::UInt64,
            Kind::I64 => DataType::Int64,
            Kind::F64 => DataType::Float64,
            Kind::Str => DataType::String,
            Kind::ListI64 => DataType::List(Box::new(DataType::Int64)),
        }
    }

    /// The type's name as polars and the docs write it.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Bool => "Boolean",
            Kind::U8 => "UInt8",
            Kind::U32 => "UInt32",
            Kind::U64 => "UInt64",
            Kind::I64 => "Int64",
            Kind::F64 => "Float64",
            Kind::Str => "String",
            Kind::ListI64 => "List(Int64)",
        }
    }
}

/// Which corpora's tables have a column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Only {
    /// Every corpus.
    Always,
    /// Corpora of the 24 game: their `trees` counts are published figures, and the difficulty
    /// model's predictions of time and solve rate are in the unit people were measured in.
    TwentyFour,
    /// Corpora of real puzzles (`nyt`), which carry when and at what target each was set.
    Published,
    /// Corpora whose rules define the `inequivalent` count (the 24 game's arithmetic).
    Inequivalent,
}

/// What a corpus's tables carry beyond the columns every corpus has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Extras {
    /// The `trees` count and the predicted time and solve rate (24-game corpora).
    pub twenty_four: bool,
    /// The published date, slot and target of each board (`nyt`).
    pub published: bool,
    /// The `inequivalent` count (corpora under the 24 game's arithmetic: `24`, `24-nine`,
    /// `make10`).
    pub inequivalent: bool,
    /// Written by `analyze --reach-only`: only the columns reachability gives
    /// ([`Table::in_reach_only`]); the others need solution counts.
    pub reach_only: bool,
}

impl Extras {
    fn has(self, only: Only) -> bool {
        match only {
            Only::Always => true,
            Only::TwentyFour => self.twenty_four,
            Only::Published => self.published,
            Only::Inequivalent => self.inequivalent,
        }
    }
}

/// One column: its name, type, which corpora have it, and what it means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Column {
    pub name: &'static str,
    pub kind: Kind,
    pub only: Only,
    pub meaning: &'static str,
}

const fn c(name: &'static str, kind: Kind, meaning: &'static str) -> Column {
    Column {
        name,
        kind,
        only: Only::Always,
        meaning,
    }
}

const fn only(name: &'static str, kind: Kind, only: Only, meaning: &'static str) -> Column {
    Column {
        name,
        kind,
        only,
        meaning,
    }
}

use Kind::*;
use col::*;

const BOARDS_COLUMNS: &[Column] = &[
    c(
        BOARD_ID,
        U32,
        "position of the board in the corpus's enumeration (ascending numbers, lexicographic; file order for `nyt`); stable across runs and shards",
    ),
    c(
        BOARD,
        Str,
        "the numbers, ascending, separated by spaces: `1 3 7 10 25 50`",
    ),
    c(
        NUMBERS,
        ListI64,
        "the same numbers as a list, for queries: `list_contains(numbers, 25)` in DuckDB, `pl.col(\"numbers\").list.contains(25)` in polars",
    ),
    c(
        WEIGHT,
        F64,
        "probability of the board as dealt; sums to 1 over the corpus",
    ),
    c(
        SELECTION_WEIGHT,
        F64,
        "1 / number of boards: every distinct selection equally likely",
    ),
    c(
        GROUP,
        Str,
        "the board's group: `0 large` … `4 large` for Countdown, `slot 1` … `slot 5` for `nyt`, `all` otherwise",
    ),
    c(
        TARGETS_REACHED,
        U32,
        "how many targets of the corpus's range the board reaches",
    ),
    c(
        ONES,
        U8,
        "how many of the numbers are 1 (a difficulty input: a free adjustment when every number must be used)",
    ),
    c(
        FIRST_MOVES,
        U32,
        "how many different boards one move can leave (a difficulty input: the breadth of the first decision)",
    ),
    only(
        DATE,
        Str,
        Only::Published,
        "`nyt` only: the puzzle's date, `YYYY-MM-DD`",
    ),
    only(SLOT, U8, Only::Published, "`nyt` only: the daily slot, 1–5"),
    only(
        TARGET,
        I64,
        Only::Published,
        "`nyt` only: the puzzle's real target",
    ),
    c(
        COVERS_TO,
        U32,
        "the largest `N` such that the board reaches every target `1..=N` under the corpus's rules (0 when it misses 1); the range's end when it reaches every target of the range (it may go further: `digits-lab cover` says how far); null when the corpus's targets do not start at 1",
    ),
];

const PUZZLES_COLUMNS: &[Column] = &[
    c(BOARD_ID, U32, "the board (join with `boards`)"),
    c(TARGET, I64, "the target"),
    c(
        SOLVABLE,
        Bool,
        "whether some solution reaches the target exactly",
    ),
    c(
        MIN_OPS,
        U8,
        "fewest operations of a solution; null when unsolvable",
    ),
    only(
        TREES,
        U64,
        Only::TwentyFour,
        "solutions under `trees` (24-game corpora only); 0 when unsolvable",
    ),
    c(
        EXPRESSIONS,
        U64,
        "solutions under `expressions`; 0 when unsolvable",
    ),
    c(
        DISTINCT,
        U64,
        "solutions under `distinct`; 0 when unsolvable; null where undefined (unary minus)",
    ),
    only(
        INEQUIVALENT,
        U64,
        Only::Inequivalent,
        "solutions under `inequivalent` (4shu.net's count; corpora under the 24 game's arithmetic only); 0 when unsolvable",
    ),
    c(
        CLOSEST,
        F64,
        "the reachable value nearest the target (the smaller one on a tie); null when solvable",
    ),
    c(DISTANCE, F64, "`abs(closest − target)`; null when solvable"),
    c(
        DIFFICULTY,
        F64,
        "the difficulty score: the predicted ln mean solve time in seconds, from the model fitted to 24-game players (README, *Difficulty*); null when unsolvable",
    ),
    only(
        PREDICTED_TIME_S,
        F64,
        Only::TwentyFour,
        "24-game corpora only: the predicted mean solve time in seconds, `exp(difficulty)`; null when unsolvable",
    ),
    only(
        PREDICTED_SOLVE_RATE,
        F64,
        Only::TwentyFour,
        "24-game corpora only: the predicted share of players who solve it; null when unsolvable",
    ),
    c(
        NEEDS_DIVISION,
        Bool,
        "every solution divides; null when unsolvable (so are the features below)",
    ),
    c(
        NEEDS_FRACTION,
        Bool,
        "every solution passes through a fraction (24 game)",
    ),
    c(
        NEEDS_NEGATIVE,
        Bool,
        "every solution passes through a negative number (24 game)",
    ),
    c(
        PEAK,
        U64,
        "the lowest, over solutions, of the largest value (rounded up) a solution computes",
    ),
    c(
        GREEDY,
        Bool,
        "some solution is `a × b`, or `a × b ± c` with `c` at most a quarter of the target",
    ),
    c(
        NEAR_MISSES,
        U32,
        "integers within 2% of the target (at least ±1), not the target, reached in at most `min_ops` operations",
    ),
    c(USES_ALL, Bool, "every solution uses every number"),
    c(
        WHOLE_EXPRESSIONS,
        U64,
        "solutions under `expressions` whose every value is a positive integer (= `expressions` in Digits and Countdown)",
    ),
    c(
        FRACTIONS,
        U8,
        "the fewest values that are not integers a solution computes (0 in Digits and Countdown)",
    ),
];

const UNIQUE_COLUMNS: &[Column] = &[
    c(BOARD_ID, U32, "the board"),
    c(BOARD, Str, "its numbers"),
    c(TARGET, I64, "the target"),
    c(MIN_OPS, U8, "operations of the solution"),
    c(EXPRESSIONS, U64, "its count under `expressions`"),
    c(
        SOLUTION,
        Str,
        "the one solution, as an expression: `(25 − 10) × (1 + 50)`",
    ),
    c(
        MOVES,
        Str,
        "the same as the player's moves, `; `-separated: `25 − 10 = 15; 1 + 50 = 51; 15 × 51 = 765`",
    ),
];

/// The exact integer sums behind `targets`, per shard: deal counts (`ways`) weight each
/// board, so that shards add up to the single run's figures without rounding.
const SUMS_COLUMNS: &[Column] = &[
    c(GROUP, Str, "the boards' group, as in `boards`"),
    c(TARGET, I64, "the target"),
    c(BOARDS, U64, "boards of the shard in the group"),
    c(SOLVING, U64, "of them, boards that reach the target"),
    c(WAYS, U64, "deals of those boards"),
    c(
        WAYS_SOLVING,
        U64,
        "deals of the boards that reach the target",
    ),
    c(WAYS_TREES, U64, "Σ deals × `trees` (0 outside the 24 game)"),
    c(WAYS_EXPRESSIONS, U64, "Σ deals × `expressions`"),
    c(
        WAYS_DISTINCT,
        U64,
        "Σ deals × `distinct` (0 where undefined)",
    ),
    c(
        WAYS_MIN_OPS,
        U64,
        "Σ deals × `min_ops` over the solvable boards",
    ),
    c(UNIQUE, U64, "boards with exactly one `distinct` solution"),
    c(WAYS_UNIQUE, U64, "deals of those boards"),
];

const TARGETS_COLUMNS: &[Column] = &[
    c(GROUP, Str, "`all`, or the group as in `boards`"),
    c(TARGET, I64, "the target"),
    c(BOARDS, U32, "boards in the group"),
    c(SOLVING, U32, "boards that reach the target"),
    c(SOLVABLE_SHARE, F64, "`solving / boards`"),
    c(
        PROBABILITY,
        F64,
        "probability that a board dealt at random (in the group) reaches the target",
    ),
    c(
        EXPECTED_TREES,
        F64,
        "expected `trees` given solvable (weighted); null unless the corpus has `trees`",
    ),
    c(
        EXPECTED_EXPRESSIONS,
        F64,
        "expected `expressions` given solvable (weighted)",
    ),
    c(
        EXPECTED_DISTINCT,
        F64,
        "expected `distinct` given solvable (weighted); null where undefined",
    ),
    c(
        MEAN_MIN_OPS,
        F64,
        "expected `min_ops` given solvable (weighted)",
    ),
    c(
        UNIQUE,
        U32,
        "boards whose only solution is one `distinct` form",
    ),
    c(
        UNIQUE_SHARE,
        F64,
        "probability of exactly one `distinct` solution given solvable (weighted)",
    ),
];

/// The tables of a corpus.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Table {
    Boards,
    Puzzles,
    Unique,
    Sums,
    Targets,
}

impl Table {
    pub const ALL: [Table; 5] = [
        Table::Boards,
        Table::Puzzles,
        Table::Unique,
        Table::Sums,
        Table::Targets,
    ];

    /// Its folder (`<corpus>/<name>/part-K-of-N.parquet`) or file (`<corpus>/<name>.parquet`).
    pub fn name(self) -> &'static str {
        match self {
            Table::Boards => "boards",
            Table::Puzzles => "puzzles",
            Table::Unique => "unique",
            Table::Sums => "sums",
            Table::Targets => "targets",
        }
    }

    /// Whether the table is a folder of part files, one per shard (else one file for the
    /// whole corpus).
    pub fn has_parts(self) -> bool {
        self != Table::Targets
    }

    /// What one row is.
    pub fn row(self) -> &'static str {
        match self {
            Table::Boards => "one row per board",
            Table::Puzzles => "one row per (board, target)",
            Table::Unique => "one row per puzzle with exactly one `distinct` solution",
            Table::Sums => "one row per (group, target) and shard: exact integer sums",
            Table::Targets => "one row per (group, target): the corpus-wide summary",
        }
    }

    /// Every column the table may have, in order.
    pub fn columns(self) -> &'static [Column] {
        match self {
            Table::Boards => BOARDS_COLUMNS,
            Table::Puzzles => PUZZLES_COLUMNS,
            Table::Unique => UNIQUE_COLUMNS,
            Table::Sums => SUMS_COLUMNS,
            Table::Targets => TARGETS_COLUMNS,
        }
    }

    /// The columns the table has for a corpus with `extras`, in order.
    pub fn columns_for(self, extras: Extras) -> impl Iterator<Item = &'static Column> {
        self.columns().iter().filter(move |c| {
            extras.has(c.only) && (!extras.reach_only || self.in_reach_only(c.name))
        })
    }

    /// Whether tables written by `analyze --reach-only` keep column `name`: the board's
    /// description, solvable, `min_ops`, the closest value, and the sums and summary built
    /// from them. `unique` is not written at all (it needs the `distinct` count).
    pub fn in_reach_only(self, name: &str) -> bool {
        let kept: &[&str] = match self {
            Table::Boards => &[
                BOARD_ID,
                BOARD,
                NUMBERS,
                WEIGHT,
                SELECTION_WEIGHT,
                GROUP,
                TARGETS_REACHED,
                ONES,
                DATE,
                SLOT,
                TARGET,
                COVERS_TO,
            ],
            Table::Puzzles => &[BOARD_ID, TARGET, SOLVABLE, MIN_OPS, CLOSEST, DISTANCE],
            Table::Unique => &[],
            Table::Sums => &[
                GROUP,
                TARGET,
                BOARDS,
                SOLVING,
                WAYS,
                WAYS_SOLVING,
                WAYS_MIN_OPS,
            ],
            Table::Targets => &[
                GROUP,
                TARGET,
                BOARDS,
                SOLVING,
                SOLVABLE_SHARE,
                PROBABILITY,
                MEAN_MIN_OPS,
            ],
        };
        kept.contains(&name)
    }

    /// `df` with only the columns the table has for `extras`, in their order (a frame built
    /// with every column, cut down for a reach-only run).
    pub fn select(self, df: &DataFrame, extras: Extras) -> Result<DataFrame> {
        let names: Vec<&str> = self.columns_for(extras).map(|c| c.name).collect();
        df.select(names)
            .map_err(|e| Error::Io(format!("selecting the `{}` columns: {e}", self.name())))
    }

    /// The column called `name`.
    pub fn column(self, name: &str) -> Option<&'static Column> {
        self.columns().iter().find(|c| c.name == name)
    }

    /// Refuses a frame whose columns are not exactly the table's for `extras`, in order and
    /// with their types.
    pub fn check(self, df: &DataFrame, extras: Extras) -> Result<()> {
        let want: Vec<(&str, DataType)> = self
            .columns_for(extras)
            .map(|c| (c.name, c.kind.dtype()))
            .collect();
        let got: Vec<(&str, DataType)> = df
            .columns()
            .iter()
            .map(|c| (c.name().as_str(), c.dtype().clone()))
            .collect();
        if want == got {
            return Ok(());
        }
        Err(Error::Io(format!(
            "the `{}` rows do not match the schema: expected {want:?}, got {got:?}",
            self.name()
        )))
    }
}

/// The columns of every table as Markdown, the part of `docs/TABLES.md` between its
/// `schema` markers.
pub fn markdown() -> String {
    let mut o = String::new();
    for t in Table::ALL {
        let place = if t.has_parts() {
            format!("`<corpus>/{}/part-K-of-N.parquet`", t.name())
        } else {
            format!("`<corpus>/{}.parquet`", t.name())
        };
        o.push_str(&format!(
            "### `{}`\n\n{place}: {}.\n\n| column | type | meaning |\n|---|---|---|\n",
            t.name(),
            t.row()
        ));
        for c in t.columns() {
            o.push_str(&format!(
                "| `{}` | {} | {} |\n",
                c.name,
                c.kind.name(),
                c.meaning
            ));
        }
        o.push('\n');
    }
    o
}

#[cfg(test)]
mod tests {
    use super::*;
    use polars::prelude::Column as Series;

    #[test]
    fn a_frame_must_match_the_schema_exactly() {
        let extras = Extras::default();
        let good = DataFrame::new(
            1,
            vec![
                Series::new(GROUP.into(), ["all"]),
                Series::new(TARGET.into(), [24i64]),
            ],
        )
        .unwrap();
        assert!(Table::Sums.check(&good, extras).is_err(), "columns missing");
        let names: Vec<&str> = Table::Boards.columns_for(extras).map(|c| c.name).collect();
        assert_eq!(
            names,
            [
                BOARD_ID,
                BOARD,
                NUMBERS,
                WEIGHT,
                SELECTION_WEIGHT,
                GROUP,
                TARGETS_REACHED,
                ONES,
                FIRST_MOVES,
                COVERS_TO
            ]
        );
        let published = Extras {
            published: true,
            ..extras
        };
        assert_eq!(Table::Boards.columns_for(published).count(), 13);
        let reach = Extras {
            reach_only: true,
            ..extras
        };
        let names = |t: Table, e: Extras| t.columns_for(e).map(|c| c.name).collect::<Vec<_>>();
        assert_eq!(
            names(Table::Puzzles, reach),
            [BOARD_ID, TARGET, SOLVABLE, MIN_OPS, CLOSEST, DISTANCE]
        );
        assert_eq!(
            names(Table::Targets, reach),
            [
                GROUP,
                TARGET,
                BOARDS,
                SOLVING,
                SOLVABLE_SHARE,
                PROBABILITY,
                MEAN_MIN_OPS
            ]
        );
        assert_eq!(names(Table::Boards, reach).len(), 9);
        assert!(!names(Table::Boards, reach).contains(&FIRST_MOVES));
        assert_eq!(
            names(
                Table::Boards,
                Extras {
                    reach_only: true,
                    ..published
                }
            )
            .len(),
            12
        );
        assert_eq!(
            Table::Puzzles.column(TREES).map(|c| c.only),
            Some(Only::TwentyFour)
        );
        for t in Table::ALL {
            let mut names: Vec<&str> = t.columns().iter().map(|c| c.name).collect();
            names.sort_unstable();
            names.dedup();
            assert_eq!(
                names.len(),
                t.columns().len(),
                "{} repeats a column",
                t.name()
            );
        }
    }
}
