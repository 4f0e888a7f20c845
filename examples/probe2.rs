use digits_lab::board::Board;
use digits_lab::engine::{Part, PartSource, Tables, Window};
use digits_lab::number::Int;
use digits_lab::rules::{Game, GameKind};
use std::collections::HashMap;
use std::sync::Arc;
struct Src(HashMap<Vec<i64>, Arc<Part<Int>>>);
impl PartSource<Int> for Src {
    fn part(&self, n: &[i64]) -> Option<Arc<Part<Int>>> {
        self.0.get(n).cloned()
    }
}
fn main() {
    let kind = if std::env::args().nth(2).is_some() {
        GameKind::Digits
    } else {
        GameKind::Countdown
    };
    let game = Game::preset(kind);
    let nums = if kind == GameKind::Digits {
        vec![3, 8, 11, 17, 20, 23]
    } else {
        vec![3, 6, 25, 50, 75, 100]
    };
    let b = Board::new(&game, nums).unwrap();
    let mode = std::env::args().nth(1).unwrap_or_default();
    let w = mode.contains('w').then_some(Window {
        lo: 1,
        hi: std::env::var("HI")
            .map(|h| h.parse().unwrap())
            .unwrap_or(1998),
    });
    let full = Tables::<Int>::build(&b, &game.rules).unwrap();
    let mut m = HashMap::new();
    for s in 1..full.subs.full() {
        m.insert(full.subs.numbers(s), full.shared_part(s));
    }
    let src = Src(m);
    let src: Option<&dyn PartSource<Int>> = if mode.contains('c') { Some(&src) } else { None };
    let mut n = 0;
    let start = std::time::Instant::now();
    for _ in 0..300 {
        let t = Tables::<Int>::build_with(&b, &game.rules, w, src).unwrap();
        n += t.table(t.subs.full()).len();
    }
    println!(
        "{mode}: {:.3} ms {n}",
        start.elapsed().as_secs_f64() / 300.0 * 1e3
    );
}
