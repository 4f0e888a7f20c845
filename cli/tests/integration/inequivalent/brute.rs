//! Slow, obviously-correct reference for the equivalence of solutions.
//!
//! Every expression tree over the board is built (cards used once, `+ − × ÷`,
//! exact values, no division by zero).  Two trees are joined (union–find)
//! whenever one application of a rule, stated as a literal tree rewrite
//! (`rules.rs`), maps one to the other; the classes of the trees equal to a
//! target are counted.  Nothing here shares code with the crate.

use super::rules::{Ctx, Tok};
use std::collections::HashMap;

/// A small exact rational (normalized, den > 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Q(pub(super) i64, pub(super) i64);

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 { a.abs() } else { gcd(b, a % b) }
}

impl Q {
    fn new(n: i128, d: i128) -> Option<Q> {
        if d == 0 {
            return None;
        }
        let g = gcd(n, d) * d.signum();
        Some(Q(i64::try_from(n / g).ok()?, i64::try_from(d / g).ok()?))
    }
    pub fn int(n: i64) -> Q {
        Q(n, 1)
    }
    pub(super) fn eval(op: Op, a: Q, b: Q) -> Option<Q> {
        let (an, ad, bn, bd) = (a.0 as i128, a.1 as i128, b.0 as i128, b.1 as i128);
        match op {
            Op::Add => Q::new(an * bd + bn * ad, ad * bd),
            Op::Sub => Q::new(an * bd - bn * ad, ad * bd),
            Op::Mul => Q::new(an * bn, ad * bd),
            Op::Div => Q::new(an * bd, ad * bn),
            Op::Leaf(_) => None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    Leaf(i64),
    Add,
    Sub,
    Mul,
    Div,
}
use Op::*;

/// Hash-consed expression trees (only valid ones are ever stored).
#[derive(Default)]
pub struct Trees {
    node: Vec<(Op, u32, u32, Q)>,
    ids: HashMap<(Op, u32, u32), u32>,
    pub(super) local_memo: HashMap<(u32, Ctx), Vec<u32>>,
    pub(super) site_memo: HashMap<u32, Vec<(u32, Tok)>>,
}

impl Trees {
    pub(super) fn op(&self, t: u32) -> Op {
        self.node[t as usize].0
    }
    pub(super) fn kids(&self, t: u32) -> (u32, u32) {
        (self.node[t as usize].1, self.node[t as usize].2)
    }
    pub fn val(&self, t: u32) -> Q {
        self.node[t as usize].3
    }
    pub(super) fn mk(&mut self, op: Op, l: u32, r: u32) -> Option<u32> {
        if let Some(&id) = self.ids.get(&(op, l, r)) {
            return Some(id);
        }
        let v = match op {
            Leaf(c) => Q::int(c),
            _ => Q::eval(op, self.val(l), self.val(r))?,
        };
        let id = self.node.len() as u32;
        self.node.push((op, l, r, v));
        self.ids.insert((op, l, r), id);
        Some(id)
    }
    pub(super) fn leaf(&mut self, c: i64) -> u32 {
        self.mk(Leaf(c), 0, 0).unwrap()
    }
    pub(super) fn leaf_val(&self, t: u32) -> Option<i64> {
        match self.op(t) {
            Leaf(c) => Some(c),
            _ => None,
        }
    }
    pub(super) fn is_sum(&self, t: u32) -> bool {
        matches!(self.op(t), Add | Sub)
    }
    pub(super) fn is_prod(&self, t: u32) -> bool {
        matches!(self.op(t), Mul | Div)
    }

    /// All trees using exactly the cards of `board` (any order).
    pub fn all(&mut self, board: &[i64]) -> Vec<u32> {
        let mut b = board.to_vec();
        b.sort_unstable();
        let mut memo: HashMap<Vec<i64>, Vec<u32>> = HashMap::new();
        self.build(&b, &mut memo)
    }

    fn build(&mut self, cards: &[i64], memo: &mut HashMap<Vec<i64>, Vec<u32>>) -> Vec<u32> {
        if let Some(v) = memo.get(cards) {
            return v.clone();
        }
        let n = cards.len();
        let mut out = Vec::new();
        if n == 1 {
            out.push(self.leaf(cards[0]));
        } else {
            let mut seen = std::collections::HashSet::new();
            for s in 1..(1usize << n) - 1 {
                let pick = |want: bool| -> Vec<i64> {
                    (0..n)
                        .filter(|&i| (s >> i & 1 == 1) == want)
                        .map(|i| cards[i])
                        .collect()
                };
                let (xs, ys) = (
                    self.build(&pick(true), memo),
                    self.build(&pick(false), memo),
                );
                for &x in &xs {
                    for &y in &ys {
                        for op in [Add, Sub, Mul, Div] {
                            if let Some(t) = self.mk(op, x, y)
                                && seen.insert(t)
                            {
                                out.push(t);
                            }
                        }
                    }
                }
            }
        }
        memo.insert(cards.to_vec(), out.clone());
        out
    }
}

fn find(p: &mut [usize], mut i: usize) -> usize {
    while p[i] != i {
        p[i] = p[p[i]];
        i = p[i];
    }
    i
}

/// Number of classes for each target in `lo..=hi`.
pub fn class_counts(board: &[i64], lo: i64, hi: i64) -> Vec<u64> {
    let mut tr = Trees::default();
    let (all, roots) = tr.closure(board);
    (lo..=hi)
        .map(|target| {
            let mut classes: Vec<usize> = all
                .iter()
                .filter(|&&t| tr.val(t) == Q::int(target))
                .map(|&t| roots[t as usize])
                .collect();
            classes.sort_unstable();
            classes.dedup();
            classes.len() as u64
        })
        .collect()
}

impl Trees {
    /// Parses `+ - × * / ÷`, parentheses and non-negative integers into a tree
    /// (usual precedence, left associative).
    pub fn parse(&mut self, s: &str) -> Option<u32> {
        let toks: Vec<char> = s.chars().filter(|c| !c.is_whitespace()).collect();
        let mut pos = 0;
        let t = self.p_sum(&toks, &mut pos)?;
        (pos == toks.len()).then_some(t)
    }
    fn p_sum(&mut self, s: &[char], pos: &mut usize) -> Option<u32> {
        self.p_left(s, pos, Self::p_prod, |c| match c {
            '+' => Some(Add),
            '-' => Some(Sub),
            _ => None,
        })
    }
    fn p_prod(&mut self, s: &[char], pos: &mut usize) -> Option<u32> {
        self.p_left(s, pos, Self::p_atom, |c| match c {
            '×' | '*' => Some(Mul),
            '/' | '÷' => Some(Div),
            _ => None,
        })
    }
    /// `operand (OP operand)*`, left associative, where `op_of` says which characters are
    /// this level's operators.
    fn p_left(
        &mut self,
        s: &[char],
        pos: &mut usize,
        operand: fn(&mut Self, &[char], &mut usize) -> Option<u32>,
        op_of: fn(char) -> Option<Op>,
    ) -> Option<u32> {
        let mut t = operand(self, s, pos)?;
        while let Some(op) = s.get(*pos).copied().and_then(op_of) {
            *pos += 1;
            let r = operand(self, s, pos)?;
            t = self.mk(op, t, r)?;
        }
        Some(t)
    }
    fn p_atom(&mut self, s: &[char], pos: &mut usize) -> Option<u32> {
        if s.get(*pos) == Some(&'(') {
            *pos += 1;
            let t = self.p_sum(s, pos)?;
            (s.get(*pos) == Some(&')')).then(|| *pos += 1)?;
            return Some(t);
        }
        let start = *pos;
        while s.get(*pos).is_some_and(|c| c.is_ascii_digit()) {
            *pos += 1;
        }
        let n: i64 = s[start..*pos].iter().collect::<String>().parse().ok()?;
        Some(self.leaf(n))
    }

    /// The cards of a tree, sorted.
    pub fn cards(&self, t: u32) -> Vec<i64> {
        let mut v = Vec::new();
        let mut stack = vec![t];
        while let Some(t) = stack.pop() {
            match self.op(t) {
                Leaf(c) => v.push(c),
                _ => {
                    let (l, r) = self.kids(t);
                    stack.extend([l, r]);
                }
            }
        }
        v.sort_unstable();
        v
    }

    /// Union–find roots of all trees over `board` (closure of the rules).
    pub fn closure(&mut self, board: &[i64]) -> (Vec<u32>, Vec<usize>) {
        let all = self.all(board);
        let mut edges = Vec::new();
        for &t in &all {
            for u in self.rewrites(t, Ctx::Top).into_iter().chain(self.moves(t)) {
                edges.push((t, u));
            }
        }
        let mut parent: Vec<usize> = (0..self.node.len()).collect();
        for (t, u) in edges {
            let (a, b) = (find(&mut parent, t as usize), find(&mut parent, u as usize));
            parent[a] = b;
        }
        let roots = (0..parent.len()).map(|i| find(&mut parent, i)).collect();
        (all, roots)
    }
}
