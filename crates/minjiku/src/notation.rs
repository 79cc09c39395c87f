//! The move notation: plain coordinates, as in the Jocly reference data.
//!
//! `FROM TO ['+'] ['x' VICTIM] ['*' BURNT]...` with no spaces: `h2a9+` (a move that promotes),
//! `c7c7xd7` (a rifle capture: the piece stays on c7 and removes d7), `b10b4*a3*c3` (a Fire
//! Dragon move burning a3 and c3, burnt squares in index order). Check is not marked.

use crate::geometry::SquareSet;
use crate::{Move, MoveError, Position, Square};

impl Position {
    /// The coordinate notation of `m`, a legal move here (burns are read off the position).
    pub fn move_to_coord(&self, m: Move) -> String {
        let mut text = format!("{}{}", m.from(), m.to());
        if m.is_promotion() {
            text.push('+');
        }
        if let Some(victim) = m.rifle_victim() {
            text.push('x');
            text.push_str(&victim.to_string());
        }
        for sq in self.burned_squares(m) {
            text.push('*');
            text.push_str(&sq.to_string());
        }
        text
    }

    /// The legal moves in coordinate notation, sorted bytewise.
    pub fn sorted_coord_moves(&self) -> Vec<String> {
        let mut moves: Vec<String> = self.legal_move_list().iter().map(|&m| self.move_to_coord(m)).collect();
        moves.sort();
        moves
    }

    /// The legal move written `text`. Burnt squares may be left out; if given, they must be the
    /// ones the move burns.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let syntax = || MoveError::Syntax(text.to_string());
        let written = parse_coord(text).ok_or_else(syntax)?;
        self.legal_move_list()
            .iter()
            .copied()
            .find(|&m| {
                m.from() == written.from
                    && m.to() == written.to
                    && m.is_promotion() == written.promote
                    && m.rifle_victim() == written.victim
                    && written.burned.is_none_or(|b| b == self.burned_squares(m))
            })
            .ok_or_else(|| MoveError::Illegal(text.to_string()))
    }
}

struct WrittenMove {
    from: Square,
    to: Square,
    promote: bool,
    victim: Option<Square>,
    burned: Option<SquareSet>,
}

/// Reads a square at the start of `text`: a file letter and the longest rank that names a square.
fn leading_square(text: &str) -> Option<(Square, &str)> {
    let digits = text.get(1..)?.bytes().take_while(u8::is_ascii_digit).count();
    (1..=digits.min(2)).rev().find_map(|n| {
        let name = text.get(..1 + n)?;
        name.parse::<Square>().ok().map(|sq| (sq, &text[1 + n..]))
    })
}

fn parse_coord(text: &str) -> Option<WrittenMove> {
    let (from, rest) = leading_square(text)?;
    let (to, mut rest) = leading_square(rest)?;
    let promote = rest.starts_with('+');
    if promote {
        rest = &rest[1..];
    }
    let mut victim = None;
    if let Some(after) = rest.strip_prefix('x') {
        let (sq, after) = leading_square(after)?;
        victim = Some(sq);
        rest = after;
    }
    let mut burned = None;
    while let Some(after) = rest.strip_prefix('*') {
        let (sq, after) = leading_square(after)?;
        burned.get_or_insert(SquareSet::EMPTY).insert(sq);
        rest = after;
    }
    rest.is_empty().then_some(WrittenMove { from, to, promote, victim, burned })
}
