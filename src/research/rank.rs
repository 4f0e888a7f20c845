//! Rankings of the hardest puzzles of a corpus, read from its tables: fewest solutions under
//! a convention or highest `difficulty` ([`hardest`]), the hardest with a unique solution
//! ([`hardest_unique`]), and how many puzzles share the fewest count ([`min_classes`]).

use std::cmp::Ordering;
use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

use crate::engine::Convention;
use crate::puzzle::difficulty::Features;
use crate::store::read::{CorpusStore, Result, i64s, parquet_err, strs, u32s, u64s};
use crate::store::schema::{Table, col};

/// One puzzle as the ranking of hard puzzles sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct Ranked {
    pub board_id: u32,
    pub target: i64,
    /// Its count under the ranking convention.
    pub count: u64,
    pub min_ops: Option<u8>,
    pub difficulty: Option<f64>,
    /// Its difficulty features, when the tables have them.
    pub features: Option<Features>,
}

/// What ranks puzzles as hardest.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum By {
    /// Fewest solutions under the convention.
    #[default]
    Count,
    /// Highest `difficulty` score.
    Difficulty,
}

impl By {
    pub const ALL: [By; 2] = [By::Count, By::Difficulty];

    pub fn name(self) -> &'static str {
        match self {
            By::Count => "count",
            By::Difficulty => col::DIFFICULTY,
        }
    }
}

impl fmt::Display for By {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for By {
    type Err = crate::Error;

    fn from_str(s: &str) -> crate::Result<By> {
        By::ALL.into_iter().find(|b| b.name() == s).ok_or_else(|| {
            crate::Error::Input(format!("unknown ranking `{s}` (known: count, difficulty)"))
        })
    }
}

impl Ranked {
    /// `by` count: fewest solutions first, and among equal counts the highest score (the
    /// counts decide, so that the report can set the list beside the score's own). `by`
    /// difficulty: the highest score first, then fewest solutions. Then more operations,
    /// then table order, so the order never depends on how the tables were sharded.
    fn order(by: By) -> impl Fn(&Ranked, &Ranked) -> Ordering {
        move |a, b| {
            let d = |r: &Ranked| r.difficulty.unwrap_or(f64::NEG_INFINITY);
            let count = a.count.cmp(&b.count);
            match by {
                By::Count => count.then_with(|| d(b).total_cmp(&d(a))),
                By::Difficulty => d(b).total_cmp(&d(a)).then(count),
            }
            .then_with(|| b.min_ops.cmp(&a.min_ops))
            .then_with(|| a.board_id.cmp(&b.board_id))
            .then_with(|| a.target.cmp(&b.target))
        }
    }
}

/// Keeps the `k` smallest items under an order, fed one at a time.
struct TopK<T> {
    k: usize,
    items: Vec<T>,
    /// Once `k` items are kept, the largest of them: an item not below it is not kept.
    bar: Option<T>,
}

impl<T: Clone> TopK<T> {
    fn new(k: usize) -> Self {
        TopK {
            k,
            items: Vec::new(),
            bar: None,
        }
    }

    /// Whether an item would be kept so far: most are not, and need not be built whole.
    fn admits(&self, item: &T, order: impl Fn(&T, &T) -> Ordering) -> bool {
        self.k > 0 && self.bar.as_ref().is_none_or(|b| order(item, b).is_lt())
    }

    fn push(&mut self, item: T, order: impl Fn(&T, &T) -> Ordering) {
        if !self.admits(&item, &order) {
            return;
        }
        self.items.push(item);
        // Sorting only when the buffer doubles keeps this linear in the input.
        if self.items.len() >= 2 * self.k.max(64) {
            self.items.sort_by(&order);
            self.items.truncate(self.k);
            self.bar = self.items.last().cloned();
        }
    }

    fn finish(mut self, order: impl Fn(&T, &T) -> Ordering) -> Vec<T> {
        self.items.sort_by(order);
        self.items.truncate(self.k);
        self.items
    }
}

/// The `limit` puzzles with the fewest solutions (> 0) under `convention`, optionally
/// at one target, in [`Ranked`] order. An error when the corpus lacks the convention.
pub fn hardest(
    store: &CorpusStore,
    convention: Convention,
    by: By,
    target: Option<i64>,
    limit: usize,
) -> Result<Vec<Ranked>> {
    let targets = store.targets()?;
    if by == By::Difficulty && !store.has_difficulty()? {
        return Err(store.absent(
            "no `difficulty` column (tables from before it existed: rerun `analyze`)".into(),
        ));
    }
    if !store.conventions(&targets)?.contains(&convention) {
        return Err(store.absent(format!(
            "no `{convention}` counts in this corpus (it has: {})",
            store
                .conventions(&targets)?
                .iter()
                .map(|c| c.name())
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    let mut top = TopK::new(limit);
    store.scan_puzzles(&[convention], true, |s| {
        let counts = s.counts[convention.index()].as_ref().expect("requested");
        for i in 0..s.len() {
            let (Some(count), Some(t)) = (counts[i], s.target[i]) else {
                continue;
            };
            if count == 0 || target.is_some_and(|x| x != t) {
                continue;
            }
            let mut r = Ranked {
                board_id: s.board_id[i].unwrap_or(0),
                target: t,
                count,
                min_ops: s.min_ops[i].and_then(|m| u8::try_from(m).ok()),
                difficulty: s.difficulty.as_ref().and_then(|d| d[i]),
                features: None,
            };
            if top.admits(&r, Ranked::order(by)) {
                r.features = s.features(i);
                top.push(r, Ranked::order(by));
            }
        }
    })?;
    Ok(top.finish(Ranked::order(by)))
}

/// The hardest puzzles with one `distinct` solution, from `unique` (with the solution
/// written out): by `difficulty` when `puzzles` has it, else fewest `expressions`, then
/// most operations.
pub fn hardest_unique(
    store: &CorpusStore,
    limit: usize,
    scope: &UniqueScope,
) -> Result<Vec<UniqueRow>> {
    let t = store.table(Table::Unique)?;
    let cols = [
        col::BOARD_ID,
        col::BOARD,
        col::TARGET,
        col::MIN_OPS,
        col::EXPRESSIONS,
        col::SOLUTION,
    ];
    let difficulty: Option<HashMap<(u32, i64), f64>> = if store.has_difficulty()? {
        // Only the puzzles with one distinct solution are candidates; keep their
        // difficulty to rank the `unique` rows.
        let mut d = HashMap::new();
        if store.table(Table::Puzzles)?.has(col::DISTINCT) {
            store.scan_puzzles(&[Convention::Distinct], false, |s| {
                let distinct = s.counts[Convention::Distinct.index()]
                    .as_ref()
                    .expect("scan_puzzles reads every convention it is asked for");
                let diff = s
                    .difficulty
                    .as_ref()
                    .expect("the table has a difficulty column");
                for i in 0..s.len() {
                    if let (Some(1), Some(b), Some(t), Some(x)) =
                        (distinct[i], s.board_id[i], s.target[i], diff[i])
                    {
                        d.insert((b, t), x);
                    }
                }
            })?;
        }
        Some(d)
    } else {
        None
    };
    let mut top = TopK::new(limit);
    let path = t.first_file().to_path_buf();
    t.scan(&cols, |df| {
        let p = parquet_err(&path);
        let id = u32s(df, col::BOARD_ID).map_err(p)?;
        let board = strs(df, col::BOARD).map_err(p)?;
        let target = i64s(df, col::TARGET).map_err(p)?;
        let ops = u64s(df, col::MIN_OPS).map_err(p)?;
        let expr = u64s(df, col::EXPRESSIONS).map_err(p)?;
        let sol = strs(df, col::SOLUTION).map_err(p)?;
        for i in 0..df.height() {
            let (b, tg) = (id[i].unwrap_or(0), target[i].unwrap_or(0));
            if !scope.contains(b, tg) {
                continue;
            }
            top.push(
                UniqueRow {
                    board_id: b,
                    board: board[i].clone(),
                    target: tg,
                    min_ops: ops[i].unwrap_or(0),
                    expressions: expr[i].unwrap_or(0),
                    difficulty: difficulty.as_ref().and_then(|d| d.get(&(b, tg)).copied()),
                    solution: sol[i].clone(),
                },
                UniqueRow::order,
            );
        }
        Ok(())
    })?;
    Ok(top.finish(UniqueRow::order))
}

/// Which puzzles a ranking of unique-solution puzzles considers.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum UniqueScope {
    /// Every puzzle of the corpus.
    #[default]
    All,
    /// One target (24 for the 24-game corpora: the game's target).
    Target(i64),
    /// These (board_id, target) pairs (the real NYT puzzles).
    Pairs(std::collections::HashSet<(u32, i64)>),
}

impl UniqueScope {
    pub fn contains(&self, board_id: u32, target: i64) -> bool {
        match self {
            UniqueScope::All => true,
            UniqueScope::Target(t) => *t == target,
            UniqueScope::Pairs(p) => p.contains(&(board_id, target)),
        }
    }

    /// How the report names it.
    pub fn describe(&self) -> &'static str {
        match self {
            UniqueScope::All => "every target",
            UniqueScope::Target(_) => "target 24, the game's target",
            UniqueScope::Pairs(_) => "the real puzzles (each board at its published target)",
        }
    }
}

/// A puzzle with exactly one `distinct` solution, from `unique`.
#[derive(Clone, Debug, PartialEq)]
pub struct UniqueRow {
    pub board_id: u32,
    pub board: String,
    pub target: i64,
    pub min_ops: u64,
    pub expressions: u64,
    pub difficulty: Option<f64>,
    pub solution: String,
}

impl UniqueRow {
    fn order(&self, other: &UniqueRow) -> Ordering {
        let d = |r: &UniqueRow| r.difficulty.unwrap_or(f64::NEG_INFINITY);
        d(other)
            .total_cmp(&d(self))
            .then_with(|| self.expressions.cmp(&other.expressions))
            .then_with(|| other.min_ops.cmp(&self.min_ops))
            .then_with(|| self.board_id.cmp(&other.board_id))
            .then_with(|| self.target.cmp(&other.target))
    }
}

/// A puzzle's counts by [`Convention`] (null where the corpus lacks one).
pub type AllCounts = [Option<u64>; 3];

/// The counts under every convention (null where absent) of the puzzles `keys`.
pub fn counts_of(
    store: &CorpusStore,
    keys: &[(u32, i64)],
) -> Result<HashMap<(u32, i64), AllCounts>> {
    let puzzles = store.table(Table::Puzzles)?;
    let convs: Vec<Convention> = Convention::ALL
        .into_iter()
        .filter(|c| puzzles.has(c.name()))
        .collect();
    let wanted: std::collections::HashSet<(u32, i64)> = keys.iter().copied().collect();
    let mut out = HashMap::new();
    store.scan_puzzles(&convs, false, |s| {
        for i in 0..s.len() {
            if let (Some(b), Some(t)) = (s.board_id[i], s.target[i])
                && wanted.contains(&(b, t))
            {
                let get = |c: Convention| s.counts[c.index()].as_ref().and_then(|v| v[i]);
                out.insert(
                    (b, t),
                    [
                        get(Convention::Trees),
                        get(Convention::Expressions),
                        get(Convention::Distinct),
                    ],
                );
            }
        }
    })?;
    Ok(out)
}

/// How many puzzles sit at the minimum count under each convention, and under two at once.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MinClasses {
    /// `(convention, its minimum count, puzzles at it)`.
    pub at_min: Vec<(Convention, u64, u64)>,
    /// `(a, b, puzzles at the minimum of both)`.
    pub both: Vec<(Convention, Convention, u64)>,
}

/// The puzzles (optionally at one target) at the smallest positive count of each
/// convention in `mins`, and the overlaps of those classes.
pub fn min_classes(
    store: &CorpusStore,
    mins: &[(Convention, u64)],
    target: Option<i64>,
) -> Result<MinClasses> {
    let convs: Vec<Convention> = mins.iter().map(|m| m.0).collect();
    let mut at = vec![0u64; mins.len()];
    let mut both = vec![vec![0u64; mins.len()]; mins.len()];
    store.scan_puzzles(&convs, false, |s| {
        for i in 0..s.len() {
            if target.is_some_and(|t| s.target[i] != Some(t)) {
                continue;
            }
            let hit: Vec<bool> = mins
                .iter()
                .map(|&(c, m)| s.counts[c.index()].as_ref().and_then(|v| v[i]) == Some(m))
                .collect();
            for a in 0..mins.len() {
                if hit[a] {
                    at[a] += 1;
                    for b in a + 1..mins.len() {
                        if hit[b] {
                            both[a][b] += 1;
                        }
                    }
                }
            }
        }
    })?;
    let mut out = MinClasses::default();
    for (a, &(c, m)) in mins.iter().enumerate() {
        out.at_min.push((c, m, at[a]));
        for b in a + 1..mins.len() {
            out.both.push((c, mins[b].0, both[a][b]));
        }
    }
    Ok(out)
}
