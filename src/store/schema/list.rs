//! Every column of every table, in one list per table, in order: its name (one constant
//! each in [`col`], shared by every table that has the column), type, which corpora have
//! it and what it means. The only place a column is named and described.

use super::column::Kind::*;
use super::column::{Column, Only, c, only};

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
    pub const RANKING: &str = "ranking";
    pub const CONVENTION: &str = "convention";
    pub const SCOPE: &str = "scope";
    pub const AT: &str = "at";
    pub const POOL: &str = "pool";
    pub const RANK: &str = "rank";
    pub const CANDIDATE: &str = "candidate";
    pub const WALKED: &str = "walked";
    pub const COUNT: &str = "count";
    pub const SOLUTIONS: &str = "solutions";
    pub const DISTINCT_TOTAL: &str = "distinct_total";
    pub const TALLY: &str = "tally";
    pub const BAND: &str = "band";
    pub const BUCKET: &str = "bucket";
    pub const OTHER: &str = "other";
    pub const PUZZLES: &str = "puzzles";
}

use col::*;

pub(super) const BOARDS_COLUMNS: &[Column] = &[
    c(
        BOARD_ID,
        U32,
        "position of the board in the corpus's enumeration (ascending numbers, lexicographic; file order for `nyt`); stable across runs and shards",
    ).reach(),
    c(
        BOARD,
        Str,
        "the numbers, ascending, separated by spaces: `1 3 7 10 25 50`",
    ).reach(),
    c(
        NUMBERS,
        ListI64,
        "the same numbers as a list, for queries: `list_contains(numbers, 25)` in DuckDB, `pl.col(\"numbers\").list.contains(25)` in polars",
    ).reach(),
    c(
        WEIGHT,
        F64,
        "probability of the board as dealt; sums to 1 over the corpus",
    ).reach(),
    c(
        SELECTION_WEIGHT,
        F64,
        "1 / number of boards: every distinct selection equally likely",
    ).reach(),
    c(
        GROUP,
        Str,
        "the board's group: `0 large` … `4 large` for Countdown, `slot 1` … `slot 5` for `nyt`, `all` otherwise",
    ).reach(),
    c(
        TARGETS_REACHED,
        U32,
        "how many targets of the corpus's range the board reaches",
    ).reach(),
    c(
        ONES,
        U8,
        "how many of the numbers are 1 (a difficulty input: a free adjustment when every number must be used)",
    ).reach(),
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
    ).reach(),
    only(SLOT, U8, Only::Published, "`nyt` only: the daily slot, 1–5").reach(),
    only(
        TARGET,
        I64,
        Only::Published,
        "`nyt` only: the puzzle's real target",
    ).reach(),
    c(
        COVERS_TO,
        U32,
        "the largest `N` such that the board reaches every target `1..=N` under the corpus's rules (0 when it misses 1); the range's end when it reaches every target of the range (it may go further: `digits-lab cover` says how far); null when the corpus's targets do not start at 1",
    ).reach(),
];

pub(super) const PUZZLES_COLUMNS: &[Column] = &[
    c(BOARD_ID, U32, "the board (join with `boards`)").reach(),
    c(TARGET, I64, "the target").reach(),
    c(
        SOLVABLE,
        Bool,
        "whether some solution reaches the target exactly",
    )
    .reach(),
    c(
        MIN_OPS,
        U8,
        "fewest operations of a solution; null when unsolvable",
    )
    .reach(),
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
    )
    .reach(),
    c(DISTANCE, F64, "`abs(closest − target)`; null when solvable").reach(),
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

pub(super) const UNIQUE_COLUMNS: &[Column] = &[
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
pub(super) const SUMS_COLUMNS: &[Column] = &[
    c(GROUP, Str, "the boards' group, as in `boards`").reach(),
    c(TARGET, I64, "the target").reach(),
    c(BOARDS, U64, "boards of the shard in the group").reach(),
    c(SOLVING, U64, "of them, boards that reach the target").reach(),
    c(WAYS, U64, "deals of those boards").reach(),
    c(
        WAYS_SOLVING,
        U64,
        "deals of the boards that reach the target",
    )
    .reach(),
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
    )
    .reach(),
    c(UNIQUE, U64, "boards with exactly one `distinct` solution"),
    c(WAYS_UNIQUE, U64, "deals of those boards"),
];

pub(super) const TARGETS_COLUMNS: &[Column] = &[
    c(GROUP, Str, "`all`, or the group as in `boards`").reach(),
    c(TARGET, I64, "the target").reach(),
    c(BOARDS, U32, "boards in the group").reach(),
    c(SOLVING, U32, "boards that reach the target").reach(),
    c(SOLVABLE_SHARE, F64, "`solving / boards`").reach(),
    c(
        PROBABILITY,
        F64,
        "probability that a board dealt at random (in the group) reaches the target",
    )
    .reach(),
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
    )
    .reach(),
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

/// The hardest lists, computed once by `analyze` when a corpus's tables are complete (with
/// the player's exact walks and the solutions written out, which the tables alone do not
/// hold) and read by the report and `hardest`.
pub(super) const HARDEST_COLUMNS: &[Column] = &[
    c(
        RANKING,
        Str,
        "`count` (fewest solutions under `convention`, more than none), `difficulty` (highest score) or `unique` (one `distinct` solution, highest score first: the report's list)",
    ),
    c(
        CONVENTION,
        Str,
        "the convention whose solutions `count` counts (`distinct` for `unique`)",
    ),
    c(
        SCOPE,
        Str,
        "the puzzles ranked: `all` (every target), `target` (the target `at`) or `published` (each NYT board at its published target)",
    ),
    c(
        AT,
        I64,
        "the one target of a `target` scope; null otherwise",
    ),
    c(
        POOL,
        U32,
        "how many of the tables' first puzzles under the ranking the list is drawn from: the 200 highest scores of a walked list, else the puzzles it keeps (fewer when the corpus has fewer)",
    ),
    c(RANK, U32, "its place in the list, from 1"),
    c(
        CANDIDATE,
        U32,
        "its place in the pool by the tables' own order, from 1 (its `rank` unless `walked`)",
    ),
    c(
        WALKED,
        Bool,
        "whether the list was re-scored with the player's exact walk and re-ranked by it (`difficulty` in Digits, Countdown and `nyt`, whose tables score with its surrogate)",
    ),
    c(BOARD_ID, U32, "the board"),
    c(BOARD, Str, "its numbers"),
    c(TARGET, I64, "the target"),
    c(COUNT, U64, "its count under `convention`"),
    c(MIN_OPS, U8, "fewest operations of a solution"),
    c(
        DIFFICULTY,
        F64,
        "its score: the exact walk's where `walked` (as `solve` scores it), else the tables'",
    ),
    c(
        TREES,
        U64,
        "its count under `trees`; null where the corpus has none (so below)",
    ),
    c(EXPRESSIONS, U64, "its count under `expressions`"),
    c(DISTINCT, U64, "its count under `distinct`"),
    c(INEQUIVALENT, U64, "its count under `inequivalent`"),
    c(
        NEEDS_DIVISION,
        Bool,
        "its difficulty features as in `puzzles` (null when the tables have none, and for `unique`), so are the columns to `fractions`",
    ),
    c(NEEDS_FRACTION, Bool, "as in `puzzles`"),
    c(NEEDS_NEGATIVE, Bool, "as in `puzzles`"),
    c(PEAK, U64, "as in `puzzles`"),
    c(GREEDY, Bool, "as in `puzzles`"),
    c(NEAR_MISSES, U32, "as in `puzzles`"),
    c(USES_ALL, Bool, "as in `puzzles`"),
    c(WHOLE_EXPRESSIONS, U64, "as in `puzzles`"),
    c(FRACTIONS, U8, "as in `puzzles`"),
    c(
        SOLUTIONS,
        ListStr,
        "its `distinct` solutions written out (at most 10; one shortest solution where `distinct` is undefined); null for a candidate of a walked list that no list of its first 10 shows",
    ),
    c(
        DISTINCT_TOTAL,
        U64,
        "how many `distinct` solutions it has in all; null where undefined or not written out",
    ),
];

/// Tallies of a corpus's `puzzles` the report draws, computed once by `analyze` with the
/// hardest lists: one row per tally and key.
pub(super) const TALLIES_COLUMNS: &[Column] = &[
    c(
        TALLY,
        Str,
        "`distinct` or `min_ops` (puzzles per band of targets and bucket; Digits only), `fewest` (puzzles at the fewest positive count of `convention`, which is `count`), `fewest_both` (puzzles at the fewest of `convention` and of `other` at once)",
    ),
    c(
        BAND,
        I64,
        "the band of 100 targets, `target / 100` rounded down (`distinct`, `min_ops`); null otherwise",
    ),
    c(
        BUCKET,
        Str,
        "the bucket of a band: of `distinct` counts (`unsolvable`, `1`, `2–3`, `4–9`, `10–29`, `30–99`, `100–299`, `300+`) or of `min_ops` (`0` to `4`, `5+`, `unsolvable`)",
    ),
    c(
        AT,
        I64,
        "the one target the `fewest` tallies count at (24 in the 24-game corpora); null for every target",
    ),
    c(CONVENTION, Str, "the convention of a `fewest` tally"),
    c(OTHER, Str, "the second convention of a `fewest_both` tally"),
    c(COUNT, U64, "the fewest count of `convention` (`fewest`)"),
    c(PUZZLES, U64, "puzzles in the tally"),
];
