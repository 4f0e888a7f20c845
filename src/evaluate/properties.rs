//! A puzzle's exact properties as an evaluation groups answers by them: what `audit` says of
//! the puzzle (solvable, min_ops, solutions, the operations a solution needs, the human
//! difficulty and its band), and the levels each property is reported at.

use crate::dataset::audit::Solved;
pub use crate::model::success::Properties;

/// A puzzle's properties from what `audit` says of it, with its board's size and its band.
pub fn properties_of(
    size: usize,
    target: i64,
    s: &Solved,
    band: Option<&'static str>,
) -> Properties {
    Properties {
        size: size as u32,
        target,
        solvable: s.solvable,
        min_ops: s.min_ops,
        solutions: s.distinct,
        needs_fraction: s.needs_fraction,
        needs_division: s.needs_division,
        needs_negative: s.needs_negative,
        difficulty: s.difficulty,
        band,
    }
}

/// A property answers are grouped by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Property {
    MinOps,
    Solutions,
    Unique,
    NeedsFraction,
    NeedsDivision,
    NeedsNegative,
    Size,
    Target,
    HumanTime,
    Band,
}

impl Property {
    pub const ALL: [Property; 10] = [
        Property::MinOps,
        Property::Solutions,
        Property::Unique,
        Property::NeedsFraction,
        Property::NeedsDivision,
        Property::NeedsNegative,
        Property::Size,
        Property::Target,
        Property::HumanTime,
        Property::Band,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Property::MinOps => "min_ops",
            Property::Solutions => "solutions",
            Property::Unique => "unique",
            Property::NeedsFraction => "needs_fraction",
            Property::NeedsDivision => "needs_division",
            Property::NeedsNegative => "needs_negative",
            Property::Size => "size",
            Property::Target => "target",
            Property::HumanTime => "human_time",
            Property::Band => "band",
        }
    }

    /// The heading the report gives it.
    pub fn title(self) -> &'static str {
        match self {
            Property::MinOps => "Fewest operations a solution takes",
            Property::Solutions => "Essentially different solutions",
            Property::Unique => "Exactly one solution",
            Property::NeedsFraction => "Every solution passes through a fraction",
            Property::NeedsDivision => "Every solution divides",
            Property::NeedsNegative => "Every solution passes through a negative number",
            Property::Size => "Numbers on the board",
            Property::Target => "Target",
            Property::HumanTime => "Time people are predicted to take",
            Property::Band => "Difficulty band for people",
        }
    }

    /// Every level the property can take, in the order the report lists them; a level with
    /// no answers is left out there.
    pub fn levels(self) -> Vec<String> {
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect();
        match self {
            Property::MinOps => (1..=12)
                .map(|m| m.to_string())
                .chain(["unsolvable".to_string()])
                .collect(),
            Property::Solutions => s(&["0", "1", "2-3", "4-9", "10-99", "100+"]),
            Property::Unique | Property::NeedsFraction => s(&["yes", "no"]),
            Property::NeedsDivision | Property::NeedsNegative => s(&["yes", "no"]),
            Property::Size => (1..=12).map(|m| m.to_string()).collect(),
            Property::Target => s(&["below 1", "1-9", "10-99", "100-999", "1000+"]),
            Property::HumanTime => s(&TIME_LEVELS),
            Property::Band => crate::generate::bands::Band::ALL
                .iter()
                .map(|b| b.name().to_string())
                .collect(),
        }
    }

    /// The level of a puzzle with properties `p`, `None` where the property says nothing of
    /// it (the operations a solution needs, of an unsolvable puzzle).
    pub fn level(self, p: &Properties) -> Option<String> {
        let yes = |b: bool| if b { "yes" } else { "no" }.to_string();
        let solvable = |x: Option<bool>| x.filter(|_| p.solvable).map(yes);
        match self {
            Property::MinOps => Some(match p.min_ops.filter(|_| p.solvable) {
                Some(m) => m.to_string(),
                None => "unsolvable".to_string(),
            }),
            Property::Solutions => p.solutions.map(|n| {
                match n {
                    0 => "0",
                    1 => "1",
                    2..=3 => "2-3",
                    4..=9 => "4-9",
                    10..=99 => "10-99",
                    _ => "100+",
                }
                .to_string()
            }),
            Property::Unique => solvable(p.unique()),
            Property::NeedsFraction => solvable(p.needs_fraction),
            Property::NeedsDivision => solvable(p.needs_division),
            Property::NeedsNegative => solvable(p.needs_negative),
            Property::Size => Some(p.size.to_string()),
            Property::Target => Some(
                match p.target {
                    i64::MIN..=0 => "below 1",
                    1..=9 => "1-9",
                    10..=99 => "10-99",
                    100..=999 => "100-999",
                    _ => "1000+",
                }
                .to_string(),
            ),
            Property::HumanTime => p.predicted_time_s().map(|t| {
                let i = TIME_CUTS.iter().take_while(|&&c| t >= c).count();
                TIME_LEVELS[i].to_string()
            }),
            Property::Band => p.band.map(str::to_string),
        }
    }
}

/// The cuts, in seconds, of the predicted-time levels.
const TIME_CUTS: [f64; 5] = [10.0, 30.0, 60.0, 120.0, 300.0];
const TIME_LEVELS: [&str; 6] = [
    "under 10 s",
    "10-30 s",
    "30-60 s",
    "1-2 min",
    "2-5 min",
    "over 5 min",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_is_listed() {
        let solved = Properties {
            size: 4,
            target: 24,
            solvable: true,
            min_ops: Some(3),
            solutions: Some(1),
            needs_fraction: Some(true),
            needs_division: Some(true),
            needs_negative: Some(false),
            difficulty: Some(100f64.ln()),
            band: Some("hard"),
        };
        let unsolvable = Properties {
            size: 4,
            target: 1000,
            solutions: Some(0),
            ..Properties::default()
        };
        for property in Property::ALL {
            let levels = property.levels();
            for p in [&solved, &unsolvable] {
                if let Some(l) = property.level(p) {
                    assert!(levels.contains(&l), "{}: {l}", property.name());
                }
            }
        }
        assert_eq!(
            Property::HumanTime.level(&solved).as_deref(),
            Some("1-2 min")
        );
        assert_eq!(
            Property::MinOps.level(&unsolvable).as_deref(),
            Some("unsolvable")
        );
        assert_eq!(Property::NeedsFraction.level(&unsolvable), None);
        assert_eq!(Property::Solutions.level(&unsolvable).as_deref(), Some("0"));
        assert_eq!(
            Property::Target.level(&unsolvable).as_deref(),
            Some("1000+")
        );
        assert_eq!(Property::Unique.level(&solved).as_deref(), Some("yes"));
    }
}
