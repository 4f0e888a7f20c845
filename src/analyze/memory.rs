//! What a run needs in memory, worked out before it starts: a request whose rows would not
//! fit is refused with what it would need, rather than aborting part-way through.
//!
//! The rows of a chunk of boards are held at once (computed, then handed to the writer), so
//! a chunk has fewer boards when each board has many targets; beyond that, every worker
//! holds one board's counts per target and, in the integer games, an accumulator per value
//! of the whole board's window.

use std::mem::size_of;

use crate::corpus::Corpus;
use crate::engine::{Counts, Window};
use crate::error::{Error, Result};
use crate::game::rules::Arithmetic;
use crate::game::words::grouped;

/// Boards per chunk (and per row group of `puzzles`) when boards have up to 1,000 targets.
const CHUNK: usize = 256;

/// The most `puzzles` rows a chunk holds.
const CHUNK_ROWS: u64 = CHUNK as u64 * 1_000;

/// Bytes of one `puzzles` row as a board's columns hold it (an upper bound).
const ROW: u64 = 96;

/// Bytes of one `puzzles` row once it is a column of a frame (an upper bound).
const FRAME_ROW: u64 = 128;

/// How many boards go in a chunk when each has `targets` targets.
pub(super) fn chunk_boards(targets: u64) -> usize {
    usize::try_from(CHUNK_ROWS / targets.max(1))
        .unwrap_or(CHUNK)
        .clamp(1, CHUNK)
}

/// The whole board's window for targets up to `hi`: integers up to `hi + hi/10 + 10`, so that
/// a missed target's closest value is found within it for most boards.
pub(super) fn window(hi: i64) -> Window {
    Window {
        lo: 1,
        hi: hi.saturating_add(hi / 10 + 10),
    }
}

/// Bytes a run of `corpus` needs at its peak with `threads` workers, besides the shared
/// sub-board tables (bounded by their own budget).
pub(super) fn needed(corpus: &Corpus, threads: usize) -> u64 {
    let game = &corpus.game;
    let (lo, hi) = (*game.targets.start(), *game.targets.end());
    let targets = u64::try_from(hi - lo + 1).unwrap_or(u64::MAX);
    let boards = chunk_boards(targets).min(corpus.boards.len().max(1)) as u64;
    let row = ROW + FRAME_ROW;
    // A chunk being computed, one waiting and one being written.
    let chunks = 3u64
        .saturating_mul(boards)
        .saturating_mul(targets)
        .saturating_mul(row);
    let per_board = targets.saturating_mul(2 * size_of::<Option<Counts>>() as u64)
        + match game.rules.arithmetic {
            Arithmetic::PositiveIntegers => window(hi).accumulator_bytes(),
            _ => 0,
        };
    let groups = (0..corpus.boards.len())
        .map(|i| corpus.boards.group(i))
        .collect::<std::collections::BTreeSet<_>>()
        .len() as u64;
    let sums = groups.saturating_mul(targets).saturating_mul(96);
    chunks
        .saturating_add(per_board.saturating_mul(threads as u64))
        .saturating_add(sums)
}

/// The memory the system can give without swapping (`MemAvailable`), where it says.
pub(super) fn available() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kb.checked_mul(1024)
}

/// Refuses a run that needs more memory than is available, saying how much it would need.
pub(super) fn check(corpus: &Corpus, threads: usize, cache_budget: usize) -> Result<()> {
    // The run's cache and the tables carried between chunks, each within the budget.
    let tables = (cache_budget as u64).saturating_mul(2);
    let need = needed(corpus, threads).saturating_add(tables);
    let Some(have) = available() else {
        return Ok(());
    };
    if need <= have {
        return Ok(());
    }
    let mib = |b: u64| grouped(b >> 20);
    Err(Error::input(format!(
        "corpus `{}` with targets {}–{} needs about {} MiB of memory ({} MiB of it for shared sub-board tables, --cache-mb), more than the {} MiB available: narrow the target range or lower --cache-mb",
        corpus.id,
        corpus.game.targets.start(),
        corpus.game.targets.end(),
        mib(need),
        mib(tables),
        mib(have)
    )))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::corpus::{Corpus, Custom};
    use crate::game::rule_set::{Game, GameKind};

    fn custom(targets: &str) -> Corpus {
        let custom = Custom {
            pool: Some("1-8".into()),
            size: Some(4),
            distinct: None,
            targets: Some(targets.into()),
        };
        Corpus::custom("small", Game::preset(GameKind::Digits), &custom).unwrap()
    }

    #[test]
    fn chunks_shrink_as_targets_grow_and_the_estimate_follows_the_range() {
        assert_eq!(chunk_boards(999), 256);
        assert_eq!(chunk_boards(900), 256);
        assert_eq!(chunk_boards(1_000_000), 1);
        assert_eq!(chunk_boards(0), 256);
        let small = needed(&custom("1-999"), 2);
        assert!(small < 200 << 20, "{small}");
        // A billion targets: the window alone is tens of gigabytes.
        assert!(needed(&custom("1-1000000000"), 2) > 50 << 30);
    }
}
