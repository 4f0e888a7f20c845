//! `evaluate`'s renderings: the lines the command prints (`Display` for [`Evaluation`]), a
//! share and a driver as people read them, and the report `report.md` in the style of
//! REPORT.md — the solved share per model, pass@k, how the answers failed, the solved share
//! by each property of the puzzles, what predicts the failures, and the models compared —
//! written with its charts by [`write_report`].

use std::fmt::{self, Write as _};

use crate::error::Result;
use crate::evaluate::drivers::Driver;
use crate::evaluate::outcome::Outcome;
use crate::evaluate::properties::Property;
use crate::evaluate::stats::Share;
use crate::evaluate::summary::{ModelSummary, Summary};
use crate::evaluate::{CHARTS, Evaluation, REPORT};
use crate::present::charts::evaluate as charts;
use crate::present::numbers::{LEFT, RIGHT, grouped, md_head, md_row};
use crate::store::write::write_text;

/// Draws the charts of `e` into its folder and writes its report beside them, last, so
/// that a folder with `report.md` is complete; `input` is the answers file's name.
pub fn write_report(e: &Evaluation, input: &str) -> Result<()> {
    let charts = charts::render(&e.summary, &e.out.join(CHARTS))?;
    write_text(&e.out.join(REPORT), &markdown(&e.summary, input, &charts))
}

/// The command's lines: each model's solved share and the puzzles it never solved, then
/// where the files went.
impl fmt::Display for Evaluation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for m in &self.summary.models {
            writeln!(
                f,
                "{}: solved {}; never solved {} of {} puzzles",
                m.model,
                m.solved,
                grouped(m.never_solved.successes),
                grouped(m.puzzles)
            )?;
        }
        writeln!(f, "wrote {}", self.out.display())
    }
}

/// `71.2% [68.0, 74.1] of 812`.
impl fmt::Display for Share {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:.1}% [{:.1}, {:.1}] of {}",
            100.0 * self.share,
            100.0 * self.lo,
            100.0 * self.hi,
            grouped(self.trials)
        )
    }
}

/// `needs_fraction (every solution passes through a fraction): −0.41 success when yes`.
impl fmt::Display for Driver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let per = if self.binary { "when yes" } else { "a unit" };
        write!(
            f,
            "{} ({}): {:+.2} success {per}, {:+.2} per sd",
            self.name, self.why, self.effect, self.weight
        )
    }
}

/// The report; `charts` are the charts' file names and titles, drawn beside it.
pub fn markdown(s: &Summary, input: &str, charts: &[(String, String)]) -> String {
    let mut o = String::new();
    let _ = writeln!(o, "# Evaluation of `{input}`\n");
    let _ = writeln!(
        o,
        "{} answers to {} puzzles of {}, by {} model{}. Every answer checked exactly (`digits-lab \
         check`), every puzzle solved exactly (`digits-lab audit`). Shares carry their 95% Wilson \
         interval and their count.\n",
        grouped(s.rows),
        grouped(s.puzzles),
        s.game,
        s.models.len(),
        if s.models.len() == 1 { "" } else { "s" }
    );
    overview(&mut o, s);
    outcomes(&mut o, s);
    by_property(&mut o, s);
    drivers(&mut o, s);
    comparisons(&mut o, s);
    if !charts.is_empty() {
        let _ = writeln!(o, "## Charts\n");
        for (file, title) in charts {
            let _ = writeln!(o, "![{title}](charts/{file})\n");
        }
    }
    o
}

fn overview(o: &mut String, s: &Summary) {
    let ks: Vec<u64> = s
        .models
        .first()
        .map(|m| m.pass_at.iter().map(|p| p.k).collect())
        .unwrap_or_default();
    let _ = writeln!(o, "## Solved\n");
    let mut head = ["model", "answers solved", "puzzles", "never solved"]
        .map(String::from)
        .to_vec();
    let mut aligns = vec![LEFT, LEFT, RIGHT, LEFT];
    for k in &ks {
        head.push(format!("pass@{k}"));
        aligns.push(RIGHT);
    }
    o.push_str(&md_head(&head, &aligns));
    for m in &s.models {
        let mut cells = vec![
            m.model.clone(),
            m.solved.to_string(),
            grouped(m.puzzles),
            m.never_solved.to_string(),
        ];
        cells.extend(m.pass_at.iter().map(|p| match p.value {
            Some(v) => format!("{:.1}% ({})", 100.0 * v, grouped(p.puzzles)),
            None => "—".to_string(),
        }));
        o.push_str(&md_row(&cells));
    }
    let skipped: u64 = s.models.iter().map(|m| m.skipped).sum();
    if skipped > 0 {
        let _ = writeln!(
            o,
            "\n{} rows are no puzzle of the game (the fault `puzzle`) and judge no model.",
            grouped(skipped)
        );
    }
    let _ = writeln!(
        o,
        "\npass@k is the chance that at least one of k answers drawn from a puzzle's n succeeds, \
         by the unbiased estimator 1 − C(n−c, k)/C(n, k), averaged over the puzzles with at least \
         k answers (their count in brackets).\n"
    );
}

fn outcomes(o: &mut String, s: &Summary) {
    let _ = writeln!(o, "## How the answers fared\n");
    let head: Vec<&str> = ["outcome", "what it means"]
        .into_iter()
        .chain(s.models.iter().map(|m| m.model.as_str()))
        .collect();
    let aligns = [[LEFT; 2].as_slice(), &vec![RIGHT; s.models.len()]].concat();
    o.push_str(&md_head(&head, &aligns));
    let totals: Vec<u64> = (s.models.iter())
        .map(|m| m.outcomes.iter().map(|c| c.answers).sum())
        .collect();
    for (i, outcome) in Outcome::ALL.iter().enumerate() {
        let mut cells = vec![outcome.name().to_string(), outcome.meaning().to_string()];
        cells.extend(s.models.iter().zip(&totals).map(|(m, &total)| {
            let n = m.outcomes[i].answers;
            let pct = if total == 0 {
                0.0
            } else {
                100.0 * n as f64 / total as f64
            };
            format!("{} ({pct:.1}%)", grouped(n))
        }));
        o.push_str(&md_row(&cells));
    }
    for m in &s.models {
        if m.faults.is_empty() {
            continue;
        }
        let mut by: Vec<(&String, &u64)> = m.faults.iter().collect();
        by.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        let parts: Vec<String> = by
            .iter()
            .map(|(f, n)| format!("{f} {}", grouped(**n)))
            .collect();
        let _ = writeln!(
            o,
            "\n{}'s faults, as `check` names them: {}.",
            m.model,
            parts.join(", ")
        );
    }
    o.push('\n');
}

fn by_property(o: &mut String, s: &Summary) {
    let _ = writeln!(o, "## Solved by property of the puzzle\n");
    for property in Property::ALL {
        let rows: Vec<(&ModelSummary, usize)> = s
            .models
            .iter()
            .filter_map(|m| {
                m.by_property
                    .iter()
                    .position(|p| p.property == property.name())
                    .map(|i| (m, i))
            })
            .collect();
        if rows.is_empty() {
            continue;
        }
        let _ = writeln!(o, "### {} (`{}`)\n", property.title(), property.name());
        let head: Vec<&str> = ["level"]
            .into_iter()
            .chain(rows.iter().map(|(m, _)| m.model.as_str()))
            .collect();
        o.push_str(&md_head(&head, &vec![LEFT; rows.len() + 1]));
        for level in property.levels() {
            let cells: Vec<String> = rows
                .iter()
                .map(|(m, i)| {
                    m.by_property[*i]
                        .levels
                        .iter()
                        .find(|l| l.level == level)
                        .map_or("—".to_string(), |l| l.share.to_string())
                })
                .collect();
            if cells.iter().all(|c| c == "—") {
                continue;
            }
            o.push_str(&md_row(&[[level].as_slice(), &cells].concat()));
        }
        o.push('\n');
    }
}

fn drivers(o: &mut String, s: &Summary) {
    let _ = writeln!(o, "## What predicts a failure\n");
    let _ = writeln!(
        o,
        "Each model's success on each solvable puzzle (the share of its answers that solve it) \
         fitted on the puzzle's properties by ridge regression, as `fit` fits people's times; \
         judged by 5-fold cross-validation that holds out whole boards, repeated 5 times (ρ and R² of \
         the out-of-fold prediction with the observed success, mean ± sd over the repeats; R² \
         is the share of the variance in success explained, and reaches 1 even when failures \
         are rare). Each driver's effect is the change in success for a yes, or a unit more, \
         all else equal. \
         The human ρ is that of the difficulty fitted to people with the model's success, \
         fitted on nothing here: negative when the model fails what people find hard.\n"
    );
    for m in &s.models {
        let d = &m.drivers;
        let _ = writeln!(
            o,
            "**{}** ({} solvable puzzles on {} boards)\n",
            m.model,
            grouped(d.puzzles),
            grouped(d.boards)
        );
        if let Some(r) = d.rho_human {
            let _ = writeln!(o, "- human difficulty against success: ρ = {r:.2}");
        }
        match (&d.skipped, &d.rho_cv) {
            (Some(why), _) => {
                let _ = writeln!(o, "- no fit: {why}");
            }
            (None, Some(rho)) => {
                let r2 = d.r2_cv.unwrap_or(*rho);
                let _ = writeln!(
                    o,
                    "- cross-validated: ρ {:.2} ± {:.2}, R² {:.2} ± {:.2} of predicted with \
                     observed success",
                    rho.mean, rho.sd, r2.mean, r2.sd
                );
                if let Some(why) = d.unpredictive() {
                    let _ = writeln!(
                        o,
                        "- no property predicts the failures on puzzles the fit did not see \
                         ({why}): they look random with respect to the puzzles"
                    );
                }
                for driver in d.shown().take(4).filter(|_| d.predictive()) {
                    let _ = writeln!(o, "- {driver}");
                }
            }
            (None, None) => {}
        }
        o.push('\n');
    }
}

fn comparisons(o: &mut String, s: &Summary) {
    if s.comparisons.is_empty() {
        return;
    }
    let _ = writeln!(o, "## Models compared on the puzzles both answered\n");
    let head = [
        "A",
        "B",
        "shared",
        "A better",
        "B better",
        "ties",
        "A success",
        "B success",
        "sign test p",
    ];
    o.push_str(&md_head(
        &head,
        &[[LEFT; 2].as_slice(), &[RIGHT; 7]].concat(),
    ));
    for c in &s.comparisons {
        o.push_str(&md_row(&[
            c.a.clone(),
            c.b.clone(),
            grouped(c.shared),
            grouped(c.a_better),
            grouped(c.b_better),
            grouped(c.ties),
            format!("{:.1}%", 100.0 * c.a_success),
            format!("{:.1}%", 100.0 * c.b_success),
            p_text(c.p_value),
        ]));
    }
    let _ = writeln!(
        o,
        "\nA model does better on a puzzle when a larger share of its answers solve it; the \
         sign test asks whether the puzzles one does better on outnumber the other's by more \
         than chance, ties left out.\n"
    );
}

/// A p-value as people read it: three decimals, or its order below 0.001.
fn p_text(p: f64) -> String {
    if p >= 0.001 {
        format!("{p:.3}")
    } else {
        format!("{p:.1e}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_share_is_written_with_its_interval_and_count() {
        assert_eq!(Share::of(81, 263).to_string(), "30.8% [25.5, 36.6] of 263");
    }
}
