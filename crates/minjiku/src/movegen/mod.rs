//! Move generation: pseudo-legal moves piece by piece, promotion choices, and the legality
//! filter (the mover's king must not be attacked afterwards, burns and rifle captures done).

mod attacks;
mod destinations;
mod legality;
mod tactical;

pub use destinations::{destinations, rifle_victims};

use crate::{Move, MoveList, Piece, Position, Square};
use legality::KingGuard;

impl Position {
    /// Appends the pseudo-legal moves of the side to move: every move its pieces can make,
    /// whether or not it leaves its own king attacked.
    pub fn pseudo_legal_moves(&self, list: &mut MoveList) {
        let us = self.side_to_move();
        for from in self.occupied(us) {
            let Some(piece) = self.piece_at(from) else { continue };
            for to in destinations(self, from, piece) {
                let capture = self.piece_at(to).is_some();
                push_with_promotions(list, may_promote(piece, from, to, capture), |p| Move::new(from, to, p));
            }
            for victim in rifle_victims(self, from, piece) {
                // The page lets a piece promote when it captures a piece standing in the zone.
                let promotes = piece.kind.promoted().is_some() && us.in_zone(victim.rank());
                push_with_promotions(list, promotes, |p| Move::rifle(from, victim, p));
            }
        }
    }

    /// Fills `list` with the legal moves of the side to move.
    pub fn legal_moves(&self, list: &mut MoveList) {
        list.clear();
        self.pseudo_legal_moves(list);
        self.retain_legal(list);
    }

    /// Keeps the moves of `list` (pseudo-legal here) that do not leave the mover's king attacked.
    fn retain_legal(&self, list: &mut MoveList) {
        let us = self.side_to_move();
        let guard = (!self.is_check()).then(|| KingGuard::new(self, us));
        list.retain(|m| {
            if guard.as_ref().is_some_and(|g| !g.needs_full_test(self, m)) {
                return true;
            }
            let next = self.after(m);
            !next.is_attacked(next.king(us), !us)
        });
    }

    /// The legal moves in a new list.
    pub fn legal_move_list(&self) -> MoveList {
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        list
    }

    /// True when `m` is a legal move here.
    pub fn is_legal(&self, m: Move) -> bool {
        self.legal_move_list().iter().any(|&l| l == m)
    }
}

/// Promotion is open to a promotable piece that enters the zone or captures in it.
fn may_promote(piece: Piece, from: Square, to: Square, capture: bool) -> bool {
    let zone = |sq: Square| piece.color.in_zone(sq.rank());
    piece.kind.promoted().is_some() && zone(to) && (capture || !zone(from))
}

/// Pushes the move without promotion and, when `promotes`, also with it (promotion is optional).
fn push_with_promotions(list: &mut MoveList, promotes: bool, make: impl Fn(bool) -> Move) {
    list.push(make(false));
    if promotes {
        list.push(make(true));
    }
}
