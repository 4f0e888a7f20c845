//! `study prefs`' text: the likelihood per move of the uniform player, the carried one and
//! the one fitted on people's moves, then each feature's weight beside the carried one.

use std::fmt;

use crate::model::Fitted;
use crate::model::move_fit::MoveFit;
use crate::player::FEATURES;

impl fmt::Display for MoveFit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let carried = Fitted::embedded().player().weights;
        writeln!(
            f,
            "{} logged moves; mean log-likelihood per move: uniform player {:.3}, the carried \
             player (fitted on 24-game times) {:.3}, fitted on these moves {:.3}",
            self.choices, self.uniform, self.carried, self.fitted
        )?;
        writeln!(f, "feature        fitted  carried")?;
        for (k, feature) in FEATURES.iter().enumerate() {
            writeln!(
                f,
                "{:<13} {:>7.3}  {:>7.3}",
                feature.name, self.weights.0[k], carried.0[k]
            )?;
        }
        Ok(())
    }
}
