//! A parsed answer judged against a board under a game's rules, in the game's own number
//! domain: every step through [`Rules::apply`], the kernel every engine uses, so that an
//! answer is valid exactly when the engine would build it. A step the kernel refuses is
//! explained by redoing it in wide exact rationals.

use crate::game::board::Board;
use crate::game::join;
use crate::game::number::{Number, Op, Wide};
use crate::game::rule_set::Game;
use crate::game::rules::{Arithmetic, Rules};

use super::grammar::{Answer, Literal, Move, Node, Step};
use super::verdict::{Fault, Reason};

/// What a valid answer reaches.
pub(super) struct Reached {
    pub value: Wide,
    pub ops: usize,
}

type Judged<T> = Result<T, Reason>;

/// Judges `answer` on `board` under `game`'s rules, in the domain `V`.
pub(super) fn judge<V: Number>(game: &Game, board: &Board, answer: &Answer) -> Judged<Reached> {
    match answer {
        Answer::Expression(tree, claimed) => expression::<V>(game, board, tree, claimed.as_ref()),
        Answer::Moves(moves) => moves_in::<V>(game, board, moves),
    }
}

fn expression<V: Number>(
    game: &Game,
    board: &Board,
    tree: &Node,
    claimed: Option<&Literal>,
) -> Judged<Reached> {
    operators(game, tree)?;
    let mut left: Vec<i64> = board.numbers().to_vec();
    let mut joins = Vec::new();
    take_numbers(game, board, tree, &mut left, &mut joins)?;
    if game.rules.use_all
        && let Some(n) = left.first()
    {
        return Err(unused(game, &n.to_string()));
    }
    let mut ops = joins.iter().map(|&n| join::digits(n) as usize - 1).sum();
    let value = eval::<V>(&game.rules, tree, &mut ops)?;
    let value = value.to_wide();
    if let Some(c) = claimed
        && c.value != value
    {
        return Err(Reason::new(
            Fault::WrongResult,
            format!(
                "the answer says = {}, but it makes {}",
                show(c.value),
                show(value)
            ),
        ));
    }
    Ok(Reached { value, ops })
}

/// The first operation the game does not allow, left to right.
fn operators(game: &Game, node: &Node) -> Judged<()> {
    match node {
        Node::Num { .. } => Ok(()),
        Node::Neg { arg, .. } => {
            if !game.rules.unary_minus {
                return Err(no_unary_minus(game));
            }
            operators(game, arg)
        }
        Node::Bin { op, l, r, .. } => {
            operators(game, l)?;
            if *op == Op::Pow && !game.rules.pow {
                return Err(no_powers(game));
            }
            operators(game, r)
        }
    }
}

fn no_unary_minus(game: &Game) -> Reason {
    Reason::new(
        Fault::Operator,
        format!(
            "unary minus is not allowed in {} (a − needs a number on each side)",
            game.kind
        ),
    )
}

fn no_powers(game: &Game) -> Reason {
    Reason::new(
        Fault::Operator,
        format!(
            "`^` is not allowed: {} has no powers (--pow allows them)",
            game.kind
        ),
    )
}

/// Takes each number the expression names from the board numbers `left`, left to right;
/// where the rules join digits, a number not on the board may be its digits joined.
fn take_numbers(
    game: &Game,
    board: &Board,
    node: &Node,
    left: &mut Vec<i64>,
    joins: &mut Vec<i64>,
) -> Judged<()> {
    match node {
        Node::Num { value, .. } => take_number(game, board, *value, left, joins),
        Node::Neg { arg, .. } => take_numbers(game, board, arg, left, joins),
        Node::Bin { l, r, .. } => {
            take_numbers(game, board, l, left, joins)?;
            take_numbers(game, board, r, left, joins)
        }
    }
}

fn take_number(
    game: &Game,
    board: &Board,
    n: i64,
    left: &mut Vec<i64>,
    joins: &mut Vec<i64>,
) -> Judged<()> {
    if take(left, n) {
        return Ok(());
    }
    if game.rules.concat && n >= 10 && n <= game.rules.limit {
        let mut trial = left.clone();
        let digits = n.to_string();
        if digits
            .bytes()
            .all(|d| take(&mut trial, i64::from(d - b'0')))
        {
            *left = trial;
            joins.push(n);
            return Ok(());
        }
    }
    let have = board.numbers().iter().filter(|&&m| m == n).count();
    let numbers = board.to_string();
    if have == 0 {
        let join = if game.rules.concat {
            ", nor its digits there to join"
        } else {
            ""
        };
        return Err(Reason::new(
            Fault::NotOnBoard,
            format!("{n} is not on the board ({numbers}){join}"),
        ));
    }
    let times = if have == 1 {
        "once".to_string()
    } else {
        format!("{have} times")
    };
    Err(Reason::new(
        Fault::UsedTooOften,
        format!("{n} is used more often than the board ({numbers}) has it: {times}"),
    ))
}

/// Removes one `n` from `left`, if there is one.
fn take(left: &mut Vec<i64>, n: i64) -> bool {
    match left.iter().position(|&m| m == n) {
        Some(i) => {
            left.remove(i);
            true
        }
        None => false,
    }
}

fn unused(game: &Game, what: &str) -> Reason {
    Reason::new(
        Fault::Unused,
        format!("{what} is not used: {} uses every number", game.kind),
    )
}

fn eval<V: Number>(rules: &Rules, node: &Node, ops: &mut usize) -> Judged<V> {
    match node {
        Node::Num { value, .. } => {
            // Board numbers are in the domain (the board was checked), and so are joins:
            // whole numbers no larger than the limit.
            V::from_int(*value).ok_or_else(|| too_large(&value.to_string(), rules))
        }
        Node::Neg { arg, .. } => {
            let v = eval::<V>(rules, arg, ops)?;
            v.negate()
                .ok_or_else(|| too_large(&format!("−({v})"), rules))
        }
        Node::Bin { op, l, r, .. } => {
            let a = eval::<V>(rules, l, ops)?;
            let b = eval::<V>(rules, r, ops)?;
            *ops += 1;
            step(rules, *op, a, b)
        }
    }
}

/// `a op b` under `rules`, or why the game refuses it.
fn step<V: Number>(rules: &Rules, op: Op, a: V, b: V) -> Judged<V> {
    rules
        .apply(op, a, b)
        .ok_or_else(|| refused(rules, op, a.to_wide(), b.to_wide()))
}

/// Why the kernel refused `a op b`: the step is redone in wide rationals and its result
/// compared with the domain.
fn refused(rules: &Rules, op: Op, a: Wide, b: Wide) -> Reason {
    // `^` where the game has none never gets here: the operators are checked first.
    let written = format!("{} {} {}", operand(a), op.symbol(), operand(b));
    let exact = match op {
        Op::Add => a.plus(b),
        Op::Sub => a.plus(b.negated()),
        Op::Mul => a.times(b),
        Op::Div if b.num == 0 => {
            return Reason::new(Fault::DivisionByZero, format!("{written} divides by zero"));
        }
        Op::Div => b.recip().and_then(|r| a.times(r)),
        Op::Pow if b.den != 1 => {
            return Reason::new(
                Fault::Exponent,
                format!("{written}: an exponent must be a whole number"),
            );
        }
        Op::Pow if a.num == 0 && b.num <= 0 => {
            return Reason::new(Fault::Exponent, format!("{written} is undefined"));
        }
        // A power the kernel refused is past the limit, but for a fractional or negative
        // result the domain forbids, which a small exponent shows.
        Op::Pow => small_power(a, b.num),
    };
    let Some(exact) = exact else {
        return too_large(&written, rules);
    };
    let arithmetic = rules.arithmetic;
    let outside = match arithmetic {
        Arithmetic::PositiveIntegers => exact.den != 1 || exact.num <= 0,
        Arithmetic::WholeNumbers => exact.den != 1 || exact.num < 0,
        Arithmetic::Integers => exact.den != 1,
        Arithmetic::Rationals => false,
    };
    if outside {
        return Reason::new(
            Fault::Domain,
            format!(
                "{written} = {}, and every step must stay in the {}",
                show(exact),
                arithmetic.describe()
            ),
        );
    }
    too_large(&written, rules)
}

/// `a ^ e` with the exponent cut to at most 4 but of the same parity: the same sign, and
/// whole exactly when `a ^ e` is; `None` past 128 bits.
fn small_power(a: Wide, e: i128) -> Option<Wide> {
    let base = if e < 0 { a.recip()? } else { a };
    let n = match e.unsigned_abs() {
        n @ 0..=4 => n,
        n => 2 + n % 2,
    };
    let mut r = Wide::ONE;
    for _ in 0..n {
        r = r.times(base)?;
    }
    Some(r)
}

fn too_large(written: &str, rules: &Rules) -> Reason {
    let bound = if rules.limit == i64::MAX {
        "64 bits".to_string()
    } else {
        format!(
            "the limit of {}",
            crate::game::words::grouped(rules.limit as u64)
        )
    };
    Reason::new(Fault::TooLarge, format!("{written} is past {bound}"))
}

/// A value as a message writes it: `765`, `3/2`, `-2`.
pub(super) fn show(w: Wide) -> String {
    if w.den == 1 {
        w.num.to_string()
    } else {
        format!("{}/{}", w.num, w.den)
    }
}

/// An operand bracketed when it is a fraction or negative, as moves print them.
fn operand(w: Wide) -> String {
    if w.den == 1 && w.num >= 0 {
        w.num.to_string()
    } else {
        format!("({})", show(w))
    }
}

/// One value in hand during a list of moves: whether it may still be joined (a board digit,
/// or digits joined).
struct Held<V> {
    value: V,
    joinable: bool,
    board: bool,
}

fn moves_in<V: Number>(game: &Game, board: &Board, moves: &[Move]) -> Judged<Reached> {
    let rules = &game.rules;
    let mut held: Vec<Held<V>> = board
        .numbers()
        .iter()
        .map(|&n| Held {
            value: V::from_int(n).expect("board numbers are in the domain"),
            joinable: join::joinable(rules, n),
            board: true,
        })
        .collect();
    let mut last = None;
    let mut ops = 0;
    for (i, m) in moves.iter().enumerate() {
        let at = |r: Reason| Reason::new(r.fault, format!("move {}: {}", i + 1, r.message));
        let (value, joinable) = one_move(game, &mut held, m, &mut ops).map_err(at)?;
        let stated = m.result.ok_or_else(|| {
            at(Reason::new(
                Fault::Syntax,
                "no result stated: write `a op b = c`",
            ))
        })?;
        if stated.value != value.to_wide() {
            return Err(at(Reason::new(
                Fault::WrongResult,
                format!("says = {}, but it is {value}", show(stated.value)),
            )));
        }
        held.push(Held {
            value,
            joinable,
            board: false,
        });
        last = Some(value);
    }
    let value = last.expect("a list of moves has a move");
    if rules.use_all && held.len() > 1 {
        // The last value in hand is the answer; any other is left over.
        let other = &held[0];
        let what = if other.board {
            other.value.to_string()
        } else {
            format!("the result {}", other.value)
        };
        return Err(unused(game, &what));
    }
    Ok(Reached {
        value: value.to_wide(),
        ops,
    })
}

/// Plays one move on the values in hand: its result, and whether that may be joined further.
fn one_move<V: Number>(
    game: &Game,
    held: &mut Vec<Held<V>>,
    m: &Move,
    ops: &mut usize,
) -> Judged<(V, bool)> {
    let rules = &game.rules;
    match m.step {
        Step::Bin(op, a, b) => {
            if op == Op::Pow && !rules.pow {
                return Err(no_powers(game));
            }
            let a = hand(held, a, false)?;
            let b = hand(held, b, false)?;
            *ops += 1;
            Ok((step(rules, op, a.value, b.value)?, false))
        }
        Step::Neg(a) => {
            if !rules.unary_minus {
                return Err(no_unary_minus(game));
            }
            let a = hand(held, a, false)?;
            let v = a.value;
            Ok((
                v.negate()
                    .ok_or_else(|| too_large(&format!("−({v})"), rules))?,
                false,
            ))
        }
        Step::Join(a, b) => {
            if !rules.concat {
                return Err(Reason::new(
                    Fault::Operator,
                    format!("joining digits is not allowed in {}", game.kind),
                ));
            }
            let a = hand(held, a, true)?;
            let b = hand(held, b, true)?;
            *ops += 1;
            let (x, y) = (a.value.as_int(), b.value.as_int());
            let joined = x
                .zip(y)
                .and_then(|(x, y)| join::join(x, y, rules.limit))
                .and_then(V::from_int)
                .ok_or_else(|| {
                    Reason::new(
                        Fault::Operator,
                        format!(
                            "{} ‖ {} is not a join: a leading 0, or past the limit",
                            a.value, b.value
                        ),
                    )
                })?;
            Ok((joined, true))
        }
    }
}

/// Takes the value `lit` from the values in hand (a board digit or a join when `joining`).
fn hand<V: Number>(held: &mut Vec<Held<V>>, lit: Literal, joining: bool) -> Judged<Held<V>> {
    let found = held
        .iter()
        .position(|h| h.value.to_wide() == lit.value && (!joining || h.joinable));
    match found {
        Some(i) => Ok(held.remove(i)),
        None => {
            let what = if joining {
                "a board digit or a join in hand"
            } else {
                "in hand"
            };
            let left: Vec<String> = held.iter().map(|h| h.value.to_string()).collect();
            Err(Reason::new(
                Fault::NotAvailable,
                format!(
                    "{} is not {what} (left: {})",
                    show(lit.value),
                    if left.is_empty() {
                        "nothing".to_string()
                    } else {
                        left.join(" ")
                    }
                ),
            ))
        }
    }
}
