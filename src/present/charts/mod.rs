//! The charts of `digits-lab plots`: which charts the tables allow and the numbers each one
//! shows ([`Chart`], chosen in [`choose`] from [`crate::findings::facts::Facts`]; nothing is
//! recomputed), and drawing them ([`draw`]) as PNG and SVG, each chart by the file of its
//! family with what every chart shares (`theme.rs`), each laid out first ([`layout`]: axes
//! fitted to the data, legends and labels where they cover nothing) and drawn from that.

mod cards;
pub mod choose;
mod countdown;
pub mod draw;
pub mod evaluate;
mod expected;
pub mod layout;
mod nyt;
mod phase;
mod probability;
pub mod shares;
mod stacked;
mod theme;
mod tradeoff;
mod validation;
mod xy;

pub use choose::{Chart, charts};
pub use draw::{ChartError, Rendered, render_all, render_facts};
pub use layout::{Layout, Panel, Rect, Scale};
pub use theme::{HEIGHT, WIDTH};
