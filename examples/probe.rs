use digits_lab::board::Board;
use digits_lab::engine::{Tables, Window};
use digits_lab::number::Int;
use digits_lab::rules::{Game, GameKind};
use std::time::Instant;

fn t(game: &Game, nums: &[i64]) -> (f64, usize) {
    tw(game, nums, None)
}
fn tw(game: &Game, nums: &[i64], w: Option<Window>) -> (f64, usize) {
    let b = Board::new(game, nums.to_vec()).unwrap();
    let n = 30;
    let start = Instant::now();
    let mut len = 0;
    for _ in 0..n {
        let tb = Tables::<Int>::build_with(&b, &game.rules, w, None).unwrap();
        len = tb.table(tb.subs.full()).len();
    }
    (start.elapsed().as_secs_f64() / n as f64 * 1e3, len)
}

fn main() {
    for (kind, nums) in [
        (GameKind::Countdown, vec![3i64, 6, 25, 50, 75, 100]),
        (GameKind::Countdown, vec![1i64, 2, 5, 7, 9, 10]),
        (GameKind::Digits, vec![1i64, 3, 7, 10, 25, 50]),
        (GameKind::Digits, vec![3i64, 8, 11, 17, 20, 23]),
    ] {
        let game = Game::preset(kind);
        let (full, len) = t(&game, &nums);
        let mut five = 0.0;
        let mut lens = vec![];
        for i in 0..6 {
            let mut s = nums.clone();
            s.remove(i);
            let (x, l) = t(&game, &s);
            five += x;
            lens.push(l);
        }
        let (win, wl) = tw(&game, &nums, Some(Window { lo: 1, hi: 1998 }));
        println!("window: {win:.2} ms ({wl} values)");
        println!(
            "{nums:?}: full {full:.2} ms ({len} top values), six 5-boards {five:.2} ms, 5-table sizes {lens:?}"
        );
    }
}
