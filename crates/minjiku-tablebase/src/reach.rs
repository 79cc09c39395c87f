//! Where a piece could ever remove an enemy piece from a square, whatever stands around: a
//! superset of its captures (steps, leaps and rifle shots, the area move's two king steps, every
//! square along each line it moves on; a burning piece reaches the whole board). The generator's
//! first pass decodes every slot; a position in which no piece of the side to move reaches an
//! enemy piece is legal (the other King is not attacked) and has no capture or burn, so it needs
//! no position built.

use crate::squares::{bit, Mask, BOARD};
use minjiku::geometry::king_distance;
use minjiku::movement::movement;
use minjiku::{Piece, Square};

/// The squares a piece could capture on, per square it stands on.
pub struct ReachTable {
    reach: [Mask; 120],
}

impl ReachTable {
    /// The table of `piece`.
    pub fn new(piece: Piece) -> ReachTable {
        let abilities = movement(piece.kind);
        let s = piece.color.forward();
        let mut reach = [0; 120];
        for from in Square::all().filter(|sq| !sq.is_extra()) {
            let mut out = 0;
            for &(df, dr) in abilities.steps.iter().chain(abilities.rifle) {
                out |= from.offset(df * s, dr * s).map_or(0, |sq| bit(sq.index()));
            }
            let lines = [abilities.slides, abilities.short_slides, abilities.skip_slides, abilities.jumps];
            for &(df, dr) in lines.iter().flat_map(|l| l.iter()) {
                let mut at = from;
                while let Some(sq) = at.offset(df * s, dr * s) {
                    out |= bit(sq.index());
                    at = sq;
                }
            }
            if abilities.area {
                for sq in Square::all().filter(|&sq| sq != from && king_distance(from, sq) <= 2) {
                    out |= bit(sq.index());
                }
            }
            if abilities.burns {
                out |= BOARD;
            }
            reach[from.index()] = out & BOARD;
        }
        ReachTable { reach }
    }

    /// The squares the piece on the square of mailbox index `from` could capture on.
    #[inline]
    pub fn from(&self, from: usize) -> Mask {
        self.reach[from]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::index::Indexer;
    use crate::material::Material;
    use minjiku::{Color, Kind, Position};

    /// Every capture the rules crate sees (`is_attacked` on each enemy piece, the King included)
    /// lies within the reach, for every kind on both sides, in positions with another piece on
    /// the board to block lines, be jumped over or burnt.
    #[test]
    fn the_rules_never_capture_beyond_the_reach() {
        let mut checked = 0;
        for &kind in Kind::ALL.iter().filter(|&&k| k != Kind::King) {
            let blocker = if kind == Kind::Pawn { Kind::Gold } else { Kind::Pawn };
            for material in [Material::new(&[kind], &[blocker]), Material::new(&[blocker], &[kind])] {
                let indexer = Indexer::new(&material);
                let tables: Vec<(Piece, ReachTable)> =
                    [Piece::new(Color::White, Kind::King), Piece::new(Color::Black, Kind::King)]
                        .into_iter()
                        .chain(indexer.pieces().iter().copied())
                        .map(|p| (p, ReachTable::new(p)))
                        .collect();
                for slot in (0..indexer.size()).step_by(4_999) {
                    let Some(pos) = indexer.decode(slot) else { continue };
                    checked += 1;
                    let us = pos.side_to_move();
                    let reach = |pos: &Position| {
                        pos.pieces()
                            .filter(|(_, p)| p.color == us)
                            .map(|(sq, p)| {
                                tables.iter().find(|(q, _)| *q == p).map_or(0, |(_, t)| t.from(sq.index()))
                            })
                            .fold(0, |a, b| a | b)
                    };
                    let reached = reach(&pos);
                    for sq in pos.occupied(!us) {
                        if pos.is_attacked(sq, us) {
                            assert!(reached & bit(sq.index()) != 0, "{}: {sq}", pos.to_fen());
                        }
                    }
                }
            }
        }
        assert!(checked > 500_000, "{checked}");
    }
}
