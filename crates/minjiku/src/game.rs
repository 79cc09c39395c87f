//! A game: positions from a start, the end by mate or by having no move, and repetition.
//!
//! Repetition (a decision where the rules page is cut short, following Jocly's perpetual-check
//! rule and the shogi convention of the fourth occurrence): when a position (board and side to
//! move) occurs for the fourth time the game ends in a draw, unless one side gave check with every
//! one of its moves since the first of those occurrences: that side loses. If both did, it is a
//! draw.

use crate::{Color, Move, MoveError, Position};

/// How a game ended.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum EndReason {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move is not in check but has no legal move; it loses as in shogi.
    NoLegalMove,
    /// The fourth occurrence of a position without a perpetual checker.
    Repetition,
    /// The fourth occurrence of a position that one side reached by checking with every move.
    PerpetualCheck,
}

/// The result of a finished game.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Outcome {
    /// The winner, `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub reason: EndReason,
}

/// The verdict of the repetition rule for a history of positions, each given as its hash and
/// whether the side to move in it is in check, oldest first. `None` while the last position has
/// occurred fewer than four times.
pub fn repetition_verdict(history: &[(u64, bool)], last_mover: Color) -> Option<Outcome> {
    let &(current, _) = history.last()?;
    let occurrences: Vec<usize> = (0..history.len()).filter(|&i| history[i].0 == current).collect();
    if occurrences.len() < 4 {
        return None;
    }
    let first = occurrences[0];
    // Positions first+1..=last were each reached by a move; the last one by `last_mover`.
    let mut checked_every_move = [true, true];
    for (steps_back, &(_, check)) in history[first + 1..].iter().rev().enumerate() {
        let mover = if steps_back % 2 == 0 { last_mover } else { !last_mover };
        checked_every_move[mover.index()] &= check;
    }
    let outcome = match checked_every_move {
        [true, false] => Outcome { winner: Some(Color::Black), reason: EndReason::PerpetualCheck },
        [false, true] => Outcome { winner: Some(Color::White), reason: EndReason::PerpetualCheck },
        _ => Outcome { winner: None, reason: EndReason::Repetition },
    };
    Some(outcome)
}

/// A game in progress: the current position and the history the repetition rule needs.
#[derive(Clone, Debug)]
pub struct Game {
    position: Position,
    history: Vec<(u64, bool)>,
    moves: Vec<Move>,
    /// The position before each move, so that [`Game::undo`] needs no replay (there is no
    /// unmake: positions are copied, not updated in place).
    earlier: Vec<Position>,
}

impl Game {
    /// A game starting from `position` with no earlier history.
    pub fn new(position: Position) -> Game {
        let history = vec![(position.hash(), position.is_check())];
        Game { position, history, moves: Vec::new(), earlier: Vec::new() }
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        self.earlier.first().unwrap_or(&self.position)
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Every position of the game so far, oldest first, as its hash and whether the side to move
    /// in it is in check: what [`repetition_verdict`] reads (and a search extends).
    pub fn history(&self) -> &[(u64, bool)] {
        &self.history
    }

    /// Plays `m` if it is legal and the game is not over.
    pub fn play(&mut self, m: Move) -> Result<(), MoveError> {
        if self.outcome().is_some() || !self.position.is_legal(m) {
            return Err(MoveError::Illegal(self.position.move_to_coord(m)));
        }
        self.earlier.push(self.position.clone());
        self.position.play(m);
        self.history.push((self.position.hash(), self.position.is_check()));
        self.moves.push(m);
        Ok(())
    }

    /// Takes the last move back and returns it; `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.history.pop();
        // One earlier position per move played.
        self.position = self.earlier.pop()?;
        Some(m)
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        let mover = !self.position.side_to_move();
        if let Some(outcome) = repetition_verdict(&self.history, mover) {
            return Some(outcome);
        }
        if !self.position.legal_move_list().is_empty() {
            return None;
        }
        let reason = if self.position.is_check() { EndReason::Checkmate } else { EndReason::NoLegalMove };
        Some(Outcome { winner: Some(mover), reason })
    }
}
