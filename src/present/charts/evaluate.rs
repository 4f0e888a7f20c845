//! An evaluation's charts: each model's solved share, with its interval, against the
//! fewest operations, the human difficulty band and the time people are predicted to take.

use std::path::Path;

use crate::error::Result;
use crate::evaluate::properties::Property;
use crate::evaluate::summary::{LevelShare, ModelSummary, Summary};

use super::choose::Chart;

/// The properties charted, with each chart's x-axis description.
const CHARTED: [(Property, &str); 3] = [
    (Property::MinOps, "fewest operations a solution takes"),
    (Property::Band, "difficulty band for people"),
    (Property::HumanTime, "time people are predicted to take"),
];

/// The charts the summary allows: a property is charted when some model has answers at two
/// or more of its levels.
pub fn charts(s: &Summary) -> Vec<Chart> {
    CHARTED
        .iter()
        .filter_map(|&(property, x_desc)| {
            let shares = |m| shares(m, property);
            let levels: Vec<String> = property
                .levels()
                .into_iter()
                .filter(|l| {
                    s.models
                        .iter()
                        .any(|m| shares(m).iter().any(|x| &x.level == l))
                })
                .collect();
            if levels.len() < 2 {
                return None;
            }
            let lines = s
                .models
                .iter()
                .map(|m| {
                    let mine = shares(m);
                    let points = levels
                        .iter()
                        .map(|l| {
                            mine.iter()
                                .find(|x| &x.level == l)
                                .map(|x| (x.share.share, x.share.lo, x.share.hi))
                        })
                        .collect();
                    (m.model.clone(), points)
                })
                .collect();
            Some(Chart::Shares {
                stem: format!("solved-by-{}", property.name().replace('_', "-")),
                title: format!("Solved share by {}, with 95% intervals", x_desc),
                x_desc: x_desc.to_string(),
                y_desc: "answers that solve the puzzle".to_string(),
                levels,
                lines,
            })
        })
        .collect()
}

/// A model's solved share at each level of `property` where it has answers.
fn shares(m: &ModelSummary, property: Property) -> &[LevelShare] {
    (m.by_property.iter())
        .find(|p| p.property == property.name())
        .map_or(&[], |p| p.levels.as_slice())
}

/// Draws the charts into `dir`; returns each one's SVG file name and title.
pub fn render(s: &Summary, dir: &Path) -> Result<Vec<(String, String)>> {
    charts(s)
        .iter()
        .map(|c| {
            let r = c.render(dir)?;
            Ok((format!("{}.svg", r.stem), r.title))
        })
        .collect()
}
