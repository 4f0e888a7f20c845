//! A study's plan file (TOML): the game or rule set, how many puzzles each participant
//! plays, how they are chosen (`generate`'s difficulty bands, or a fixed list), the time
//! limit and the consent text. Unknown keys are refused; every number is bounded.
//!
//! ```toml
//! game = "digits"          # a named game (digits, countdown, 24, make10) …
//! # [rules]                # … or a rule set, with the keys of a rules file (docs/RULES.md)
//! puzzles = 4              # puzzles per participant
//! time_limit_s = 180       # per puzzle
//! seed = 1                 # the seed the band puzzles are drawn with
//! consent = "I agree that my moves and times are recorded, without my name."
//!
//! [choose]
//! bands = ["easy", "medium", "hard", "fiendish"]   # each participant's puzzles, in turn
//! per_band = 10                                     # distinct puzzles drawn per band
//! # or a fixed list, dealt to participants in rotation:
//! # fixed = [{ board = [1, 3, 7, 10, 25, 50], target = 765 }]
//! ```

use std::path::Path;

use digits_lab::game::rule_file::RuleFile;
use digits_lab::game::rule_set::{Game, GameKind};
use digits_lab::generate::bands::Band;
use serde::Deserialize;

/// The largest plan file read.
const MAX_BYTES: u64 = 256 * 1024;
pub const MAX_PUZZLES: usize = 100;
pub const MAX_PER_BAND: usize = 200;
pub const MAX_FIXED: usize = 1000;
pub const TIME_LIMIT_S: std::ops::RangeInclusive<u64> = 5..=3600;
pub const MAX_CONSENT: usize = 20_000;

/// A plan refused, in one line: refused input (exit code 2), whether its text is refused or
/// its file cannot be read (its puzzles refused are a [`crate::choose::ChooseError`]).
#[derive(Debug, thiserror::Error)]
pub enum PlanError {
    /// What is wrong with a plan's text: not TOML, an unknown key, a number out of bounds.
    #[error("{0}")]
    Text(String),
    /// The plan file at `origin` cannot be read, or its text is refused (`what`).
    #[error("plan {origin}: {what}")]
    File { origin: String, what: String },
}

/// The plan as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PlanFile {
    game: Option<String>,
    rules: Option<RuleFile>,
    puzzles: usize,
    time_limit_s: u64,
    #[serde(default)]
    seed: u64,
    consent: String,
    choose: ChooseFile,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ChooseFile {
    bands: Option<Vec<String>>,
    per_band: Option<usize>,
    fixed: Option<Vec<FixedPuzzle>>,
}

/// One puzzle of a fixed list.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct FixedPuzzle {
    pub board: Vec<i64>,
    /// The game's fixed target when omitted (24, make-10's 10).
    pub target: Option<i64>,
}

/// How puzzles are chosen.
#[derive(Clone, Debug, PartialEq)]
pub enum Choose {
    /// `per_band` puzzles drawn in each band; participant slot `j` plays band `j mod len`.
    Bands { bands: Vec<Band>, per_band: usize },
    /// These puzzles, dealt in rotation.
    Fixed(Vec<FixedPuzzle>),
}

/// A checked plan.
#[derive(Clone, Debug)]
pub struct Plan {
    pub game: Game,
    pub puzzles: usize,
    pub time_limit_s: u64,
    pub seed: u64,
    pub consent: String,
    pub choose: Choose,
    /// The plan's text, kept in the database so that a restart runs the same plan.
    pub text: String,
}

impl Plan {
    /// Reads and checks the plan in `path`.
    pub fn read(path: &Path) -> Result<Plan, PlanError> {
        let origin = path.display().to_string();
        let err = |what: String| PlanError::File {
            origin: origin.clone(),
            what,
        };
        let len = std::fs::metadata(path)
            .map_err(|e| err(e.to_string()))?
            .len();
        if len > MAX_BYTES {
            return Err(err(format!("{len} bytes; a plan is at most {MAX_BYTES}")));
        }
        let text = std::fs::read_to_string(path).map_err(|e| err(e.to_string()))?;
        Plan::parse(&text).map_err(|e| err(e.to_string()))
    }

    /// The plan written in `text`.
    pub fn parse(text: &str) -> Result<Plan, PlanError> {
        let bad = PlanError::Text;
        let file: PlanFile = toml::from_str(text).map_err(|e| {
            let line = e
                .span()
                .map(|s| 1 + text[..s.start.min(text.len())].matches('\n').count());
            let first = e.message().lines().next().unwrap_or("not TOML").to_string();
            bad(match line {
                Some(l) => format!("line {l}: {first}"),
                None => first,
            })
        })?;
        let game = match (&file.game, &file.rules) {
            (Some(name), None) => {
                Game::preset(name.parse::<GameKind>().map_err(|e| bad(e.to_string()))?)
            }
            (None, Some(rules)) => rules.game().map_err(|e| bad(format!("[rules]: {e}")))?,
            _ => return Err(bad("give either `game` or a `[rules]` table".into())),
        };
        if game.rules.concat {
            return Err(bad(
                "[rules] concat: the study page has no move that joins digits yet".into(),
            ));
        }
        if !(1..=MAX_PUZZLES).contains(&file.puzzles) {
            return Err(bad(format!("`puzzles` must be 1–{MAX_PUZZLES}")));
        }
        if !TIME_LIMIT_S.contains(&file.time_limit_s) {
            return Err(bad(format!(
                "`time_limit_s` must be {}–{} seconds",
                TIME_LIMIT_S.start(),
                TIME_LIMIT_S.end()
            )));
        }
        if file.consent.trim().is_empty() || file.consent.len() > MAX_CONSENT {
            return Err(bad(format!(
                "`consent` must be a text of 1–{MAX_CONSENT} bytes"
            )));
        }
        let c = file.choose;
        let choose = match (c.bands, c.per_band, c.fixed) {
            (Some(names), per_band, None) => {
                let bands = names
                    .iter()
                    .map(|n| {
                        n.parse::<Band>()
                            .map_err(|e| bad(format!("[choose] bands: {e}")))
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                let per_band = per_band.unwrap_or(10);
                if bands.is_empty() || !(1..=MAX_PER_BAND).contains(&per_band) {
                    return Err(bad(format!(
                        "[choose] needs at least one band and `per_band` of 1–{MAX_PER_BAND}"
                    )));
                }
                Choose::Bands { bands, per_band }
            }
            (None, None, Some(fixed)) => {
                if fixed.is_empty() || fixed.len() > MAX_FIXED {
                    return Err(bad(format!(
                        "[choose] fixed must list 1–{MAX_FIXED} puzzles"
                    )));
                }
                Choose::Fixed(fixed)
            }
            _ => {
                return Err(bad(
                    "[choose] takes either `bands` (and `per_band`) or `fixed`, not both".into(),
                ));
            }
        };
        Ok(Plan {
            game,
            puzzles: file.puzzles,
            time_limit_s: file.time_limit_s,
            seed: file.seed,
            consent: file.consent,
            choose,
            text: text.to_string(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIXED: &str = r#"
game = "24"
puzzles = 2
time_limit_s = 60
consent = "ok"
[choose]
fixed = [{ board = [1, 3, 4, 6] }, { board = [4, 6, 8, 8], target = 24 }]
"#;

    #[test]
    fn a_plan_names_its_game_and_choice() {
        let p = Plan::parse(FIXED).unwrap();
        assert_eq!(p.game.kind, GameKind::TwentyFour);
        assert_eq!(p.puzzles, 2);
        let Choose::Fixed(f) = p.choose else { panic!() };
        assert_eq!(f[0].board, [1, 3, 4, 6]);
        assert_eq!(f[0].target, None);
        let b = Plan::parse(
            "game = \"digits\"\npuzzles = 4\ntime_limit_s = 90\nconsent = \"x\"\n[choose]\nbands = [\"easy\", \"hard\"]\n",
        )
        .unwrap();
        assert_eq!(
            b.choose,
            Choose::Bands {
                bands: vec![Band::Easy, Band::Hard],
                per_band: 10
            }
        );
        assert_eq!(b.game, Game::preset(GameKind::Digits));
    }

    #[test]
    fn a_bad_plan_is_one_line() {
        for (text, says) in [
            (
                FIXED.replace("game = \"24\"", "game = \"chess\""),
                "unknown game",
            ),
            (
                FIXED.replace("puzzles = 2", "puzzles = 0"),
                "`puzzles` must be",
            ),
            (
                FIXED.replace("time_limit_s = 60", "time_limit_s = 1"),
                "time_limit_s",
            ),
            (
                FIXED.replace("consent = \"ok\"", "consent = \" \""),
                "consent",
            ),
            (
                FIXED.replace("[choose]", "colour = 1\n[choose]"),
                "unknown field",
            ),
            (format!("{FIXED}bands = [\"easy\"]\n"), "not both"),
            (FIXED.replace("game = \"24\"", ""), "either `game`"),
            (
                FIXED.replace("game = \"24\"", "").replace(
                    "[choose]",
                    "[rules]\ngame = \"make10\"\nconcat = true\n[choose]",
                ),
                "joins digits",
            ),
        ] {
            let e = Plan::parse(&text).unwrap_err().to_string();
            assert!(e.contains(says), "{e}");
            assert!(!e.contains('\n'), "{e}");
        }
    }
}
