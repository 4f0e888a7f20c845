//! The state graph of one puzzle: every board state an attempt can reach (multisets of
//! values), its edges the game's moves, built once per puzzle by a memoized walk, children
//! before parents, so that both ways of playing ([`super::restart`], [`super::search`])
//! evaluate it for any weights without walking the board again.

use crate::game::moves::{Tile, board_tile};
use crate::game::number::Number;
use crate::game::rules::Rules;

use super::move_features::{MoveFeatures, Step, Weights, features};
use super::strategy::Player;

mod build;

/// What the player does with one puzzle.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outcome {
    /// The probability that one attempt reaches the target.
    pub p_success: f64,
    /// The expected moves of one attempt, successful or not.
    pub attempt_moves: f64,
}

impl Outcome {
    /// The expected moves to the first success, restarting after every failed attempt:
    /// infinite when no attempt can succeed.
    pub fn moves(&self) -> f64 {
        self.attempt_moves / self.p_success
    }
}

/// The most states a puzzle's graph may hold before the walk refuses it (about 200 MB).
pub const MAX_STATES: usize = 1 << 20;

/// The walk refused a puzzle whose state graph exceeds [`MAX_STATES`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the player's state graph exceeds {MAX_STATES} states")]
pub struct StateGraphTooLarge;

/// How an attempt that has reached a state ends there, if it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum End {
    Success,
    Failure,
    /// One value left where every number must be used: a success when it is the target.
    Last(i128, i128),
    Goes,
}

impl End {
    /// Whether an attempt that ends here has reached `target`.
    pub(super) fn solves(self, target: i128) -> bool {
        match self {
            End::Success => true,
            End::Last(num, den) => (num, den) == (target, 1),
            End::Failure | End::Goes => false,
        }
    }
}

#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    pub(super) end: End,
    pub(super) edges: (u32, u32),
}

#[derive(Clone, Copy, Debug)]
pub(super) struct Edge {
    pub(super) child: u32,
    /// How many moves lead the same way by the same step (pairs of equal values, or `8 ÷ −8`
    /// beside `−8 ÷ 8`): the restarting player picks any of them, the searcher sees one.
    pub(super) copies: u32,
    pub(super) step: Step,
}

/// One move from the starting board, for explanations: `a op b = result`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FirstMove {
    pub text: String,
}

/// The state graph of one puzzle, ready to be evaluated for any weights. Where every number
/// must be used the graph does not depend on the target, and [`Graph::retarget`] aims it at
/// another one without a rebuild; elsewhere a graph built open ([`Graph::build_open`]) can be
/// aimed at any target too.
#[derive(Clone, Debug)]
pub struct Graph {
    pub(super) nodes: Vec<Node>,
    pub(super) edges: Vec<Edge>,
    /// The moves of the root, in the order of its edges (equal moves from equal numbers
    /// merged, as at every state).
    pub(super) first: Vec<FirstMove>,
    pub(super) target: i64,
    board: Vec<i64>,
    use_all: bool,
    /// Built for every target where numbers may go unused: no state ends because it holds a
    /// target; a move that makes the graph's target ends the attempt instead (see
    /// [`Prepared::children`]).
    open: bool,
}

/// A graph's move features for its target, computed once for many evaluations.
#[derive(Clone, Debug)]
pub struct Prepared<'g> {
    pub(super) graph: &'g Graph,
    pub(super) features: Vec<MoveFeatures>,
    /// Per edge, the state it leads to: its child, or, in an open graph, [`Prepared::solved`]
    /// for a move that makes the target. A graph built for the target ends the attempt at
    /// every state holding it; in an open graph only such moves lead to those states from a
    /// state without the target, so that the player's figures are the same, to the bit.
    pub(super) children: Vec<u32>,
    /// Whether the starting board of an open graph holds the target, so that there is nothing
    /// to do (a graph built for the target ends at its root).
    pub(super) root_solved: bool,
}

impl Prepared<'_> {
    /// The index of the one solved state that every solving move of an open graph leads to,
    /// one past the graph's own states.
    pub(super) fn solved(&self) -> usize {
        self.graph.nodes.len()
    }

    /// Whether an attempt that reaches state `c` (an index of [`Prepared::children`]) has
    /// reached the target.
    pub(super) fn solves(&self, c: usize) -> bool {
        c == self.solved()
            || self.graph.nodes[c]
                .end
                .solves(i128::from(self.graph.target))
    }
}

impl Graph {
    /// The graph of the board `numbers` aiming at `target` under `rules`: its moves are the
    /// game's ([`crate::game::moves`], as the player counts them: `+ − × ÷`, `^` where the
    /// rules allow it, joining digits where they join them). `None` when the domain cannot
    /// hold the target.
    pub fn build<V: Number>(
        numbers: &[i64],
        rules: &Rules,
        target: i64,
    ) -> Result<Option<Graph>, StateGraphTooLarge> {
        let Some(t) = V::from_int(target) else {
            return Ok(None);
        };
        Graph::walk::<V>(numbers, rules, target, Some(t))
    }

    /// The graph of the board `numbers` for every target (aimed first at 1): where numbers
    /// may go unused, every state an attempt can reach aiming at any target, larger than a
    /// graph built for one target, which ends attempts at the states holding it.
    /// [`Graph::retarget`] aims it at a target, and it is then evaluated as the graph
    /// [`Graph::build`] builds for that target. `None` where the board is not in the domain.
    pub fn build_open<V: Number>(
        numbers: &[i64],
        rules: &Rules,
    ) -> Result<Option<Graph>, StateGraphTooLarge> {
        Graph::walk::<V>(numbers, rules, 1, None)
    }

    fn walk<V: Number>(
        numbers: &[i64],
        rules: &Rules,
        target: i64,
        t: Option<V>,
    ) -> Result<Option<Graph>, StateGraphTooLarge> {
        let mut start: Vec<Tile<V>> = numbers
            .iter()
            .filter_map(|&n| Some(board_tile(rules, V::from_int(n)?)))
            .collect();
        if start.len() != numbers.len() || start.is_empty() {
            return Ok(None);
        }
        start.sort_unstable();
        let build::Walked {
            nodes,
            edges,
            first,
        } = build::walk(&start, rules, t)?;
        Ok(Some(Graph {
            nodes,
            edges,
            first,
            target,
            board: numbers.to_vec(),
            use_all: rules.use_all,
            open: t.is_none() && !rules.use_all,
        }))
    }

    /// Aims the graph at `target` instead; `false` (and nothing changes) where numbers may go
    /// unused and the graph was built for one target, since there an attempt stops at the
    /// target and the graph depends on it. The caller knows the target is in the domain.
    pub fn retarget(&mut self, target: i64) -> bool {
        let aimable = (self.use_all || self.open) && target > 0;
        if aimable {
            self.target = target;
        }
        aimable
    }

    /// States in the graph.
    pub fn states(&self) -> usize {
        self.nodes.len()
    }

    /// Edges (moves, with equal ones merged) in the graph.
    pub fn moves(&self) -> usize {
        self.edges.len()
    }

    /// The move features for the graph's target.
    pub fn prepare(&self) -> Prepared<'_> {
        let largest = self.board.iter().copied().max().unwrap_or(0);
        let target = i128::from(self.target);
        let solved = self.nodes.len() as u32;
        Prepared {
            graph: self,
            features: self
                .edges
                .iter()
                .map(|e| features(e.step, self.target, largest))
                .collect(),
            children: self
                .edges
                .iter()
                .map(
                    |e| match self.open && (e.step.num, e.step.den) == (target, 1) {
                        true => solved,
                        false => e.child,
                    },
                )
                .collect(),
            root_solved: self.open && self.board.contains(&self.target),
        }
    }

    /// What the player does with these weights (see [`Prepared::evaluate`]).
    pub fn evaluate(&self, w: &Weights) -> Outcome {
        self.prepare().evaluate(w)
    }

    /// The player's first moves, most likely first (ties in board order), with the
    /// probability that each is the one it makes (*restarts*: equal moves from equal numbers
    /// are separate picks, summed) or tries (*search*: each distinct move once) first.
    pub fn first_moves(&self, player: &Player) -> Vec<(String, f64)> {
        self.prepare().first_moves(player)
    }
}

#[cfg(test)]
mod tests;
