//! The model's inputs: the few numbers, read off a puzzle's exact features, from which it
//! predicts how long people take. Each is defined for every game; the model was fitted on the
//! 24 game, where all of them vary (in Digits and Countdown `fractions` is always 0).

use crate::features::{Features, Setting};

/// One input: its name in the model file, why it should matter to a person, and so which
/// way it may move the predicted time.
#[derive(Clone, Copy, Debug)]
pub struct Input {
    pub name: &'static str,
    pub why: &'static str,
    pub direction: Direction,
}

/// Which way an input may move the predicted time, all else equal: a promise made from why
/// it matters, before any fit, and kept by the fit ([`super::ridge::fit`]), so that no fitted
/// weight can say that more solutions make a puzzle slower.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    /// Its weight may take either sign.
    Free,
    /// More of it never predicts less time (weight ≥ 0).
    Slower,
    /// More of it never predicts more time (weight ≤ 0).
    Faster,
}

/// The inputs, in the order the model takes them.
pub const INPUTS: [Input; 5] = [
    Input {
        name: "ln(1 + whole_expressions)",
        why: "solutions a player who stays in the positive integers can find, on a log scale: \
              each doubling of them makes one easier to stumble on",
        direction: Direction::Faster,
    },
    Input {
        name: "ln(first_moves)",
        why: "boards one move can leave: the breadth of the first decision, which a player \
              must weigh before committing",
        direction: Direction::Slower,
    },
    Input {
        name: "ones",
        why: "1s on the board: a free adjustment (× 1, ÷ 1) that players set aside at once",
        direction: Direction::Free,
    },
    Input {
        name: "fractions",
        why: "the fewest values that are not integers a solution computes: a step most \
              players never consider",
        direction: Direction::Slower,
    },
    Input {
        name: "overshoot",
        why: "doublings beyond max(target, largest number) that every solution must climb: \
              people approach a target from nearby values",
        direction: Direction::Slower,
    },
];

/// The player's input: ln of the expected moves to the first solution of the simulated
/// player (`crate::player`), exact where its walk or search is computed and from
/// [`surrogate_inputs`] elsewhere.
pub const PLAYER: Input = Input {
    name: "ln(player moves)",
    why: "the expected moves a simulated player, fitted to people, makes before it first \
          reaches the target, restarting after each failed attempt or searching without \
          repeating itself, as the fit chose: the search a person does, in moves",
    direction: Direction::Slower,
};

/// Every input a model may take: the five exact ones, then the player's.
pub fn all() -> Vec<&'static Input> {
    INPUTS.iter().chain([&PLAYER]).collect()
}

/// The names of every input a model may take ([`all`]).
pub fn all_names() -> Vec<&'static str> {
    all().iter().map(|i| i.name).collect()
}

/// The inputs of the player's surrogate: the exact inputs but `overshoot`, then the fewest
/// operations, whether every solution uses every number, and ln(target). `overshoot` is left
/// out because the random Digits and Countdown puzzles it is fitted on almost never must climb
/// (its sd there is about 0.002): a weight fitted to it is noise, multiplied on the rare
/// puzzle that must climb into tens of ln moves.
pub const SURROGATE: [&str; 7] = [
    "ln(1 + whole_expressions)",
    "ln(first_moves)",
    "ones",
    "fractions",
    "min_ops",
    "uses_all",
    "ln(target)",
];

/// The surrogate's inputs of a puzzle (see [`SURROGATE`]).
pub fn surrogate_inputs(f: &Features, target: i64, s: &Setting) -> [f64; SURROGATE.len()] {
    let [a, b, c, d, _overshoot] = of(f, target, s);
    [
        a,
        b,
        c,
        d,
        f64::from(f.min_ops),
        if f.uses_all { 1.0 } else { 0.0 },
        (target.max(1) as f64).ln(),
    ]
}

/// The inputs of a puzzle at `target` with these features, on a board with this setting.
pub fn of(f: &Features, target: i64, s: &Setting) -> [f64; INPUTS.len()] {
    [
        (f.whole_expressions as f64).ln_1p(),
        f64::from(s.first_moves.max(1)).ln(),
        f64::from(s.ones),
        f64::from(f.fractions),
        overshoot(f.peak, target, s.largest),
    ]
}

/// Doublings of `peak` beyond `max(|target|, largest)`, 0 when it stays below.
pub fn overshoot(peak: u64, target: i64, largest: i64) -> f64 {
    let base = target.abs().max(largest).max(1) as f64;
    (peak as f64 / base).log2().max(0.0)
}
