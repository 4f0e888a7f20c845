//! The memoized walk that builds a puzzle's state graph: every state an attempt can reach,
//! visited children first, each state stored once, the buffers of a visit reused by state
//! size.

use rustc_hash::FxHashMap;

use crate::game::moves::{Dedup, Move, Tile, moves_into};
use crate::game::number::Number;
use crate::game::rules::Rules;

use super::{Edge, End, FirstMove, MAX_STATES, Node, StateGraphTooLarge};
use crate::player::move_features::Step;

struct Builder<V: Number> {
    /// `None` where the graph is open.
    target: Option<V>,
    rules: Rules,
    memo: FxHashMap<Vec<Tile<V>>, u32>,
    nodes: Vec<Node>,
    edges: Vec<Edge>,
    first: Vec<FirstMove>,
    /// Per state size, the buffers of the state being visited (its moves, its edges, the
    /// state a move leaves): a move leaves one number fewer, so a visit never shares its
    /// buffers with the visits below it, and no state allocates its own.
    buffers: Vec<Buffers<V>>,
}

struct Buffers<V> {
    moves: Vec<Move<V>>,
    edges: Vec<Edge>,
    next: Vec<Tile<V>>,
}

impl<V> Default for Buffers<V> {
    fn default() -> Self {
        Buffers {
            moves: Vec::new(),
            edges: Vec::new(),
            next: Vec::new(),
        }
    }
}

thread_local! {
    /// The states and edges of the last graph this thread built: a new graph reserves as
    /// much, since graphs of one corpus are alike and growing a vector of a hundred thousand
    /// edges copies it each time it doubles.
    static LAST_SIZE: std::cell::Cell<(usize, usize)> = const { std::cell::Cell::new((0, 0)) };
}

impl<V: Number> Builder<V> {
    fn end(&self, state: &[Tile<V>]) -> End {
        if !self.rules.use_all
            && let Some(t) = self.target
            && state.iter().any(|&(v, _)| v == t)
        {
            End::Success
        } else if state.len() == 1 {
            let w = state[0].0.to_wide();
            End::Last(w.num, w.den)
        } else {
            End::Goes
        }
    }

    fn visit(&mut self, state: &[Tile<V>], root: bool) -> Result<u32, StateGraphTooLarge> {
        if let Some(&k) = self.memo.get(state) {
            return Ok(k);
        }
        let end = self.end(state);
        let mut local = std::mem::take(&mut self.buffers[state.len()]);
        local.edges.clear();
        if end == End::Goes {
            moves_into(&self.rules, state, Dedup::Player, &mut local.moves);
            for m in &local.moves {
                // Most children are states already walked, found in the memo by slice: a
                // state is copied only when it is new.
                m.after_into(state, &mut local.next);
                let child = self.visit(&local.next, false)?;
                if root {
                    self.first.push(FirstMove {
                        text: format!("{} {} {} = {}", m.x.0, m.symbol(), m.y.0, m.result.0),
                    });
                }
                local.edges.push(Edge {
                    child,
                    copies: m.copies,
                    step: Step::of(m),
                });
            }
        }
        let end = if end == End::Goes && local.edges.is_empty() {
            End::Failure
        } else {
            end
        };
        if self.nodes.len() >= MAX_STATES {
            return Err(StateGraphTooLarge);
        }
        let start = self.edges.len() as u32;
        self.edges.extend_from_slice(&local.edges);
        self.buffers[state.len()] = local;
        let k = self.nodes.len() as u32;
        self.nodes.push(Node {
            end,
            edges: (start, self.edges.len() as u32),
        });
        self.memo.insert(state.to_vec(), k);
        Ok(k)
    }
}

/// What the walk from a board found: every state an attempt can reach, children stored
/// before their parents, their edges, and the board's first moves written out.
pub(super) struct Walked {
    pub nodes: Vec<Node>,
    pub edges: Vec<Edge>,
    pub first: Vec<FirstMove>,
}

/// The walk from `start`.
pub(super) fn walk<V: Number>(
    start: &[Tile<V>],
    rules: &Rules,
    target: Option<V>,
) -> Result<Walked, StateGraphTooLarge> {
    let (states, moves) = LAST_SIZE.get();
    let mut b = Builder {
        target,
        rules: *rules,
        memo: FxHashMap::with_capacity_and_hasher(states, Default::default()),
        nodes: Vec::with_capacity(states),
        edges: Vec::with_capacity(moves),
        first: Vec::new(),
        buffers: (0..=start.len()).map(|_| Buffers::default()).collect(),
    };
    b.visit(start, true)?;
    LAST_SIZE.set((b.nodes.len(), b.edges.len()));
    Ok(Walked {
        nodes: b.nodes,
        edges: b.edges,
        first: b.first,
    })
}
