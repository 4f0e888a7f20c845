//! The games as data: a game's rule set ([`rule_set`]: pool, board size, targets, deal;
//! [`rule_file`]: kept in a TOML file), its arithmetic ([`rules`]), its card pool and target
//! ranges ([`pool`]), the number domains games are played in ([`number`]), the boards of one
//! puzzle and their sub-boards ([`board`]), expressions over board numbers ([`expr`]), digits
//! joined into numbers ([`join`]), the moves a player may make from a board ([`moves`]), the
//! one way an enum's values are named ([`named`]), and whole numbers as people type them
//! ([`words`]).

pub mod board;
pub mod expr;
pub mod join;
pub mod moves;
pub mod named;
pub mod number;
pub mod options;
pub mod pool;
pub mod rule_file;
pub mod rule_set;
pub mod rules;
pub mod words;
