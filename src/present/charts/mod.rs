//! The charts of `digits-lab plots`: which charts the tables allow and the numbers each one
//! shows ([`Chart`], chosen in [`choose`] from [`crate::findings::facts::Facts`]; nothing is
//! recomputed), and drawing them ([`draw`]) as PNG and SVG, each chart by the file of its
//! family with what every chart shares (`theme.rs`).

mod cards;
pub mod choose;
mod countdown;
pub mod draw;
mod expected;
mod nyt;
mod phase;
mod probability;
pub mod shares;
mod stacked;
mod theme;
mod tradeoff;
mod validation;

pub use choose::{Chart, charts};
pub use draw::{ChartError, Rendered, render_all, render_facts};
pub use theme::{HEIGHT, WIDTH};
