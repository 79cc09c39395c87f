//! The legal moves of one position of the game's line, so that `push` of one of them (and
//! `legal_moves()` again after a `pop`) needs no second move generation.
//!
//! The cache belongs to the position reached after `ply` moves. Pushing and popping above that
//! ply comes back to the same position; popping below it may lead elsewhere, so it forgets.

use minishogi::{Move, MoveList, Position};

/// The legal moves of the position after `ply` moves of the game, if known.
#[derive(Clone, Default)]
pub struct LegalCache {
    ply: Option<usize>,
    moves: MoveList,
}

impl LegalCache {
    /// The legal moves of `pos`, the position after `ply` moves, generated unless cached.
    pub fn moves(&mut self, pos: &Position, ply: usize) -> &[Move] {
        if self.ply != Some(ply) {
            self.moves.clear();
            pos.legal_moves(&mut self.moves);
            self.ply = Some(ply);
        }
        self.moves.as_slice()
    }

    /// Whether `m` is legal after `ply` moves, if the cache holds that position.
    pub fn knows_legal(&self, ply: usize, m: Move) -> Option<bool> {
        (self.ply == Some(ply)).then(|| self.moves.as_slice().contains(&m))
    }

    /// Tells the cache that a move was taken back, leaving `ply` moves.
    pub fn popped_to(&mut self, ply: usize) {
        if self.ply.is_some_and(|cached| ply < cached) {
            self.ply = None;
        }
    }
}
