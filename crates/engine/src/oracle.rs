//! Endgame oracles: exact values the search trusts instead of searching (tablebases).

use minishogi::Position;

/// An exact value of a position from the side to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TbValue {
    /// The side to move mates in this many plies (odd).
    Win(u32),
    /// The side to move is mated in this many plies (even; 0 = mated now or no move).
    Loss(u32),
    /// Neither side can force mate.
    Draw,
}

/// Something that knows the exact value of some positions.
///
/// Probes happen inside the search, from several threads: they must be cheap when the
/// position's material has no table (return `None` quickly).
pub trait EndgameOracle: Send + Sync {
    /// The exact value of `pos`, if known.
    fn probe(&self, pos: &Position) -> Option<TbValue>;
}
