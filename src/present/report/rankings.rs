//! The report's rankings of the hardest puzzles: those with a unique solution, and the
//! hardest by `difficulty` beside the hardest by solution count, with what tells the two
//! lists apart.

use std::fmt::Write as _;

use crate::digest::Ranked;
use crate::engine::Convention;
use crate::features::Features;
use crate::findings::facts::{ByDifficulty, CorpusFacts, Facts, HARDEST_KEPT};
use crate::present::numbers::{f2, grouped, list, or_dash};

/// Rows of each hardest-unique table in the report.
const UNIQUE_ROWS: usize = 5;

pub(super) fn unique_section(w: &mut String, facts: &Facts) {
    let _ = writeln!(w, "## Hardest puzzles with a unique solution\n");
    let _ = writeln!(
        w,
        "Puzzles whose only solution is one `distinct` form, hardest first: by `difficulty` \
         where the tables have it, else fewest `expressions` (fewest ways to write the one \
         solution), then most operations.\n"
    );
    for c in &facts.corpora {
        if !c.conventions.contains(&Convention::Distinct) {
            let _ = writeln!(
                w,
                "- `{}`: `distinct` is not defined here (unary minus), so no puzzle is unique.\n",
                c.name()
            );
            continue;
        }
        let rows = &c.hardest_unique;
        if rows.is_empty() {
            let _ = writeln!(
                w,
                "- `{}`: no puzzle of {} has a unique solution.\n",
                c.name(),
                c.unique_scope.describe()
            );
            continue;
        }
        let _ = writeln!(w, "### `{}`, {}\n", c.name(), c.unique_scope.describe());
        let diff = rows.iter().any(|r| r.difficulty.is_some());
        let _ = writeln!(
            w,
            "| board | target | min_ops | expressions |{} solution |",
            if diff { " difficulty |" } else { "" }
        );
        let _ = writeln!(w, "|---|--:|--:|--:|{}---|", if diff { "--:|" } else { "" });
        for r in rows.iter().take(UNIQUE_ROWS) {
            let d = if diff {
                format!(" {} |", or_dash(r.difficulty, f2))
            } else {
                String::new()
            };
            let _ = writeln!(
                w,
                "| `{}` | {} | {} | {} |{d} `{}` |",
                r.board,
                r.target,
                r.min_ops,
                grouped(r.expressions),
                r.solution
            );
        }
        let _ = writeln!(w);
    }
}

/// Whether a puzzle (its features, its target) has some property.
type Has = fn(&Features, i64) -> bool;

/// The hardest puzzles by `difficulty` beside the hardest by solution count, with the
/// features of each (read from the tables) and what tells the two lists apart.
pub(super) fn difficulty_section(w: &mut String, facts: &Facts) {
    let _ = writeln!(
        w,
        "## Hardest puzzles by difficulty score and by solution count\n"
    );
    let _ = writeln!(
        w,
        "The `difficulty` score (README, *Difficulty*) is the predicted natural log of the \
         mean time, in seconds, people take to solve the puzzle: a model fitted to 24-game \
         players' times on a simulated player's expected moves to its first solution and five \
         exact features (the solutions found in whole numbers, the breadth of the first move, \
         the 1s, the fractions a solution needs, how far it must climb past the target); see \
         *Does the difficulty score match people?* below. In Digits and Countdown the list by \
         score keeps the {pool} highest by the tables' score (the player's surrogate), walks \
         each exactly and lists the hardest of them by that; a wider pool can find harder \
         puzzles still (`hardest --candidates`). Beside each corpus's {k} hardest puzzles \
         by score are its {k} with the fewest solutions (equal counts taken by the tables' \
         score).\n",
        k = HARDEST_KEPT,
        pool = HARDEST_KEPT * crate::digest::EXACT_POOL,
    );
    let mut any = false;
    for c in &facts.corpora {
        let Some(b) = &c.by_difficulty else {
            continue;
        };
        any = true;
        let lists = Lists::of(b);
        side_by_side(w, c, b, &lists);
        for l in lists.differences(c, b.convention) {
            let _ = writeln!(w, "- {l}");
        }
        let _ = writeln!(w);
    }
    if !any {
        let _ = writeln!(
            w,
            "Skipped: no corpus has a `difficulty` column (tables from before it existed: rerun \
             `analyze`).\n"
        );
    }
}

/// A corpus's two lists, by score (`[0]`) and by count (`[1]`), and each puzzle's features.
struct Lists<'a> {
    ranked: [&'a Vec<Ranked>; 2],
    features: [Vec<Option<Features>>; 2],
}

impl<'a> Lists<'a> {
    fn of(b: &'a ByDifficulty) -> Lists<'a> {
        let ranked = [&b.by_difficulty, &b.by_count];
        Lists {
            ranked,
            features: ranked.map(|l| l.iter().map(|r| r.features).collect()),
        }
    }

    /// How many puzzles of list `k` have a feature.
    fn with(&self, k: usize, has: Has) -> usize {
        self.ranked[k]
            .iter()
            .zip(&self.features[k])
            .filter(|(r, f)| f.is_some_and(|f| has(&f, r.target)))
            .count()
    }

    /// The median solution count of list `k`.
    fn median(&self, k: usize) -> Option<u64> {
        let mut v: Vec<u64> = self.ranked[k].iter().map(|r| r.count).collect();
        v.sort_unstable();
        v.get(v.len() / 2).copied()
    }

    /// What tells the lists apart, a sentence each: how many they share, ties at the fewest
    /// count, the medians, the features and greed.
    fn differences(&self, c: &CorpusFacts, conv: Convention) -> Vec<String> {
        let key = |r: &Ranked| (r.board_id, r.target);
        let [by_score, by_count] = self.ranked;
        let common = by_score
            .iter()
            .filter(|r| by_count.iter().any(|q| key(q) == key(r)))
            .count();
        let n = [by_score.len(), by_count.len()];
        let mut lines = vec![format!(
            "{common} of the {} hardest by score are also among the {} with the fewest `{conv}` \
             solutions.",
            n[0], n[1]
        )];
        if let Some(&(_, min, ties)) = c.min_classes.at_min.iter().find(|x| x.0 == conv)
            && ties > n[1] as u64
        {
            let at_min = by_score.iter().filter(|r| r.count == min).count();
            lines.push(format!(
                "{} puzzles share the fewest count ({}), so the count alone cannot tell the \
                 hardest among them apart (its list takes them by the score); the score \
                 ranks all puzzles: {at_min} of its {} are among them.",
                grouped(ties),
                grouped(min),
                n[0]
            ));
        }
        if let (Some(a), Some(z)) = (self.median(0), self.median(1))
            && a > z
        {
            lines.push(format!(
                "The score's list has a median of {} `{conv}` solutions against {} for the \
                 count's: the score lets a puzzle with several solutions rank as hard when \
                 each of them is hard to find.",
                grouped(a),
                grouped(z)
            ));
        }
        lines.extend(self.features_line());
        let greedy: Has = |f, _| f.greedy;
        let (ga, gz) = (self.with(0, greedy), self.with(1, greedy));
        if gz > ga {
            lines.push(format!(
                "{gz} of the fewest-solution puzzles can be reached greedily (a product of two \
                 numbers, then a small correction) against {ga} of the score's: a single \
                 solution is easy to find when it is the first thing people try, which is why \
                 the score ranks those lower."
            ));
        }
        lines
    }

    /// How many of each list need a fraction, a negative number, a division, an overshoot.
    fn features_line(&self) -> Option<String> {
        let features: [(Has, &str); 4] = [
            (|f, _| f.needs_fraction, "need a fraction"),
            (|f, _| f.needs_negative, "need a negative number"),
            (|f, _| f.needs_division, "need a division"),
            (
                |f, t| f.overshoots(t),
                "must overshoot to more than twice the target",
            ),
        ];
        let why: Vec<String> = features
            .into_iter()
            .filter_map(|(has, label)| {
                let (a, z) = (self.with(0, has), self.with(1, has));
                (a + z > 0)
                    .then(|| format!("{a} of the score's list and {z} of the count's {label}"))
            })
            .collect();
        (!why.is_empty()).then(|| format!("Features: {}.", list(&why)))
    }
}

/// The corpus's heading and its two lists side by side, row by row.
fn side_by_side(w: &mut String, c: &CorpusFacts, b: &ByDifficulty, lists: &Lists) {
    let scope =
        b.at.map_or("every target".to_string(), |t| format!("target {t}"));
    let _ = writeln!(w, "### `{}`, {scope}\n", c.name());
    let conv = b.convention;
    let _ = writeln!(
        w,
        "| # | by score: board | target | difficulty | `{conv}` | features | by count: board \
         | target | difficulty | `{conv}` | features |"
    );
    let _ = writeln!(w, "|--:|---|--:|--:|--:|---|---|--:|--:|--:|---|");
    let cell = |k: usize, i: usize| -> String {
        let Some(r) = lists.ranked[k].get(i) else {
            return " | | | | |".into();
        };
        let notable = lists.features[k][i]
            .map(|f| f.notable(r.target))
            .unwrap_or_default();
        format!(
            " `{}` | {} | {} | {} | {} |",
            c.board(r.board_id).unwrap_or("?"),
            r.target,
            or_dash(r.difficulty, f2),
            grouped(r.count),
            notable.join(", ")
        )
    };
    for i in 0..lists.ranked[0].len().max(lists.ranked[1].len()) {
        let _ = writeln!(w, "| {} |{}{}", i + 1, cell(0, i), cell(1, i));
    }
    let _ = writeln!(w);
}
