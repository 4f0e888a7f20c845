//! The player's move preferences fitted on the moves people made, not on their times (the
//! study page's log, `digits-lab study prefs`): each move a person made is a choice among the
//! moves open on the board at that moment, the player's own moves ([`Choice::of`]: the game's
//! moves as the player counts them, [`crate::game::moves`], each with the player's features),
//! and the player's softmax over the move features ([`crate::player::move_features::softmax`]) is
//! fitted to those choices by maximum likelihood. Beside [`super::player_fit`], which fits the
//! same weights to people's times; reported beside the uniform player and the player the
//! model carries.

use crate::game::moves::{Dedup, Move, Tile, moves};
use crate::game::number::Number;
use crate::game::rules::Rules;
use crate::player::move_features::{N, softmax};
use crate::player::{MoveFeatures, Step, Weights, features};

use super::Fitted;
use super::player_fit::BOUND;

/// One choice a person made: each option's features and copies, and the option taken.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    pub options: Vec<(MoveFeatures, f64)>,
    pub chosen: usize,
}

impl Choice {
    /// The move `chosen` made on `board` (tiles in any order) under `rules`, aiming at
    /// `target` on a puzzle whose largest starting number is `largest`, as a choice among the
    /// board's moves as the player sees them; `None` when it is not one of them.
    pub fn of<V: Number>(
        rules: &Rules,
        board: &[Tile<V>],
        chosen: &Move<V>,
        target: i64,
        largest: i64,
    ) -> Option<Choice> {
        let open = moves(rules, board, Dedup::Player);
        Some(Choice {
            chosen: open.iter().position(|m| m.same(chosen))?,
            options: open
                .iter()
                .map(|m| (features(Step::of(m), target, largest), f64::from(m.copies)))
                .collect(),
        })
    }
}

/// What the fit found.
#[derive(Clone, Debug)]
pub struct MoveFit {
    pub choices: usize,
    /// Mean log-likelihood per choice of the uniform player, the carried player, the fitted.
    pub uniform: f64,
    pub carried: f64,
    pub fitted: f64,
    pub weights: Weights,
}

/// The mean log-likelihood per choice of the player with weights `w`, and its gradient.
fn likelihood(w: &Weights, choices: &[Choice]) -> (f64, [f64; N]) {
    let mut ll = 0.0;
    let mut grad = [0.0; N];
    let mut chance = Vec::new();
    for c in choices {
        chance.clear();
        chance.extend(c.options.iter().map(|(f, _)| w.preference(f)));
        let total = softmax(&mut chance, c.options.iter().map(|&(_, n)| n));
        ll += (chance[c.chosen] / total).ln();
        // The gradient of ln P(chosen): its features less their expectation over the options.
        for (k, g) in grad.iter_mut().enumerate() {
            let expected: f64 = c
                .options
                .iter()
                .zip(&chance)
                .map(|((f, _), m)| m / total * f[k])
                .sum();
            *g += c.options[c.chosen].0[k] - expected;
        }
    }
    let n = choices.len().max(1) as f64;
    (ll / n, grad.map(|g| g / n))
}

/// Fits the weights to `choices` by gradient ascent with a small ridge penalty (the
/// log-likelihood is concave), from the uniform player; weights kept within ±[`BOUND`] as the
/// time fit keeps them.
pub fn fit(choices: &[Choice]) -> MoveFit {
    const RIDGE: f64 = 1e-3;
    let objective = |w: &[f64; N]| {
        let (ll, g) = likelihood(&Weights(*w), choices);
        let pen: f64 = w.iter().map(|x| x * x).sum::<f64>() * RIDGE;
        let mut grad = g;
        for (gk, wk) in grad.iter_mut().zip(w) {
            *gk -= 2.0 * RIDGE * wk;
        }
        (ll - pen, grad)
    };
    let mut w = [0.0; N];
    let (mut value, mut grad) = objective(&w);
    let mut step = 1.0;
    for _ in 0..500 {
        let trial: [f64; N] = std::array::from_fn(|k| (w[k] + step * grad[k]).clamp(-BOUND, BOUND));
        let (v, g) = objective(&trial);
        if v > value {
            let gain = v - value;
            (w, value, grad) = (trial, v, g);
            step *= 1.5;
            if gain < 1e-10 {
                break;
            }
        } else {
            step /= 2.0;
            if step < 1e-9 {
                break;
            }
        }
    }
    let carried = Fitted::embedded().player().weights;
    MoveFit {
        choices: choices.len(),
        uniform: likelihood(&Weights::UNIFORM, choices).0,
        carried: likelihood(&carried, choices).0,
        fitted: likelihood(&Weights(w), choices).0,
        weights: Weights(w),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::moves::board_tile;
    use crate::game::number::{Int, Op, Rational};
    use crate::game::rule_set::{Game, GameKind};

    /// Choices made by a known player are fitted back to it (its weight on `hits` found).
    #[test]
    fn the_fit_finds_a_players_preference() {
        // Two options each time: one hits the target, one does not; the hit is chosen 80% of
        // the time, so the fitted `hits` weight is ln 4.
        let hit: MoveFeatures = std::array::from_fn(|k| if k == 0 { 1.0 } else { 0.0 });
        let miss: MoveFeatures = [0.0; N];
        let choices: Vec<Choice> = (0..100)
            .map(|i| Choice {
                options: vec![(hit, 1.0), (miss, 1.0)],
                chosen: usize::from(i % 5 == 0),
            })
            .collect();
        let p = fit(&choices);
        assert!((p.weights.0[0] - 4f64.ln()).abs() < 0.05, "{:?}", p.weights);
        assert!(p.fitted > p.uniform);
        assert!((p.uniform - 0.5f64.ln()).abs() < 1e-12);
    }

    #[test]
    fn a_choice_is_among_the_players_own_moves() {
        // 24 game 3 3 8, 3 × 8 from the second 3: one of the player's ten moves, with the
        // copies of the first 3's.
        let rules = Game::preset(GameKind::TwentyFour).rules;
        let board: Vec<Tile<Rational>> = [3, 8, 3]
            .iter()
            .map(|&n| board_tile(&rules, Rational::from_int(n).unwrap()))
            .collect();
        let chosen = Move::new(&rules, &board, (2, 1), Some(Op::Mul)).unwrap();
        let c = Choice::of(&rules, &board, &chosen, 24, 8).unwrap();
        assert_eq!(c.options.len(), 10);
        assert_eq!(c.options.iter().map(|o| o.1).sum::<f64>(), 16.0);
        assert_eq!(
            (c.options[c.chosen].0[0], c.options[c.chosen].1),
            (1.0, 2.0)
        );
        // A move the rules forbid is no choice: Digits has no 3 − 8.
        let digits = Game::preset(GameKind::Digits).rules;
        let board: Vec<Tile<Int>> = [3, 8]
            .iter()
            .map(|&n| board_tile(&digits, Int(n)))
            .collect();
        assert!(Move::new(&digits, &board, (0, 1), Some(Op::Sub)).is_none());
    }
}
