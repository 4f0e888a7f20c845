//! The report's validation of the difficulty score: how well it ranks 24-game players' times
//! on sets its fit never saw, beside every single feature; its largest misses; how it orders
//! the real NYT puzzles, which it was never fitted to; and what carries over to the integer
//! games.

use std::fmt::Write as _;

use crate::format::{f2, f3, grouped, list};
use crate::model::train::{FOLDS, REPEATS};
use crate::research::facts::Facts;
use crate::research::validation::{NytCheck, Validation};

pub(super) fn validation_section(w: &mut String, facts: &Facts) {
    let _ = writeln!(w, "## Does the difficulty score match people?\n");
    let v = &facts.validation;
    let t = &v.training;
    let m = &t.model;
    let _ = writeln!(
        w,
        "`difficulty` is the predicted natural log of the mean time, in seconds, that players \
         of the 24 game on 4nums.com take to solve a puzzle: a ridge regression on {} exact \
         features, fitted to the {} sets of `data/human-24-4nums-train.csv` (the other half \
         of the sets is kept out of the project). `digits-lab fit` refits it, prints the \
         figures below and writes `data/difficulty-model.json` and its report \
         `data/difficulty-fit.md`.\n",
        m.linear.weights.len(),
        grouped(m.rows as u64)
    );
    let _ = writeln!(
        w,
        "**Cross-validated** ({REPEATS} × {FOLDS}-fold: each set predicted by a model fitted \
         without it, the penalty chosen inside each fit), Spearman ρ of the score with mean \
         solve time **{}** (repeats {} to {}), with solve rate **{}**. Each single feature, \
         by comparison, on all the sets:\n",
        f3(t.cv.pooled_time.mean),
        f3(t.cv.pooled_time.min),
        f3(t.cv.pooled_time.max),
        f3(t.cv.pooled_solve.mean),
    );
    let _ = writeln!(w, "| score | ρ with mean time | ρ with solve rate |");
    let _ = writeln!(w, "|---|---:|---:|");
    let _ = writeln!(
        w,
        "| the model, cross-validated | {} | {} |",
        f3(t.cv.pooled_time.mean),
        f3(t.cv.pooled_solve.mean)
    );
    for (name, rt, rs) in &t.singles {
        let _ = writeln!(w, "| `{name}` alone | {} | {} |", f3(*rt), f3(*rs));
    }
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
         model: predicted against observed solve time* shows every set's cross-validated prediction.\n",
        f2(l.intercept.exp()),
        f2(m.rate.a),
        if m.rate.b < 0.0 { "−" } else { "+" },
        f2(m.rate.b.abs()),
    );
    misses(w, v);
    match facts
        .corpus(&crate::corpus::CorpusId::Nyt)
        .and_then(|c| c.nyt.as_deref())
        .and_then(crate::research::validation::nyt_check)
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
    carry_over(w);
}

fn misses(w: &mut String, v: &Validation) {
    let _ = writeln!(
        w,
        "The {} sets the cross-validated model misses most (by the ratio of the times):\n",
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
        "**The NYT check**, on puzzles the model never saw: at the real targets of the {} \
         NYT puzzles, Spearman ρ of `difficulty` with the daily slot (meant to get harder) \
         is **{}** (minus the `distinct` count: {}). The mean score is {}: {}. On {} of {} \
         days the five scores rise strictly from slot 1 to slot 5; {} of {} pairs of \
         consecutive slots are in order.\n",
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

fn carry_over(w: &mut String) {
    let _ = writeln!(
        w,
        "**What carries over to Digits and Countdown.** The features are defined and exact in \
         every game, and the habits they stand for are not the 24 game's alone: more \
         solutions a player can find in whole numbers, a narrower first decision and no \
         climb far past the target make any of these puzzles quicker. But the weights were \
         measured on four cards, target 24 and every card used, so in the integer games the \
         score is an extrapolation: read it as a ranking, not as seconds. Two things the \
         training data cannot teach: `fractions` is always 0 in Digits and Countdown (the \
         input the 24 game weighs most does nothing there), and every training puzzle takes \
         exactly three operations with every card, so the score has no term for \
         `min_ops` or for numbers left over, which matter in games where not every number \
         is used.\n"
    );
}
