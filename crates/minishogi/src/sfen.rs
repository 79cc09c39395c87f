//! SFEN reading and writing, and USI moves checked against a position.

use crate::{Color, Hand, Kind, Move, MoveError, Piece, Position, Setup, SfenError, Square, STARTPOS_SFEN};
use std::fmt::Write;

impl Setup {
    /// Parses the SFEN text of a position (`startpos` is accepted) without checking legality.
    pub fn from_sfen(text: &str) -> Result<Setup, SfenError> {
        let text = text.trim();
        let text = if text == "startpos" { STARTPOS_SFEN } else { text };
        let mut fields = text.split_ascii_whitespace();
        let board = fields.next().ok_or(SfenError::MissingField("board"))?;
        let side = fields.next().ok_or(SfenError::MissingField("side to move"))?;
        let hands = fields.next().ok_or(SfenError::MissingField("hands"))?;
        let move_number = match fields.next() {
            None => 1,
            Some(n) => match n.parse::<u32>() {
                Ok(n) if n >= 1 => n,
                _ => return Err(SfenError::BadMoveNumber(n.to_string())),
            },
        };
        let rest: Vec<&str> = fields.collect();
        if !rest.is_empty() {
            return Err(SfenError::TrailingText(rest.join(" ")));
        }
        let mut setup = Setup::empty();
        parse_board(board, &mut setup)?;
        setup.side_to_move = match side {
            "b" => Color::Sente,
            "w" => Color::Gote,
            other => return Err(SfenError::BadSide(other.to_string())),
        };
        setup.hands = parse_hands(hands)?;
        setup.move_number = move_number;
        Ok(setup)
    }
}

fn parse_board(board: &str, setup: &mut Setup) -> Result<(), SfenError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 5 {
        return Err(SfenError::WrongRankCount(ranks.len()));
    }
    for (row, rank) in ranks.iter().enumerate() {
        let rank_char = (b'a' + row as u8) as char;
        let mut col = 0usize;
        let mut promoted = false;
        for c in rank.chars() {
            if let Some(d) = c.to_digit(10).filter(|_| !promoted) {
                col += d as usize;
                if d == 0 || col > 5 {
                    return Err(SfenError::WrongRankLength { rank: rank_char, squares: col.max(6) });
                }
                continue;
            }
            if c == '+' && !promoted {
                promoted = true;
                continue;
            }
            let unknown = || SfenError::UnknownPiece {
                piece: if promoted { format!("+{c}") } else { c.to_string() },
                rank: rank_char,
            };
            let kind = Kind::from_letter(c).filter(|_| c.is_ascii_alphabetic()).ok_or_else(unknown)?;
            let kind = if promoted {
                kind.promoted().ok_or(SfenError::BadPromotion { piece: c, rank: rank_char })?
            } else {
                kind
            };
            promoted = false;
            if col >= 5 {
                return Err(SfenError::WrongRankLength { rank: rank_char, squares: col + 1 });
            }
            let color = if c.is_ascii_uppercase() { Color::Sente } else { Color::Gote };
            setup.board[row * 5 + col] = Some(Piece::new(color, kind));
            col += 1;
        }
        if promoted {
            return Err(SfenError::UnknownPiece { piece: "+".into(), rank: rank_char });
        }
        if col != 5 {
            return Err(SfenError::WrongRankLength { rank: rank_char, squares: col });
        }
    }
    Ok(())
}

fn parse_hands(field: &str) -> Result<[Hand; 2], SfenError> {
    let mut hands = [Hand::EMPTY; 2];
    if field == "-" {
        return Ok(hands);
    }
    let bad = |reason: &str| SfenError::BadHand { field: field.to_string(), reason: reason.to_string() };
    let mut count: Option<u32> = None;
    for c in field.chars() {
        if let Some(d) = c.to_digit(10) {
            let n = count.unwrap_or(0) * 10 + d;
            if n > 2 {
                return Err(bad("a count above 2 (there are only two pieces of each kind)"));
            }
            count = Some(n);
            continue;
        }
        let kind = Kind::from_letter(c)
            .filter(|&k| k != Kind::King && c.is_ascii_alphabetic())
            .ok_or_else(|| bad(&format!("'{c}' is not a piece that can be held")))?;
        let n = count.take().unwrap_or(1);
        if n == 0 {
            return Err(bad("a count of 0"));
        }
        let color = if c.is_ascii_uppercase() { Color::Sente } else { Color::Gote };
        let hand = &mut hands[color.index()];
        let total = u32::from(hand.count(kind)) + n;
        if total > 2 {
            return Err(bad("more than 2 pieces of a kind"));
        }
        hand.set(kind, total as u8);
    }
    if count.is_some() {
        return Err(bad("a count with no piece after it"));
    }
    Ok(hands)
}

impl Position {
    /// Parses a SFEN (or `startpos`) and checks that it is a legal position.
    pub fn from_sfen(text: &str) -> Result<Position, SfenError> {
        let setup = Setup::from_sfen(text)?;
        Ok(Position::from_setup(&setup)?)
    }

    /// The SFEN of the position, in lishogi's form.
    pub fn to_sfen(&self) -> String {
        let mut out = String::with_capacity(40);
        for row in 0..5u8 {
            if row > 0 {
                out.push('/');
            }
            let mut empty = 0;
            for col in 0..5u8 {
                match self.piece_at(Square::from_coords(col, row)) {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            let _ = write!(out, "{empty}");
                            empty = 0;
                        }
                        out.push_str(&piece.sfen());
                    }
                }
            }
            if empty > 0 {
                let _ = write!(out, "{empty}");
            }
        }
        out.push(' ');
        out.push(self.side_to_move().sfen_char());
        out.push(' ');
        out.push_str(&self.hands_sfen());
        let _ = write!(out, " {}", self.move_number());
        out
    }

    fn hands_sfen(&self) -> String {
        let mut out = String::new();
        for color in Color::ALL {
            let hand = self.hand(color);
            for kind in Kind::SFEN_HAND_ORDER {
                let n = hand.count(kind);
                if n > 1 {
                    let _ = write!(out, "{n}");
                }
                if n > 0 {
                    let letter = kind.letter();
                    out.push(if color == Color::Sente { letter } else { letter.to_ascii_lowercase() });
                }
            }
        }
        if out.is_empty() {
            out.push('-');
        }
        out
    }

    /// Parses a USI move and checks that it is legal here.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let m = Move::parse_usi(text).ok_or_else(|| MoveError::Malformed(text.to_string()))?;
        if self.is_legal(m) {
            Ok(m)
        } else {
            Err(MoveError::Illegal { mv: text.to_string(), sfen: self.to_sfen() })
        }
    }
}

impl std::str::FromStr for Position {
    type Err = SfenError;
    fn from_str(s: &str) -> Result<Position, SfenError> {
        Position::from_sfen(s)
    }
}
