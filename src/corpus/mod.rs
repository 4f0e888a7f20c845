//! Corpora (SPEC §3): the sets of boards a research run covers, each with its game, target
//! range, board weights and groups. Which corpora there are ([`CorpusId`]), how their boards
//! are enumerated ([`enumerate`]) or read ([`nyt`]) and held ([`boards`]), how a run is
//! split into shards ([`shard`]), the cache of sub-board tables the boards of a corpus
//! share, for both engines ([`cache`]), and the tables carried from one chunk of boards to
//! the next ([`carry`]).

pub mod boards;
pub mod cache;
pub mod carry;
pub mod enumerate;
pub mod id;
pub mod nyt;
pub mod shard;

use std::fmt;

use serde::Serialize;

use crate::error::Result;
use crate::game::board::Board;
use crate::game::rule_set::Game;

pub use boards::Boards;
pub use id::CorpusId;
pub use shard::Shard;

/// One board of a corpus.
#[derive(Clone, Debug, PartialEq)]
pub struct CorpusBoard {
    /// Its position in the corpus's enumeration (`board_id` in the tables), kept when a
    /// corpus is cut to a slice.
    pub id: u32,
    pub board: Board,
    /// How many deals (sets of physical cards) give this board.
    pub ways: u64,
    /// Probability of the board as dealt, `ways` over all deals; the weights of a whole
    /// corpus sum to 1.
    pub weight: f64,
    /// `0 large` … for Countdown, `slot 1` … for `nyt`, `all` otherwise.
    pub group: String,
    /// The real puzzle, for `nyt`.
    pub published: Option<Published>,
}

/// A puzzle as it was published.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Published {
    pub date: String,
    pub slot: u8,
    pub target: i64,
}

/// A corpus: which one, its game and its boards in a fixed order.
#[derive(Clone, Debug)]
pub struct Corpus {
    pub id: CorpusId,
    pub game: Game,
    pub boards: Boards,
}

/// How a custom corpus differs from its game's defaults.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Custom {
    pub pool: Option<String>,
    pub size: Option<usize>,
    pub distinct: Option<bool>,
    pub targets: Option<String>,
}

impl fmt::Display for Corpus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({} boards)", self.id, self.boards.len())
    }
}

impl Corpus {
    /// A named corpus (`nyt` reads its puzzles from `nyt`, normally the built-in archive).
    pub fn named(id: CorpusId, nyt: &nyt::Source) -> Result<Corpus> {
        let game = id.game()?;
        let boards = match id {
            CorpusId::Nyt => nyt::read(&game, nyt)?,
            _ => enumerate::boards(&game)?,
        };
        Ok(Corpus { id, game, boards })
    }

    /// A corpus called `name` of every board of `game` changed by `custom`.
    pub fn custom(name: &str, mut game: Game, custom: &Custom) -> Result<Corpus> {
        if let Some(p) = &custom.pool {
            game.pool = p.parse()?;
        }
        if let Some(n) = custom.size {
            game.size = n;
        }
        if let Some(d) = custom.distinct {
            game.distinct = d;
        }
        if let Some(t) = &custom.targets {
            game.targets = crate::game::pool::parse_targets(t)?;
        }
        game.check()?;
        let boards = enumerate::boards(&game)?;
        Ok(Corpus {
            id: CorpusId::Custom(name.to_string()),
            game,
            boards,
        })
    }

    /// The corpus's folder name under the data folder.
    pub fn name(&self) -> String {
        self.id.to_string()
    }

    /// Whether the corpus has groups beyond `all`.
    pub fn grouped(&self) -> bool {
        (0..self.boards.len()).any(|i| self.boards.group(i) != "all")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corpora_have_the_published_sizes_and_weights() {
        let root = &nyt::Source::Embedded;
        let sizes = [
            ("digits", 177_100),
            ("countdown", 13_243),
            ("24", 1_820),
            ("24-nine", 495),
            ("nyt", 450),
        ];
        for (name, n) in sizes {
            let c = Corpus::named(name.parse().unwrap(), root).unwrap();
            assert_eq!(c.boards.len(), n, "{name}");
            let total: f64 = c.boards.iter().map(|b| b.weight).sum();
            assert!((total - 1.0).abs() < 1e-9, "{name} weights sum to {total}");
        }
        let c = Corpus::named(CorpusId::Countdown, root).unwrap();
        let by_large: Vec<usize> = (0..=4)
            .map(|k| {
                c.boards
                    .iter()
                    .filter(|b| b.group == format!("{k} large"))
                    .count()
            })
            .collect();
        assert_eq!(by_large, [2_850, 5_808, 3_690, 840, 55]);
        assert!("chess".parse::<CorpusId>().is_err());
    }
}
