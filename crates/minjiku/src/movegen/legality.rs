//! A shortcut for the legality test: most moves cannot expose their own king, and those need no
//! make-and-test.
//!
//! When the side to move is not in check, a move by a piece other than the king can only create
//! an attack on its king by emptying (or weakening) squares: the one it leaves, the one it
//! captures on (its new occupant may rank lower for jumpers), a rifle victim's, the burnt ones.
//! Putting a piece on a square only blocks. An emptied square matters only if it is in line with
//! the king (slides, jumps), within two king steps of it (an area move against the king passes
//! next to it; one to a burning square passes within two steps), or on the line of an enemy Fire
//! Dragon to a square diagonally next to it (burning).

use crate::geometry::king_distance;
use crate::movement::{movement, DIAGONAL_STEPS};
use crate::{Color, Kind, Move, Position, Square};

/// At most this many enemy burners are tracked; with more, every move gets the full test.
const MAX_BURNERS: usize = 4;

/// What the shortcut needs to know about one side's king.
pub(crate) struct KingGuard {
    king: Square,
    burners: [Option<Square>; MAX_BURNERS],
    too_many_burners: bool,
}

fn in_line(a: Square, b: Square) -> bool {
    let df = (a.file() - b.file()).abs();
    let dr = (a.rank() - b.rank()).abs();
    df == 0 || dr == 0 || df == dr
}

/// True when `s` lies strictly between `a` and `b` on a rank, file or diagonal.
fn between(a: Square, b: Square, s: Square) -> bool {
    in_line(a, b)
        && in_line(a, s)
        && in_line(s, b)
        && king_distance(a, s) + king_distance(s, b) == king_distance(a, b)
        && s != a
        && s != b
}

impl KingGuard {
    /// The guard of `us`'s king in `pos`.
    pub(crate) fn new(pos: &Position, us: Color) -> KingGuard {
        let mut burners = [None; MAX_BURNERS];
        let mut count = 0;
        for sq in pos.occupied(!us) {
            if pos.piece_at(sq).is_some_and(|p| movement(p.kind).burns) {
                if count < MAX_BURNERS {
                    burners[count] = Some(sq);
                }
                count += 1;
            }
        }
        KingGuard { king: pos.king(us), burners, too_many_burners: count > MAX_BURNERS }
    }

    /// True when emptying `s` could open an attack on the king.
    fn relevant(&self, s: Square) -> bool {
        if self.too_many_burners || in_line(s, self.king) || king_distance(s, self.king) <= 2 {
            return true;
        }
        self.burners.iter().flatten().any(|&dragon| {
            DIAGONAL_STEPS
                .iter()
                .any(|&(df, dr)| self.king.offset(df, dr).is_some_and(|landing| between(dragon, landing, s)))
        })
    }

    /// True when `m` (by a piece other than the king, not in check) needs the full test.
    pub(crate) fn needs_full_test(&self, pos: &Position, m: Move) -> bool {
        if pos.piece_at(m.from()).is_some_and(|p| p.kind == Kind::King) {
            return true;
        }
        if self.relevant(m.from()) {
            return true;
        }
        if let Some(victim) = m.rifle_victim() {
            if self.relevant(victim) {
                return true;
            }
        } else if pos.piece_at(m.to()).is_some() && self.relevant(m.to()) {
            return true;
        }
        pos.burned_squares(m).any(|s| self.relevant(s))
    }
}
