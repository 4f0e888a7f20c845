//! The report's sections on the games beyond the SPEC's three: how often a Krypto deal (five
//! cards and a target card from its 56-card deck) can be solved, per deal and per target
//! card, and what allowing fractions changes; read from the `krypto` (and, when it was run,
//! `krypto-fractions`) tables.

use std::fmt::Write as _;

use crate::corpus::CorpusId;
use crate::format::{f4, grouped, pct};
use crate::research::facts::Facts;
use crate::store::rows::TargetRow;

/// The chance that a deal is solvable: each target card's probability (over the hands dealt
/// with it) weighted by the chance it is the card turned up, its copies over the deck's cards
/// (every card of the deck is as likely to be turned up as any other).
pub(super) fn deal_share(id: &CorpusId, rows: &[&TargetRow]) -> Option<f64> {
    let game = id.game().ok()?;
    let cards: u64 = game.pool.cards().iter().map(|&(_, c)| u64::from(c)).sum();
    let covered: u64 = rows
        .iter()
        .map(|r| u64::from(game.pool.copies(r.target)))
        .sum();
    // Only a run over every target card answers for a deal.
    (cards > 0 && covered == cards).then(|| {
        rows.iter()
            .map(|r| f64::from(game.pool.copies(r.target)) / cards as f64 * r.probability)
            .sum()
    })
}

pub(super) fn krypto_section(w: &mut String, facts: &Facts) {
    let _ = writeln!(w, "### How often can a Krypto deal be solved?\n");
    let Some(c) = facts.corpus(&CorpusId::Krypto) else {
        let _ = writeln!(w, "Skipped: the `krypto` corpus is missing.\n");
        return;
    };
    let rows = c.all_targets();
    let pairs: u64 = rows.iter().map(|r| u64::from(r.boards)).sum();
    let solving: u64 = rows.iter().map(|r| u64::from(r.solving)).sum();
    let hands = c.boards.len() as u64;
    match deal_share(c.id(), &rows) {
        Some(share) => {
            let _ = writeln!(
                w,
                "- A deal (five cards, then a sixth turned up as the target, from the 56-card \
                 deck) can be solved with probability **{}** ({}), in whole numbers with every \
                 card used.",
                f4(share),
                pct(share)
            );
        }
        None => {
            let _ = writeln!(
                w,
                "- These tables do not hold every target card, so no chance per deal is given."
            );
        }
    }
    let _ = writeln!(
        w,
        "- Of the {} (hand, target card) pairs, each counted once, {} can be solved ({}) over \
         {} hands.",
        grouped(pairs),
        grouped(solving),
        pct(solving as f64 / pairs.max(1) as f64),
        grouped(hands),
    );
    let mut by_p = rows.clone();
    by_p.sort_by(|a, b| a.probability.total_cmp(&b.probability));
    let show = |rs: &[&&TargetRow]| {
        rs.iter()
            .map(|r| format!("{} ({})", r.target, f4(r.probability)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let worst: Vec<&&TargetRow> = by_p.iter().take(3).collect();
    let best: Vec<&&TargetRow> = by_p.iter().rev().take(3).collect();
    let _ = writeln!(
        w,
        "- The target cards dealt hands make least often: {}; most often: {}.",
        show(&worst),
        show(&best)
    );
    let _ = writeln!(w);
    let _ = writeln!(w, "#### What allowing fractions changes\n");
    let Some(frows) = facts.all_targets_of(&CorpusId::KryptoFractions) else {
        let _ = writeln!(
            w,
            "Not in this run: `digits-lab analyze --corpus krypto-fractions --reach-only` \
             (about six minutes on two cores) plays the same deals with fractions allowed, \
             and this section then compares the two.\n"
        );
        return;
    };
    match (
        deal_share(c.id(), &rows),
        deal_share(&CorpusId::KryptoFractions, &frows),
    ) {
        (Some(whole), Some(fractions)) => {
            let _ = writeln!(
                w,
                "- With fractions allowed along the way (the answer still a whole card), a \
                 deal can be solved with probability **{}**, against {} in whole numbers: \
                 the share of deals without a solution goes from {} to {}.\n",
                f4(fractions),
                f4(whole),
                pct(1.0 - whole),
                pct(1.0 - fractions),
            );
        }
        _ => {
            let _ = writeln!(
                w,
                "The two runs do not both hold every target card; no comparison per deal.\n"
            );
        }
    }
}
