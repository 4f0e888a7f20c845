//! The simulated player's input to the difficulty score as the tables hold it, for every
//! target of one board: the player's exact walk where every number is used (the 24 games),
//! whose state graph does not depend on the target, so one graph per board serves every
//! target; at one chosen target elsewhere (the published puzzle of an `nyt` board), whose
//! graph is built for that target alone; at every other target `None`, and the score takes
//! the player's surrogate (docs/TABLES.md). `analyze` and `generate` both score through it,
//! so a generated puzzle's difficulty is the one its corpus table holds; `hardest` re-ranks
//! its candidates with [`exact_difficulty`].

use crate::error::{Error, Result};
use crate::game::board::Board;
use crate::game::number::Number;
use crate::game::rule_set::Game;
use crate::game::rules::Rules;
use crate::model::Fitted;
use crate::player::{Graph, Player};

use super::{Features, Setting};

/// The most numbers a board may have for its table to walk the player at every target:
/// four cards' state graph has a few hundred boards, five cards' (Krypto) thousands, and
/// walking it at every target took three quarters of the Krypto corpus's time (7 ms a board
/// of 9.6); larger boards take the surrogate in the tables, and `solve` walks them exactly.
pub const EXACT_WALK_MOST: usize = 4;

/// One board's player, aimed at one target after another.
pub struct TableWalk {
    graph: Option<Graph>,
    player: Player,
    /// The target walked exactly where numbers may go unused, and its ln moves.
    exact: Option<(i64, Option<f64>)>,
}

impl TableWalk {
    /// The player of `numbers` under `rules`, first aimed at `lo` (walked only where every
    /// number is used and the model takes the player's input), and walked exactly at
    /// `exact_at` where numbers may go unused.
    pub fn new<V: Number>(
        numbers: &[i64],
        rules: &Rules,
        lo: i64,
        exact_at: Option<i64>,
    ) -> Result<TableWalk> {
        let model = Fitted::embedded();
        let player = model.player();
        let build = |target: i64| {
            Graph::build::<V>(numbers, rules, target).map_err(|e| Error::input(e.to_string()))
        };
        let (graph, exact) = match (model.uses_player(), rules.use_all, exact_at) {
            (false, _, _) => (None, None),
            (true, true, _) if numbers.len() <= EXACT_WALK_MOST => (build(lo.max(1))?, None),
            (true, true, _) => (None, None),
            (true, false, None) => (None, None),
            (true, false, Some(t)) => {
                let walked = build(t)?.and_then(|g| player.ln_moves(&g.prepare()));
                (None, Some((t, walked)))
            }
        };
        Ok(TableWalk {
            graph,
            player,
            exact,
        })
    }

    /// The player's ln(expected moves to its first success) at `target`, `None` where the
    /// score takes the surrogate instead.
    pub fn ln_moves(&mut self, target: i64) -> Option<f64> {
        if let Some((t, walked)) = self.exact {
            return if t == target { walked } else { None };
        }
        let player = &self.player;
        self.graph.as_mut().and_then(|g| {
            g.retarget(target)
                .then(|| player.ln_moves(&g.prepare()))
                .flatten()
        })
    }
}

/// The difficulty of the puzzle `numbers` → `target`, whose exact features are `features`,
/// with the player's exact walk at that target (as `solve` scores it); `None` where the
/// walk is not taken (a model without the player, a state graph too large, or a target only
/// unary minus, which is no move, reaches), and the table's score stands.
pub fn exact_difficulty(
    game: &Game,
    numbers: &[i64],
    target: i64,
    features: &Features,
) -> Option<f64> {
    fn walk<V: Number>(
        numbers: &[i64],
        rules: &Rules,
        target: i64,
        features: &Features,
    ) -> Option<f64> {
        let mut player = TableWalk::new::<V>(numbers, rules, target, Some(target)).ok()?;
        let board = Board::from_checked(numbers.to_vec());
        let l = player.ln_moves(target)?;
        Some(features.score_with(target, Setting::of::<V>(&board, rules), Some(l)))
    }
    crate::with_number_type!(game.rules.arithmetic, V => walk::<V>(numbers, &game.rules, target, features))
}

/// [`exact_difficulty`] of several puzzles of one board, each a target and its exact
/// features. Where numbers may go unused, one state graph built for every target serves
/// them all; a board whose open graph is too large for that has each puzzle walked on its
/// own graph, which ends attempts at the target and so holds fewer states.
pub fn exact_difficulties(
    game: &Game,
    numbers: &[i64],
    puzzles: &[(i64, Features)],
) -> Vec<Option<f64>> {
    fn walk<V: Number>(
        game: &Game,
        numbers: &[i64],
        puzzles: &[(i64, Features)],
    ) -> Vec<Option<f64>> {
        let rules = &game.rules;
        let model = Fitted::embedded();
        let one_by_one = || {
            puzzles
                .iter()
                .map(|(t, f)| exact_difficulty(game, numbers, *t, f))
                .collect()
        };
        if puzzles.len() < 2 || rules.use_all || !model.uses_player() {
            return one_by_one();
        }
        let Ok(Some(mut graph)) = Graph::build_open::<V>(numbers, rules) else {
            return one_by_one();
        };
        let player = model.player();
        let setting = Setting::of::<V>(&Board::from_checked(numbers.to_vec()), rules);
        puzzles
            .iter()
            .map(|(t, f)| {
                V::from_int(*t)?;
                if !graph.retarget(*t) {
                    return exact_difficulty(game, numbers, *t, f);
                }
                let l = player.ln_moves(&graph.prepare())?;
                Some(f.score_with(*t, setting, Some(l)))
            })
            .collect()
    }
    crate::with_number_type!(game.rules.arithmetic, V => walk::<V>(game, numbers, puzzles))
}
