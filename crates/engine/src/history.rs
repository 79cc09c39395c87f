//! What the search learns about quiet moves that cut off: two killer moves per ply, and a
//! history score per side, moving piece (or dropped kind) and destination.

use crate::search_params::{HISTORY_LIMIT, MAX_PLY};
use minishogi::{Move, Position, Square};

/// A placeholder for empty slots of move arrays.
pub(crate) const NO_MOVE: Move = Move::board(Square::from_index(0), Square::from_index(1), false);

/// Two killer moves per ply, the most recent first.
pub(crate) struct Killers(Box<[[Move; 2]; MAX_PLY + 2]>);

impl Killers {
    /// No killers yet.
    pub fn new() -> Killers {
        Killers(Box::new([[NO_MOVE; 2]; MAX_PLY + 2]))
    }

    /// 0 when `m` is the first killer of `ply`, 1 when it is the second.
    #[inline]
    pub fn rank(&self, ply: usize, m: Move) -> Option<usize> {
        self.0[ply].iter().position(|&k| k == m)
    }

    /// Makes `m` the first killer of `ply` (the old first becomes the second).
    pub fn add(&mut self, ply: usize, m: Move) {
        let slot = &mut self.0[ply];
        if slot[0] != m {
            slot[1] = slot[0];
            slot[0] = m;
        }
    }
}

/// History scores of quiet moves, indexed by side, piece code (board kind, or 10 + dropped kind)
/// and destination.
pub(crate) struct History(Box<[[[i32; 25]; 15]; 2]>);

impl History {
    /// All scores zero.
    pub fn new() -> History {
        History(Box::new([[[0; 25]; 15]; 2]))
    }

    /// The score of `m` in `pos`.
    #[inline]
    pub fn get(&self, pos: &Position, m: Move) -> i32 {
        let (c, k, t) = slot(pos, m);
        self.0[c][k][t]
    }

    /// Adds `bonus` (negative for a malus), saturating towards [`HISTORY_LIMIT`].
    pub fn update(&mut self, pos: &Position, m: Move, bonus: i32) {
        let (c, k, t) = slot(pos, m);
        let h = &mut self.0[c][k][t];
        *h += bonus - *h * bonus.abs() / HISTORY_LIMIT;
    }
}

fn slot(pos: &Position, m: Move) -> (usize, usize, usize) {
    let color = pos.side_to_move().index();
    let code = match (m.from(), m.dropped()) {
        (Some(from), _) => pos.piece_at(from).map_or(0, |p| p.kind.index()),
        (None, Some(k)) => 10 + k.index(),
        _ => 0,
    };
    (color, code, m.to().index())
}
