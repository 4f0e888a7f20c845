//! `POST /get_reward`: OpenRLHF's remote reward contract. The trainer posts `{"query":
//! [prompt + response, …], "prompts": […], "labels": […]}` (each label the row's ground
//! truth, as JSON text or an object; other fields, such as some forks' `metas`, are
//! ignored) and reads `{"rewards": […], "scores": […], "extra_logs": {…}}`: `rewards` feed
//! its advantages, `scores` (1 solved, else 0) its dynamic filtering, and each of
//! `extra_logs`' lists (one number a query, as OpenRLHF concatenates them with the batch)
//! its logs.
//!
//! The response is the query after its prompt when the query starts with it, else the
//! reply the Python rewards find ([`crate::reward::reply`]); its last `<answer>` is checked
//! against the label, under the game the label names or the server's.

use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::dataset::check::{RowVerdict, check_row};
use crate::dataset::input::Row;
use crate::reward::games::Pick;
use crate::reward::{Reward, Truth, last_answer};

use super::Service;
use super::routes::Reply;

#[derive(Deserialize)]
struct RewardBody {
    query: Vec<String>,
    #[serde(default)]
    prompts: Option<Vec<String>>,
    #[serde(default)]
    labels: Option<Vec<Value>>,
}

/// What a reply carries beside the rewards: one number a query (1 or 0).
#[derive(Serialize, Default)]
struct ExtraLogs {
    /// The reply has an `<answer>`.
    answered: Vec<f64>,
    /// The answer keeps the game's rules.
    valid: Vec<f64>,
    solved: Vec<f64>,
    /// The row could be judged (its label read, its game known, its puzzle the game's): a
    /// 0 here is a row scored 0 whatever the model wrote.
    judged: Vec<f64>,
}

#[derive(Serialize)]
struct RewardReply {
    rewards: Vec<f64>,
    scores: Vec<f64>,
    extra_logs: ExtraLogs,
}

/// A row ready to check: its game and puzzle, or `None` when it cannot be judged.
struct Ready {
    answered: bool,
    puzzle: Option<(Pick, Row)>,
}

impl Service {
    /// The rewards of a `/get_reward` body.
    pub fn get_reward(&self, body: &[u8]) -> Reply {
        let (b, n) = match self.batch(body, "queries", |b: &RewardBody| b.query.len()) {
            Ok(batch) => batch,
            Err(refused) => return refused,
        };
        let Some(labels) = b.labels else {
            return Reply::error(
                422,
                "no labels: give each query's ground truth (OpenRLHF: --label_key with the \
                 set's ground_truth column)",
            );
        };
        if labels.len() != n {
            return Reply::error(
                422,
                &format!(
                    "give one label per query: {n} queries, {} labels",
                    labels.len()
                ),
            );
        }
        if let Some(p) = &b.prompts
            && p.len() != n
        {
            return Reply::error(
                422,
                &format!(
                    "give one prompt per query: {n} queries, {} prompts",
                    p.len()
                ),
            );
        }
        let mut resolver = self.games.resolver();
        let ready: Vec<Ready> = (0..n)
            .map(|i| {
                let query = b.query[i].as_str();
                let response = b
                    .prompts
                    .as_ref()
                    .and_then(|p| query.strip_prefix(p[i].as_str()))
                    .unwrap_or(query);
                let answer = last_answer(response);
                let puzzle = Truth::of_label(&labels[i]).and_then(|truth| {
                    let pick = resolver.pick(truth.game.as_ref())?;
                    let row = Row {
                        row: i as u64,
                        numbers: truth.numbers,
                        target: truth.target.map(Ok),
                        answer: Some(Ok(answer.unwrap_or("").to_string())),
                        model: None,
                    };
                    Ok((pick, row))
                });
                let puzzle = puzzle.map_err(|why| self.games.unjudged(&why)).ok();
                Ready {
                    answered: answer.is_some(),
                    puzzle,
                }
            })
            .collect();
        let verdicts: Vec<Option<RowVerdict>> = ready
            .par_iter()
            .with_min_len(16)
            .map(|r| {
                r.puzzle
                    .as_ref()
                    .map(|(pick, row)| check_row(resolver.get(*pick), row))
            })
            .collect();
        let mut reply = RewardReply {
            rewards: Vec::with_capacity(n),
            scores: Vec::with_capacity(n),
            extra_logs: ExtraLogs::default(),
        };
        let one = |b: bool| if b { 1.0 } else { 0.0 };
        for (r, v) in ready.iter().zip(&verdicts) {
            let Reward {
                reward,
                answered,
                valid,
                solved,
                judged,
            } = self.scoring.reward(r.answered, v.as_ref());
            if !judged && let Some(why) = v.as_ref().and_then(|v| v.verdict.reason.as_ref()) {
                self.games.unjudged(&why.message);
            }
            reply.rewards.push(reward);
            reply.scores.push(one(solved));
            reply.extra_logs.answered.push(one(answered));
            reply.extra_logs.valid.push(one(valid));
            reply.extra_logs.solved.push(one(solved));
            reply.extra_logs.judged.push(one(judged));
        }
        Reply::ok(&reply)
    }
}
