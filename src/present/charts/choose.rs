//! Which charts the tables allow and the numbers each one shows ([`Chart`], chosen from
//! [`Facts`]; nothing is recomputed), with each chart's file name and title. Drawing them is
//! [`super::draw`].

use crate::corpus::CorpusId;
use crate::digest::target_bands::{DISTINCT_BINS, TargetBands, band_label};
use crate::engine::Convention;
use crate::findings::facts::Facts;
use crate::findings::nyt::{SlotPanel, nyt_panels};
use crate::findings::targets::{main_convention, pareto_front, trade_off};
use crate::findings::variants::BoardBoth;

/// A chart and the numbers it draws.
#[derive(Clone, Debug, PartialEq)]
pub enum Chart {
    /// Probability that a dealt hand solves each target, one line per deck.
    Probability24 {
        decks: Vec<(String, Vec<(i64, f64)>)>,
    },
    /// Expected solutions given solvable vs target, one line per convention.
    ExpectedSolutions {
        corpus: String,
        lines: Vec<(Convention, Vec<(i64, f64)>)>,
    },
    /// Probability against expected solutions, one point per target, with the Pareto front.
    TradeOff {
        corpus: String,
        convention: Convention,
        /// `(target, expected solutions, probability)`.
        points: Vec<(i64, f64, f64)>,
        /// Targets on the front, by expected solutions.
        front: Vec<i64>,
    },
    /// Countdown's solvable share vs target, one line per number of large cards.
    CountdownLarge {
        lines: Vec<(String, Vec<(i64, f64)>)>,
    },
    /// Krypto's probability that a deal can be solved, per target card, per rule set.
    TargetCards {
        lines: Vec<(String, Vec<(i64, f64)>)>,
    },
    /// Shares of puzzles per category in each band (of targets, or of boards), stacked.
    Stacked {
        stem: String,
        title: String,
        x_desc: String,
        y_desc: String,
        bands: Vec<String>,
        categories: Vec<String>,
        /// `shares[band][category]`.
        shares: Vec<Vec<f64>>,
    },
    /// NYT metrics by daily slot, one panel per metric.
    NytSlots { panels: Vec<SlotPanel> },
    /// The difficulty model's cross-validated predicted time against the observed one.
    Validation {
        /// Per training set, `(observed, predicted)` mean solve time in seconds.
        points: Vec<(f64, f64)>,
        /// Cross-validated Spearman ρ with the observed time.
        rho: f64,
    },
    /// The phase transition: `P(k, M)` against `k`, or against the rescaled parameter `q`.
    Phase {
        rescaled: bool,
        cells: Vec<crate::variant::phase::Cell>,
    },
    /// A share with its interval at each level of a property, one line per group.
    Shares {
        stem: String,
        title: String,
        x_desc: String,
        y_desc: String,
        levels: Vec<String>,
        lines: Vec<super::shares::ShareLine>,
    },
}

/// The corpora whose expected-solutions chart is drawn.
const EXPECTED_FOR: [CorpusId; 4] = [
    CorpusId::Digits,
    CorpusId::Countdown,
    CorpusId::TwentyFour,
    CorpusId::TwentyFourNine,
];

/// Every chart the facts allow, in report order.
pub fn charts(facts: &Facts) -> Vec<Chart> {
    let mut out = Vec::new();
    out.extend(probability_24(facts));
    out.extend(
        EXPECTED_FOR
            .iter()
            .filter_map(|id| expected_solutions(facts, id)),
    );
    out.extend(trade_off_24(facts));
    out.extend(countdown_large(facts));
    out.extend(target_cards(facts));
    out.extend(facts.joining.as_deref().map(make10_joining));
    if let Some(b) = facts
        .corpus(&CorpusId::Digits)
        .and_then(|c| c.bands.as_ref())
    {
        out.extend(digits_charts(b));
    }
    if let Some(p) = facts.corpus(&CorpusId::Nyt).and_then(|c| c.nyt.as_ref())
        && !p.is_empty()
    {
        out.push(Chart::NytSlots {
            panels: nyt_panels(p),
        });
    }
    let v = &facts.validation;
    out.push(Chart::Validation {
        points: v.points.clone(),
        rho: v.model.rho_time,
    });
    out.extend(phase(facts));
    out
}

/// The 24 game's probability per target, one line per deck analysed.
fn probability_24(facts: &Facts) -> Option<Chart> {
    let decks: Vec<(String, Vec<(i64, f64)>)> = [
        (CorpusId::TwentyFour, "52-card deck (cards 1–13): corpus 24"),
        (
            CorpusId::TwentyFourNine,
            "36-card deck (cards 1–9): corpus 24-nine",
        ),
    ]
    .iter()
    .filter_map(|(id, label)| {
        let c = facts.corpus(id)?;
        Some((
            label.to_string(),
            c.all_targets()
                .iter()
                .map(|r| (r.target, r.probability))
                .collect(),
        ))
    })
    .collect();
    (!decks.is_empty()).then_some(Chart::Probability24 { decks })
}

/// The corpus `id`'s expected solutions per target, one line per convention its sums hold.
fn expected_solutions(facts: &Facts, id: &CorpusId) -> Option<Chart> {
    let c = facts.corpus(id)?;
    let lines: Vec<(Convention, Vec<(i64, f64)>)> = c
        .conventions
        .iter()
        .map(|&conv| {
            let pts = c
                .all_targets()
                .iter()
                .filter_map(|r| Some((r.target, r.expected(conv)?)))
                .filter(|p| p.1 > 0.0)
                .collect();
            (conv, pts)
        })
        // A convention `targets` does not sum (`inequivalent`) has no line.
        .filter(|(_, pts): &(Convention, Vec<(i64, f64)>)| !pts.is_empty())
        .collect();
    (!lines.is_empty()).then(|| Chart::ExpectedSolutions {
        corpus: id.to_string(),
        lines,
    })
}

/// The 24 game's targets by probability and expected solutions, with the Pareto front.
fn trade_off_24(facts: &Facts) -> Option<Chart> {
    let c = facts.corpus(&CorpusId::TwentyFour)?;
    let conv = main_convention(c)?;
    let points = trade_off(&c.all_targets(), conv);
    (!points.is_empty()).then(|| Chart::TradeOff {
        corpus: "24".into(),
        convention: conv,
        front: pareto_front(&points),
        points,
    })
}

/// Countdown's solvable share per target, one line per number of large cards.
fn countdown_large(facts: &Facts) -> Option<Chart> {
    let c = facts.corpus(&CorpusId::Countdown)?;
    let lines: Vec<(String, Vec<(i64, f64)>)> = (0..=4)
        .map(|k| format!("{k} large"))
        .filter_map(|g| {
            let rows = c.group(&g);
            (!rows.is_empty()).then(|| {
                let pts = rows.iter().map(|r| (r.target, r.solvable_share)).collect();
                (g, pts)
            })
        })
        .collect();
    (!lines.is_empty()).then_some(Chart::CountdownLarge { lines })
}

/// Krypto's probability per target card, under the rules and with fractions allowed.
fn target_cards(facts: &Facts) -> Option<Chart> {
    // Drawn with the rules' own line; the fractions line alone compares with nothing.
    facts.corpus(&CorpusId::Krypto)?;
    let lines = [
        (CorpusId::Krypto, "whole numbers (the rules): corpus krypto"),
        (
            CorpusId::KryptoFractions,
            "fractions allowed: corpus krypto-fractions",
        ),
    ]
    .iter()
    .filter_map(|(id, label)| {
        let rows = facts.all_targets_of(id)?;
        Some((
            label.to_string(),
            rows.iter().map(|r| (r.target, r.probability)).collect(),
        ))
    })
    .collect();
    Some(Chart::TargetCards { lines })
}

/// The phase transition against `k` and against `q`, when a sweep computed any cell.
fn phase(facts: &Facts) -> Vec<Chart> {
    use crate::variant::phase::Method;
    // Skipped cells have no `P` to draw.
    let cells: Vec<_> = facts
        .phase
        .iter()
        .flatten()
        .filter(|c| c.method != Method::Skipped)
        .cloned()
        .collect();
    if cells.is_empty() {
        return Vec::new();
    }
    [false, true]
        .map(|rescaled| Chart::Phase {
            rescaled,
            cells: cells.clone(),
        })
        .into()
}

/// Make-10's tickets by how many zeros they hold (the digit joining rescues most), stacked by
/// whether they make 10 without joining, only by joining, or not at all; weighted as dealt.
fn make10_joining(boards: &[BoardBoth]) -> Chart {
    let zeros = |b: &BoardBoth| b.board.split_whitespace().filter(|&w| w == "0").count();
    let most = boards.iter().map(zeros).max().unwrap_or(0);
    let shares = (0..=most)
        .map(|z| {
            let mut by = [0.0f64; 3];
            for b in boards.iter().filter(|b| zeros(b) == z) {
                by[match (b.plain, b.variant) {
                    (true, _) => 0,
                    (false, true) => 1,
                    (false, false) => 2,
                }] += b.weight;
            }
            let all: f64 = by.iter().sum();
            by.iter().map(|w| w / all.max(f64::MIN_POSITIVE)).collect()
        })
        .collect();
    Chart::Stacked {
        stem: "make10-joining".into(),
        title:
            "Make-10: tickets that make 10, by zeros on the ticket, with and without joining digits"
                .into(),
        x_desc: "zeros on the ticket".into(),
        y_desc: "share of tickets".into(),
        bands: (0..=most).map(|z| z.to_string()).collect(),
        categories: vec![
            "make 10".into(),
            "make 10 only joining digits".into(),
            "unsolvable".into(),
        ],
        shares,
    }
}

fn shares<const N: usize>(counts: &[u64; N]) -> Vec<f64> {
    let total: u64 = counts.iter().sum();
    counts
        .iter()
        .map(|&c| {
            if total > 0 {
                c as f64 / total as f64
            } else {
                0.0
            }
        })
        .collect()
}

fn digits_charts(b: &TargetBands) -> Vec<Chart> {
    let labels = |keys: Vec<i64>| -> Vec<String> {
        keys.into_iter()
            .map(|k| band_label(k, b.lo, b.hi))
            .collect()
    };
    let mut min_ops_cats: Vec<String> = (0..=5)
        .map(|k| format!("{k} operation{}", if k == 1 { "" } else { "s" }))
        .collect();
    min_ops_cats[5] = "5 operations".into();
    min_ops_cats.push("unsolvable".into());
    vec![
        Chart::Stacked {
            stem: "digits-distinct".into(),
            title: "Digits: distinct solutions per puzzle, by target band".into(),
            x_desc: "target band".into(),
            y_desc: "share of (board, target) puzzles".into(),
            bands: labels(b.distinct.keys().copied().collect()),
            categories: DISTINCT_BINS
                .iter()
                .map(|&(_, _, l)| {
                    if l == "unsolvable" {
                        l.to_string()
                    } else {
                        format!("{l} distinct")
                    }
                })
                .collect(),
            shares: b.distinct.values().map(shares).collect(),
        },
        Chart::Stacked {
            stem: "digits-min-ops".into(),
            title: "Digits: fewest operations (min_ops) per puzzle, by target band".into(),
            x_desc: "target band".into(),
            y_desc: "share of (board, target) puzzles".into(),
            bands: labels(b.min_ops.keys().copied().collect()),
            categories: min_ops_cats,
            shares: b.min_ops.values().map(shares).collect(),
        },
    ]
}

impl Chart {
    /// The file name without extension.
    pub fn stem(&self) -> String {
        match self {
            Chart::Probability24 { .. } => "24-probability".into(),
            Chart::ExpectedSolutions { corpus, .. } => format!("expected-solutions-{corpus}"),
            Chart::TradeOff { corpus, .. } => format!("tradeoff-{corpus}"),
            Chart::CountdownLarge { .. } => "countdown-large".into(),
            Chart::TargetCards { .. } => "krypto-target-cards".into(),
            Chart::Stacked { stem, .. } | Chart::Shares { stem, .. } => stem.clone(),
            Chart::NytSlots { .. } => "nyt-slots".into(),
            Chart::Validation { .. } => "difficulty-validation".into(),
            Chart::Phase {
                rescaled: false, ..
            } => "phase-k".into(),
            Chart::Phase { rescaled: true, .. } => "phase-rescaled".into(),
        }
    }

    /// The chart's title, as drawn and as the report's caption.
    pub fn title(&self) -> String {
        match self {
            Chart::Probability24 { .. } => {
                "24 game: probability that a dealt hand can make each target".into()
            }
            Chart::ExpectedSolutions { corpus, .. } => {
                format!("Corpus {corpus}: expected number of solutions when solvable")
            }
            Chart::TradeOff {
                corpus, convention, ..
            } => format!(
                "Corpus {corpus}: solvable probability vs expected {convention} solutions, per target"
            ),
            Chart::CountdownLarge { .. } => {
                "Countdown: share of card selections that can make each target".into()
            }
            Chart::TargetCards { .. } => {
                "Krypto: probability that a deal can be solved, per target card".into()
            }
            Chart::Stacked { title, .. } | Chart::Shares { title, .. } => title.clone(),
            Chart::NytSlots { .. } => {
                "Digits as published by the NYT (2023): the real puzzles by daily slot".into()
            }
            Chart::Validation { .. } => {
                "Difficulty model: predicted against observed solve time, 24-game players".into()
            }
            Chart::Phase {
                rescaled: false, ..
            } => "Phase transition: probability of winning against the numbers on the board".into(),
            Chart::Phase { rescaled: true, .. } => {
                "Phase transition: probability of winning against the rescaled parameter q".into()
            }
        }
    }
}
