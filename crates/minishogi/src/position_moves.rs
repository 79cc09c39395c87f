//! A position and the moves played from it, written as USI's `position` command writes them:
//! `startpos moves 5d5c 1b1c`, `sfen 4k/5/5/P4/KGSBR w - 1 moves 1a2a`, or the SFEN alone with
//! its moves (`4k/5/5/P4/KGSBR w - 1 moves 1a2a`).

use crate::error::{BadMove, PositionMovesError};
use crate::{Game, Move, MoveError, Position, RuleSet};

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
    /// Reads `[sfen] SFEN [moves M...]` or `startpos [moves M...]`; the `sfen` keyword is
    /// optional, and `moves` with nothing after it plays no move.
    pub fn parse(text: &str) -> Result<PositionWithMoves, PositionMovesError> {
        let words: Vec<&str> = text.split_ascii_whitespace().collect();
        let (setup, moves) = match words.iter().position(|w| *w == "moves") {
            Some(i) => (&words[..i], &words[i + 1..]),
            None => (&words[..], &[][..]),
        };
        let setup = match setup.split_first() {
            Some((&"sfen", rest)) => rest,
            _ => setup,
        };
        let start = Position::from_sfen(&setup.join(" "))?;
        let mut position = start.clone();
        let mut played = Vec::with_capacity(moves.len());
        for (i, &text) in moves.iter().enumerate() {
            let m = position.parse_move(text).map_err(|e| bad_move(i, text, e))?;
            position.play(m);
            played.push(m);
        }
        Ok(PositionWithMoves { start, moves: played, position })
    }

    /// The game of these moves under `rules`, its history kept for the repetition rule. Fails on a
    /// move played after the game had ended by repetition or by the move limit.
    pub fn game(&self, rules: RuleSet) -> Result<Game, PositionMovesError> {
        let mut game = Game::new(self.start.clone(), rules);
        for (i, &m) in self.moves.iter().enumerate() {
            game.play_legal(m).map_err(|_| PositionMovesError::Move {
                index: i + 1,
                text: m.to_string(),
                reason: BadMove::GameOver(game.position().to_sfen()),
            })?;
        }
        Ok(game)
    }
}

fn bad_move(i: usize, text: &str, e: MoveError) -> PositionMovesError {
    let reason = match e {
        MoveError::Malformed(_) => BadMove::Malformed,
        MoveError::Illegal { sfen, .. } => BadMove::Illegal(sfen),
    };
    PositionMovesError::Move { index: i + 1, text: text.to_string(), reason }
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
    use crate::SfenError;

    #[test]
    fn the_moves_are_played_in_order() {
        let line = PositionWithMoves::parse("startpos moves 5d5c 1b1c").expect("no error");
        assert_eq!(line.moves.len(), 2);
        assert_eq!(line.start, Position::startpos());
        // Each move checked by hand: the sente pawn up one, then the gote pawn down one.
        assert_eq!(line.position.to_sfen(), "rbsgk/5/P3p/5/KGSBR b - 3");
        let same =
            PositionWithMoves::parse("sfen rbsgk/4p/5/P4/KGSBR b - 1 moves 5d5c 1b1c").expect("no error");
        assert_eq!(same, line);
    }

    #[test]
    fn the_sfen_keyword_and_the_moves_are_optional() {
        let naked = "4k/5/5/P4/KGSBR w - 1";
        let plain = PositionWithMoves::parse(naked).expect("no error");
        assert!(plain.moves.is_empty());
        assert_eq!(plain.position, Position::from_sfen(naked).expect("no error"));
        let empty = PositionWithMoves::parse(&format!("{naked} moves")).expect("no error");
        assert_eq!(empty, plain);
        // Gote is in check from the rook on file 5... and the king escapes to 2a.
        let after = PositionWithMoves::parse(&format!("{naked} moves 1a2a")).expect("no error");
        assert_eq!(after.position.to_sfen(), "3k1/5/5/P4/KGSBR b - 2");
    }

    #[test]
    fn a_bad_move_is_named_with_its_index() {
        let illegal = PositionWithMoves::parse("startpos moves 5d5c 1a1b").expect_err("an error");
        assert_eq!(illegal.to_string(), "move 2 \"1a1b\": illegal in rbsgk/4p/P4/5/KGSBR w - 2");
        let malformed = PositionWithMoves::parse("startpos moves 5d5c zz").expect_err("an error");
        assert!(matches!(&malformed, PositionMovesError::Move { index: 2, reason: BadMove::Malformed, .. }));
        assert!(malformed.to_string().starts_with("move 2 \"zz\": not a USI move"), "{malformed}");
        let sfen = PositionWithMoves::parse("moves 5d5c").expect_err("an error");
        assert!(matches!(sfen, PositionMovesError::Sfen(SfenError::MissingField("board"))));
    }

    #[test]
    fn the_game_keeps_the_history() {
        let shuffle = "startpos moves 5e4d 1a2b 4d5e 2b1a 5e4d 1a2b 4d5e 2b1a 5e4d 1a2b 4d5e 2b1a";
        let line = PositionWithMoves::parse(shuffle).expect("no error");
        let game = line.game(RuleSet::Standard).expect("no error");
        assert_eq!(game.repetitions(), 4);
        assert!(game.outcome().is_some());
        let more = PositionWithMoves::parse(&format!("{shuffle} 5e4d")).expect("no error");
        let over = more.game(RuleSet::Standard).expect_err("an error");
        assert!(matches!(over, PositionMovesError::Move { index: 13, reason: BadMove::GameOver(_), .. }));
    }
}
