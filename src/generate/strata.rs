//! Stratified sets (`generate --stratify`): the puzzles asked for shared equally among the
//! strata of one property — the difficulty band, `min_ops`, the solution count, or whether
//! every solution needs a fraction — each stratum searched with its own constraint and its
//! own sequence of boards, no board used in two strata.

use serde::Serialize;

use crate::engine::Convention;
use crate::error::{Error, Result};
use crate::game::rule_set::Game;
use crate::game::rules::Arithmetic;

use super::bands::{Band, Bands};
use super::constraints::Check;
use super::span::{Span, Wanted};

/// The property a set is stratified by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stratify {
    Band,
    MinOps,
    Solutions,
    Fraction,
}

crate::game::named::named!(
    Stratify,
    unknown = |s| Error::input(format!(
        "--stratify takes band, min-ops, solutions or fraction, not `{s}`"
    )),
    {
        Band => "band",
        MinOps => "min-ops",
        Solutions => "solutions",
        Fraction => "fraction",
    }
);

/// The solution counts a set stratified by `solutions` is shared among.
const SOLUTION_SPANS: [(u64, u64); 4] = [(1, 1), (2, 5), (6, 20), (21, u64::MAX)];

/// The strata of `by` for `game` (boards of `game.size` numbers), each a constraint.
pub fn strata(
    by: Stratify,
    game: &Game,
    bands: Option<&Bands>,
    convention: Convention,
) -> Result<Vec<Check>> {
    Ok(match by {
        Stratify::Band => Band::ALL
            .into_iter()
            .map(|b| Check::difficulty(Wanted::Band(b), bands))
            .collect::<Result<_>>()?,
        Stratify::MinOps => (1..game.size.max(2) as u64)
            .map(|k| Check::MinOps(Span { lo: k, hi: k }))
            .collect(),
        Stratify::Solutions => SOLUTION_SPANS
            .into_iter()
            .map(|(lo, hi)| Check::Solutions(Span { lo, hi }, convention))
            .collect(),
        Stratify::Fraction => {
            if game.rules.arithmetic != Arithmetic::Rationals {
                return Err(Error::input(format!(
                    "--stratify fraction: {} never passes through a fraction ({})",
                    game.kind,
                    game.rules.arithmetic.describe()
                )));
            }
            vec![Check::NeedsFraction(true), Check::NeedsFraction(false)]
        }
    })
}

/// How many of `n` puzzles stratum `k` of `strata` takes: equal shares, the first strata one
/// more while `n` does not divide evenly.
pub fn share(n: usize, strata: usize, k: usize) -> usize {
    n / strata + usize::from(k < n % strata)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rule_set::GameKind;

    #[test]
    fn shares_add_up_and_strata_follow_the_game() {
        assert_eq!(
            (0..3).map(|k| share(10, 3, k)).collect::<Vec<_>>(),
            [4, 3, 3]
        );
        let countdown = Game::preset(GameKind::Countdown);
        let by_ops = strata(Stratify::MinOps, &countdown, None, Convention::Distinct).unwrap();
        assert_eq!(by_ops.len(), 5);
        assert!(strata(Stratify::Fraction, &countdown, None, Convention::Distinct).is_err());
        assert!(strata(Stratify::Band, &countdown, None, Convention::Distinct).is_err());
        let twenty_four = Game::preset(GameKind::TwentyFour);
        assert_eq!(
            strata(Stratify::Fraction, &twenty_four, None, Convention::Distinct).unwrap(),
            [Check::NeedsFraction(true), Check::NeedsFraction(false)]
        );
        assert_eq!("min-ops".parse::<Stratify>().unwrap(), Stratify::MinOps);
    }
}
