//! What the tables say: rankings of the hardest puzzles ([`hardest`]).

pub mod hardest;
