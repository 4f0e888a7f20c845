//! The simulated player's input to the difficulty score as the tables hold it, for every
//! target of one board: the player's exact walk where every number is used (the 24 games),
//! whose state graph does not depend on the target, so one graph per board serves every
//! target; elsewhere `None`, and the score takes the player's surrogate (docs/TABLES.md).
//! `analyze` and `generate` both score through it, so a generated puzzle's difficulty is
//! the one its corpus table holds.

use crate::error::{Error, Result};
use crate::game::number::Number;
use crate::game::rules::Rules;
use crate::model::Fitted;
use crate::model::player_fit::ln_moves;
use crate::player::{Graph, Weights};

/// One board's player, aimed at one target after another.
pub struct TableWalk {
    graph: Option<Graph>,
    weights: Weights,
}

impl TableWalk {
    /// The player of `numbers` under `rules`, first aimed at `lo` (walked only where every
    /// number is used and the model takes the player's input).
    pub fn new<V: Number>(numbers: &[i64], rules: &Rules, lo: i64) -> Result<TableWalk> {
        let model = Fitted::embedded();
        let graph = if rules.use_all && model.uses_player() {
            Graph::build::<V>(numbers, rules, lo.max(1)).map_err(|e| Error::input(e.to_string()))?
        } else {
            None
        };
        Ok(TableWalk {
            graph,
            weights: model.weights(),
        })
    }

    /// The player's ln(expected moves to its first success) at `target`, `None` where the
    /// score takes the surrogate instead.
    pub fn ln_moves(&mut self, target: i64) -> Option<f64> {
        let w = &self.weights;
        self.graph.as_mut().and_then(|g| {
            g.retarget(target)
                .then(|| ln_moves(&g.evaluate(w)))
                .flatten()
        })
    }
}
