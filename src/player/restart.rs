//! The restarting player's exact consequences on a puzzle's state graph ([`super::graph`]),
//! for any weights in one pass: `P(s)`, the probability that an attempt from `s` reaches the
//! target, and `L(s)`, the expected moves it makes before it ends, are averages of the
//! children's under the move probabilities. Restarting after each failure, the expected moves
//! to the first success are `L / P` (Wald's identity: the number of attempts is geometric with
//! mean `1 / P`). Sums are taken in a fixed order, so the figures are the same bytes on every
//! run and thread count.

use std::fmt;

use crate::game::number::Number;
use crate::game::rules::Rules;

use super::graph::{End, Graph, Prepared, StateGraphTooLarge};
use super::move_features::{Weights, softmax};
use super::strategy::{Player, Strategy};

pub use super::graph::Outcome;

impl Prepared<'_> {
    /// What the player does with these weights: one pass over the states, children first.
    pub fn evaluate(&self, w: &Weights) -> Outcome {
        let g = self.graph;
        if self.root_solved {
            return Outcome {
                p_success: 1.0,
                attempt_moves: 0.0,
            };
        }
        // One more state than the graph's: the solved state of an open graph.
        let mut p = vec![0.0f64; g.nodes.len() + 1];
        let mut len = vec![0.0f64; g.nodes.len() + 1];
        p[self.solved()] = 1.0;
        let mut pref = Vec::new();
        let target = i128::from(g.target);
        for (k, node) in g.nodes.iter().enumerate() {
            match node.end {
                End::Success | End::Last(..) | End::Failure => {
                    p[k] = if node.end.solves(target) { 1.0 } else { 0.0 }
                }
                End::Goes => {
                    let range = node.edges.0 as usize..node.edges.1 as usize;
                    let edges = &g.edges[range.clone()];
                    pref.clear();
                    pref.extend(self.features[range.clone()].iter().map(|f| w.preference(f)));
                    let total = softmax(&mut pref, edges.iter().map(|e| f64::from(e.copies)));
                    let (mut sp, mut sl) = (0.0, 0.0);
                    for (&c, &m) in self.children[range].iter().zip(&pref) {
                        sp += m * p[c as usize];
                        sl += m * len[c as usize];
                    }
                    p[k] = sp / total;
                    len[k] = 1.0 + sl / total;
                }
            }
        }
        let root = g.nodes.len() - 1;
        Outcome {
            p_success: p[root],
            attempt_moves: len[root],
        }
    }

    /// See [`Graph::first_moves`].
    pub fn first_moves(&self, player: &Player) -> Vec<(String, f64)> {
        let g = self.graph;
        let root = g.nodes[g.nodes.len() - 1];
        let range = root.edges.0 as usize..root.edges.1 as usize;
        let mut pref: Vec<f64> = self.features[range.clone()]
            .iter()
            .map(|f| player.weights.preference(f))
            .collect();
        let picks = g.edges[range].iter().map(|e| match player.strategy {
            Strategy::Restarts => f64::from(e.copies),
            Strategy::Search => 1.0,
        });
        let total = softmax(&mut pref, picks);
        let mut out: Vec<(String, f64)> = g
            .first
            .iter()
            .zip(&pref)
            .map(|(m, &weight)| (m.text.clone(), weight / total))
            .collect();
        out.sort_by(|a, b| b.1.total_cmp(&a.1));
        out
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "P(an attempt succeeds) {:.4}, {:.2} moves an attempt, {:.2} moves to success",
            self.p_success,
            self.attempt_moves,
            self.moves()
        )
    }
}

/// What the player with weights `w` does with `target` on `numbers` under `rules`; `None`
/// when the domain cannot hold the target.
pub fn play<V: Number>(
    numbers: &[i64],
    rules: &Rules,
    target: i64,
    w: &Weights,
) -> Result<Option<Outcome>, StateGraphTooLarge> {
    Ok(Graph::build::<V>(numbers, rules, target)?.map(|g| g.evaluate(w)))
}
