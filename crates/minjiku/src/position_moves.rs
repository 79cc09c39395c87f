//! A position and the moves played from it, as USI's `position` command writes them:
//! `startpos moves h2a9+ …` or a position in this crate's notation followed by `moves` and the
//! moves in coordinate notation.

use crate::error::{BadMove, PositionMovesError};
use crate::{Move, MoveError, Position};

/// A start position and the legal moves played from it, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionWithMoves {
    /// The position the moves start from.
    pub start: Position,
    /// The moves, each legal in the position the ones before it reach.
    pub moves: Vec<Move>,
    /// The position after the moves (the start when there are none).
    pub position: Position,
}

impl PositionWithMoves {
    /// Reads `POSITION [moves M...]`, where the position is in this crate's notation or
    /// `startpos`; `moves` with nothing after it plays no move.
    pub fn parse(text: &str) -> Result<PositionWithMoves, PositionMovesError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let (setup, moves) = match words.iter().position(|w| *w == "moves") {
            Some(i) => (&words[..i], &words[i + 1..]),
            None => (&words[..], &[][..]),
        };
        let start = Position::from_fen(&setup.join(" "))?;
        let mut position = start.clone();
        let mut played = Vec::with_capacity(moves.len());
        for (i, &text) in moves.iter().enumerate() {
            let reason = |e| match e {
                MoveError::Syntax(_) => BadMove::Malformed,
                MoveError::Illegal(_) => BadMove::Illegal(position.to_fen()),
            };
            let m = position.parse_move(text).map_err(|e| PositionMovesError::Move {
                index: i + 1,
                text: text.to_string(),
                reason: reason(e),
            })?;
            position.play(m);
            played.push(m);
        }
        Ok(PositionWithMoves { start, moves: played, position })
    }
}

impl std::str::FromStr for PositionWithMoves {
    type Err = PositionMovesError;
    fn from_str(s: &str) -> Result<PositionWithMoves, PositionMovesError> {
        PositionWithMoves::parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_moves_are_played_in_order() {
        let line = PositionWithMoves::parse("startpos moves h2a9+").expect("no error");
        assert_eq!(line.start, Position::startpos());
        assert_eq!(line.moves.len(), 1);
        // The Dragon King's promoting capture of the crate docs' example, written out by hand.
        let after =
            "km/rfsgbbgsqr/+Dxdvjacdyl*/pppppppppp/10/10/10/10/PPPPPPPPPP/L*YDCAJV1XL*/RQSGBBGSFR/MK b";
        assert_eq!(line.position.to_fen(), after);
        let from_fen =
            PositionWithMoves::parse(&format!("{} moves h2a9+", crate::fen::STARTPOS_FEN)).expect("no error");
        assert_eq!(from_fen, line);
    }

    #[test]
    fn no_moves_and_an_empty_list_are_the_position() {
        let plain = PositionWithMoves::parse("startpos").expect("no error");
        assert!(plain.moves.is_empty());
        assert_eq!(plain.position, Position::startpos());
        assert_eq!(PositionWithMoves::parse("startpos moves").expect("no error"), plain);
    }

    #[test]
    fn a_bad_move_is_named_with_its_index() {
        let illegal = PositionWithMoves::parse("startpos moves h2a9+ h2a9+").expect_err("an error");
        let after =
            "km/rfsgbbgsqr/+Dxdvjacdyl*/pppppppppp/10/10/10/10/PPPPPPPPPP/L*YDCAJV1XL*/RQSGBBGSFR/MK b";
        assert_eq!(illegal.to_string(), format!("move 2 \"h2a9+\": illegal in {after}"));
        let malformed = PositionWithMoves::parse("startpos moves h2").expect_err("an error");
        assert!(matches!(&malformed, PositionMovesError::Move { index: 1, reason: BadMove::Malformed, .. }));
        assert!(matches!(PositionWithMoves::parse("w moves h2a9+"), Err(PositionMovesError::Fen(_))));
    }
}
