//! The report's sections on the games beyond the SPEC's three: how many make-10 tickets make
//! 10 and what joining digits changes (the `make10` and `make10-concat` tables); how often a
//! Krypto deal (five cards and a target card from its 56-card deck) can be solved, per deal
//! and per target card, and what allowing fractions changes (the `krypto` and, when it was
//! run, `krypto-fractions` tables).

use std::fmt::Write as _;

use crate::corpus::CorpusId;
use crate::findings::facts::Facts;
use crate::findings::variants::BoardBoth;
use crate::present::numbers::{f4, grouped, pct};
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

/// The 10,000 tickets a make-10 corpus's `probability` is a share of.
const TICKETS: f64 = 10_000.0;

pub(super) fn make10_section(w: &mut String, facts: &Facts) {
    let _ = writeln!(
        w,
        "### How many tickets make 10, and what does joining digits change?\n"
    );
    let at_10 = |id: &CorpusId| {
        facts
            .all_targets_of(id)?
            .into_iter()
            .find(|r| r.target == 10)
            .cloned()
    };
    let (Some(plain), joined) = (at_10(&CorpusId::Make10), at_10(&CorpusId::Make10Concat)) else {
        let _ = writeln!(w, "Skipped: the `make10` corpus is missing.\n");
        return;
    };
    let tickets = |r: &TargetRow| grouped((r.probability * TICKETS).round() as u64);
    let _ = writeln!(
        w,
        "- With + − × ÷, brackets and every digit used once, {} of the 10,000 tickets make 10 \
         ({}), and {} of the {} multisets of four digits ({}).",
        tickets(&plain),
        pct(plain.probability),
        grouped(u64::from(plain.solving)),
        grouped(u64::from(plain.boards)),
        pct(plain.solvable_share),
    );
    let Some(joined) = joined else {
        let _ = writeln!(
            w,
            "- Joining digits is not compared: the `make10-concat` corpus is missing.\n"
        );
        return;
    };
    let _ = writeln!(
        w,
        "- Joining digits as well (`1` and `2` make 12 or 21, corpus `make10-concat`), {} \
         tickets make 10 ({}) and {} multisets ({}).",
        tickets(&joined),
        pct(joined.probability),
        grouped(u64::from(joined.solving)),
        pct(joined.solvable_share),
    );
    if let Some(both) = &facts.joining {
        let mut gained: Vec<&BoardBoth> = both.iter().filter(|b| b.variant && !b.plain).collect();
        let lost = both.iter().filter(|b| b.plain && !b.variant).count();
        gained.sort_by(|a, b| {
            b.weight
                .total_cmp(&a.weight)
                .then_with(|| a.board.cmp(&b.board))
        });
        let shown: Vec<String> = gained
            .iter()
            .take(8)
            .map(|b| format!("`{}`", b.board))
            .collect();
        let _ = writeln!(
            w,
            "- Joining makes 10 from {} more multisets ({} more tickets; the most often \
             dealt: {}{}), and {} multisets lose 10: joining only adds ways.",
            grouped(gained.len() as u64),
            grouped((gained.iter().map(|b| b.weight).sum::<f64>() * TICKETS).round() as u64),
            shown.join(", "),
            if gained.len() > shown.len() {
                ", …"
            } else {
                ""
            },
            if lost == 0 {
                "no".to_string()
            } else {
                grouped(lost as u64)
            },
        );
    }
    if plain.unique_share.is_some() && joined.unique_share.is_some() {
        let _ = writeln!(
            w,
            "- Multisets with exactly one `distinct` solution: {} without joining, {} with it.",
            grouped(u64::from(plain.unique)),
            grouped(u64::from(joined.unique)),
        );
    }
    let _ = writeln!(w);
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
