//! Writing a canonical expression as infix text with `+ - × /`.

use super::canon::{Arena, Expr, Id, Key};
use std::cmp::Reverse;

/// Infix text of `e`; terms and factors are listed largest value first.
pub(crate) fn render(a: &Arena, e: Expr) -> String {
    match a.key(e.id) {
        Key::Leaf(v) => {
            if e.neg {
                format!("-{v}")
            } else {
                v.to_string()
            }
        }
        Key::Sum(..) => render_sum(a, e),
        Key::Prod(..) => render_prod(a, e),
    }
}

fn sorted(a: &Arena, ids: impl Iterator<Item = Id>) -> Vec<String> {
    let mut v: Vec<(Reverse<_>, String)> = ids
        .map(|t| {
            (
                Reverse(a.node(t).val),
                render(a, Expr { id: t, neg: false }),
            )
        })
        .collect();
    v.sort();
    v.into_iter().map(|(_, s)| s).collect()
}

fn render_sum(a: &Arena, e: Expr) -> String {
    let Key::Sum(p, n) = a.key(e.id) else {
        unreachable!()
    };
    let zero = |t: &Id| a.node(*t).val.is_zero();
    let (plus, mut minus): (Vec<Id>, Vec<Id>) = if e.neg {
        let plus = p
            .as_slice()
            .iter()
            .copied()
            .filter(zero)
            .chain(n.as_slice().iter().copied());
        (
            plus.collect(),
            p.as_slice().iter().copied().filter(|t| !zero(t)).collect(),
        )
    } else {
        (p.as_slice().to_vec(), n.as_slice().to_vec())
    };
    let mut s = sorted(a, plus.iter().copied()).join("+");
    if plus.is_empty() {
        // every term is subtracted: lead with a product that carries the sign
        if let Some(i) = minus
            .iter()
            .position(|&t| a.expressible(Expr { id: t, neg: true }))
        {
            s = render(
                a,
                Expr {
                    id: minus.remove(i),
                    neg: true,
                },
            );
        }
    }
    for t in sorted(a, minus.into_iter()) {
        s.push('-');
        s.push_str(&t);
    }
    s
}

fn factor(a: &Arena, id: Id, neg: bool) -> String {
    match a.key(id) {
        Key::Sum(..) => format!("({})", render(a, Expr { id, neg })),
        _ => render(a, Expr { id, neg }),
    }
}

fn render_prod(a: &Arena, e: Expr) -> String {
    let Key::Prod(n, d) = a.key(e.id) else {
        unreachable!()
    };
    // a negative product carries its sign on one sum factor that can take it
    let flip =
        e.neg.then(|| {
            n.as_slice().iter().chain(d.as_slice()).copied().find(|&f| {
                matches!(a.key(f), Key::Sum(..)) && a.expressible(Expr { id: f, neg: true })
            })
        });
    let pending = std::cell::Cell::new(flip.flatten());
    let list = |ids: &[Id]| -> Vec<String> {
        let mut v: Vec<(Reverse<_>, String)> = ids
            .iter()
            .map(|&f| {
                let neg = pending.get() == Some(f);
                if neg {
                    pending.set(None); // only one occurrence carries the sign
                }
                (Reverse(a.node(f).val), factor(a, f, neg))
            })
            .collect();
        v.sort();
        v.into_iter().map(|(_, s)| s).collect()
    };
    let num = list(n.as_slice()).join("×");
    let den = list(d.as_slice());
    match den.len() {
        0 => num,
        1 => format!("{num}/{}", den[0]),
        _ => format!("{num}/({})", den.join("×")),
    }
}
