//! The boards of a corpus, held compactly: a run's memory must not grow with its corpus, and
//! a corpus may have 50 million boards. A board is its numbers (one byte each when every
//! number fits, four otherwise), plus what only some corpora have: ids that are not
//! positions (a slice of a corpus), deal counts other than 1 (Countdown), the published
//! puzzle (`nyt`). Everything else about a board — its weight, its group — follows from
//! these, and [`Boards::get`] puts it together as a [`CorpusBoard`].

use crate::error::{Error, Result};
use crate::game::board::Board;
use crate::game::rule_set::GameKind;

use super::{CorpusBoard, Published};

/// The boards of one corpus, in its order.
#[derive(Clone, Debug)]
pub struct Boards {
    kind: GameKind,
    /// Numbers per board.
    size: usize,
    numbers: Numbers,
    /// Each board's id, or `None` when it is its position (a whole corpus).
    ids: Option<Vec<u32>>,
    /// Each board's deals, or `None` when every board is dealt one way.
    ways: Option<Vec<u64>>,
    /// A board's weight is its deals over this.
    deals: f64,
    /// Each board's published puzzle (`nyt`), or empty.
    published: Vec<Published>,
}

/// Every board's numbers, one after the other, ascending within a board.
#[derive(Clone, Debug)]
enum Numbers {
    Bytes(Vec<u8>),
    Words(Vec<u32>),
}

impl Numbers {
    fn len(&self) -> usize {
        match self {
            Numbers::Bytes(v) => v.len(),
            Numbers::Words(v) => v.len(),
        }
    }

    fn get(&self, i: usize) -> i64 {
        match self {
            Numbers::Bytes(v) => i64::from(v[i]),
            Numbers::Words(v) => i64::from(v[i]),
        }
    }

    fn push(&mut self, n: i64) -> Result<()> {
        if let Numbers::Bytes(v) = self
            && u8::try_from(n).is_err()
        {
            *self = Numbers::Words(v.iter().map(|&b| u32::from(b)).collect());
        }
        match self {
            Numbers::Bytes(v) => v.push(u8::try_from(n).expect("checked above")),
            Numbers::Words(v) => v.push(
                u32::try_from(n)
                    .map_err(|_| Error::input(format!("{n} is too large for a corpus board")))?,
            ),
        }
        Ok(())
    }

    fn truncate(&mut self, n: usize) {
        match self {
            Numbers::Bytes(v) => v.truncate(n),
            Numbers::Words(v) => v.truncate(n),
        }
    }

    fn copy_within(&mut self, from: std::ops::Range<usize>, to: usize) {
        match self {
            Numbers::Bytes(v) => v.copy_within(from, to),
            Numbers::Words(v) => v.copy_within(from, to),
        }
    }
}

impl Boards {
    /// No boards yet, for a game of `kind`; every board will have as many numbers as the
    /// first. Weights are set by [`Boards::set_deals`].
    pub(super) fn new(kind: GameKind) -> Boards {
        Boards {
            kind,
            size: 0,
            numbers: Numbers::Bytes(Vec::new()),
            ids: None,
            ways: None,
            deals: 1.0,
            published: Vec::new(),
        }
    }

    /// Appends a board (numbers ascending, already checked by [`Board::new`]) dealt `ways`
    /// ways, with its published puzzle if it has one.
    pub(super) fn push(
        &mut self,
        board: &Board,
        ways: u64,
        published: Option<Published>,
    ) -> Result<()> {
        let n = self.len();
        if n == 0 {
            self.size = board.len();
        }
        if board.len() != self.size {
            return Err(Error::input(format!(
                "board {board} has {} numbers where the corpus's boards have {}",
                board.len(),
                self.size
            )));
        }
        if u32::try_from(n).is_err() {
            return Err(Error::CountOverflow);
        }
        if n > 0 && published.is_some() == self.published.is_empty() {
            return Err(Error::input("either every board is published or none is"));
        }
        for &x in board.numbers() {
            self.numbers.push(x)?;
        }
        match &mut self.ways {
            None if ways == 1 => {}
            None => {
                let mut all = vec![1; n];
                all.push(ways);
                self.ways = Some(all);
            }
            Some(all) => all.push(ways),
        }
        self.published.extend(published);
        Ok(())
    }

    /// Weights are deals over `deals` (all deals of the game, or the number of puzzles).
    pub(super) fn set_deals(&mut self, deals: f64) {
        self.deals = deals;
    }

    /// A caller's own list of boards (the Python package's `solve_many`), in its order, each
    /// dealt one way and weighing one over their number.
    pub fn of(kind: GameKind, boards: &[Board]) -> Result<Boards> {
        let mut out = Boards::new(kind);
        for b in boards {
            out.push(b, 1, None)?;
        }
        out.set_deals(out.len().max(1) as f64);
        Ok(out)
    }

    pub fn len(&self) -> usize {
        self.numbers.len() / self.size.max(1)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The numbers of the board at position `i`.
    pub fn board(&self, i: usize) -> Board {
        let at = i * self.size;
        Board::from_checked((at..at + self.size).map(|j| self.numbers.get(j)).collect())
    }

    /// The board at position `i`, with everything the tables say of it.
    pub fn get(&self, i: usize) -> CorpusBoard {
        let ways = self.ways.as_ref().map_or(1, |w| w[i]);
        CorpusBoard {
            id: self.id(i),
            board: self.board(i),
            ways,
            weight: ways as f64 / self.deals,
            group: self.group(i),
            published: self.published.get(i).cloned(),
        }
    }

    /// Whether the boards are published puzzles (`nyt`): every board is, or none is.
    pub fn are_published(&self) -> bool {
        !self.published.is_empty()
    }

    /// The target of the published puzzle of the board at position `i` (`nyt`), if any.
    pub fn published_target(&self, i: usize) -> Option<i64> {
        self.published.get(i).map(|p| p.target)
    }

    /// The id of the board at position `i` (`board_id` in the tables).
    fn id(&self, i: usize) -> u32 {
        self.ids.as_ref().map_or(i as u32, |ids| ids[i])
    }

    /// The group of the board at position `i`: its slot for `nyt`, how many large cards for
    /// Countdown, `all` otherwise.
    pub fn group(&self, i: usize) -> String {
        match (self.published.get(i), self.kind) {
            (Some(p), _) => format!("slot {}", p.slot),
            (None, GameKind::Countdown) => {
                let at = i * self.size;
                let large = (at..at + self.size)
                    .filter(|&j| self.numbers.get(j) > 10)
                    .count();
                format!("{large} large")
            }
            (None, _) => "all".to_string(),
        }
    }

    /// A hash of everything the boards hold (numbers, ids, deals, published puzzles), so that
    /// a run's plan tells these boards from any others of the same count: an NYT file of
    /// other puzzles, say. The same within one build of the program.
    pub fn fingerprint(&self) -> u64 {
        use std::hash::{DefaultHasher, Hash, Hasher};
        let mut h = DefaultHasher::new();
        (self.size, self.len()).hash(&mut h);
        for j in 0..self.len() * self.size {
            self.numbers.get(j).hash(&mut h);
        }
        self.ids.hash(&mut h);
        self.ways.hash(&mut h);
        self.deals.to_bits().hash(&mut h);
        for p in &self.published {
            (&p.date, p.slot, p.target).hash(&mut h);
        }
        h.finish()
    }

    /// Every board, in order.
    pub fn iter(&self) -> impl Iterator<Item = CorpusBoard> + '_ {
        (0..self.len()).map(|i| self.get(i))
    }

    /// Keeps only the boards `keep` accepts (ids, weights and groups unchanged).
    pub fn retain(&mut self, mut keep: impl FnMut(&CorpusBoard) -> bool) {
        let kept: Vec<usize> = (0..self.len()).filter(|&i| keep(&self.get(i))).collect();
        let ids: Vec<u32> = kept.iter().map(|&i| self.id(i)).collect();
        for (to, &from) in kept.iter().enumerate() {
            let s = self.size;
            self.numbers.copy_within(from * s..(from + 1) * s, to * s);
        }
        self.numbers.truncate(kept.len() * self.size);
        if let Some(w) = &mut self.ways {
            *w = kept.iter().map(|&i| w[i]).collect();
        }
        if !self.published.is_empty() {
            self.published = kept.iter().map(|&i| self.published[i].clone()).collect();
        }
        self.ids = Some(ids);
    }

    /// Keeps the first `n` boards.
    pub fn truncate(&mut self, n: usize) {
        let n = n.min(self.len());
        self.numbers.truncate(n * self.size);
        if let Some(ids) = &mut self.ids {
            ids.truncate(n);
        }
        if let Some(w) = &mut self.ways {
            w.truncate(n);
        }
        self.published.truncate(n);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rule_set::Game;

    fn board(game: &Game, numbers: &[i64]) -> Board {
        Board::new(game, numbers.to_vec()).unwrap()
    }

    #[test]
    fn boards_widen_past_a_byte_and_keep_ids_when_cut() {
        let mut game = Game::preset(GameKind::Countdown);
        game.pool = "1-10x2,25,50,75,100,300".parse().unwrap();
        let mut b = Boards::new(game.kind);
        b.push(&board(&game, &[1, 1, 25]), 1, None).unwrap();
        b.push(&board(&game, &[2, 50, 100]), 4, None).unwrap();
        b.push(&board(&game, &[3, 75, 300]), 2, None).unwrap();
        b.set_deals(8.0);
        assert!(matches!(b.numbers, Numbers::Words(_)));
        let all: Vec<CorpusBoard> = b.iter().collect();
        assert_eq!(all[0].board.numbers(), [1, 1, 25]);
        assert_eq!(all[2].board.numbers(), [3, 75, 300]);
        assert_eq!(
            all.iter().map(|e| e.weight).collect::<Vec<_>>(),
            [0.125, 0.5, 0.25]
        );
        assert_eq!(all[1].group, "2 large");
        b.retain(|e| e.ways > 1);
        assert_eq!(b.len(), 2);
        let kept: Vec<CorpusBoard> = b.iter().collect();
        assert_eq!(kept.iter().map(|e| e.id).collect::<Vec<_>>(), [1, 2]);
        assert_eq!(kept[1].board.numbers(), [3, 75, 300]);
        assert_eq!(kept[1].weight, 0.25);
        b.truncate(1);
        assert_eq!(b.iter().map(|e| e.id).collect::<Vec<_>>(), [1]);
        assert!(
            b.push(&board(&game, &[1, 2]), 1, None).is_err(),
            "boards of another size are refused"
        );
    }

    #[test]
    fn published_boards_are_grouped_by_slot() {
        let game = Game::preset(GameKind::Digits);
        let mut b = Boards::new(game.kind);
        let p = |slot| Published {
            date: "2023-04-10".into(),
            slot,
            target: 100,
        };
        b.push(&board(&game, &[1, 2, 3, 4, 5, 6]), 1, Some(p(3)))
            .unwrap();
        b.set_deals(1.0);
        assert!(matches!(b.numbers, Numbers::Bytes(_)));
        let e = b.get(0);
        assert_eq!((e.group.as_str(), e.weight), ("slot 3", 1.0));
        assert_eq!(e.published, Some(p(3)));
        assert!(
            b.push(&board(&game, &[1, 2, 3, 4, 5, 7]), 1, None).is_err(),
            "a corpus is published whole or not at all"
        );
    }
}
