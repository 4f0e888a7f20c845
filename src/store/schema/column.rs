//! What one column is ([`Column`]): its name, the type of its values ([`Kind`]), which
//! corpora's tables have it ([`Only`], against a corpus's [`Extras`]) and what it means.

use polars::prelude::DataType;

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
    /// A list of strings.
    ListStr,
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
            Kind::ListStr => DataType::List(Box::new(DataType::String)),
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
            Kind::ListStr => "List(String)",
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
    pub(super) fn has(self, only: Only) -> bool {
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
    /// Written by `analyze --reach-only` too: reachability alone gives it (the board's
    /// description, solvable, `min_ops`, the closest value, and the sums and summary built
    /// from them); the other columns need solution counts.
    pub reach: bool,
}

impl Column {
    /// The same column, kept by `analyze --reach-only`.
    pub(super) const fn reach(self) -> Column {
        Column {
            reach: true,
            ..self
        }
    }
}

pub(super) const fn c(name: &'static str, kind: Kind, meaning: &'static str) -> Column {
    Column {
        name,
        kind,
        only: Only::Always,
        meaning,
        reach: false,
    }
}

pub(super) const fn only(
    name: &'static str,
    kind: Kind,
    only: Only,
    meaning: &'static str,
) -> Column {
    Column {
        name,
        kind,
        only,
        meaning,
        reach: false,
    }
}
