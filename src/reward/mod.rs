//! What a reward is, for the reward server (`digits-lab serve`), ported exactly from the
//! Python rewards (`python/digits_lab/rewards.py`): the model's reply found in a text
//! ([`reply`]), its last `<answer>…</answer>` ([`last_answer`]), the ground truth a row
//! carries ([`truth`]: its numbers, target and game), the game the row is judged under
//! ([`games`]: the one rule — the row's own game, the server's only where the row names
//! none), and the score ([`Scoring`]).
//!
//! A row never fails a batch: a ground truth that cannot be read, a game that does not
//! exist, a puzzle the game refuses all score 0, and the reason is logged once.

pub mod games;
pub mod truth;

use crate::check::Fault;
use crate::dataset::check::RowVerdict;

pub use games::{Games, Notes};
pub use truth::{GameSpec, Truth};

/// Where a chat template starts the assistant's turn (ChatML, Llama 3, Gemma): the reply is
/// what follows the last of them.
pub const CHAT_MARKERS: [&str; 3] = [
    "<|im_start|>assistant",
    "<|start_header_id|>assistant<|end_header_id|>",
    "<start_of_turn>model",
];

/// The model's reply in `text`: what follows the last chat-template assistant marker, else
/// what follows the first `Assistant:` (TinyZero's prompt, whose own example answer comes
/// before it), else the whole text.
pub fn reply(text: &str) -> &str {
    let at = CHAT_MARKERS
        .iter()
        .filter_map(|m| text.rfind(m).map(|i| i + m.len()))
        .max();
    if let Some(at) = at {
        return &text[at..];
    }
    match text.find("Assistant:") {
        Some(i) => &text[i + "Assistant:".len()..],
        None => text,
    }
}

/// The text of the last `<answer>…</answer>` of the reply in `text`, stripped as Python's
/// `str.strip` strips, or `None`. (Python's `re.findall(r"<answer>(.*?)</answer>", …)`:
/// each match the shortest after its opening tag, the next searched after its end.)
pub fn last_answer(text: &str) -> Option<&str> {
    const OPEN: &str = "<answer>";
    const CLOSE: &str = "</answer>";
    let text = reply(text);
    let (mut at, mut last) = (0, None);
    while let Some(open) = text[at..].find(OPEN).map(|i| at + i + OPEN.len()) {
        let Some(close) = text[open..].find(CLOSE).map(|i| open + i) else {
            break;
        };
        last = Some(&text[open..close]);
        at = close + CLOSE.len();
    }
    last.map(|a| a.trim_matches(python_space))
}

/// Python's `str.isspace`: Unicode's white space and the four ASCII separators
/// (`\x1c`–`\x1f`), which Rust's `char::is_whitespace` leaves out.
fn python_space(c: char) -> bool {
    c.is_whitespace() || ('\x1c'..='\x1f').contains(&c)
}

/// What a reply earns: `score` when it solves the puzzle, `format_score` for an answer that
/// does not, 0 for no answer or a row that cannot be judged.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scoring {
    pub score: f64,
    pub format_score: f64,
}

impl Default for Scoring {
    /// 1 for a solved puzzle, 0 for anything else: `trl_reward`'s defaults. A remote reward
    /// feeds the trainer's advantages directly, so a wrong answer earns nothing unless the
    /// server is told (`--format-score 0.1` is `compute_score`'s TinyZero default).
    fn default() -> Scoring {
        Scoring {
            score: 1.0,
            format_score: 0.0,
        }
    }
}

/// One row's reward and what it is made of.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reward {
    pub reward: f64,
    /// The reply has an `<answer>`.
    pub answered: bool,
    /// The answer keeps every rule of the game.
    pub valid: bool,
    pub solved: bool,
    /// The row could be judged: its ground truth read, its game known, its puzzle one of the
    /// game's.
    pub judged: bool,
}

impl Scoring {
    /// The reward of a row whose answer (`None`: no `<answer>`) got `verdict`; `None` for a
    /// row that could not be judged.
    pub fn reward(&self, answered: bool, verdict: Option<&RowVerdict>) -> Reward {
        let Some(v) = verdict else {
            return Reward {
                reward: 0.0,
                answered,
                valid: false,
                solved: false,
                judged: false,
            };
        };
        let judged = v.verdict.reason.as_ref().map(|r| r.fault) != Some(Fault::Puzzle);
        let (valid, solved) = (v.verdict.valid, v.verdict.solved);
        let reward = match (answered && judged, solved) {
            (false, _) => 0.0,
            (true, true) => self.score,
            (true, false) => self.format_score,
        };
        Reward {
            reward,
            answered,
            valid: answered && valid,
            solved: answered && solved,
            judged,
        }
    }
}

#[cfg(test)]
mod tests;
