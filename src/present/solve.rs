//! `solve`'s report as a person reads it: the puzzle and whether it is solvable, its counts
//! under every convention, the difficulty and its prediction, the closest value or a
//! shortest solution, and every solution with `--all`.

use std::fmt::{self, Write as _};

use crate::present::numbers::grouped;
use crate::puzzle::solve::{Exact, Report, WrittenSolution};

/// The report as a person reads it.
impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut o = String::new();
        headline(self, &mut o);
        counts(self, &mut o);
        prediction(self, &mut o);
        answers(self, &mut o);
        f.write_str(&o)
    }
}

/// The puzzle, and whether (in how few operations) it is solvable.
fn headline(r: &Report, o: &mut String) {
    let board = r
        .board
        .iter()
        .map(|n| n.to_string())
        .collect::<Vec<_>>()
        .join(" ");
    let c = &r.counts;
    if let Some(ops) = c.min_ops {
        let _ = writeln!(
            o,
            "{} from {board} ({}): solvable in {ops} operation{}",
            r.target,
            r.game.kind,
            if ops == 1 { "" } else { "s" }
        );
    } else {
        let _ = writeln!(
            o,
            "{} from {board} ({}): not reachable",
            r.target, r.game.kind
        );
    }
}

/// The solutions under every convention, and the move sequences when counted.
fn counts(r: &Report, o: &mut String) {
    let c = &r.counts;
    let distinct = c.distinct.map_or("n/a (unary minus)".to_string(), grouped);
    let inequivalent = c
        .inequivalent
        .map_or(String::new(), |n| format!(" · inequivalent {}", grouped(n)));
    let _ = writeln!(
        o,
        "  solutions: trees {} · expressions {} · distinct {distinct}{inequivalent}",
        grouped(c.trees),
        grouped(c.expressions)
    );
    if let Some(m) = &r.moves {
        let lengths: Vec<String> = m
            .by_length
            .iter()
            .enumerate()
            .filter(|&(_, &n)| n > 0)
            .map(|(k, &n)| format!("{} of {k}", grouped(n)))
            .collect();
        let split = if lengths.is_empty() {
            String::new()
        } else {
            format!(": {}", lengths.join(", "))
        };
        let _ = writeln!(
            o,
            "  moves: {} sequences{split}; {} boards visited",
            grouped(m.sequences),
            grouped(m.boards_visited)
        );
    }
}

/// The difficulty and what makes it, the predicted time and solve rate, the score.
fn prediction(r: &Report, o: &mut String) {
    if let Some(d) = &r.difficulty {
        let _ = writeln!(
            o,
            "  difficulty: {}",
            d.features.describe(r.target, d.difficulty)
        );
    }
    if let Some(p) = &r.predicted {
        let e = &p.explanation;
        let _ = writeln!(
            o,
            "  predicted: ~{:.0} s, {:.0}% of players solve it{}",
            p.time_s,
            100.0 * p.solve_rate,
            if e.extrapolated {
                " (extrapolated: the model was fitted on the 24 game)"
            } else {
                ""
            }
        );
        for d in &e.drivers {
            let _ = writeln!(o, "    {}: ×{:.2} time", d.text, d.time_factor);
        }
    }
    if let Some(s) = &r.score {
        let _ = writeln!(o, "  score: {} {}", s.value, s.unit);
    }
}

/// The closest value when the target is missed, a shortest solution, every solution.
fn answers(r: &Report, o: &mut String) {
    if let Some(cl) = &r.closest {
        let _ = writeln!(
            o,
            "  closest: {} (off by {})",
            cl.values
                .iter()
                .map(Exact::to_string)
                .collect::<Vec<_>>()
                .join(" and "),
            cl.distance
        );
        if let Some(w) = &cl.solution {
            write_solution(o, &format!("a shortest way to {}", cl.values[0]), w);
        }
    }
    if let Some(w) = &r.shortest {
        write_solution(o, "a shortest solution", w);
    }
    if let Some(all) = &r.solutions {
        let _ = writeln!(
            o,
            "all {} distinct solutions, fewest numbers first:",
            grouped(all.len() as u64)
        );
        let width = all.len().to_string().len();
        for (i, s) in all.iter().enumerate() {
            let _ = writeln!(o, "  {:>width$}. {s}", i + 1);
        }
    }
}

fn write_solution(o: &mut String, title: &str, w: &WrittenSolution) {
    let _ = writeln!(o, "{title}:");
    for m in &w.moves {
        let _ = writeln!(o, "  {m}");
    }
    let _ = writeln!(o, "  = {}", w.expression);
}
