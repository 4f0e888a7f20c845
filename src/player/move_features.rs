//! The features of one move that the player's choice weighs, and the weights it gives them.
//!
//! Each feature is a fact about a move a person can see at a glance (the result is a whole
//! number, lands near the target, uses a 1, …). The player's preference for a move is the
//! weighted sum of its features; it picks among the moves of a board with probabilities
//! proportional to `exp(preference)` ([`softmax`]). Weight 0 everywhere is a player who picks
//! uniformly. The moves themselves are the game's ([`crate::game::moves`]).

use serde::{Deserialize, Serialize};

use crate::game::moves::Move;
use crate::game::number::Number;

/// One move feature: its name in the model file and what it says in words.
#[derive(Clone, Copy, Debug)]
pub struct Feature {
    pub name: &'static str,
    pub what: &'static str,
}

/// How many features a move has.
pub const N: usize = 10;

/// The features, in the order [`features`] gives them.
pub const FEATURES: [Feature; N] = [
    Feature {
        name: "hits",
        what: "the result is the target",
    },
    Feature {
        name: "distance",
        what: "how far the result lands from the target: the size of ln(result ÷ target), \
               capped at 4 (4 for 0)",
    },
    Feature {
        name: "factor",
        what: "the result is a whole number from 2 up that divides the target, below it",
    },
    Feature {
        name: "fraction",
        what: "the result is not a whole number",
    },
    Feature {
        name: "non_positive",
        what: "the result is zero or negative",
    },
    Feature {
        name: "uses_one",
        what: "one of the two numbers is a 1",
    },
    Feature {
        name: "climbs",
        what: "the result is larger than both the target and the board's largest number",
    },
    Feature {
        name: "minus",
        what: "the operation is −",
    },
    Feature {
        name: "times",
        what: "the operation is ×",
    },
    Feature {
        name: "divide",
        what: "the operation is ÷",
    },
];

/// The cap on `distance`: results more than e⁴ ≈ 55 times off (or 0) are all equally far.
pub const DISTANCE_CAP: f64 = 4.0;

/// A move's features, in the order of [`FEATURES`].
pub type MoveFeatures = [f64; N];

/// The player's weight for each feature, in the order of [`FEATURES`].
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Weights(pub [f64; N]);

impl Weights {
    /// The player who picks every move with the same probability.
    pub const UNIFORM: Weights = Weights([0.0; N]);

    /// The preference for a move with features `f`.
    pub fn preference(&self, f: &MoveFeatures) -> f64 {
        self.0.iter().zip(f).map(|(w, x)| w * x).sum()
    }
}

/// The player's choice among the moves of a board, in place: each move's preference `z`
/// becomes its weight `copies · e^(z − top)`, `top` the largest preference (so that nothing
/// overflows); returns the weights' sum. The player takes a move with probability its weight
/// over the sum. `copies` gives each move's copies, in order.
pub fn softmax(prefs: &mut [f64], copies: impl IntoIterator<Item = f64>) -> f64 {
    let top = prefs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let mut total = 0.0;
    for (z, c) in prefs.iter_mut().zip(copies) {
        *z = c * (*z - top).exp();
        total += *z;
    }
    total
}

/// What a move does, as the features need it: the operation's symbol (`‖` for joining),
/// whether a 1 is used, the result as an exact fraction `num / den` (`den > 0`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    pub op: char,
    pub uses_one: bool,
    pub num: i128,
    pub den: i128,
}

impl Step {
    /// The step of the game's move `m`.
    pub fn of<V: Number>(m: &Move<V>) -> Step {
        let w = m.result.0.to_wide();
        Step {
            op: m.symbol(),
            uses_one: m.uses_one(),
            num: w.num,
            den: w.den,
        }
    }
}

/// The features of `step` on a board whose largest starting number is `largest`, aiming at
/// `target` (> 0).
pub fn features(step: Step, target: i64, largest: i64) -> MoveFeatures {
    let t = target as f64;
    let whole = step.den == 1;
    let value = step.num as f64 / step.den as f64;
    let distance = if step.num == 0 {
        DISTANCE_CAP
    } else {
        (value.abs() / t).ln().abs().min(DISTANCE_CAP)
    };
    let hits = whole && step.num == i128::from(target);
    let factor = whole
        && step.num >= 2
        && step.num < i128::from(target)
        && i128::from(target) % step.num == 0;
    let climbs = value > t.max(largest as f64);
    let b = |x: bool| if x { 1.0 } else { 0.0 };
    [
        b(hits),
        distance,
        b(factor),
        b(!whole),
        b(step.num <= 0),
        b(step.uses_one),
        b(climbs),
        b(step.op == '−'),
        b(step.op == '×'),
        b(step.op == '÷'),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(op: char, uses_one: bool, num: i128, den: i128) -> Step {
        Step {
            op,
            uses_one,
            num,
            den,
        }
    }

    #[test]
    fn features_of_hand_picked_moves() {
        // 6 × 4 = 24 toward 24: hits, no distance, not a factor (it is the target).
        let f = features(step('×', false, 24, 1), 24, 6);
        assert_eq!(f, [1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0]);
        // 1 ÷ 3 = 1/3 toward 24: a fraction 72 times off, so the capped distance.
        let f = features(step('÷', true, 1, 3), 24, 3);
        assert_eq!(f, [0.0, 4.0, 0.0, 1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0]);
        // 8 − 2 = 6 toward 24: a factor, ln 4 away.
        let f = features(step('−', false, 6, 1), 24, 8);
        assert_eq!(f[2], 1.0);
        assert!((f[1] - 4f64.ln()).abs() < 1e-15);
        // 5 − 5 = 0: non-positive, capped distance; 13 × 13 = 169 climbs past 24 and 13.
        assert_eq!(
            features(step('−', false, 0, 1), 24, 5)[1..5],
            [4.0, 0.0, 0.0, 1.0]
        );
        assert_eq!(features(step('×', false, 169, 1), 24, 13)[6], 1.0);
        assert_eq!(features(step('+', false, 20, 1), 24, 13)[6], 0.0);
        assert_eq!(Weights::UNIFORM.preference(&f), 0.0);
    }
}
