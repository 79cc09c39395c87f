//! The tactical moves, for a quiescence search: every move that removes an enemy piece (a
//! capture on the destination, a jump, an area-move capture, a rifle capture, a Fire Dragon move
//! that burns) or promotes. Generated without the quiet moves' legality tests, which are most of
//! the cost of a full move list.

use super::{destinations, rifle_victims};
use super::{may_promote, push_with_promotions};
use crate::movement::movement;
use crate::{Move, MoveList, Position};

impl Position {
    /// Fills `list` with the legal moves that capture, rifle-capture, burn or promote: the legal
    /// moves `m` for which [`Position::is_tactical`] holds, in generation order.
    pub fn legal_tactical_moves(&self, list: &mut MoveList) {
        list.clear();
        let us = self.side_to_move();
        let them = self.occupied(!us);
        for from in self.occupied(us) {
            let Some(piece) = self.piece_at(from) else { continue };
            let burns = movement(piece.kind).burns;
            for to in destinations(self, from, piece) {
                let capture = them.contains(to);
                let promotes = may_promote(piece, from, to, capture);
                let quiet = Move::new(from, to, false);
                if capture || (burns && !self.burned_squares(quiet).is_empty()) {
                    list.push(quiet);
                }
                if promotes {
                    list.push(Move::new(from, to, true));
                }
            }
            for victim in rifle_victims(self, from, piece) {
                let promotes = piece.kind.promoted().is_some() && us.in_zone(victim.rank());
                push_with_promotions(list, promotes, |p| Move::rifle(from, victim, p));
            }
        }
        self.retain_legal(list);
    }

    /// True when `m` (a move here) removes an enemy piece, by any kind of capture or by
    /// burning, or promotes.
    pub fn is_tactical(&self, m: Move) -> bool {
        m.is_promotion()
            || m.rifle_victim().is_some()
            || self.piece_at(m.to()).is_some_and(|p| p.color != self.side_to_move())
            || !self.burned_squares(m).is_empty()
    }
}

#[cfg(test)]
mod tests {
    use crate::{MoveList, Position};

    /// Along a deterministic playout, the tactical list is exactly the legal moves that are
    /// tactical (as sets).
    #[test]
    fn tactical_moves_are_the_tactical_legal_moves() {
        let mut pos = Position::startpos();
        let mut list = MoveList::new();
        let mut seen_tactical = 0;
        for ply in 0..160 {
            let legal = pos.legal_move_list();
            if legal.is_empty() {
                break;
            }
            let mut expected: Vec<_> = legal.iter().copied().filter(|&m| pos.is_tactical(m)).collect();
            pos.legal_tactical_moves(&mut list);
            let mut got: Vec<_> = list.iter().copied().collect();
            expected.sort();
            got.sort();
            assert_eq!(got, expected, "ply {ply}: {}", pos.to_fen());
            seen_tactical += got.len();
            // Prefer a tactical move now and then so that the playout reaches captures and burns.
            let pick = if ply % 3 == 0 && !expected.is_empty() {
                expected[ply % expected.len()]
            } else {
                legal.as_slice()[(ply * 7919) % legal.len()]
            };
            pos.play(pick);
        }
        assert!(seen_tactical > 100, "only {seen_tactical} tactical moves seen");
    }
}
