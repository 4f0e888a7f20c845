//! The task as a dataset's prompt states it to a model: the numbers, the target, the game's
//! rules in words and the answer format the reward functions read.

use crate::game::rule_set::Game;
use crate::game::rules::Arithmetic;

/// The task as a model is asked it: the numbers, the target, the game's rules in words and
/// the answer format the reward functions read (`<answer>…</answer>`).
pub fn prompt(game: &Game, numbers: &[i64], target: i64, no_solution: bool) -> String {
    let rules = &game.rules;
    let ops = if rules.pow {
        "+, -, *, / and ^"
    } else {
        "+, -, * and /"
    };
    let each = if rules.use_all {
        "every number exactly once"
    } else {
        "each number at most once (you need not use them all)"
    };
    let steps = match rules.arithmetic {
        Arithmetic::PositiveIntegers => {
            "Every intermediate result must be a positive whole number."
        }
        Arithmetic::WholeNumbers => {
            "Every intermediate result must be a whole number (0 is allowed)."
        }
        Arithmetic::Integers => {
            "Every intermediate result must be a whole number (negatives are allowed)."
        }
        Arithmetic::Rationals => "Fractions and negative numbers are allowed along the way.",
    };
    let mut extra = String::new();
    if rules.unary_minus {
        extra.push_str(" A minus sign may be put in front of any number or result.");
    }
    if rules.concat {
        extra.push_str(" Digits may be written side by side to make a number (1 and 2 make 12).");
    }
    if no_solution {
        extra.push_str(" If no expression makes the target, answer <answer>no solution</answer>.");
    }
    let list: Vec<String> = numbers.iter().map(i64::to_string).collect();
    format!(
        "Using the numbers [{}], make {target}. You may use {ops} and brackets, with {each}. \
         {steps}{extra} Show your work in <think> </think> tags, then give the final expression \
         in <answer> </answer> tags, for example <answer>(1 + 2) * 3</answer>.",
        list.join(", ")
    )
}
