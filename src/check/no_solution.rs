//! Answers that say the puzzle has no solution ("There is no solution", "impossible",
//! `none`), judged against the puzzle: right on a puzzle no expression solves (`solved`), a
//! fault of its own, `gave-up`, on one that has a solution. A model that is right to say so
//! can then be rewarded, and one that gives up is told apart from one that writes noise.

use crate::engine::Window;
use crate::engine::reach::Reach;
use crate::game::board::Board;
use crate::game::number::Number;
use crate::game::rule_set::Game;

use super::{Fault, Reason, Verdict};

/// The answers read as "no solution", compared after trimming, lower-casing, folding runs of
/// white space and dropping a final `.` or `!`.
pub const PHRASES: [&str; 14] = [
    "none",
    "no solution",
    "no solutions",
    "there is no solution",
    "there are no solutions",
    "no solution exists",
    "no solution is possible",
    "impossible",
    "it is impossible",
    "not possible",
    "it is not possible",
    "unsolvable",
    "cannot be solved",
    "no answer",
];

/// Whether `answer` says the puzzle has no solution ([`PHRASES`]).
pub fn says_so(answer: &str) -> bool {
    if answer.len() > 64 {
        return false;
    }
    // Every answer of a batch comes here first: most are expressions, told apart by their
    // first character. Only ASCII letters lower-case to the phrases' first letters (the
    // Kelvin sign to `k`, no first letter), so a non-ASCII first character reads on.
    match answer.trim_start().chars().next() {
        None => return false,
        Some(c)
            if c.is_ascii() && !matches!(c.to_ascii_lowercase(), 'n' | 't' | 'i' | 'u' | 'c') =>
        {
            return false;
        }
        Some(_) => {}
    }
    // The words lower-cased and joined by one space, on the stack: 64 bytes lower-case to
    // at most 96 (`İ`, two bytes, is three), so the buffer never fills.
    let mut buf = [0u8; 192];
    let mut len = 0;
    for (i, word) in answer.split_whitespace().enumerate() {
        if i > 0 {
            buf[len] = b' ';
            len += 1;
        }
        for c in word.chars().flat_map(char::to_lowercase) {
            len += c.encode_utf8(&mut buf[len..]).len();
        }
    }
    let text = std::str::from_utf8(&buf[..len]).expect("whole characters were written");
    PHRASES.contains(&text.trim_end_matches(['.', '!']))
}

/// The verdict on an answer that says `board` → `target` has no solution.
pub fn verdict(game: &Game, board: &Board, target: i64) -> Verdict {
    let fewest =
        crate::with_number_type!(game.rules.arithmetic, V => fewest_ops::<V>(game, board, target));
    match fewest {
        Ok(None) => Verdict::rightly_unsolved(),
        Ok(Some(ops)) => Verdict::invalid(Reason::new(
            Fault::GaveUp,
            format!(
                "the answer says there is no solution, but {target} can be made in {ops} \
                 operation{}",
                if ops == 1 { "" } else { "s" }
            ),
        )),
        Err(e) => Verdict::invalid(Reason::new(Fault::Puzzle, e.to_string())),
    }
}

/// The fewest operations that make `target`, `None` where nothing does: reachability alone,
/// which counts nothing (a file of answers may say "no solution" on every row).
fn fewest_ops<V: Number>(game: &Game, board: &Board, target: i64) -> crate::Result<Option<u8>> {
    if V::from_int(target).is_none() {
        return Ok(None);
    }
    let window = Window {
        lo: 1,
        hi: target.max(1),
    };
    let mut reach = Reach::<V>::build(board, &game.rules, Some(window), None)?;
    Ok(reach.min_ops_in(target, target)?[0])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rule_set::GameKind;

    #[test]
    fn the_phrases_are_read_however_they_are_written() {
        for yes in [
            "None",
            "  There is no   solution. ",
            "IMPOSSIBLE!",
            "no solution",
        ] {
            assert!(says_so(yes), "{yes}");
        }
        for no in [
            "",
            "1 + 2",
            "none of these",
            "no",
            "there is a solution",
            "İmpossible",
        ] {
            assert!(!says_so(no), "{no}");
        }
        // The shortcut on the first character lets every phrase through.
        for phrase in PHRASES {
            let first = phrase.chars().next().unwrap();
            assert!(matches!(first, 'n' | 't' | 'i' | 'u' | 'c'), "{phrase}");
            assert!(says_so(&phrase.to_uppercase()), "{phrase}");
        }
    }

    #[test]
    fn no_solution_is_right_only_where_there_is_none() {
        let game = Game::preset(GameKind::TwentyFour);
        let board = |n: &[i64]| Board::new(&game, n.to_vec()).unwrap();
        // 1 1 1 1 makes at most 4: nothing makes 24.
        let v = verdict(&game, &board(&[1, 1, 1, 1]), 24);
        assert!(v.valid && v.solved && v.reason.is_none(), "{v:?}");
        assert_eq!(
            v.to_string(),
            "solved: the puzzle has no solution, as the answer says"
        );
        let v = verdict(&game, &board(&[1, 2, 3, 4]), 24);
        assert!(!v.solved);
        let r = v.reason.unwrap();
        assert_eq!(r.fault, Fault::GaveUp);
        assert_eq!(
            r.message,
            "the answer says there is no solution, but 24 can be made in 3 operations"
        );
    }
}
