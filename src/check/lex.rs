//! An answer's text as tokens: numbers, the operations in every spelling people and models
//! write them (`*`, `x`, `×`; `/`, `÷`; `-`, `−`; `^`, `**`), brackets, `=`, the join `‖`,
//! and the separators of a list of moves. Nothing is ever evaluated as code: a character
//! outside this alphabet is refused with its column.

use crate::game::number::Op;

/// One token of an answer, with the column (1-based, in characters) where it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    pub kind: Kind,
    pub col: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A whole number as written; `None` when it has more digits than 64 bits hold.
    Number(Option<i64>),
    /// A number written with a leading 0 (`05`), which no answer needs.
    LeadingZero,
    Op(Op),
    /// `-` or `−`: subtraction, or unary minus before an operand.
    Minus,
    Open,
    Close,
    Equals,
    /// `‖` or `||`: two board digits joined (make-10's variant), in a list of moves.
    Join,
    /// A line break, `;` or `,`: the end of one move.
    Separator,
}

/// Why text is not a sequence of tokens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LexError {
    pub col: usize,
    pub found: char,
}

/// The tokens of `text`; whitespace other than line breaks is skipped.
pub fn tokens(text: &str) -> Result<Vec<Token>, LexError> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::with_capacity(chars.len() / 2 + 1);
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let col = i + 1;
        let next = chars.get(i + 1).copied();
        let kind = match c {
            '0'..='9' => {
                let start = i;
                while chars.get(i + 1).is_some_and(char::is_ascii_digit) {
                    i += 1;
                }
                let digits: String = chars[start..=i].iter().collect();
                if digits.len() > 1 && digits.starts_with('0') {
                    Kind::LeadingZero
                } else {
                    Kind::Number(digits.parse().ok())
                }
            }
            '\n' | '\r' | ';' | ',' => Kind::Separator,
            c if c.is_whitespace() => {
                i += 1;
                continue;
            }
            '+' => Kind::Op(Op::Add),
            '-' | '−' | '–' => Kind::Minus,
            '*' if next == Some('*') => {
                i += 1;
                Kind::Op(Op::Pow)
            }
            '*' | 'x' | 'X' | '×' | '·' | '⋅' | '∙' => Kind::Op(Op::Mul),
            '/' | '÷' | '∕' => Kind::Op(Op::Div),
            '^' => Kind::Op(Op::Pow),
            '(' => Kind::Open,
            ')' => Kind::Close,
            '=' => Kind::Equals,
            '‖' => Kind::Join,
            '|' if next == Some('|') => {
                i += 1;
                Kind::Join
            }
            found => return Err(LexError { col, found }),
        };
        out.push(Token { kind, col });
        i += 1;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<Kind> {
        tokens(text).unwrap().into_iter().map(|t| t.kind).collect()
    }

    #[test]
    fn every_spelling_of_an_operation_is_one_token() {
        use Kind::*;
        assert_eq!(
            kinds("(25−10)×(1+50) = 765"),
            vec![
                Open,
                Number(Some(25)),
                Minus,
                Number(Some(10)),
                Close,
                Op(crate::game::number::Op::Mul),
                Open,
                Number(Some(1)),
                Op(crate::game::number::Op::Add),
                Number(Some(50)),
                Close,
                Equals,
                Number(Some(765)),
            ]
        );
        for mul in ["2*3", "2x3", "2X3", "2×3", "2·3"] {
            assert_eq!(kinds(mul)[1], Op(crate::game::number::Op::Mul), "{mul}");
        }
        for pow in ["2^3", "2**3"] {
            assert_eq!(kinds(pow)[1], Op(crate::game::number::Op::Pow), "{pow}");
        }
        assert_eq!(kinds("1 ‖ 2; 3 || 4")[1], Join);
        assert_eq!(kinds("1 ‖ 2; 3 || 4")[3], Separator);
        assert_eq!(kinds("1 ‖ 2; 3 || 4")[5], Join);
        assert_eq!(kinds("05"), vec![LeadingZero]);
        assert_eq!(kinds("99999999999999999999"), vec![Number(None)]);
    }

    #[test]
    fn anything_else_is_refused_where_it_stands() {
        assert_eq!(tokens("2 + abs(3)"), Err(LexError { col: 5, found: 'a' }));
        assert_eq!(tokens("2.5").unwrap_err().found, '.');
        assert_eq!(tokens("__import__").unwrap_err().col, 1);
    }
}
