//! Evaluating a printed solution: a recursive-descent parser that evaluates as it goes.

use super::arith::{Op, apply, make_q, negate, valid_for};
use super::{BruteRules, Q};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Tok {
    Num(i64),
    Plus,
    Minus,
    Times,
    Divide,
    Caret,
    Open,
    Close,
}

pub(super) fn tokenize(s: &str) -> Option<Vec<Tok>> {
    let chars: Vec<char> = s.chars().collect();
    let mut toks = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_ascii_digit() {
            let mut n: i64 = 0;
            while i < chars.len() && chars[i].is_ascii_digit() {
                let d = chars[i].to_digit(10).expect("digit") as i64;
                n = n.checked_mul(10)?.checked_add(d)?;
                i += 1;
            }
            toks.push(Tok::Num(n));
            continue;
        }
        let t = match c {
            ' ' | '\t' | '\n' | '\r' => None,
            '+' => Some(Tok::Plus),
            '-' | '−' => Some(Tok::Minus),
            '*' | '×' => Some(Tok::Times),
            '/' | '÷' => Some(Tok::Divide),
            '^' => Some(Tok::Caret),
            '(' => Some(Tok::Open),
            ')' => Some(Tok::Close),
            _ => return None,
        };
        toks.extend(t);
        i += 1;
    }
    Some(toks)
}

/// Recursive-descent parser that evaluates as it goes.
///
/// Grammar (usual precedence, `^` right-associative and binding tighter than unary minus):
/// ```text
/// sum     := product (('+' | '−') product)*
/// product := unary (('×' | '÷') unary)*
/// unary   := '−' power | power
/// power   := atom ('^' unary)?
/// atom    := INTEGER | '(' sum ')'
/// ```
/// Every parse function returns the value and whether the node is a unary negation (a node
/// may be negated at most once, so `−(−3)` is rejected).
pub(super) struct Parser {
    toks: Vec<Tok>,
    pos: usize,
    rules: BruteRules,
    leaves: Vec<i64>,
}

impl Parser {
    fn peek(&self) -> Option<Tok> {
        self.toks.get(self.pos).copied()
    }

    fn sum(&mut self) -> Option<(Q, bool)> {
        self.left_associative(Self::product, |t| match t {
            Tok::Plus => Some(Op::Add),
            Tok::Minus => Some(Op::Sub),
            _ => None,
        })
    }

    fn product(&mut self) -> Option<(Q, bool)> {
        self.left_associative(Self::unary, |t| match t {
            Tok::Times => Some(Op::Mul),
            Tok::Divide => Some(Op::Div),
            _ => None,
        })
    }

    /// `operand (OP operand)*`, applied left to right, where `op_of` says which tokens are
    /// this level's operators.
    fn left_associative(
        &mut self,
        operand: fn(&mut Self) -> Option<(Q, bool)>,
        op_of: fn(Tok) -> Option<Op>,
    ) -> Option<(Q, bool)> {
        let mut acc = operand(self)?;
        while let Some(op) = self.peek().and_then(op_of) {
            self.pos += 1;
            let (rhs, _) = operand(self)?;
            acc = (apply(op, acc.0, rhs, self.rules)?, false);
        }
        Some(acc)
    }

    fn unary(&mut self) -> Option<(Q, bool)> {
        if self.peek() == Some(Tok::Minus) {
            self.pos += 1;
            let (v, already_negated) = self.power()?;
            if already_negated {
                return None;
            }
            return Some((negate(v, self.rules)?, true));
        }
        self.power()
    }

    fn power(&mut self) -> Option<(Q, bool)> {
        let base = self.atom()?;
        if self.peek() != Some(Tok::Caret) {
            return Some(base);
        }
        self.pos += 1;
        let (exp, _) = self.unary()?;
        Some((apply(Op::Pow, base.0, exp, self.rules)?, false))
    }

    fn atom(&mut self) -> Option<(Q, bool)> {
        match self.peek()? {
            Tok::Num(n) => {
                self.pos += 1;
                if self.rules.concat && n >= 10 {
                    // A joined number: the board digits it is written with.
                    let written = n.to_string();
                    self.leaves
                        .extend(written.bytes().map(|c| i64::from(c - b'0')));
                } else {
                    self.leaves.push(n);
                }
                let v = make_q(n as i128, 1)?;
                valid_for(v, self.rules).then_some((v, false))
            }
            Tok::Open => {
                self.pos += 1;
                let inner = self.sum()?;
                if self.peek() != Some(Tok::Close) {
                    return None;
                }
                self.pos += 1;
                Some(inner)
            }
            _ => None,
        }
    }
}

/// Evaluates a printed expression (`+ − × ÷ ^`, ASCII `- * /`, parentheses, integers)
/// under the rules. None if it does not parse or is invalid under the rules (e.g. a
/// negative or non-integer intermediate in PositiveIntegers, `^` without `pow`, unary minus
/// without `unary_minus`). Also returns the numbers used, in order of appearance (with
/// `concat`, a number of two digits or more is joined from its digits, which it uses).
pub fn eval_printed(expr: &str, rules: BruteRules) -> Option<(Q, Vec<i64>)> {
    let mut parser = Parser {
        toks: tokenize(expr)?,
        pos: 0,
        rules,
        leaves: Vec::new(),
    };
    let (v, _) = parser.sum()?;
    if parser.pos != parser.toks.len() {
        return None;
    }
    Some((v, parser.leaves))
}
