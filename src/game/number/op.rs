//! The binary operations a player can apply (`Op`), with how each is printed.

use serde::Serialize;

/// A binary operation a player can apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Op {
    Add,
    Sub,
    Mul,
    Div,
    Pow,
}

impl Op {
    /// The symbol used when printing solutions.
    pub fn symbol(self) -> char {
        match self {
            Op::Add => '+',
            Op::Sub => '−',
            Op::Mul => '×',
            Op::Div => '÷',
            Op::Pow => '^',
        }
    }

    /// Binding strength when printing: `^` binds tightest, `+`/`−` loosest.
    pub fn precedence(self) -> u8 {
        match self {
            Op::Add | Op::Sub => 1,
            Op::Mul | Op::Div => 2,
            Op::Pow => 3,
        }
    }

    pub fn is_commutative(self) -> bool {
        matches!(self, Op::Add | Op::Mul)
    }
}
