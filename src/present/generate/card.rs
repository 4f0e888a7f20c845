//! The card of a Hugging Face dataset folder (`generate --format hf`): a YAML header naming
//! the configs and their splits' files, then what the set is, how it was made, the splits,
//! the rules and what each column holds.

use crate::generate::dataset::{SetGame, Split};
use crate::generate::hf_folder::{CONFIGS, file_name};
use crate::model::success::SuccessModel;

/// What the card of a dataset folder says of how the set was made.
#[derive(Clone, Debug)]
pub struct Provenance<'a> {
    /// The set's title (the game, the seed, how many, the constraints).
    pub title: &'a str,
    /// The command line that made it.
    pub command: &'a str,
    /// What the card says of the language model whose predicted success chose the puzzles
    /// (`--model-difficulty`), and whether it predicts.
    pub model: Option<String>,
}

/// The dataset card: a YAML header with the splits' files, then what the set is, how it
/// was made and what each column holds.
pub fn card(
    set: SetGame,
    split: Option<&Split>,
    sizes: &[(&str, usize)],
    made: &Provenance,
) -> String {
    let game = set.game;
    let mut s = String::from("---\nconfigs:\n");
    for (name, folder, _) in CONFIGS {
        s.push_str(&format!("- config_name: {name}\n  data_files:\n"));
        for (part, _) in sizes {
            s.push_str(&format!(
                "  - split: {part}\n    path: {folder}/{}\n",
                file_name(part)
            ));
        }
    }
    s.push_str("tags:\n- math\n- reasoning\n- countdown\n- 24-game\n---\n\n");
    s.push_str(&format!("# {}\n\n", made.title));
    let each = if set.no_solution {
        "some with no solution (`solvable` false, their reference answer `no solution`), the \
         others each"
    } else {
        "each solvable,"
    };
    s.push_str(&format!(
        "Target-number puzzles of the game `{}`, {each} with a reference solution \
         checked exactly, its solution counts, the fewest operations it needs and a \
         difficulty predicted for people. Made by digits-lab {} with:\n\n```sh\n{}\n```\n\n",
        game.kind.name(),
        env!("CARGO_PKG_VERSION"),
        made.command
    ));
    if let Some(model) = &made.model {
        s.push_str(&format!("{model}\n\n"));
    }
    s.push_str(
        "Two configs hold the same rows: `default` with each `prompt` as text, and \
         `conversational` with it as a conversation of one user message \
         (`[{\"role\": \"user\", \"content\": …}]`, TRL's conversational format): \
         `datasets.load_dataset(DIR)` loads the first, `datasets.load_dataset(DIR, \
         \"conversational\")` the second.\n\n",
    );
    s.push_str("## Splits\n\n| split | puzzles |\n|---|--:|\n");
    for (part, n) in sizes {
        s.push_str(&format!("| {part} | {n} |\n"));
    }
    if let Some(sp) = split {
        s.push_str(&format!(
            "\nThe test split holds out whole {} (a share of {}), chosen by a hash of seed {}: \
             none of its {} is in the training split.\n",
            sp.hold_out, sp.test, sp.seed, sp.hold_out
        ));
    }
    let rules = serde_json::to_string(&game.rules).expect("rules are plain data");
    s.push_str(&format!("\n## Rules\n\n`{rules}`\n\n"));
    s.push_str(
        "Each prompt states them in words. An answer is judged exactly, never by `eval`, \
         with `digits_lab.check` or the reward functions of `digits_lab.rewards` \
         (`compute_score` for verl, `trl_reward()` for TRL), which read `numbers` and \
         `target` from `ground_truth`.\n\n",
    );
    s.push_str(COLUMNS);
    s
}

const COLUMNS: &str = "## Columns

| column | type | what |
|---|---|---|
| `numbers` | list of int64 | the board |
| `target` | int64 | the number to make |
| `prompt` | string (`default`); list of struct of `role`, `content` (`conversational`) | the task in words, with the answer format (`<answer>…</answer>`) |
| `solvable` | bool | whether the puzzle has a solution (sets that mix in puzzles with none) |
| `ground_truth` | struct | what a reward compares an answer with: `numbers`, `target` and `game` (its `kind` and the options that change it) |
| `trees`, `expressions`, `distinct` | uint64 | the puzzle's solutions under each counting convention (`distinct` null where undefined) |
| `min_ops` | uint32 | the fewest operations a solution takes (null with no solution) |
| `difficulty` | float64 | the difficulty score |
| `predicted_time_s`, `predicted_solve_rate` | float64 | what the score predicts of people: solve time in seconds, share who solve it |
| `band` | string | the difficulty band, where the set asked for one |
| `model_success` | float64 | the language model's predicted success, in sets made with `--model-difficulty` (null for a puzzle with no solution) |
| `solution` | string | one reference solution |
| `solutions` | list of string | every `distinct` solution (sets made with `--all`) |
";

/// What a card says of the language model whose predicted success chose the puzzles: what
/// it was fitted on, and, when its failures are not predictable, that the model difficulty
/// is noise.
pub fn model_note(m: &SuccessModel) -> String {
    let fitted = format!(
        "The puzzles were chosen by {}'s predicted success (`model_success`: the \
         predicted share of its answers that solve the puzzle), fitted by `digits-lab fit \
         --evaluation` on {} of its {} puzzles: cross-validated ρ {:.3}, R² {:.3}.",
        m.model, m.puzzles, m.game, m.rho_cv.mean, m.r2_cv.mean
    );
    match m.unpredictive() {
        None => fitted,
        Some(why) => format!(
            "{fitted} **The model difficulty is not predictive**: {}'s failures are not \
             predictable from the puzzles' properties ({why}). The set was made anyway \
             (`--allow-unpredictive`): its `model_success` and the band chosen by it are \
             noise.",
            m.model
        ),
    }
}
