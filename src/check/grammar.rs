//! The grammar of an answer: one expression over board numbers (`(25-10)*(1+50)`, with an
//! optional trailing `= 765`), or a list of moves, one operation each (`25 - 10 = 15`), one
//! per line or separated by `;` or `,`. Precedence as in arithmetic: `^` binds tightest and
//! groups to the right, then unary minus, then `×`/`÷`, then `+`/`−`, each left to right.
//! Nesting is bounded ([`MAX_DEPTH`]), so no answer can exhaust the stack.

use crate::game::number::{Op, Wide};

use super::lex::{Kind, Token};

/// The deepest nesting of brackets and unary minus an answer may have.
pub const MAX_DEPTH: usize = 64;

/// A parsed expression; `col` is where its operator or number stands, for messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    Num {
        value: i64,
        col: usize,
    },
    Neg {
        arg: Box<Node>,
        col: usize,
    },
    Bin {
        op: Op,
        l: Box<Node>,
        r: Box<Node>,
        col: usize,
    },
}

/// An operand of a move: a value as written, whole (`15`), negative (`(-2)`) or a fraction
/// (`(1/3)`), as `solve` prints moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Literal {
    pub value: Wide,
    pub col: usize,
}

/// One move: `a op b = c`, `−a = c` (unary minus) or `a ‖ b = c` (a join).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    pub step: Step,
    pub result: Option<Literal>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    Bin(Op, Literal, Literal),
    Neg(Literal),
    Join(Literal, Literal),
}

/// A whole answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// One expression and the value it claims (`= 765`), if any.
    Expression(Node, Option<Literal>),
    /// Two or more moves, or one that joins digits.
    Moves(Vec<Move>),
}

/// Why tokens are not an answer: a message and the column it points at (0: the end).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    pub message: String,
    pub col: usize,
}

type Parsed<T> = Result<T, SyntaxError>;

fn fail<T>(message: impl Into<String>, col: usize) -> Parsed<T> {
    Err(SyntaxError {
        message: message.into(),
        col,
    })
}

/// Parses tokens into an answer: moves when there are two lines or more (or one that joins
/// digits), else one expression.
pub fn parse(tokens: &[Token]) -> Parsed<Answer> {
    let lines: Vec<&[Token]> = tokens
        .split(|t| t.kind == Kind::Separator)
        .filter(|l| !l.is_empty())
        .collect();
    match lines.as_slice() {
        [] => fail("the answer is empty", 0),
        // A join is a move of its own: `1 ‖ 0 = 10` alone is a list of one move.
        [line] if !line.iter().any(|t| t.kind == Kind::Join) => {
            let mut p = Parser {
                tokens: line,
                at: 0,
            };
            let tree = p.expr(0)?;
            let claimed = p.claim()?;
            p.end()?;
            Ok(Answer::Expression(tree, claimed))
        }
        lines => lines
            .iter()
            .map(|line| {
                Parser {
                    tokens: line,
                    at: 0,
                }
                .a_move()
            })
            .collect::<Parsed<Vec<Move>>>()
            .map(Answer::Moves),
    }
}

struct Parser<'a> {
    tokens: &'a [Token],
    at: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<Kind> {
        self.tokens.get(self.at).map(|t| t.kind)
    }

    /// The column of the next token, or of the end (0).
    fn col(&self) -> usize {
        self.tokens.get(self.at).map_or(0, |t| t.col)
    }

    fn eat(&mut self, kind: Kind) -> bool {
        let hit = self.peek() == Some(kind);
        self.at += usize::from(hit);
        hit
    }

    fn end(&self) -> Parsed<()> {
        match self.peek() {
            None => Ok(()),
            Some(Kind::Number(_)) | Some(Kind::Open) => {
                fail("expected an operation between two operands", self.col())
            }
            Some(Kind::Close) => fail("a `)` closes no `(`", self.col()),
            Some(Kind::Equals) => fail("a second `=`", self.col()),
            Some(_) => fail("unexpected symbol", self.col()),
        }
    }

    fn deeper(&self, depth: usize) -> Parsed<usize> {
        if depth >= MAX_DEPTH {
            return fail(
                format!("nested more than {MAX_DEPTH} deep"),
                self.col().max(1),
            );
        }
        Ok(depth + 1)
    }

    /// `term (('+' | '−') term)*`
    fn expr(&mut self, depth: usize) -> Parsed<Node> {
        self.left_assoc(depth, Self::term, |k| match k {
            Kind::Op(Op::Add) => Some(Op::Add),
            Kind::Minus => Some(Op::Sub),
            _ => None,
        })
    }

    /// `unary (('×' | '÷') unary)*`
    fn term(&mut self, depth: usize) -> Parsed<Node> {
        self.left_assoc(depth, Self::unary, |k| match k {
            Kind::Op(op @ (Op::Mul | Op::Div)) => Some(op),
            _ => None,
        })
    }

    /// `operand (op operand)*`, grouped to the left, for the operators `op_of` takes.
    fn left_assoc(
        &mut self,
        depth: usize,
        operand: fn(&mut Self, usize) -> Parsed<Node>,
        op_of: fn(Kind) -> Option<Op>,
    ) -> Parsed<Node> {
        let mut l = operand(self, depth)?;
        loop {
            let col = self.col();
            let Some(op) = self.peek().and_then(op_of) else {
                return Ok(l);
            };
            self.at += 1;
            let r = operand(self, depth)?;
            l = Node::Bin {
                op,
                l: Box::new(l),
                r: Box::new(r),
                col,
            };
        }
    }

    /// `'−' unary | power`: `−2 ^ 2` is `−(2 ^ 2)`, as in arithmetic.
    fn unary(&mut self, depth: usize) -> Parsed<Node> {
        let col = self.col();
        if self.eat(Kind::Minus) {
            let arg = self.unary(self.deeper(depth)?)?;
            return Ok(Node::Neg {
                arg: Box::new(arg),
                col,
            });
        }
        self.power(depth)
    }

    /// `atom ('^' unary)?`, grouping to the right.
    fn power(&mut self, depth: usize) -> Parsed<Node> {
        let base = self.atom(depth)?;
        let col = self.col();
        if self.eat(Kind::Op(Op::Pow)) {
            let exponent = self.unary(self.deeper(depth)?)?;
            return Ok(Node::Bin {
                op: Op::Pow,
                l: Box::new(base),
                r: Box::new(exponent),
                col,
            });
        }
        Ok(base)
    }

    /// A number or a bracketed expression.
    fn atom(&mut self, depth: usize) -> Parsed<Node> {
        let col = self.col();
        match self.peek() {
            Some(Kind::Number(n)) => {
                self.at += 1;
                match n {
                    Some(value) => Ok(Node::Num { value, col }),
                    None => fail("a number too large for any board", col),
                }
            }
            Some(Kind::LeadingZero) => fail("a number written with a leading 0", col),
            Some(Kind::Open) => {
                self.at += 1;
                let inner = self.expr(self.deeper(depth)?)?;
                if !self.eat(Kind::Close) {
                    return fail("a `(` is never closed", col);
                }
                Ok(inner)
            }
            None => fail("expected a number at the end", 0),
            Some(Kind::Close) => fail("expected a number before `)`", col),
            Some(_) => fail("expected a number", col),
        }
    }

    /// `('=' value)?` at the end of an expression or a move.
    fn claim(&mut self) -> Parsed<Option<Literal>> {
        if !self.eat(Kind::Equals) {
            return Ok(None);
        }
        if self.peek().is_none() {
            return fail("nothing after `=`", 0);
        }
        self.literal(true).map(Some)
    }

    /// A value as a move writes it: `15`, `-2`, `(1/3)`, `(-2)`; a bare fraction `1/3` only
    /// after `=` (`bare_fraction`), where nothing can follow it.
    fn literal(&mut self, bare_fraction: bool) -> Parsed<Literal> {
        let col = self.col();
        let bracketed = self.eat(Kind::Open);
        let negative = self.eat(Kind::Minus);
        let num = self.whole()?;
        let den = if (bracketed || bare_fraction) && self.eat(Kind::Op(Op::Div)) {
            self.whole()?
        } else {
            1
        };
        if bracketed && !self.eat(Kind::Close) {
            return fail("a `(` is never closed", col);
        }
        let num = if negative {
            -i128::from(num)
        } else {
            num.into()
        };
        match Wide::new(num, den.into()) {
            Some(value) => Ok(Literal { value, col }),
            None => fail("a fraction over 0", col),
        }
    }

    fn whole(&mut self) -> Parsed<i64> {
        match self.peek() {
            Some(Kind::Number(Some(n))) => {
                self.at += 1;
                Ok(n)
            }
            Some(Kind::Number(None)) => fail("a number too large for any board", self.col()),
            Some(Kind::LeadingZero) => fail("a number written with a leading 0", self.col()),
            None => fail("expected a number at the end", 0),
            Some(_) => fail("expected a number", self.col()),
        }
    }

    /// `−(a)` alone before `=`: unary minus as a move of its own (`−(3) = -3`), or `None`
    /// (and nothing read) when the line is a binary move whose first operand is negative.
    fn negation(&mut self) -> Option<Step> {
        let start = self.at;
        if !(self.eat(Kind::Minus) && self.peek() == Some(Kind::Open)) {
            self.at = start;
            return None;
        }
        if let Ok(a) = self.literal(false)
            && matches!(self.peek(), Some(Kind::Equals) | None)
        {
            return Some(Step::Neg(a));
        }
        self.at = start;
        None
    }

    /// One move: `a op b = c`, `−a = c` or `a ‖ b = c`.
    fn a_move(mut self) -> Parsed<Move> {
        let step = match self.negation() {
            Some(step) => step,
            None => {
                let a = self.literal(false)?;
                let col = self.col();
                let op = match self.peek() {
                    Some(Kind::Op(op)) => Some(op),
                    Some(Kind::Minus) => Some(Op::Sub),
                    Some(Kind::Join) => None,
                    _ => return fail("a move is one operation: `a op b = c`", col.max(1)),
                };
                self.at += 1;
                let b = self.literal(false)?;
                match op {
                    Some(op) => Step::Bin(op, a, b),
                    None => Step::Join(a, b),
                }
            }
        };
        if !matches!(self.peek(), Some(Kind::Equals) | None) {
            return fail("a move is one operation: `a op b = c`", self.col());
        }
        let result = self.claim()?;
        self.end()?;
        Ok(Move { step, result })
    }
}

#[cfg(test)]
mod tests {
    use super::super::lex::tokens;
    use super::*;

    fn parsed(text: &str) -> Parsed<Answer> {
        parse(&tokens(text).unwrap())
    }

    fn show(n: &Node) -> String {
        match n {
            Node::Num { value, .. } => value.to_string(),
            Node::Neg { arg, .. } => format!("(-{})", show(arg)),
            Node::Bin { op, l, r, .. } => format!("({} {} {})", show(l), op.symbol(), show(r)),
        }
    }

    fn tree(text: &str) -> String {
        match parsed(text).unwrap() {
            Answer::Expression(n, _) => show(&n),
            a => panic!("{a:?}"),
        }
    }

    #[test]
    fn precedence_is_arithmetic_s() {
        assert_eq!(tree("1 + 2 * 3"), "(1 + (2 × 3))");
        assert_eq!(tree("8 - 3 - 2"), "((8 − 3) − 2)");
        assert_eq!(tree("8 / 4 / 2"), "((8 ÷ 4) ÷ 2)");
        assert_eq!(tree("2 ^ 3 ^ 2"), "(2 ^ (3 ^ 2))");
        assert_eq!(tree("-2 ^ 2"), "(-(2 ^ 2))");
        assert_eq!(tree("2 ^ -1"), "(2 ^ (-1))");
        assert_eq!(tree("8 ÷ (3 − 8 ÷ 3)"), "(8 ÷ (3 − (8 ÷ 3)))");
        assert_eq!(tree("2**2**2"), "(2 ^ (2 ^ 2))");
    }

    #[test]
    fn a_trailing_value_is_a_claim() {
        let Answer::Expression(_, Some(claim)) = parsed("(25-10)*(1+50) = 765").unwrap() else {
            panic!()
        };
        assert_eq!(claim.value, Wide::new(765, 1).unwrap());
        let Answer::Expression(_, Some(claim)) = parsed("1 / 3 = 1/3").unwrap() else {
            panic!()
        };
        assert_eq!(claim.value, Wide::new(1, 3).unwrap());
    }

    #[test]
    fn moves_are_one_operation_a_line() {
        let Answer::Moves(moves) =
            parsed("3 ÷ 8 = 3/8\n8 − (3/8) = 61/8; −(2) = -2, 1 ‖ 0 = 10").unwrap()
        else {
            panic!()
        };
        assert_eq!(moves.len(), 4);
        let w = |n, d| Wide::new(n, d).unwrap();
        assert!(matches!(moves[0].step, Step::Bin(Op::Div, _, _)));
        assert!(
            matches!(moves[1].step, Step::Bin(Op::Sub, a, b) if a.value == w(8, 1) && b.value == w(3, 8))
        );
        assert!(matches!(moves[2].step, Step::Neg(a) if a.value == w(2, 1)));
        assert_eq!(moves[2].result.unwrap().value, w(-2, 1));
        assert!(matches!(moves[3].step, Step::Join(_, _)));
        assert_eq!(
            parsed("1 + 2 + 3 = 6\n6 * 4 = 24").unwrap_err().message,
            "a move is one operation: `a op b = c`"
        );
    }

    #[test]
    fn malformed_answers_say_where() {
        let err = |t: &str| parsed(t).unwrap_err();
        assert_eq!(err("").col, 0);
        assert_eq!(err("(1 + 2").message, "a `(` is never closed");
        assert_eq!(err("1 + 2)").message, "a `)` closes no `(`");
        assert_eq!(
            err("2 (3 + 4)").message,
            "expected an operation between two operands"
        );
        assert_eq!(err("1 + ").message, "expected a number at the end");
        assert_eq!(err("1 + 2 =").message, "nothing after `=`");
        assert_eq!(err("1 = 2 = 3").message, "a second `=`");
        assert_eq!(err("05 + 1").message, "a number written with a leading 0");
        assert_eq!(
            err("1 + 1 ‖ 2").message,
            "a move is one operation: `a op b = c`"
        );
        assert!(matches!(parsed("1 ‖ 2 = 12"), Ok(Answer::Moves(m)) if m.len() == 1));
        let deep = format!("{}1{}", "(".repeat(100), ")".repeat(100));
        assert_eq!(err(&deep).message, "nested more than 64 deep");
        let minus = format!("{}1", "-".repeat(100));
        assert_eq!(err(&minus).message, "nested more than 64 deep");
    }
}
