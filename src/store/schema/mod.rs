//! The tables' schema: every column of every table with its type and meaning, in one list
//! (`list.rs`, each column described as `column.rs` says). The writer builds its frames
//! from these names and refuses a frame that differs from the list ([`Table::check`]), the
//! reader asks for columns by these names, the tests check `analyze`'s output against it,
//! and `docs/TABLES.md` is generated from it ([`markdown`]; a test keeps the two equal).
//! Here: the tables ([`Table`]), the columns each has for a corpus, and the checks.

mod column;
mod list;

use polars::prelude::{DataFrame, DataType};

use crate::error::{Error, Result};

pub use column::{Column, Extras, Kind, Only};
pub use list::col;

use list::{
    BOARDS_COLUMNS, HARDEST_COLUMNS, PUZZLES_COLUMNS, SUMS_COLUMNS, TALLIES_COLUMNS,
    TARGETS_COLUMNS, UNIQUE_COLUMNS,
};

/// The tables of a corpus.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Table {
    Boards,
    Puzzles,
    Unique,
    Sums,
    Targets,
    Hardest,
    Tallies,
}

impl Table {
    pub const ALL: [Table; 7] = [
        Table::Boards,
        Table::Puzzles,
        Table::Unique,
        Table::Sums,
        Table::Targets,
        Table::Hardest,
        Table::Tallies,
    ];

    /// Its folder (`<corpus>/<name>/part-K-of-N.parquet`) or file (`<corpus>/<name>.parquet`).
    pub fn name(self) -> &'static str {
        match self {
            Table::Boards => "boards",
            Table::Puzzles => "puzzles",
            Table::Unique => "unique",
            Table::Sums => "sums",
            Table::Targets => "targets",
            Table::Hardest => "hardest",
            Table::Tallies => "tallies",
        }
    }

    /// Whether the table is a folder of part files, one per shard (else one file for the
    /// whole corpus).
    pub fn has_parts(self) -> bool {
        matches!(
            self,
            Table::Boards | Table::Puzzles | Table::Unique | Table::Sums
        )
    }

    /// What one row is.
    pub fn row(self) -> &'static str {
        match self {
            Table::Boards => "one row per board",
            Table::Puzzles => "one row per (board, target)",
            Table::Unique => "one row per puzzle with exactly one `distinct` solution",
            Table::Sums => "one row per (group, target) and shard: exact integer sums",
            Table::Targets => "one row per (group, target): the corpus-wide summary",
            Table::Hardest => {
                "one row per puzzle of each hardest list (ranking, convention, scope): computed \
                 once the corpus is complete, read by the report and `hardest`"
            }
            Table::Tallies => {
                "one row per tally of `puzzles` the report draws: computed with `hardest`"
            }
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
            Table::Hardest => HARDEST_COLUMNS,
            Table::Tallies => TALLIES_COLUMNS,
        }
    }

    /// The columns the table has for a corpus with `extras`, in order.
    pub fn columns_for(self, extras: Extras) -> impl Iterator<Item = &'static Column> {
        self.columns().iter().filter(move |c| {
            extras.has(c.only) && (!extras.reach_only || self.in_reach_only(c.name))
        })
    }

    /// Whether tables written by `analyze --reach-only` keep column `name` ([`Column::reach`]).
    /// `unique`, `hardest` and `tallies` are not written at all: they need solution counts.
    pub fn in_reach_only(self, name: &str) -> bool {
        self.column(name).is_some_and(|c| c.reach)
    }

    /// `df` with only the columns the table has for `extras`, in their order (a frame built
    /// with every column, cut down for a reach-only run).
    pub fn select(self, df: &DataFrame, extras: Extras) -> Result<DataFrame> {
        let names: Vec<&str> = self.columns_for(extras).map(|c| c.name).collect();
        df.select(names)
            .map_err(|e| Error::failed(format!("selecting the `{}` columns", self.name()), e))
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
        Err(Error::Mismatch(format!(
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
    use col::*;
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
