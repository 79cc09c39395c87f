//! The position notation: twelve ranks from Black's extra squares down to White's, then the side
//! to move. See `docs/minjiku.md`.
//!
//! ```text
//! km/rfsgbbgsqr/l*xdvjacdyl*/pppppppppp/10/10/10/10/PPPPPPPPPP/L*YDCAJVDXL*/RQSGBBGSFR/MK w
//! ```
//!
//! The first and last ranks cover only files e and f (the extra squares; an empty one has
//! vanished). Upper case is White, lower case Black; `+` before a letter marks a promoted piece
//! and `*` after `L` an unmoved Lateral Mover; digits count empty squares.

use crate::geometry::FILES;
use crate::{Color, FenError, Kind, Piece, Position, Square};

/// The start position in the notation of [`Position::from_fen`].
pub const STARTPOS_FEN: &str =
    "km/rfsgbbgsqr/l*xdvjacdyl*/pppppppppp/10/10/10/10/PPPPPPPPPP/L*YDCAJVDXL*/RQSGBBGSFR/MK w";

/// The mailbox rank of the `i`-th rank field (0 = the far extra squares e11 f11).
fn rank_of_field(i: usize) -> i8 {
    11 - i as i8
}

/// The first file and the number of squares of a rank.
fn files_of_rank(rank: i8) -> (i8, usize) {
    if rank == 0 || rank == 11 {
        (4, 2)
    } else {
        (0, FILES as usize)
    }
}

impl Position {
    /// The start position.
    pub fn startpos() -> Position {
        match Position::from_fen(STARTPOS_FEN) {
            Ok(pos) => pos,
            Err(e) => unreachable!("the start position is legal: {e}"),
        }
    }

    /// Reads a position; `startpos` gives the start position.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        if fen.trim() == "startpos" {
            return Position::from_fen(STARTPOS_FEN);
        }
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let [board, side] = fields[..] else { return Err(FenError::FieldCount(fields.len())) };
        let side = match side {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(FenError::BadSide(other.to_string())),
        };
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != 12 {
            return Err(FenError::WrongRankCount(ranks.len()));
        }
        let mut pieces = Vec::new();
        for (i, text) in ranks.iter().enumerate() {
            let rank = rank_of_field(i);
            let (first_file, expected) = files_of_rank(rank);
            let mut column = 0usize;
            for token in tokens(text) {
                let token = token.map_err(|text| FenError::BadPiece { rank, text: text.to_string() })?;
                match token {
                    Token::Empty(n) => column += n,
                    Token::Piece(piece) => {
                        if let Some(sq) =
                            Square::new(first_file + column as i8, rank).filter(|_| column < expected)
                        {
                            pieces.push((sq, piece));
                        }
                        column += 1;
                    }
                }
            }
            if column != expected {
                return Err(FenError::WrongRankLength { rank, found: column, expected });
            }
        }
        Ok(Position::from_pieces(pieces, side)?)
    }

    /// Writes the position in the notation [`Position::from_fen`] reads.
    pub fn to_fen(&self) -> String {
        let mut fields = Vec::with_capacity(12);
        for i in 0..12 {
            let rank = rank_of_field(i);
            let (first_file, count) = files_of_rank(rank);
            let mut text = String::new();
            let mut empty = 0;
            for column in 0..count {
                let piece = Square::new(first_file + column as i8, rank).and_then(|sq| self.piece_at(sq));
                match piece {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            text.push_str(&empty.to_string());
                            empty = 0;
                        }
                        text.push_str(&piece_symbol(p));
                    }
                }
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            fields.push(text);
        }
        let side = match self.side_to_move() {
            Color::White => 'w',
            Color::Black => 'b',
        };
        format!("{} {side}", fields.join("/"))
    }
}

/// A piece's symbol in the notation: upper case for White, lower case for Black.
pub fn piece_symbol(p: Piece) -> String {
    match p.color {
        Color::White => p.kind.symbol().to_string(),
        Color::Black => p.kind.symbol().to_ascii_lowercase(),
    }
}

/// The piece written `symbol` (e.g. `+D`, `l*`, `k`), if it is one.
pub fn parse_piece(symbol: &str) -> Option<Piece> {
    let letter = symbol.chars().find(|c| c.is_ascii_alphabetic())?;
    let color = if letter.is_ascii_uppercase() { Color::White } else { Color::Black };
    let upper = symbol.to_ascii_uppercase();
    // Black's symbols are the lower-case forms of White's, nothing mixed.
    let consistent = symbol
        .chars()
        .filter(|c| c.is_ascii_alphabetic())
        .all(|c| c.is_ascii_uppercase() == (color == Color::White));
    Kind::from_symbol(&upper).filter(|_| consistent).map(|kind| Piece::new(color, kind))
}

enum Token {
    Empty(usize),
    Piece(Piece),
}

/// Splits a rank into counts of empty squares and pieces; a bad piece comes back as its text.
fn tokens(text: &str) -> impl Iterator<Item = Result<Token, &str>> + '_ {
    let bytes = text.as_bytes();
    let mut i = 0;
    std::iter::from_fn(move || {
        if i >= bytes.len() {
            return None;
        }
        let start = i;
        if bytes[i].is_ascii_digit() {
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            let digits = &text[start..i];
            return Some(match digits.parse::<usize>() {
                Ok(n @ 1..=10) => Ok(Token::Empty(n)),
                _ => Err(digits),
            });
        }
        if bytes[i] == b'+' {
            i += 1;
        }
        if i < bytes.len() && bytes[i].is_ascii_alphabetic() {
            i += 1;
        }
        if i < bytes.len() && bytes[i] == b'*' {
            i += 1;
        }
        if i == start {
            i += 1;
        }
        let symbol = text.get(start..i).unwrap_or_default();
        Some(parse_piece(symbol).map(Token::Piece).ok_or_else(|| {
            // A non-ASCII character: report it whole rather than a byte of it.
            let end = (start + 1..=text.len()).find(|&e| text.is_char_boundary(e)).unwrap_or(text.len());
            i = i.max(end);
            &text[start..i]
        }))
    })
}
