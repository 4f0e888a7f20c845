//! The state graph of one puzzle: every board state an attempt can reach (multisets of
//! values), its edges the game's moves, built once per puzzle by a memoized walk, children
//! before parents, so that both ways of playing ([`super::restart`], [`super::search`])
//! evaluate it for any weights without walking the board again.

use rustc_hash::FxHashMap;

use crate::game::moves::{Dedup, Move, Tile, board_tile, moves_into};
use crate::game::number::Number;
use crate::game::rules::Rules;

use super::move_features::{MoveFeatures, Step, Weights, features};
use super::strategy::Player;

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
        let (states, moves) = LAST_SIZE.get();
        let mut b = Builder {
            target: t,
            rules: *rules,
            memo: FxHashMap::with_capacity_and_hasher(states, Default::default()),
            nodes: Vec::with_capacity(states),
            edges: Vec::with_capacity(moves),
            first: Vec::new(),
            buffers: (0..=start.len()).map(|_| Buffers::default()).collect(),
        };
        b.visit(&start, true)?;
        LAST_SIZE.set((b.nodes.len(), b.edges.len()));
        Ok(Some(Graph {
            nodes: b.nodes,
            edges: b.edges,
            first: b.first,
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
mod tests {
    use super::*;
    use crate::game::number::{Int, Rational};
    use crate::game::rule_set::{Game, GameKind};
    use crate::player::restart::play;
    use crate::player::strategy::Strategy;

    fn digits() -> Rules {
        Game::preset(GameKind::Digits).rules
    }

    fn twenty_four() -> Rules {
        Game::preset(GameKind::TwentyFour).rules
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    #[test]
    fn two_numbers_by_hand() {
        // Digits 2 3 → 6: 3 + 2, 3 × 2, 3 − 2 are the moves; one of three succeeds.
        let o = play::<Int>(&[2, 3], &digits(), 6, &Weights::UNIFORM)
            .unwrap()
            .unwrap();
        assert!(close(o.p_success, 1.0 / 3.0) && close(o.attempt_moves, 1.0));
        assert!(close(o.moves(), 3.0));
        // 24 game 4 6 → 24: 10, 24, 2, −2, 3/2, 2/3; with weight w on `hits` the player
        // picks 6 × 4 with probability eʷ / (eʷ + 5).
        let o = play::<Rational>(&[4, 6], &twenty_four(), 24, &Weights::UNIFORM)
            .unwrap()
            .unwrap();
        assert!(close(o.p_success, 1.0 / 6.0) && close(o.moves(), 6.0));
        let mut w = Weights::UNIFORM;
        w.0[0] = 2.0;
        let o = play::<Rational>(&[4, 6], &twenty_four(), 24, &w)
            .unwrap()
            .unwrap();
        let e = 2f64.exp();
        assert!(close(o.p_success, e / (e + 5.0)));
    }

    #[test]
    fn three_numbers_by_hand() {
        // Digits 1 2 3 → 6: eleven first moves (1,2: + × − ÷; 1,3: + × − ÷; 2,3: + × −).
        // 2 × 3 succeeds at once; {3,3}, and {2,3} four times, succeed with 1/3 (3 + 3 and
        // 2 × 3 among three moves), {2,4} and {1,5} with 1/4, {1,3}, {2,2}, {1,1} never. So
        // P = (5/3 + 2/4 + 1) / 11 = 19/66, and an attempt makes 1 + 10/11 moves.
        let g = Graph::build::<Int>(&[1, 2, 3], &digits(), 6)
            .unwrap()
            .unwrap();
        let o = g.evaluate(&Weights::UNIFORM);
        assert!(close(o.p_success, 19.0 / 66.0), "{o}");
        assert!(close(o.attempt_moves, 21.0 / 11.0), "{o}");
        let first = g.first_moves(&uniform(Strategy::Restarts));
        assert_eq!(first.len(), 11);
        assert!(first.iter().all(|(_, p)| close(*p, 1.0 / 11.0)));
        assert_eq!(first[0].0, "2 + 1 = 3");
    }

    #[test]
    fn a_state_reached_by_many_moves_is_one_node() {
        // Digits 1 2 3 → 6: the board; the eight pairs its eleven moves leave ({2,3} by four
        // of them, {3,3}, {2,4}, {1,5}, {1,3}, {2,2}, {1,1}, and {1,6}, solved); the eight
        // single values the pairs' moves leave (1, 2, 3, 4, 5, 6, 8, 9). Seventeen states.
        let g = Graph::build::<Int>(&[1, 2, 3], &digits(), 6)
            .unwrap()
            .unwrap();
        assert_eq!(g.states(), 17);
    }

    #[test]
    fn joining_digits_is_a_move() {
        // Make-10 joining digits, 0 1 → 10: 1 + 0, 1 × 0, 1 − 0, 0 − 1, 0 ÷ 1 and 1 ‖ 0 (0 ‖ 1
        // would lead with a 0, 1 ÷ 0 divides by it); only the join makes 10.
        let mut rules = Game::preset(GameKind::Make10).rules;
        rules.concat = true;
        let g = Graph::build::<Rational>(&[1, 0], &rules, 10)
            .unwrap()
            .unwrap();
        let o = g.evaluate(&Weights::UNIFORM);
        assert!(
            close(o.p_success, 1.0 / 6.0) && close(o.attempt_moves, 1.0),
            "{o}"
        );
        let first = g.first_moves(&uniform(Strategy::Restarts));
        assert_eq!(first.len(), 6);
        assert_eq!(first[5].0, "1 ‖ 0 = 10");
        // A computed 1 never joins: 1 1 2 → 12 takes 1 ‖ 2 from the board's own digits.
        let g = Graph::build::<Rational>(&[1, 1, 2], &rules, 12)
            .unwrap()
            .unwrap();
        let without = {
            let mut r = rules;
            r.concat = false;
            Graph::build::<Rational>(&[1, 1, 2], &r, 12)
                .unwrap()
                .unwrap()
        };
        assert!(g.evaluate(&Weights::UNIFORM).p_success > 0.0);
        assert_eq!(without.evaluate(&Weights::UNIFORM).p_success, 0.0);
    }

    fn uniform(strategy: Strategy) -> Player {
        Player {
            strategy,
            weights: Weights::UNIFORM,
        }
    }

    #[test]
    fn equal_first_moves_are_one_move_with_the_chance_of_its_copies_or_of_one() {
        // 24 game 3 3 8: the pair 3, 3 has four moves; 3, 8 twice over has six. A restarting
        // player picks one of the sixteen: 8 + 3 = 11 with 2/16. A searcher sees ten moves.
        let g = Graph::build::<Rational>(&[3, 3, 8], &twenty_four(), 24)
            .unwrap()
            .unwrap();
        let restarts = g.first_moves(&uniform(Strategy::Restarts));
        assert_eq!(restarts.len(), 10);
        assert_eq!(restarts[0].0, "8 + 3 = 11");
        assert!(close(restarts[0].1, 2.0 / 16.0) && close(restarts[9].1, 1.0 / 16.0));
        let search = g.first_moves(&uniform(Strategy::Search));
        assert!(search.len() == 10 && search.iter().all(|(_, p)| close(*p, 0.1)));
    }

    #[test]
    fn a_board_holding_the_target_is_solved_in_no_moves_where_numbers_may_go_unused() {
        let o = play::<Int>(&[5, 6, 7], &digits(), 6, &Weights::UNIFORM)
            .unwrap()
            .unwrap();
        assert_eq!((o.p_success, o.attempt_moves), (1.0, 0.0));
        // In the 24 game every card must be used: 24 on the board is not yet a solution.
        let o = play::<Rational>(&[24, 1], &twenty_four(), 24, &Weights::UNIFORM)
            .unwrap()
            .unwrap();
        // 24 + 1, 24 × 1, 24 − 1, 1 − 24, 24 ÷ 1, 1 ÷ 24: two of six leave 24.
        assert!(close(o.p_success, 2.0 / 6.0) && close(o.attempt_moves, 1.0));
    }

    #[test]
    fn a_retargeted_graph_is_a_graph_built_for_the_target() {
        let mut w = Weights::UNIFORM;
        w.0 = [1.0, -0.5, 0.7, -1.0, -2.0, 0.3, -0.4, 0.2, 0.1, -0.6];
        let mut g = Graph::build::<Rational>(&[3, 4, 9, 10], &twenty_four(), 24)
            .unwrap()
            .unwrap();
        for t in [1, 7, 24, 60] {
            assert!(g.retarget(t));
            let fresh = Graph::build::<Rational>(&[3, 4, 9, 10], &twenty_four(), t)
                .unwrap()
                .unwrap();
            assert_eq!(g.evaluate(&w), fresh.evaluate(&w));
        }
        let mut g = Graph::build::<Int>(&[3, 4, 9], &digits(), 24)
            .unwrap()
            .unwrap();
        assert!(!g.retarget(25));
    }

    /// Aims a graph of `numbers` built open at each of `targets`, and compares what the
    /// player does on it, to the bit, with the graph built for the target.
    fn open_graph_is_built_graph<V: Number>(rules: &Rules, numbers: &[i64], targets: &[i64]) {
        let mut w = Weights::UNIFORM;
        w.0 = [1.5, -0.5, 0.7, -1.0, -2.0, 0.3, -0.4, 0.2, 0.1, -0.6];
        let mut open = Graph::build_open::<V>(numbers, rules).unwrap().unwrap();
        for &t in targets {
            let fresh = Graph::build::<V>(numbers, rules, t).unwrap().unwrap();
            assert!(open.retarget(t));
            assert!(open.states() >= fresh.states());
            let (a, b) = (open.prepare(), fresh.prepare());
            assert_eq!(a.evaluate(&w), b.evaluate(&w), "{numbers:?} → {t}");
            assert_eq!(a.search(&w).to_bits(), b.search(&w).to_bits());
        }
    }

    #[test]
    fn an_open_graph_aimed_at_a_target_is_the_graph_built_for_it() {
        // Targets on the board, made in one move, made only late, and never made.
        let cases: [(GameKind, &[i64], &[i64]); 4] = [
            (
                GameKind::Digits,
                &[2, 3, 4, 5],
                &[1, 3, 14, 24, 60, 119, 121],
            ),
            (
                GameKind::Countdown,
                &[5, 5, 10, 25, 50],
                &[1, 5, 50, 250, 317, 999],
            ),
            (GameKind::Krypto, &[1, 2, 2, 7, 9], &[2, 9, 13, 23, 500]),
            (GameKind::Digits, &[1, 1, 3], &[1, 2, 3, 4, 5, 6, 7]),
        ];
        for (kind, numbers, targets) in cases {
            let rules = Game::preset(kind).rules;
            crate::with_number_type!(rules.arithmetic, V => open_graph_is_built_graph::<V>(&rules, numbers, targets));
        }
    }

    #[test]
    fn an_unreachable_target_has_no_chance() {
        let o = play::<Int>(&[1, 2], &digits(), 7, &Weights::UNIFORM)
            .unwrap()
            .unwrap();
        assert_eq!(o.p_success, 0.0);
        assert!(o.moves().is_infinite());
        assert!(
            play::<Int>(&[1, 2], &digits(), 0, &Weights::UNIFORM)
                .unwrap()
                .is_none()
        );
    }
}
