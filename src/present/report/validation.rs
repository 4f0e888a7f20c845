//! The report's validation of the difficulty score: how well it ranks 24-game players' times
//! on sets its fit never saw, beside every single feature; its largest misses; how it orders
//! the real NYT puzzles, which it was never fitted to; and what carries over to the integer
//! games.

use std::fmt::Write as _;

use crate::digest::EXACT_POOL;
use crate::findings::facts::Facts;
use crate::findings::validation::{NytCheck, Validation};
use crate::model::Fitted;
use crate::model::train::{FOLDS, REPEATS};
use crate::player::FEATURES;
use crate::present::numbers::{f2, f3, grouped, list};

/// Which games have people's data, and the nested figure of each: the plumbing for studies
/// of the other games (`digits-lab study`, `fit --human`).
fn people_per_game(w: &mut String, m: &Fitted) {
    let _ = writeln!(
        w,
        "People's data per game: only the 24 game has any yet. `digits-lab study` runs a page on \
         which people play any game's puzzles, every move checked and logged, and `digits-lab \
         fit --human FILE` fits and judges the model on what it exports (docs/STUDY.md).\n"
    );
    let _ = writeln!(
        w,
        "| game | people's data | nested ρ with mean time | with solve rate |"
    );
    let _ = writeln!(w, "|---|---|---:|---:|");
    let _ = writeln!(
        w,
        "| 24 | {} sets (4nums.com) | {} | {} |",
        grouped(m.rows as u64),
        f3(m.rho_time),
        f3(m.rho_solve)
    );
    for game in ["digits", "countdown", "make10"] {
        let _ = writeln!(w, "| {game} | none yet | — | — |");
    }
    let _ = writeln!(w);
}

pub(super) fn validation_section(w: &mut String, facts: &Facts) {
    let _ = writeln!(w, "## Does the difficulty score match people?\n");
    let v = &facts.validation;
    let m = &v.model;
    let _ = writeln!(
        w,
        "`difficulty` is the predicted natural log of the mean time, in seconds, that players \
         of the 24 game on 4nums.com take to solve a puzzle. It combines a **simulated \
         player** (`src/player`: it weighs two numbers and an operation with a softmax over a \
         few move features, and plays them out either by restarting after each failed attempt \
         or by searching depth first without repeating itself, as the fit chooses; here it \
         plays by *{}*, which {}; its exact expected moves to the first solution are the \
         input) with exact features, by ridge regression, fitted to the {} sets of \
         `assets/human-24-4nums-train.csv` (the other half of the sets is kept out of the \
         project). `digits-lab fit` refits it, prints the figures below and writes \
         `data/difficulty-model.json` and its report `data/difficulty-fit.md` (the binary \
         carries the ones in `assets/`).\n",
        m.player.strategy.name(),
        m.player.strategy.what(),
        grouped(m.rows as u64)
    );
    people_per_game(w, m);
    let _ = writeln!(
        w,
        "**Nested cross-validated** ({REPEATS} × {FOLDS}-fold outer: the player's way of \
         playing and weights, the input set and the penalty are all chosen on the outer \
         training rows; each set \
         predicted by a procedure that never saw it), Spearman ρ of the score with mean solve \
         time **{}**, with solve rate **{}**. Each candidate input set's own cross-validated \
         figure (not nested, the player's weights fitted on every set) and each single \
         feature, by comparison, on all the sets:\n",
        f3(m.rho_time),
        f3(m.rho_solve),
    );
    scores(w, v);
    inputs(w, m);
    preferences(w, m);
    deciles(w, v);
    misses(w, v);
    match facts
        .corpus(&crate::corpus::CorpusId::Nyt)
        .and_then(|c| c.nyt.as_deref())
        .and_then(crate::findings::validation::nyt_check)
    {
        Some(n) => nyt(w, &n),
        None => {
            let _ = writeln!(
                w,
                "The NYT check is skipped: the `nyt` tables are not there or have no \
                 `difficulty` column.\n"
            );
        }
    }
    carry_over(w, &v.model);
}

/// The model's nested figure beside each candidate's and each single feature's.
fn scores(w: &mut String, v: &Validation) {
    let m = &v.model;
    let _ = writeln!(w, "| score | ρ with mean time | ρ with solve rate |");
    let _ = writeln!(w, "|---|---:|---:|");
    let _ = writeln!(
        w,
        "| **the model, nested cross-validated** | **{}** | **{}** |",
        f3(m.rho_time),
        f3(m.rho_solve)
    );
    for c in &m.candidates {
        let _ = writeln!(
            w,
            "| {} ({}chosen in {} of {} outer folds) | {} | {} |",
            c.inputs,
            c.strategy
                .map(|s| format!("player: *{}*; ", s.name()))
                .unwrap_or_default(),
            c.chosen,
            grouped(REPEATS * FOLDS as u64),
            f3(c.rho_time),
            f3(c.rho_solve)
        );
    }
    for (name, rt, rs) in &v.singles {
        let _ = writeln!(w, "| `{name}` alone | {} | {} |", f3(*rt), f3(*rs));
    }
}

/// What each input does to the time, the time at the training means, and the map from time
/// to solve rate.
fn inputs(w: &mut String, m: &Fitted) {
    let _ = writeln!(
        w,
        "\nWhat each input does (weights per standard deviation of the input, in ln seconds; `exp` of a weight is the factor on the time):\n"
    );
    let _ = writeln!(w, "| input | mean | sd | weight | time × |");
    let _ = writeln!(w, "|---|---:|---:|---:|---:|");
    let l = &m.linear;
    for i in 0..l.weights.len() {
        let _ = writeln!(
            w,
            "| `{}` | {} | {} | {} | {} |",
            l.inputs[i],
            f2(l.mean[i]),
            f2(l.sd[i]),
            f3(l.weights[i]),
            f2(l.weights[i].exp())
        );
    }
    let _ = writeln!(
        w,
        "\nA puzzle at the training means takes {} s; the share of players who solve a \
         puzzle follows its time as logit(rate) = {} {} {} · ln(time). The chart *Difficulty \
         model: predicted against observed solve time* shows every set's nested \
         cross-validated prediction.\n",
        f2(l.intercept.exp()),
        f2(m.rate.a),
        if m.rate.b < 0.0 { "−" } else { "+" },
        f2(m.rate.b.abs()),
    );
}

fn preferences(w: &mut String, m: &Fitted) {
    let _ = writeln!(
        w,
        "**The player's learned preferences.** A move's preference is the sum of its \
         features times their weights; the player takes (*restarts*) or tries next (*search*) \
         a board's move with probability proportional to e^preference, so a move with a \
         feature is e^weight times as likely as the same move without it (per unit, for \
         `distance`):\n"
    );
    let _ = writeln!(w, "| move feature | what it is | weight | × as likely |");
    let _ = writeln!(w, "|---|---|---:|---:|");
    for (f, x) in FEATURES.iter().zip(&m.player.weights) {
        let _ = writeln!(
            w,
            "| `{}` | {} | {} | ×{} |",
            f.name,
            f.what,
            f2(*x),
            f2(x.exp())
        );
    }
    let _ = writeln!(w);
}

fn deciles(w: &mut String, v: &Validation) {
    let oof = &v.model.out_of_fold;
    if oof.len() != v.sets.len() || oof.is_empty() {
        return;
    }
    let _ = writeln!(
        w,
        "Predicted (nested out-of-fold) against observed time, by decile of the prediction \
         (geometric means):\n"
    );
    let _ = writeln!(
        w,
        "| decile | sets | predicted | observed | observed solve rate |"
    );
    let _ = writeln!(w, "|---:|---:|---:|---:|---:|");
    let mut order: Vec<usize> = (0..oof.len()).collect();
    order.sort_by(|&a, &b| oof[a].total_cmp(&oof[b]).then(a.cmp(&b)));
    let n = order.len();
    for d in 0..10 {
        let part = &order[d * n / 10..(d + 1) * n / 10];
        let k = part.len().max(1) as f64;
        let p = part.iter().map(|&i| oof[i]).sum::<f64>() / k;
        let o = part
            .iter()
            .map(|&i| v.sets[i].mean_time_s.ln())
            .sum::<f64>()
            / k;
        let r = part.iter().map(|&i| v.sets[i].solve_rate).sum::<f64>() / k;
        let _ = writeln!(
            w,
            "| {} | {} | {} s | {} s | {}% |",
            d + 1,
            part.len(),
            f2(p.exp()),
            f2(o.exp()),
            f2(100.0 * r)
        );
    }
    let _ = writeln!(w);
}

fn misses(w: &mut String, v: &Validation) {
    let _ = writeln!(
        w,
        "The {} sets the nested cross-validated model misses most (by the ratio of the times):\n",
        v.misses.len()
    );
    let _ = writeln!(
        w,
        "| cards | observed | predicted | whole-number solutions | fractions | first moves | 1s | peak |"
    );
    let _ = writeln!(w, "|---|---:|---:|---:|---:|---:|---:|---:|");
    for (s, predicted) in &v.misses {
        let cards: Vec<String> = s.cards.iter().map(i64::to_string).collect();
        let f = &s.features;
        let _ = writeln!(
            w,
            "| {} | {} s | {} s | {} | {} | {} | {} | {} |",
            cards.join(" "),
            f2(s.mean_time_s),
            f2(*predicted),
            f.whole_expressions,
            f.fractions,
            s.setting.first_moves,
            s.setting.ones,
            f.peak
        );
    }
    let _ = writeln!(w);
}

fn nyt(w: &mut String, n: &NytCheck) {
    let means: Vec<String> = n
        .mean_by_slot
        .iter()
        .map(|(s, m)| format!("{} in slot {s}", f2(*m)))
        .collect();
    let rising = n.mean_by_slot.windows(2).all(|x| x[1].1 > x[0].1);
    let _ = writeln!(
        w,
        "**The NYT slots are not a measure of difficulty.** The daily slot is set almost \
         entirely by the target's size (here ρ(target, slot) = {}; the slots' targets fall in \
         {}), so any score that grows with the \
         target ranks the slots, and agreement with the slot is no evidence that a score \
         matches people. For what they are: at the real targets of the {} NYT puzzles, \
         Spearman ρ of `difficulty` with the slot is {} (minus the `distinct` count: {}); the \
         mean score is {}: {}. On {} of {} days the five scores rise strictly from slot 1 to \
         slot 5; {} of {} pairs of consecutive slots are in order.\n",
        f3(n.rho_target),
        list(
            &n.targets_by_slot
                .iter()
                .map(|(_, lo, hi)| format!("{lo}–{hi}"))
                .collect::<Vec<_>>()
        ),
        grouped(n.puzzles as u64),
        f3(n.rho_slot),
        f3(n.rho_distinct),
        list(&means),
        if rising {
            "it rises with every slot"
        } else {
            "it does not rise with every slot"
        },
        n.days_in_order,
        n.days,
        n.pairs_in_order,
        n.pairs,
    );
}

fn carry_over(w: &mut String, m: &Fitted) {
    let _ = writeln!(
        w,
        "**What carries over to Digits and Countdown.** The player plays each game by its \
         own rules: positive whole numbers only, and an attempt ends as soon as the target is \
         on the board (a searching player makes a solving move as soon as it sees one), so a \
         shorter solution and numbers left unused weigh through it by \
         construction. It is fitted on its own (people's ln time against its ln moves), and \
         the model may not give its moves a negative weight, so a puzzle the player needs \
         more moves for never scores easier. But its weights and the model's were measured \
         on four cards, target 24 and every card used, so in the integer games the score is \
         an extrapolation: read it as a ranking, not as seconds. `fractions` is always 0 \
         there, and the exact walk of a six-number board is too costly for 177 million \
         puzzles: the `difficulty` column of the Digits and Countdown tables takes the \
         player's surrogate (a linear fit of its ln moves on exact features, Spearman ρ {} \
         with the exact walk on {} held-out puzzles). The NYT archive's published puzzles, \
         `solve`, and the lists ranked by `difficulty` (here and in `hardest`: the \
         surrogate's {} highest per place listed, walked exactly and re-ranked) walk \
         exactly.\n",
        f3(m.surrogate.check_rho),
        grouped(m.surrogate.checked_on as u64),
        EXACT_POOL,
    );
}
