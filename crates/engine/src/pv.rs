//! The triangular table of principal variations: row `ply` holds the best line from `ply`.

use crate::history::NO_MOVE;
use crate::search_params::MAX_PLY;
use minishogi::Move;

/// Principal variations by ply.
pub(crate) struct PvTable {
    moves: Box<[[Move; MAX_PLY + 1]; MAX_PLY + 1]>,
    len: [usize; MAX_PLY + 2],
}

impl PvTable {
    /// Empty lines.
    pub fn new() -> PvTable {
        PvTable { moves: Box::new([[NO_MOVE; MAX_PLY + 1]; MAX_PLY + 1]), len: [0; MAX_PLY + 2] }
    }

    /// Empties the line from `ply` (a node starts).
    #[inline]
    pub fn clear(&mut self, ply: usize) {
        self.len[ply] = ply;
    }

    /// The line from `ply` becomes `m` followed by the line from `ply + 1`.
    pub fn update(&mut self, ply: usize, m: Move) {
        self.moves[ply][ply] = m;
        let child_len = self.len[ply + 1].max(ply + 1);
        for i in ply + 1..child_len {
            self.moves[ply][i] = self.moves[ply + 1][i];
        }
        self.len[ply] = child_len;
    }

    /// The line from the root.
    pub fn root(&self) -> &[Move] {
        &self.moves[0][..self.len[0]]
    }
}
