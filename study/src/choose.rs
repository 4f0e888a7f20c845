//! The puzzles of a study, made once from the plan: drawn in each difficulty band with
//! `generate` (its bands, its seeded draws, each puzzle checked solvable), or a fixed list,
//! each checked against the game's rules and solved. Which puzzles a participant gets is
//! [`assign`]: participant `k` starts `k` places further along, so that every puzzle is
//! played about as often.

use digits_lab::game::board::Board;
use digits_lab::game::rule_set::Game;
use digits_lab::generate::bands::Band;
use digits_lab::generate::span::Wanted;
use digits_lab::progress::Silent;
use digits_lab::request::{GameOptions, GenerateRequest, SolveRequest};

use crate::plan::{Choose, Plan};

/// Why a plan's puzzles cannot be made.
#[derive(Debug, thiserror::Error)]
pub enum ChooseError {
    #[error(
        "{wanted} puzzles per participant but only {listed} listed: a participant would meet one twice"
    )]
    TooFewListed { wanted: usize, listed: usize },
    #[error(
        "{wanted} puzzles per participant but {bands} bands of {per_band}: a participant would meet one twice"
    )]
    TooFewInBands {
        wanted: usize,
        bands: usize,
        per_band: usize,
    },
    /// Listed puzzle `index` (from 1) is refused.
    #[error("puzzle {index}: {why}")]
    Listed { index: usize, why: ListedError },
    /// A band's draw failed (its game's bands cannot be cut, say).
    #[error("{band}: {source}")]
    Draw {
        band: Band,
        source: digits_lab::Error,
    },
    #[error("{band}: only {found} puzzles found of {wanted}")]
    BandShort {
        band: Band,
        found: usize,
        wanted: usize,
    },
}

/// Why a listed puzzle is refused.
#[derive(Debug, thiserror::Error)]
pub enum ListedError {
    #[error("{0} puzzles need a target")]
    NoTarget(digits_lab::game::rule_set::GameKind),
    #[error("a board needs at least two numbers")]
    TooSmall,
    /// The game's rules refuse it.
    #[error("{0}")]
    Refused(digits_lab::Error),
    #[error("{target} cannot be made from {board}")]
    Unreachable { target: i64, board: Board },
    #[error("{target} is on the board {board} already")]
    OnTheBoard { target: i64, board: Board },
}

/// One puzzle of the study.
#[derive(Clone, Debug, PartialEq)]
pub struct StudyPuzzle {
    pub board: Vec<i64>,
    pub target: i64,
    /// The band it was drawn in (`None` for a fixed list).
    pub band: Option<Band>,
    /// The difficulty score (predicted ln seconds), as `solve` gives it.
    pub difficulty: Option<f64>,
}

/// The study's puzzles, in order: band by band, or as listed.
pub fn puzzles(plan: &Plan) -> Result<Vec<StudyPuzzle>, ChooseError> {
    let game = &plan.game;
    match &plan.choose {
        Choose::Fixed(list) => {
            if list.len() < plan.puzzles {
                return Err(ChooseError::TooFewListed {
                    wanted: plan.puzzles,
                    listed: list.len(),
                });
            }
            list.iter()
                .enumerate()
                .map(|(i, p)| {
                    let target = p
                        .target
                        .or(game.target)
                        .ok_or(ListedError::NoTarget(game.kind));
                    target
                        .and_then(|target| checked(game, &p.board, target, None))
                        .map_err(|why| ChooseError::Listed { index: i + 1, why })
                })
                .collect()
        }
        Choose::Bands { bands, per_band } => {
            if plan.puzzles > bands.len() * per_band {
                return Err(ChooseError::TooFewInBands {
                    wanted: plan.puzzles,
                    bands: bands.len(),
                    per_band: *per_band,
                });
            }
            let mut all = Vec::new();
            for (k, &band) in bands.iter().enumerate() {
                // `generate`'s draw in one band: its deck, its bands and its default that the
                // target is never on the board.
                let request = GenerateRequest {
                    game: GameOptions::inline(game.clone()),
                    count: Some(*per_band as u32),
                    difficulty: Some(Wanted::Band(band)),
                    seed: plan.seed.wrapping_add(k as u64),
                    ..GenerateRequest::default()
                };
                let made = request
                    .run(&Silent)
                    .map_err(|source| ChooseError::Draw { band, source })?
                    .generated;
                if made.puzzles.len() < *per_band {
                    return Err(ChooseError::BandShort {
                        band,
                        found: made.puzzles.len(),
                        wanted: *per_band,
                    });
                }
                all.extend(made.puzzles.into_iter().map(|p| StudyPuzzle {
                    board: p.board,
                    target: p.target,
                    band: Some(band),
                    difficulty: Some(p.difficulty),
                }));
            }
            Ok(all)
        }
    }
}

/// A listed puzzle checked: a board of the game, solvable, the target not on it already.
fn checked(
    game: &Game,
    numbers: &[i64],
    target: i64,
    band: Option<Band>,
) -> Result<StudyPuzzle, ListedError> {
    let board = Board::new(game, numbers.to_vec()).map_err(ListedError::Refused)?;
    if board.len() < 2 {
        return Err(ListedError::TooSmall);
    }
    let r = SolveRequest {
        no_moves: true,
        ..SolveRequest::of(game, numbers, target)
    }
    .run()
    .map_err(ListedError::Refused)?;
    match r.counts.min_ops {
        None => Err(ListedError::Unreachable { target, board }),
        Some(0) => Err(ListedError::OnTheBoard { target, board }),
        Some(_) => Ok(StudyPuzzle {
            board: numbers.to_vec(),
            target,
            band,
            difficulty: r.difficulty.map(|a| a.difficulty),
        }),
    }
}

/// The puzzles (indices into the study's list) participant number `k` (from 0) plays.
pub fn assign(plan: &Plan, count: usize, k: u64) -> Vec<usize> {
    let n = plan.puzzles;
    match &plan.choose {
        Choose::Fixed(_) => (0..n)
            .map(|j| ((k as usize % count) * n + j) % count)
            .collect(),
        Choose::Bands { bands, per_band } => (0..n)
            .map(|j| {
                let (band, round) = (j % bands.len(), j / bands.len());
                band * per_band + (k as usize + round) % per_band
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use digits_lab::generate::bands::Bands;
    use digits_lab::generate::standard_game;

    fn plan(text: &str) -> Plan {
        Plan::parse(text).unwrap()
    }

    const HEAD: &str = "puzzles = 3\ntime_limit_s = 60\nconsent = \"ok\"\n";

    #[test]
    fn a_fixed_list_is_checked_and_dealt_in_rotation() {
        let p = plan(&format!(
            "game = \"24\"\n{HEAD}[choose]\nfixed = [{{ board = [1, 3, 4, 6] }}, {{ board = [4, 6, 8, 8] }}, {{ board = [1, 1, 1, 1], target = 5 }}]\n"
        ));
        let e = puzzles(&p).unwrap_err().to_string();
        assert!(e.contains("puzzle 3: 5 cannot be made"), "{e}");
        let p = plan(&format!(
            "game = \"digits\"\n{HEAD}[choose]\nfixed = [{{ board = [1, 3, 7, 10, 25, 50], target = 765 }}, {{ board = [2, 3, 5, 7, 11, 13], target = 100 }}, {{ board = [1, 2, 3, 4, 5, 6], target = 415 }}, {{ board = [1, 2, 4, 5, 10, 25], target = 10 }}]\n"
        ));
        let e = puzzles(&p).unwrap_err().to_string();
        assert!(e.contains("puzzle 4: 10 is on the board"), "{e}");
        let p = plan(&format!(
            "game = \"digits\"\n{HEAD}[choose]\nfixed = [{{ board = [1, 3, 7, 10, 25, 50], target = 765 }}, {{ board = [2, 3, 5, 7, 11, 13], target = 100 }}, {{ board = [1, 2, 3, 4, 5, 6], target = 415 }}, {{ board = [1, 2, 4, 5, 10, 25], target = 11 }}]\n"
        ));
        let ps = puzzles(&p).unwrap();
        assert_eq!(ps.len(), 4);
        assert_eq!(ps[0].target, 765);
        assert_eq!(assign(&p, 4, 0), [0, 1, 2]);
        assert_eq!(assign(&p, 4, 1), [3, 0, 1]);
    }

    #[test]
    fn bands_give_each_participant_one_per_band_in_turn() {
        let p = plan(&format!(
            "game = \"24\"\n{HEAD}[choose]\nbands = [\"easy\", \"fiendish\"]\nper_band = 3\n"
        ));
        let ps = puzzles(&p).unwrap();
        assert_eq!(ps.len(), 6);
        let cuts = Bands::of(&standard_game(p.game.kind)).unwrap();
        for (i, q) in ps.iter().enumerate() {
            let band = if i < 3 { Band::Easy } else { Band::Fiendish };
            assert_eq!(q.band, Some(band));
            assert_eq!(q.target, 24);
            assert_eq!(cuts.band_of(q.difficulty.unwrap()), band);
        }
        assert_eq!(assign(&p, 6, 0), [0, 3, 1]);
        assert_eq!(assign(&p, 6, 2), [2, 5, 0]);
        assert_eq!(
            puzzles(&p).unwrap(),
            ps,
            "the same seed gives the same puzzles"
        );
    }
}
