//! Expressions: binary trees as a player builds them ([`Expr`]) and canonical forms modulo
//! commutativity and associativity ([`Form`]), with printing, evaluation and the list of
//! moves a player would press.

use std::fmt::{self, Write as _};

use crate::game::join;
use crate::game::number::{Number, Op};

/// A binary expression tree over board numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    Num(i64),
    /// A number joined from board digits, written as it reads (`12` from 1 and 2): its
    /// digits joined left to right, one operation per join ([`crate::game::join`]).
    Join(i64),
    Bin(Op, Box<Expr>, Box<Expr>),
    Neg(Box<Expr>),
}

impl Expr {
    pub fn bin(op: Op, l: Expr, r: Expr) -> Expr {
        Expr::Bin(op, Box::new(l), Box::new(r))
    }

    /// The value under a domain's rules, `None` if some step is not allowed.
    pub fn eval<V: Number>(&self, limit: i64) -> Option<V> {
        match self {
            Expr::Num(n) => V::from_int(*n),
            Expr::Join(n) => V::from_int(*n).filter(|_| *n >= 10 && *n <= limit),
            Expr::Bin(op, l, r) => l.eval::<V>(limit)?.apply(*op, r.eval::<V>(limit)?, limit),
            Expr::Neg(e) => e.eval::<V>(limit)?.negate(),
        }
    }

    /// Number of binary operations.
    pub fn ops(&self) -> usize {
        match self {
            Expr::Num(_) => 0,
            Expr::Join(n) => join::digits(*n) as usize - 1,
            Expr::Bin(_, l, r) => 1 + l.ops() + r.ops(),
            Expr::Neg(e) => e.ops(),
        }
    }

    /// The moves that build this tree, innermost first: `23 × 3 = 69`.
    pub fn moves<V: Number>(&self, limit: i64) -> Vec<String> {
        let mut out = Vec::new();
        self.collect_moves::<V>(limit, &mut |m| out.push(m.to_string()));
        out
    }

    /// The same moves written into `out`, separated by `sep`.
    pub fn write_moves<V: Number>(&self, limit: i64, sep: &str, out: &mut String) {
        let start = out.len();
        self.collect_moves::<V>(limit, &mut |m| {
            if out.len() > start {
                out.push_str(sep);
            }
            let _ = out.write_fmt(m);
        });
    }

    fn collect_moves<V: Number>(
        &self,
        limit: i64,
        out: &mut dyn FnMut(fmt::Arguments),
    ) -> Option<V> {
        match self {
            Expr::Num(n) => V::from_int(*n),
            Expr::Join(n) => {
                let digits = n.to_string();
                let mut joined = String::new();
                for (i, d) in digits.chars().enumerate() {
                    if i > 0 {
                        out(format_args!("{joined} ‖ {d} = {joined}{d}"));
                    }
                    joined.push(d);
                }
                V::from_int(*n)
            }
            Expr::Neg(e) => {
                let v = e.collect_moves::<V>(limit, out)?;
                let r = v.negate()?;
                out(format_args!("−({v}) = {r}"));
                Some(r)
            }
            Expr::Bin(op, l, r) => {
                let a = l.collect_moves::<V>(limit, out)?;
                let b = r.collect_moves::<V>(limit, out)?;
                let v = a.apply(*op, b, limit)?;
                out(format_args!(
                    "{} {} {} = {v}",
                    Operand(a),
                    op.symbol(),
                    Operand(b)
                ));
                Some(v)
            }
        }
    }

    fn precedence(&self) -> u8 {
        match self {
            Expr::Num(n) if *n < 0 => 0,
            Expr::Num(_) | Expr::Join(_) => 4,
            Expr::Bin(op, _, _) => op.precedence(),
            Expr::Neg(_) => 0,
        }
    }
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expr::Num(n) | Expr::Join(n) => write!(f, "{n}"),
            Expr::Neg(e) => {
                if matches!(**e, Expr::Num(n) | Expr::Join(n) if n >= 0) {
                    write!(f, "−{e}")
                } else {
                    write!(f, "−({e})")
                }
            }
            Expr::Bin(op, l, r) => {
                let p = op.precedence();
                // `^` groups to the right; `−` and `÷` need their right operand bracketed
                // when it has the same precedence.
                let (lp, rp) = if *op == Op::Pow {
                    (l.precedence() <= p, r.precedence() < p)
                } else {
                    (
                        l.precedence() < p,
                        r.precedence() < p
                            || (r.precedence() == p && matches!(op, Op::Sub | Op::Div)),
                    )
                };
                write_operand(f, l, lp)?;
                write!(f, " {} ", op.symbol())?;
                write_operand(f, r, rp)
            }
        }
    }
}

/// A move's operand, bracketed when it is a fraction or negative (`8 ÷ (1/3)`): when it
/// prints with a `/` or a `-`.
struct Operand<V>(V);

impl<V: Number> fmt::Display for Operand<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = self.0;
        if v.as_int().is_none() || v.is_negative() {
            write!(f, "({v})")
        } else {
            write!(f, "{v}")
        }
    }
}

fn write_operand(f: &mut fmt::Formatter<'_>, e: &impl fmt::Display, bracket: bool) -> fmt::Result {
    if bracket {
        write!(f, "({e})")
    } else {
        write!(f, "{e}")
    }
}

/// A canonical form under the `distinct` convention: sums and products flattened into
/// multisets (kept sorted), so two expressions that differ only by commutativity and
/// associativity have equal forms.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Form {
    Num(i64),
    /// A number joined from board digits ([`Expr::Join`]).
    Join(i64),
    /// `pos[0] + pos[1] + … − neg[0] − …`; terms are not sums.
    Sum {
        pos: Vec<Form>,
        neg: Vec<Form>,
    },
    /// `num[0] × … ÷ den[0] ÷ …`; factors are not products.
    Product {
        num: Vec<Form>,
        den: Vec<Form>,
    },
    Power(Box<Form>, Box<Form>),
}

impl Form {
    /// Sorts every multiset so that equal forms compare equal.
    pub fn normalize(mut self) -> Form {
        match &mut self {
            Form::Num(_) | Form::Join(_) => {}
            Form::Sum { pos: a, neg: b } | Form::Product { num: a, den: b } => {
                for v in [a, b] {
                    let items = std::mem::take(v);
                    *v = items.into_iter().map(Form::normalize).collect();
                    v.sort();
                }
            }
            Form::Power(b, e) => {
                **b = std::mem::replace(&mut **b, Form::Num(0)).normalize();
                **e = std::mem::replace(&mut **e, Form::Num(0)).normalize();
            }
        }
        self
    }

    /// Number of board numbers used.
    pub fn numbers(&self) -> usize {
        match self {
            Form::Num(_) => 1,
            Form::Join(n) => join::digits(*n) as usize,
            Form::Sum { pos: a, neg: b } | Form::Product { num: a, den: b } => {
                a.iter().chain(b).map(Form::numbers).sum()
            }
            Form::Power(b, e) => b.numbers() + e.numbers(),
        }
    }

    /// A binary tree with this form that is valid in any domain where the form is: positive
    /// terms are added first and divisors applied last, so every step of a Digits solution
    /// stays a positive integer.
    pub fn to_expr(&self) -> Expr {
        fn chain(first: &[Form], then: &[Form], grow: Op, shrink: Op) -> Expr {
            let mut e = first[0].to_expr();
            for f in &first[1..] {
                e = Expr::bin(grow, e, f.to_expr());
            }
            for f in then {
                e = Expr::bin(shrink, e, f.to_expr());
            }
            e
        }
        match self {
            Form::Num(n) => Expr::Num(*n),
            Form::Join(n) => Expr::Join(*n),
            Form::Sum { pos, neg } => {
                chain(&display_order(pos), &display_order(neg), Op::Add, Op::Sub)
            }
            Form::Product { num, den } => {
                chain(&display_order(num), &display_order(den), Op::Mul, Op::Div)
            }
            Form::Power(b, e) => Expr::bin(Op::Pow, b.to_expr(), e.to_expr()),
        }
    }
}

/// Items printed largest first (`50 × 3 + 25`), which reads like a player's plan.
fn display_order(items: &[Form]) -> Vec<Form> {
    let mut v = items.to_vec();
    v.sort_by(|a, b| b.cmp(a));
    v
}

impl fmt::Display for Form {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_expr())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::number::{Int, Rational};

    #[test]
    fn printing_uses_minimal_brackets() {
        let e = Expr::bin(
            Op::Sub,
            Expr::bin(Op::Mul, Expr::Num(25), Expr::Num(3)),
            Expr::bin(Op::Sub, Expr::Num(10), Expr::Num(7)),
        );
        assert_eq!(e.to_string(), "25 × 3 − (10 − 7)");
        assert_eq!(e.eval::<Int>(i64::MAX), Some(Int(72)));
        assert_eq!(
            e.moves::<Int>(i64::MAX),
            vec!["25 × 3 = 75", "10 − 7 = 3", "75 − 3 = 72"]
        );
        let p = Expr::bin(
            Op::Pow,
            Expr::bin(Op::Pow, Expr::Num(2), Expr::Num(3)),
            Expr::Num(2),
        );
        assert_eq!(p.to_string(), "(2 ^ 3) ^ 2");
        let q = Expr::bin(
            Op::Div,
            Expr::Num(1),
            Expr::bin(Op::Div, Expr::Num(3), Expr::Num(4)),
        );
        assert_eq!(q.to_string(), "1 ÷ (3 ÷ 4)");
        assert_eq!(q.eval::<Rational>(i64::MAX).unwrap().to_string(), "4/3");
        assert_eq!(q.eval::<Int>(i64::MAX), None);
    }

    #[test]
    fn forms_print_as_valid_trees() {
        let f = Form::Sum {
            pos: vec![
                Form::Num(3),
                Form::Product {
                    num: vec![Form::Num(25), Form::Num(4)],
                    den: vec![],
                },
            ],
            neg: vec![Form::Num(10)],
        }
        .normalize();
        assert_eq!(f.to_string(), "25 × 4 + 3 − 10");
        assert_eq!(f.numbers(), 4);
        assert_eq!(f.to_expr().eval::<Int>(i64::MAX), Some(Int(93)));
    }

    #[test]
    fn a_joined_number_is_its_joins() {
        let e = Expr::bin(Op::Sub, Expr::Join(105), Expr::Num(5));
        assert_eq!(e.to_string(), "105 − 5");
        assert_eq!(e.ops(), 3);
        assert_eq!(
            e.moves::<Int>(i64::MAX),
            vec!["1 ‖ 0 = 10", "10 ‖ 5 = 105", "105 − 5 = 100"]
        );
        assert_eq!(e.eval::<Int>(i64::MAX), Some(Int(100)));
        assert_eq!(Form::Join(105).numbers(), 3);
        assert_eq!(Expr::Join(7).eval::<Int>(i64::MAX), None);
    }
}
