//! The searching player: the same move preferences as the walk's, played as a person
//! searches: depth first, never trying a move twice, backing up out of a dead end.
//!
//! At each board the searcher orders the distinct moves by a Plackett–Luce draw from the
//! player's softmax (the most preferred is likeliest first, and so on without replacement);
//! it tries them in that order, exhausting each move's branch before the next, and stops at
//! the first solution. A move that solves the puzzle outright is seen and made at once. A
//! branch with no solution costs every move in it (the searcher must rule it out); the
//! expected moves to the first solution follow exactly, children before parents, from a
//! property of Plackett–Luce orders: a move with weight `a` comes before every move of a set
//! with total weight `A` with probability `a / (a + A)`. So, at a board whose solving moves
//! weigh `A` in all,
//!
//! `S = Σ_dead a / (a + A) · (1 + F(child)) + Σ_solving a / A · (1 + S(child))`,
//!
//! where `F` counts the moves of a dead branch. The searcher is what a person who remembers
//! what they tried does; the walk's player ([`super::graph`]) forgets and starts afresh. Which
//! one predicts people better is the fit's choice (`crate::model::nested`).

use super::Weights;
use super::graph::{End, Prepared};
use super::move_features::softmax;

impl Prepared<'_> {
    /// The searcher's expected moves to its first solution with weights `w`; infinite where
    /// the puzzle has none the player's moves reach.
    pub fn search(&self, w: &Weights) -> f64 {
        let g = self.graph;
        if self.root_solved {
            return 0.0;
        }
        let n = g.nodes.len();
        let target = i128::from(g.target);
        // Per board: whether a solution lies below it, the moves that rule its branch out,
        // the expected moves to the first solution; one more board than the graph's, the
        // solved board of an open graph.
        let mut live = vec![false; n + 1];
        let mut dead_moves = vec![0.0f64; n + 1];
        let mut cost = vec![0.0f64; n + 1];
        live[self.solved()] = true;
        // Per move of a board: its child, and its preference, then its weight.
        let mut moves: Vec<usize> = Vec::new();
        let mut weights: Vec<f64> = Vec::new();
        for (k, node) in g.nodes.iter().enumerate() {
            if node.end != End::Goes {
                live[k] = node.end.solves(target);
                continue;
            }
            let range = node.edges.0 as usize..node.edges.1 as usize;
            // The distinct moves are the graph's edges: equal moves (the same two numbers,
            // operation and result) are one edge, whose copies the searcher ignores.
            moves.clear();
            moves.extend(self.children[range.clone()].iter().map(|&c| c as usize));
            live[k] = moves.iter().any(|&c| live[c]);
            dead_moves[k] = moves.iter().map(|&c| 1.0 + dead_moves[c]).sum();
            if !live[k] {
                continue;
            }
            if moves.iter().any(|&c| self.solves(c)) {
                cost[k] = 1.0;
                continue;
            }
            weights.clear();
            weights.extend(self.features[range].iter().map(|f| w.preference(f)));
            softmax(&mut weights, std::iter::repeat(1.0));
            let solving: f64 = moves
                .iter()
                .zip(&weights)
                .filter(|&(&c, _)| live[c])
                .map(|(_, &a)| a)
                .sum();
            cost[k] = moves
                .iter()
                .zip(&weights)
                .map(|(&c, &a)| {
                    if live[c] {
                        a / solving * (1.0 + cost[c])
                    } else {
                        a / (a + solving) * (1.0 + dead_moves[c])
                    }
                })
                .sum();
        }
        if live[n - 1] {
            cost[n - 1]
        } else {
            f64::INFINITY
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::game::number::{Int, Rational};
    use crate::game::rule_set::{Game, GameKind};
    use crate::player::{Graph, Weights};

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    #[test]
    fn small_boards_by_hand() {
        let digits = Game::preset(GameKind::Digits).rules;
        // Digits 2 3 → 6: 3 × 2 solves at once.
        let g = Graph::build::<Int>(&[2, 3], &digits, 6).unwrap().unwrap();
        assert_eq!(g.prepare().search(&Weights::UNIFORM), 1.0);
        // Digits 2 3 4 → 20: no move solves at once. The moves: 3+2=5, 3×2=6, 3−2=1, 4+2=6,
        // 4×2=8, 4−2=2, 4÷2=2, 4+3=7, 4×3=12, 4−3=1 (ten). Only 3 + 2 = 5 leads on (5 × 4);
        // each of the nine others is a dead branch of its own moves, each 1: {5,4} → 20 is
        // live; {6,4}: 10, 24, 2, (6÷4 no) → 3 moves; {1,4}: 5, 4, 3, 4 → 4; {6,3}: 9, 18,
        // 3, 2 → 4; {8,3}: 11, 24, 5 → 3; {2,3} (4−2 and 4÷2 both): 5, 6, 1 → 3; {7,2}: 9,
        // 14, 5 → 3; {12,2}: 14, 24, 10, 6 → 4; {1,2} (4−3): 3, 2, 1, 2 → 4. Uniform: each
        // dead move comes before 3 + 2 with probability ½, so S = 1 + 1 + ½ Σ (1 + F).
        let g = Graph::build::<Int>(&[2, 3, 4], &digits, 20)
            .unwrap()
            .unwrap();
        let dead: f64 = [3.0, 4.0, 4.0, 3.0, 3.0, 3.0, 3.0, 4.0, 4.0]
            .iter()
            .map(|f| 1.0 + f)
            .sum();
        assert!(close(
            g.prepare().search(&Weights::UNIFORM),
            2.0 + dead / 2.0
        ));
        // No solution: infinite.
        let g = Graph::build::<Int>(&[1, 2], &digits, 7).unwrap().unwrap();
        assert!(g.prepare().search(&Weights::UNIFORM).is_infinite());
        // 24 game 4 6: 6 × 4 is seen at once although five other moves come first in order.
        let rules = Game::preset(GameKind::TwentyFour).rules;
        let g = Graph::build::<Rational>(&[4, 6], &rules, 24)
            .unwrap()
            .unwrap();
        assert_eq!(g.prepare().search(&Weights::UNIFORM), 1.0);
    }
}
