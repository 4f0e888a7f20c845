//! The named difficulty bands (easy, medium, hard, fiendish) of a game: cut points on the
//! difficulty score at fixed quantiles of the game's own puzzles.
//!
//! "The game's own puzzles" are a fixed sample: [`SAMPLE_BOARDS`] boards dealt from the
//! game's deck with seed [`SAMPLE_SEED`], each against every target of the game's range,
//! every solvable one counted. The bands are the bottom quarter (easy), the next 35%
//! (medium), the next 30% (hard) and the top tenth (fiendish) of their scores. For the three
//! standard games the cut points are constants here, pinned by a test that derives them
//! again; for a game changed by `--pool`, `--pow` or `--unary-minus` they are derived when
//! asked for.

use std::sync::Mutex;

use rayon::prelude::*;
use serde::Serialize;

use crate::error::{Error, Result};
use crate::game::rule_set::{Game, GameKind};

use super::deck::Deck;
use super::rng::Rng;
use super::{Stream, standard_game};
use crate::puzzle::board_run::BoardRun;

/// A named difficulty band.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Band {
    Easy,
    Medium,
    Hard,
    Fiendish,
}

crate::game::named::named!(Band, "band", {
    Easy => "easy",
    Medium => "medium",
    Hard => "hard",
    Fiendish => "fiendish",
});

impl Serialize for Band {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// Boards in the sample the bands are cut from.
pub const SAMPLE_BOARDS: u64 = 300;

/// The seed of that sample.
pub const SAMPLE_SEED: u64 = 0;

/// The quantiles of the sample's scores where one band ends and the next begins.
pub const QUANTILES: [f64; 3] = [0.25, 0.60, 0.90];

/// A game's bands: the scores (predicted ln seconds) at [`QUANTILES`].
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Bands {
    pub cuts: [f64; 3],
}

/// The cut points of the standard games, as [`derive`] gives them (a test checks).
const DIGITS: Bands = Bands {
    cuts: [3.28637945075441, 4.141042690950962, 4.800415702335234],
};
const COUNTDOWN: Bands = Bands {
    cuts: [3.57201024839576, 4.301116852822758, 4.85283647449622],
};
const TWENTY_FOUR: Bands = Bands {
    cuts: [2.2685495559609534, 2.7270011040653097, 3.2115182645398175],
};

impl Bands {
    /// The bands of `game` (its own target range): the constants for a standard game,
    /// otherwise derived, once per game for the process (a study's draws ask again for each
    /// band, and a derivation solves 300 boards).
    pub fn of(game: &Game) -> Result<Bands> {
        static DERIVED: Mutex<Vec<(Game, Bands)>> = Mutex::new(Vec::new());
        if let Some(b) = Bands::known(game) {
            return Ok(b);
        }
        let derived = |d: &[(Game, Bands)]| d.iter().find(|(g, _)| g == game).map(|&(_, b)| b);
        if let Some(b) = derived(&DERIVED.lock().unwrap_or_else(|e| e.into_inner())) {
            return Ok(b);
        }
        let b = derive(game)?;
        DERIVED
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push((game.clone(), b));
        Ok(b)
    }

    /// The bands of a standard game whose cut points are constants (Digits, Countdown, the
    /// 24 game as dealt), without deriving anything; `None` for any other game.
    pub fn known(game: &Game) -> Option<Bands> {
        match GameKind::ALL
            .into_iter()
            .find(|&k| standard_game(k) == *game)
        {
            Some(GameKind::Digits) => Some(DIGITS),
            Some(GameKind::Countdown) => Some(COUNTDOWN),
            Some(GameKind::TwentyFour) => Some(TWENTY_FOUR),
            _ => None,
        }
    }

    /// The share of the game's own puzzles in band `b`.
    pub fn share(b: Band) -> f64 {
        let q = QUANTILES;
        match b {
            Band::Easy => q[0],
            Band::Medium => q[1] - q[0],
            Band::Hard => q[2] - q[1],
            Band::Fiendish => 1.0 - q[2],
        }
    }

    /// The scores of band `b`, `lo ≤ score < hi`.
    pub fn range(&self, b: Band) -> (f64, f64) {
        let c = self.cuts;
        match b {
            Band::Easy => (f64::NEG_INFINITY, c[0]),
            Band::Medium => (c[0], c[1]),
            Band::Hard => (c[1], c[2]),
            Band::Fiendish => (c[2], f64::INFINITY),
        }
    }

    /// The band a score falls in.
    pub fn band_of(&self, score: f64) -> Band {
        Band::ALL
            .into_iter()
            .find(|&b| score < self.range(b).1)
            .unwrap_or(Band::Fiendish)
    }
}

/// Cuts the bands of `game` from its sample of puzzles.
pub fn derive(game: &Game) -> Result<Bands> {
    let deck = Deck::of(game)?;
    let (lo, hi) = (*game.targets.start(), *game.targets.end());
    let per_board: Vec<Vec<f64>> = (0..SAMPLE_BOARDS)
        .into_par_iter()
        .map(|i| {
            let board = deck.draw(&mut Rng::new(SAMPLE_SEED, Stream::Bands as u64, i))?;
            let run = BoardRun::build(game, &board, lo, hi)?;
            Ok((lo..=hi)
                .filter_map(|t| run.assess(t).map(|a| a.difficulty))
                .collect())
        })
        .collect::<Result<_>>()?;
    let mut scores: Vec<f64> = per_board.concat();
    if scores.is_empty() {
        return Err(Error::input(format!(
            "no solvable puzzle in {SAMPLE_BOARDS} boards of this game: it has no difficulty bands"
        )));
    }
    scores.sort_by(f64::total_cmp);
    let n = scores.len();
    // Nearest rank: the smallest score with at least a share q of the scores at or below it.
    let at = |q: f64| scores[((q * n as f64).ceil() as usize).clamp(1, n) - 1];
    Ok(Bands {
        cuts: QUANTILES.map(at),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The constants are what the derivation gives. When the difficulty model changes, this
    /// fails and prints the new constants to paste above.
    #[test]
    fn the_standard_bands_are_derived_from_the_games_own_puzzles() {
        let mut stale = Vec::new();
        for (kind, constant) in [
            (GameKind::Digits, DIGITS),
            (GameKind::Countdown, COUNTDOWN),
            (GameKind::TwentyFour, TWENTY_FOUR),
        ] {
            let derived = derive(&standard_game(kind)).unwrap();
            if derived.cuts != constant.cuts {
                stale.push(format!("{kind}: cuts: {:?}", derived.cuts));
            }
        }
        assert!(
            stale.is_empty(),
            "update the constants: {}",
            stale.join("; ")
        );
    }

    #[test]
    fn scores_fall_in_one_band_each() {
        let b = Bands {
            cuts: [1.0, 2.0, 3.0],
        };
        assert_eq!(b.band_of(0.5), Band::Easy);
        assert_eq!(b.band_of(1.0), Band::Medium);
        assert_eq!(b.band_of(2.5), Band::Hard);
        assert_eq!(b.band_of(3.0), Band::Fiendish);
        assert_eq!(b.range(Band::Hard), (2.0, 3.0));
    }
}
