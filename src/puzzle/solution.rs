//! Writing solutions out from the engine's tables: one shortest tree for a value, every
//! `distinct` canonical form of it, and a puzzle's solutions as a list shows them. Nothing
//! here is on the counting path; it walks back down the tables for one value at a time.

use std::ops::ControlFlow;

use crate::engine::{Dp, Flat, Item};
use crate::error::Result;
use crate::game::board::Board;
use crate::game::expr::{Expr, Form};
use crate::game::number::{Number, Op};
use crate::game::rule_set::Game;

/// Which canonical forms to list for a value: any, or only those allowed as a sum's term
/// (not a sum) or as a product's factor (not a product).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    Any,
    Term,
    Factor,
}

const OPS: [Op; 5] = [Op::Add, Op::Sub, Op::Mul, Op::Div, Op::Pow];

impl<V: Number> Dp<V> {
    /// One tree over the fewest numbers that evaluates to `v`.
    pub fn shortest(&self, v: V) -> Option<Expr> {
        let s = self
            .usable()
            .into_iter()
            .find(|&s| self.lookup(s, v).is_some())?;
        self.tree_over_fewest(s, v)
    }

    /// The tree [`Dp::shortest`] gives for a value `v` whose solutions take `ops` operations
    /// at fewest (its `min_ops`): only the sub-boards of `ops + 1` numbers are looked in.
    pub fn shortest_in(&self, v: V, ops: usize) -> Option<Expr> {
        let s = self
            .usable()
            .into_iter()
            .filter(|&s| self.subs.size(s) == ops + 1)
            .find(|&s| self.lookup(s, v).is_some())?;
        self.tree_over_fewest(s, v)
    }

    /// The tree [`Dp::tree`] gives over sub-board `s`, the first in size order to reach `v`.
    ///
    /// Over the fewest numbers that reach a value, every tree's canonical form is counted (a
    /// product with a part worth 1 would reach the value from fewer numbers), so a tree's
    /// top operation is that of a form the entry counts: `+ −` for a sum, `× ÷` for a
    /// product, `^` for a power. The search skips the other operations, which could only
    /// fail, and finds the same first tree.
    fn tree_over_fewest(&self, s: usize, v: V) -> Option<Expr> {
        let e = self.lookup(s, v)?;
        if self.subs.size(s) == 1 || !self.distinct_defined() {
            return self.tree(s, v);
        }
        let ops: Vec<Op> = self
            .ops()
            .iter()
            .copied()
            .filter(|op| match op {
                Op::Add | Op::Sub => e.sum > 0,
                Op::Mul | Op::Div => e.product > 0,
                Op::Pow => e.power > 0,
            })
            .collect();
        self.tree_binary_with(s, v, &ops)
            .or_else(|| self.tree(s, v))
    }

    /// The operations of the rules, in the order trees are searched.
    fn ops(&self) -> &'static [Op] {
        if self.rules.pow { &OPS } else { &OPS[..4] }
    }

    /// One tree over exactly sub-board `s` that evaluates to `v`.
    pub fn tree(&self, s: usize, v: V) -> Option<Expr> {
        self.lookup(s, v)?;
        if self.subs.size(s) == 1 {
            let n = self.subs.numbers(s)[0];
            return if V::from_int(n) == Some(v) {
                Some(Expr::Num(n))
            } else {
                v.negate()
                    .and_then(|w| self.tree(s, w))
                    .map(|e| Expr::Neg(Box::new(e)))
            };
        }
        self.joined(s, v)
            .or_else(|| self.tree_binary(s, v))
            .or_else(|| {
                // Reached only through a unary minus on a joined number or a binary result.
                let w = v.negate()?;
                self.lookup(s, w)?;
                self.joined(s, w)
                    .or_else(|| self.tree_binary(s, w))
                    .map(|e| Expr::Neg(Box::new(e)))
            })
    }

    /// The number sub-board `s` (of two numbers or more) spells worth `v`, if its digits
    /// joined make one.
    fn joined(&self, s: usize, v: V) -> Option<Expr> {
        let e = self.lookup(s, v)?;
        if self.subs.size(s) < 2 || e.lone_number() == 0 {
            return None;
        }
        v.as_int().map(Expr::Join)
    }

    fn tree_binary(&self, s: usize, v: V) -> Option<Expr> {
        self.tree_binary_with(s, v, self.ops())
    }

    /// The first tree over sub-board `s` worth `v` whose top operation is one of `ops`.
    fn tree_binary_with(&self, s: usize, v: V, ops: &[Op]) -> Option<Expr> {
        let mut found = None;
        let _ = self.operands(s, v, ops, &mut |op, a, x, b, y| {
            found = Some((op, a, x, b, y));
            ControlFlow::Break(())
        });
        let (op, a, x, b, y) = found?;
        Some(Expr::bin(op, self.tree(a, x)?, self.tree(b, y)?))
    }

    /// Calls `f(op, a, x, b, y)` for every `x` from sub-board `a` and `y` from the
    /// complementary sub-board `b` of `s` with `x op y == v`, until `f` breaks.
    ///
    /// Each split is searched from its smaller table: for `+ − × ÷` the partner that could
    /// work is worked out and looked up in the larger one (zeros, which `×` and `÷` cannot be
    /// undone through, and `^` scan it instead).
    fn operands(
        &self,
        s: usize,
        v: V,
        ops: &[Op],
        f: &mut dyn FnMut(Op, usize, V, usize, V) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let limit = self.rules.limit;
        let zero = |x: V| x.to_wide().num == 0;
        let v_zero = zero(v);
        for &a in self.sub_lists(s) {
            let b = s - a;
            if a == 0 || a > b {
                continue;
            }
            let (small, large) = if self.table(a).len() <= self.table(b).len() {
                (a, b)
            } else {
                (b, a)
            };
            for e in self.table(small) {
                let x = e.value;
                let undone = !(v_zero || zero(x));
                for &op in ops {
                    // `x op y` (x on the left), then `y op x` unless the halves are the same
                    // multiset (the first orientation then already covers every pair).
                    for x_left in [true, false] {
                        if !x_left && (a == b || op.is_commutative()) {
                            continue;
                        }
                        let exact = match op {
                            Op::Pow => false,
                            Op::Mul | Op::Div => undone,
                            Op::Add | Op::Sub => true,
                        };
                        let wanted = match (op, x_left) {
                            _ if !exact => None,
                            (Op::Add, _) => v.apply(Op::Sub, x, limit),
                            (Op::Sub, true) => x.apply(Op::Sub, v, limit),
                            (Op::Sub, false) => v.apply(Op::Add, x, limit),
                            (Op::Mul, _) => v.apply(Op::Div, x, limit),
                            (Op::Div, true) => x.apply(Op::Div, v, limit),
                            (Op::Div, false) => v.apply(Op::Mul, x, limit),
                            (Op::Pow, _) => None,
                        };
                        let mut try_y = |y: V| {
                            let (l, lv, r, rv) = if x_left {
                                (small, x, large, y)
                            } else {
                                (large, y, small, x)
                            };
                            if lv.apply(op, rv, limit) == Some(v) {
                                f(op, l, lv, r, rv)
                            } else {
                                ControlFlow::Continue(())
                            }
                        };
                        if exact {
                            if let Some(y) = wanted
                                && self.lookup(large, y).is_some()
                            {
                                try_y(y)?;
                            }
                        } else {
                            for e in self.table(large) {
                                try_y(e.value)?;
                            }
                        }
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Every `distinct` solution for `v` over the usable sub-boards, fewest numbers first,
    /// then by how they print.
    pub fn distinct_solutions(&self, v: V) -> Result<Vec<Form>> {
        let mut out = Vec::new();
        for s in self.usable() {
            if self.lookup(s, v).is_some() {
                out.extend(self.forms(s, v, Role::Any)?);
            }
        }
        let mut keyed: Vec<(usize, String, Form)> = out
            .into_iter()
            .map(|f| (f.numbers(), f.to_string(), f))
            .collect();
        keyed.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
        Ok(keyed.into_iter().map(|(_, _, f)| f).collect())
    }

    /// The canonical forms over exactly sub-board `s` worth `v` that may play `role`.
    fn forms(&self, s: usize, v: V, role: Role) -> Result<Vec<Form>> {
        let Some(entry) = self.lookup(s, v) else {
            return Ok(Vec::new());
        };
        let mut out = Vec::new();
        if entry.lone_number() > 0 {
            out.push(match self.subs.size(s) {
                1 => Form::Num(self.subs.numbers(s)[0]),
                _ => Form::Join(v.as_int().expect("a joined number is an integer")),
            });
        }
        if entry.sum > 0 && role != Role::Term {
            self.flat_forms(s, v, Flat::Sum, &mut out)?;
        }
        if entry.product > 0 && role != Role::Factor {
            self.flat_forms(s, v, Flat::Product, &mut out)?;
        }
        if entry.power > 0 {
            let mut pairs = Vec::new();
            let _ = self.operands(s, v, &[Op::Pow], &mut |_, a, x, b, y| {
                pairs.push((a, x, b, y));
                ControlFlow::Continue(())
            });
            for (a, x, b, y) in pairs {
                for base in self.forms(a, x, Role::Any)? {
                    for exp in self.forms(b, y, Role::Any)? {
                        out.push(Form::Power(Box::new(base.clone()), Box::new(exp)));
                    }
                }
            }
        }
        Ok(out)
    }

    fn flat_forms(&self, s: usize, v: V, kind: Flat, out: &mut Vec<Form>) -> Result<()> {
        let role = match kind {
            Flat::Sum => Role::Term,
            Flat::Product => Role::Factor,
        };
        let mut nodes: Vec<Vec<Item>> = Vec::new();
        self.for_each_flat(s, kind, 2, &mut |items, value, _| {
            if value == v {
                nodes.push(items.to_vec());
            }
            Ok(())
        })?;
        for items in nodes {
            // Each run of equal items picks a multiset of forms; runs combine freely.
            let mut partial: Vec<(Vec<Form>, Vec<Form>)> = vec![(Vec::new(), Vec::new())];
            let mut i = 0;
            while i < items.len() {
                let mut j = i + 1;
                while j < items.len() && items[j] == items[i] {
                    j += 1;
                }
                let it = items[i];
                let block = it.block as usize;
                let w = self.items(kind, block)[it.index].0;
                let choices = multisets(&self.forms(block, w, role)?, j - i);
                let mut next = Vec::with_capacity(partial.len() * choices.len());
                for (plus, minus) in &partial {
                    for c in &choices {
                        let (mut plus, mut minus) = (plus.clone(), minus.clone());
                        if it.inverse { &mut minus } else { &mut plus }.extend(c.iter().cloned());
                        next.push((plus, minus));
                    }
                }
                partial = next;
                i = j;
            }
            for (a, b) in partial {
                out.push(
                    match kind {
                        Flat::Sum => Form::Sum { pos: a, neg: b },
                        Flat::Product => Form::Product { num: a, den: b },
                    }
                    .normalize(),
                );
            }
        }
        Ok(())
    }
}

/// Every multiset of `k` elements drawn from `forms` (with repetition), as vectors.
fn multisets(forms: &[Form], k: usize) -> Vec<Vec<Form>> {
    fn go(forms: &[Form], k: usize, start: usize, cur: &mut Vec<Form>, out: &mut Vec<Vec<Form>>) {
        if cur.len() == k {
            out.push(cur.clone());
            return;
        }
        for i in start..forms.len() {
            cur.push(forms[i].clone());
            go(forms, k, i, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    go(forms, k, 0, &mut Vec::new(), &mut out);
    out
}

/// A puzzle's solutions as a list shows them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listed {
    /// Its `distinct` solutions, fewest numbers first (at most the number asked for), or one
    /// shortest solution where `distinct` is undefined (unary minus).
    pub solutions: Vec<String>,
    /// How many `distinct` solutions there are in all (`None` where undefined).
    pub distinct_total: Option<usize>,
}

/// Solves `board` (written as the tables write it) for `target` and lists at most `most` of
/// its solutions.
pub fn listed(game: &Game, board: &str, target: i64, most: usize) -> Result<Listed> {
    let words: Vec<&str> = board.split_whitespace().collect();
    let board = Board::parse(game, &words)?;
    crate::with_number_type!(game.rules.arithmetic, V => listed_in::<V>(game, &board, target, most))
}

fn listed_in<V: Number>(game: &Game, board: &Board, target: i64, most: usize) -> Result<Listed> {
    let dp: Dp<V> = Dp::build(board, &game.rules)?;
    let Some(t) = V::from_int(target) else {
        return Ok(Listed {
            solutions: Vec::new(),
            distinct_total: None,
        });
    };
    if !dp.distinct_defined() {
        return Ok(Listed {
            solutions: dp.shortest(t).map(|e| e.to_string()).into_iter().collect(),
            distinct_total: None,
        });
    }
    let all = dp.distinct_solutions(t)?;
    Ok(Listed {
        solutions: all.iter().take(most).map(|f| f.to_string()).collect(),
        distinct_total: Some(all.len()),
    })
}
