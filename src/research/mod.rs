//! What the tables say, read from them and never recomputed: rankings of the hardest puzzles
//! ([`rank`], and the `hardest` command's list in [`hardest`]), distributions by target band
//! ([`bands`]), the real NYT puzzles by slot ([`nyt`]), what rule variants change
//! ([`variants`]), which targets make good puzzles ([`targets`]), and everything the report and charts use, gathered once ([`facts`]).

pub mod bands;
pub mod facts;
pub mod hardest;
pub mod nyt;
pub mod rank;
pub mod targets;
pub mod validation;
pub mod variants;
