//! Corpora (SPEC §3): the sets of boards a research run covers, each with its game, target
//! range, board weights and groups, and the cache of sub-board tables its boards share.

use std::fmt;
use std::path::Path;
use std::sync::Arc;

use rayon::prelude::*;
use rustc_hash::{FxHashMap, FxHashSet};
use serde::Serialize;

use crate::engine::{Dp, SubTable, SubTableSource};
use crate::error::{Error, Result};
use crate::game::board::Board;
use crate::game::number::Number;
use crate::game::rules::{Game, GameKind, Pool};

/// The NYT puzzles shipped with the project (SPEC §6).
pub const NYT_CSV: &str = "data/nyt-digits-2023.csv";

/// The corpora `--corpus all` runs, in that order.
pub const DEFAULT: [&str; 7] = [
    "24",
    "24-nine",
    "24-pow",
    "24-minus",
    "nyt",
    "countdown",
    "digits",
];

/// One board of a corpus.
#[derive(Clone, Debug, PartialEq)]
pub struct CorpusBoard {
    pub board: Board,
    /// How many deals (sets of physical cards) give this board.
    pub ways: u64,
    /// Probability of the board as dealt, `ways` over all deals; the weights sum to 1.
    pub weight: f64,
    /// `0 large` … for Countdown, `slot 1` … for `nyt`, `all` otherwise.
    pub group: String,
    /// The real puzzle, for `nyt`.
    pub published: Option<Published>,
}

/// A puzzle as it was published.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Published {
    pub date: String,
    pub slot: u8,
    pub target: i64,
}

/// A corpus: a name, a game and its boards in a fixed order.
#[derive(Clone, Debug)]
pub struct Corpus {
    pub name: String,
    pub game: Game,
    pub boards: Vec<CorpusBoard>,
}

/// How a custom corpus differs from its game's defaults.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Custom {
    pub pool: Option<String>,
    pub size: Option<usize>,
    pub distinct: Option<bool>,
    pub targets: Option<String>,
}

impl fmt::Display for Corpus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({} boards)", self.name, self.boards.len())
    }
}

impl Corpus {
    /// The named corpus (`nyt` reads its puzzles from `nyt_csv`, normally [`NYT_CSV`]).
    pub fn named(name: &str, nyt_csv: &Path) -> Result<Corpus> {
        let game = game(name)?;
        let boards = match name {
            "nyt" => read_nyt(&game, nyt_csv)?,
            _ => enumerate(&game)?,
        };
        Ok(Corpus {
            name: name.to_string(),
            game,
            boards,
        })
    }

    /// A corpus of every board of `game` changed by `custom`.
    pub fn custom(name: &str, mut game: Game, custom: &Custom) -> Result<Corpus> {
        if let Some(p) = &custom.pool {
            game.pool = p.parse()?;
        }
        if let Some(n) = custom.size {
            game.size = n;
        }
        if let Some(d) = custom.distinct {
            game.distinct = d;
        }
        if let Some(t) = &custom.targets {
            game.targets = crate::game::rules::parse_targets(t)?;
        }
        let boards = enumerate(&game)?;
        Ok(Corpus {
            name: name.to_string(),
            game,
            boards,
        })
    }

    /// Whether the corpus has groups beyond `all`.
    pub fn grouped(&self) -> bool {
        self.boards.iter().any(|b| b.group != "all")
    }
}

/// The game of a named corpus: its rules, pool, board size and target range.
pub fn game(name: &str) -> Result<Game> {
    let preset = Game::preset;
    Ok(match name {
        "digits" => Game {
            pool: "1-25".parse::<Pool>()?,
            ..preset(GameKind::Digits)
        },
        "nyt" => preset(GameKind::Digits),
        "countdown" => preset(GameKind::Countdown),
        "24" => preset(GameKind::TwentyFour),
        "24-nine" => Game {
            pool: "1-9x4".parse::<Pool>()?,
            ..preset(GameKind::TwentyFour)
        },
        "24-pow" => preset(GameKind::TwentyFour).with_pow(),
        "24-minus" => preset(GameKind::TwentyFour).with_unary_minus()?,
        _ => {
            return Err(Error::input(format!(
                "unknown corpus `{name}` (known: {}, all, custom)",
                DEFAULT.join(", ")
            )));
        }
    })
}

/// The board's group: how many large cards for Countdown, `all` otherwise.
fn group_of(game: &Game, numbers: &[i64]) -> String {
    match game.kind {
        GameKind::Countdown => format!("{} large", numbers.iter().filter(|&&n| n > 10).count()),
        _ => "all".to_string(),
    }
}

/// Every board of `game`'s size from its pool, ascending numbers, in lexicographic order,
/// weighted as dealt: a board's chance is the product of C(copies, used) over its values
/// divided by C(cards, size).
pub fn enumerate(game: &Game) -> Result<Vec<CorpusBoard>> {
    let cards = game.pool.cards();
    let size = game.size;
    if size == 0 || size > crate::game::board::MAX_NUMBERS {
        return Err(Error::BoardTooLarge {
            got: size,
            max: crate::game::board::MAX_NUMBERS,
        });
    }
    let total: u64 = cards.iter().map(|&(_, c)| u64::from(c)).sum();
    let deals = binomial(total, size as u64).ok_or(Error::CountOverflow)? as f64;
    let mut out = Vec::new();
    let mut numbers = Vec::with_capacity(size);
    fn go(
        game: &Game,
        cards: &[(i64, u32)],
        from: usize,
        ways: u64,
        numbers: &mut Vec<i64>,
        deals: f64,
        out: &mut Vec<CorpusBoard>,
    ) -> Result<()> {
        if numbers.len() == game.size {
            out.push(CorpusBoard {
                board: Board::new(game, numbers.clone())?,
                ways,
                weight: ways as f64 / deals,
                group: group_of(game, numbers),
                published: None,
            });
            return Ok(());
        }
        for (i, &(v, copies)) in cards.iter().enumerate().skip(from) {
            let room = game.size - numbers.len();
            let most = if game.distinct { 1 } else { copies as usize };
            for k in 1..=most.min(room) {
                let w = binomial(u64::from(copies), k as u64).ok_or(Error::CountOverflow)?;
                numbers.extend(std::iter::repeat_n(v, k));
                go(
                    game,
                    cards,
                    i + 1,
                    ways.checked_mul(w).ok_or(Error::CountOverflow)?,
                    numbers,
                    deals,
                    out,
                )?;
                numbers.truncate(numbers.len() - k);
            }
        }
        Ok(())
    }
    go(game, &cards, 0, 1, &mut numbers, deals, &mut out)?;
    if out.len() > 50_000_000 {
        return Err(Error::input(format!(
            "the corpus would have {} boards; narrow the pool or the size",
            out.len()
        )));
    }
    Ok(out)
}

/// C(n, k), `None` on overflow.
fn binomial(n: u64, k: u64) -> Option<u64> {
    if k > n {
        return Some(0);
    }
    let mut r: u128 = 1;
    for i in 0..k.min(n - k) as u128 {
        r = r * (n as u128 - i) / (i + 1);
    }
    u64::try_from(r).ok()
}

/// The real NYT puzzles: `date,slot,target,n1,…,n6`, one per row, weighted uniformly.
pub fn read_nyt(game: &Game, path: &Path) -> Result<Vec<CorpusBoard>> {
    let unreadable = |e: &dyn fmt::Display| {
        Error::input(format!(
            "cannot read NYT puzzles from {}: {e}",
            path.display()
        ))
    };
    let mut reader = csv::Reader::from_path(path).map_err(|e| unreadable(&e))?;
    let mut out = Vec::new();
    for (line, record) in reader.records().enumerate() {
        let record = record.map_err(|e| unreadable(&e))?;
        let bad = |what: &str| unreadable(&format!("row {}: {what}", line + 2));
        let field = |i: usize| record.get(i).ok_or_else(|| bad("too few columns"));
        let int = |i: usize| -> Result<i64> {
            field(i)?
                .trim()
                .parse()
                .map_err(|_| bad(&format!("`{}` is not a whole number", &record[i])))
        };
        let numbers = (3..record.len()).map(int).collect::<Result<Vec<_>>>()?;
        let slot = int(1)?;
        out.push(CorpusBoard {
            board: Board::new(game, numbers)?,
            ways: 1,
            weight: 0.0,
            group: format!("slot {slot}"),
            published: Some(Published {
                date: field(0)?.trim().to_string(),
                slot: u8::try_from(slot).map_err(|_| bad("slot out of range"))?,
                target: int(2)?,
            }),
        });
    }
    if out.is_empty() {
        return Err(unreadable(&"no puzzles"));
    }
    let w = 1.0 / out.len() as f64;
    for e in &mut out {
        e.weight = w;
    }
    Ok(out)
}

/// The tables of sub-boards shared by the boards of a corpus, keyed by their numbers.
///
/// Filled level by level (sub-boards of 1 number, then 2, …): each level's tables are built
/// in parallel from the levels below, then frozen, so boards read it without locks. Only the
/// levels that fit the memory budget are kept; bigger sub-boards are built per board.
pub struct SubTableCache<V> {
    tables: FxHashMap<Vec<i64>, Arc<SubTable<V>>>,
    /// The largest sub-board size cached.
    pub levels: usize,
    /// Approximate bytes held.
    pub bytes: usize,
}

impl<V: Number + Send + Sync> SubTableSource<V> for SubTableCache<V> {
    fn sub_table(&self, numbers: &[i64]) -> Option<Arc<SubTable<V>>> {
        if numbers.len() > self.levels {
            return None;
        }
        self.tables.get(numbers).cloned()
    }
}

impl<V: Number + Send + Sync> SubTableCache<V> {
    /// Caches every proper sub-board of `boards` up to `max_level` numbers, stopping before
    /// a level whose estimated size would take the cache past `budget` bytes.
    pub fn build(game: &Game, boards: &[&Board], max_level: usize, budget: usize) -> Result<Self> {
        let mut cache = SubTableCache {
            tables: FxHashMap::default(),
            levels: 0,
            bytes: 0,
        };
        for level in 1..=max_level {
            let mut subs: FxHashSet<Vec<i64>> = FxHashSet::default();
            for b in boards {
                if b.len() > level {
                    sub_multisets(b.numbers(), level, &mut subs);
                }
            }
            if subs.is_empty() {
                break;
            }
            let mut subs: Vec<Vec<i64>> = subs.into_iter().collect();
            subs.sort_unstable();
            // Estimate this level from a sample before committing to it.
            let sample: Vec<&Vec<i64>> = subs.iter().step_by((subs.len() / 64).max(1)).collect();
            let sample_bytes: usize = sample
                .par_iter()
                .map(|n| Ok(Self::sub_table_of(game, n, &cache)?.bytes()))
                .collect::<Result<Vec<_>>>()?
                .iter()
                .sum();
            let estimate = sample_bytes / sample.len() * subs.len();
            if cache.bytes + estimate > budget {
                break;
            }
            let parts: Vec<Arc<SubTable<V>>> = subs
                .par_iter()
                .map(|n| Self::sub_table_of(game, n, &cache))
                .collect::<Result<_>>()?;
            for (n, p) in subs.into_iter().zip(parts) {
                cache.bytes += p.bytes() + n.len() * 8 + 64;
                cache.tables.insert(n, p);
            }
            cache.levels = level;
        }
        Ok(cache)
    }

    fn sub_table_of(
        game: &Game,
        numbers: &[i64],
        cache: &dyn SubTableSource<V>,
    ) -> Result<Arc<SubTable<V>>> {
        let board = Board::new(game, numbers.to_vec())?;
        let t = Dp::<V>::build_with(&board, &game.rules, None, Some(cache))?;
        Ok(t.shared_sub_table(t.subs.full()))
    }

    /// This cache plus the sub-boards too large for it that at least two of `boards` share:
    /// consecutive boards of a corpus share most of their numbers (lexicographic order), so
    /// a chunk of them shares many of its largest sub-boards too.
    pub fn for_chunk(&self, game: &Game, boards: &[&Board]) -> Result<ChunkCache<'_, V>> {
        let mut chunk = ChunkCache {
            base: self,
            tables: FxHashMap::default(),
        };
        let largest = boards.iter().map(|b| b.len()).max().unwrap_or(0);
        for level in self.levels + 1..largest {
            let mut uses: FxHashMap<Vec<i64>, u32> = FxHashMap::default();
            for b in boards {
                let mut subs = FxHashSet::default();
                if b.len() > level {
                    sub_multisets(b.numbers(), level, &mut subs);
                }
                for n in subs {
                    *uses.entry(n).or_default() += 1;
                }
            }
            let mut shared: Vec<Vec<i64>> = uses
                .into_iter()
                .filter(|&(_, u)| u > 1)
                .map(|(n, _)| n)
                .collect();
            shared.sort_unstable();
            let parts: Vec<Arc<SubTable<V>>> = shared
                .par_iter()
                .map(|n| Self::sub_table_of(game, n, &chunk))
                .collect::<Result<_>>()?;
            chunk.tables.extend(shared.into_iter().zip(parts));
        }
        Ok(chunk)
    }
}

/// A [`SubTableCache`] with the shared sub-boards of one chunk of boards on top.
pub struct ChunkCache<'a, V> {
    base: &'a SubTableCache<V>,
    tables: FxHashMap<Vec<i64>, Arc<SubTable<V>>>,
}

impl<V: Number + Send + Sync> SubTableSource<V> for ChunkCache<'_, V> {
    fn sub_table(&self, numbers: &[i64]) -> Option<Arc<SubTable<V>>> {
        self.base
            .sub_table(numbers)
            .or_else(|| self.tables.get(numbers).cloned())
    }
}

/// Adds every sub-multiset of `numbers` (ascending) with `k` numbers to `out`.
fn sub_multisets(numbers: &[i64], k: usize, out: &mut FxHashSet<Vec<i64>>) {
    fn go(
        numbers: &[i64],
        k: usize,
        from: usize,
        cur: &mut Vec<i64>,
        out: &mut FxHashSet<Vec<i64>>,
    ) {
        if cur.len() == k {
            out.insert(cur.clone());
            return;
        }
        let mut i = from;
        while i < numbers.len() {
            cur.push(numbers[i]);
            go(numbers, k, i + 1, cur, out);
            cur.pop();
            // Skip equal numbers: they give the same sub-multisets.
            let v = numbers[i];
            while i < numbers.len() && numbers[i] == v {
                i += 1;
            }
        }
    }
    go(numbers, k, 0, &mut Vec::with_capacity(k), out);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corpora_have_the_published_sizes_and_weights() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(NYT_CSV);
        let root = root.as_path();
        let sizes = [
            ("digits", 177_100),
            ("countdown", 13_243),
            ("24", 1_820),
            ("24-nine", 495),
            ("nyt", 450),
        ];
        for (name, n) in sizes {
            let c = Corpus::named(name, root).unwrap();
            assert_eq!(c.boards.len(), n, "{name}");
            let total: f64 = c.boards.iter().map(|b| b.weight).sum();
            assert!((total - 1.0).abs() < 1e-9, "{name} weights sum to {total}");
        }
        let c = Corpus::named("countdown", root).unwrap();
        let by_large: Vec<usize> = (0..=4)
            .map(|k| {
                c.boards
                    .iter()
                    .filter(|b| b.group == format!("{k} large"))
                    .count()
            })
            .collect();
        assert_eq!(by_large, [2_850, 5_808, 3_690, 840, 55]);
        assert!(Corpus::named("chess", root).is_err());
    }

    #[test]
    fn sub_multisets_do_not_repeat() {
        let mut out = FxHashSet::default();
        sub_multisets(&[2, 2, 5], 2, &mut out);
        let mut v: Vec<_> = out.into_iter().collect();
        v.sort();
        assert_eq!(v, vec![vec![2, 2], vec![2, 5]]);
    }
}
