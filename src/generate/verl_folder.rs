//! A generated set in verl's row shape (`generate --format verl --out DIR`):
//! `DIR/train.parquet` (and `DIR/test.parquet` with a split), each row as verl's own
//! data-preparation scripts write one (`examples/data_preprocess/gsm8k.py`,
//! `countdown.py`), so that verl's `RLHFDataset` and its reward loop take the files with no
//! mapping: `data_source`, `prompt` as a list of chat messages, `ability`, `reward_model` =
//! `{"style": "rule", "ground_truth": …}` (the same ground truth the other formats write)
//! and `extra_info` = `{"split", "index", …}` with the puzzle's own fields. The folder is
//! written beside its destination and renamed into place.

use std::path::Path;

use polars::prelude::*;

use crate::error::Result;
use crate::game::rule_set::Game;
use crate::store::write::{folder_atomically, frame, portable_parquet_file};

use super::columns::{messages, puzzle_fields, struct_of, truth};
use super::dataset::{Row, SetGame, SetPuzzle, Split, parts};

/// What verl's examples call a math task's `ability`.
pub const ABILITY: &str = "math";

/// The `data_source` of a set of `game`'s puzzles: `digits_lab/<kind>`, e.g.
/// `digits_lab/countdown`, `digits_lab/24` (verl passes it to the reward function; ours
/// judges by the ground truth's game, not by this name).
pub fn data_source(game: &Game) -> String {
    format!("digits_lab/{}", game.kind.name())
}

/// The file of one part.
pub fn file_name(part: &str) -> String {
    format!("{part}.parquet")
}

/// Writes `puzzles` as a verl folder at `dest`, which must not exist or be empty.
pub fn write_folder(
    dest: &Path,
    game: SetGame,
    puzzles: &[SetPuzzle],
    split: Option<&Split>,
) -> Result<()> {
    folder_atomically(dest, |tmp| {
        for (part, rows) in parts(game, puzzles, split) {
            let mut df = verl_frame(&rows, game, part)?;
            portable_parquet_file(&tmp.join(file_name(part)), &mut df)?;
        }
        Ok(())
    })
}

/// One part's rows in verl's shape; `index` counts from 0 within the part, as verl's
/// examples number each split's rows.
fn verl_frame(rows: &[Row], set: SetGame, part: &str) -> Result<DataFrame> {
    let n = rows.len();
    let reward_model = [Series::new("style".into(), vec!["rule"; n]), truth(rows)?];
    let mut extra = vec![
        Series::new("split".into(), vec![part; n]),
        Series::new("index".into(), (0..n as i64).collect::<Vec<_>>()),
    ];
    extra.extend(puzzle_fields(rows, set));
    let columns = [
        Series::new("data_source".into(), vec![data_source(set.game); n]),
        messages("prompt", rows)?,
        Series::new("ability".into(), vec![ABILITY; n]),
        struct_of("reward_model", n, &reward_model)?,
        struct_of("extra_info", n, &extra)?,
    ];
    frame(columns.into_iter().map(Series::into_column).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rule_set::GameKind;
    use crate::generate::dataset::{TruthGame, row};
    use crate::generate::puzzle::Puzzle;

    fn puzzle(board: &[i64], solution: &str, model_success: f64) -> Puzzle {
        Puzzle {
            day: None,
            slot: None,
            board: board.to_vec(),
            target: 24,
            trees: 1,
            expressions: 1,
            distinct: Some(1),
            min_ops: 3,
            difficulty: 2.0,
            predicted_time_s: 2f64.exp(),
            predicted_solve_rate: 0.9,
            band: None,
            model_success: Some(model_success),
            solution: solution.to_string(),
            solutions: None,
        }
    }

    #[test]
    fn a_part_has_verls_columns_its_rows_numbered_from_zero() {
        let game = Game::preset(GameKind::TwentyFour);
        let truth = TruthGame {
            kind: "24".into(),
            ..TruthGame::default()
        };
        let set = SetGame {
            game: &game,
            truth: &truth,
            unicode: false,
            no_solution: false,
            model_success: true,
        };
        let puzzles = [
            puzzle(&[1, 2, 3, 4], "1 × 2 × 3 × 4", 0.4),
            puzzle(&[2, 2, 2, 3], "2 × 2 × 2 × 3", 0.9),
        ];
        let rows: Vec<Row> = (puzzles.iter())
            .map(|p| row(set, &SetPuzzle::Solved(p), None))
            .collect();
        let df = verl_frame(&rows, set, "test").unwrap();
        assert_eq!(
            df.get_column_names(),
            [
                "data_source",
                "prompt",
                "ability",
                "reward_model",
                "extra_info"
            ]
        );
        let text = |c: &Column| -> Vec<String> {
            (c.str().unwrap().iter())
                .map(|s| s.unwrap().to_string())
                .collect()
        };
        assert_eq!(
            text(df.column("data_source").unwrap()),
            ["digits_lab/24", "digits_lab/24"]
        );
        assert_eq!(text(df.column("ability").unwrap()), ["math", "math"]);
        let extra = df.column("extra_info").unwrap().struct_().unwrap().clone();
        let field = |name: &str| extra.field_by_name(name).unwrap();
        assert_eq!(field("split").str().unwrap().get(1), Some("test"));
        let index: Vec<i64> = field("index").i64().unwrap().into_no_null_iter().collect();
        assert_eq!(index, [0, 1]);
        let success: Vec<f64> = (field("model_success").f64().unwrap())
            .into_no_null_iter()
            .collect();
        assert_eq!(success, [0.4, 0.9]);
        // The reference as the prompt spells it.
        assert_eq!(
            field("solution").str().unwrap().get(0),
            Some("1 * 2 * 3 * 4")
        );
        let prompt = df
            .column("prompt")
            .unwrap()
            .list()
            .unwrap()
            .get_as_series(1);
        let message = prompt.unwrap().struct_().unwrap().clone();
        let content = message.field_by_name("content").unwrap();
        assert_eq!(
            content.str().unwrap().get(0),
            Some(crate::generate::dataset::prompt(&game, &[2, 2, 2, 3], 24, false).as_str())
        );
    }
}
