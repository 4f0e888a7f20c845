//! The games as data: their rules ([`rules`]), the number domains they are played in
//! ([`number`]), the boards of one puzzle and their sub-boards ([`board`]), and expressions
//! over board numbers ([`expr`]); whole numbers as people type them ([`words`]).

pub mod board;
pub mod expr;
pub mod number;
pub mod rules;
pub mod words;
