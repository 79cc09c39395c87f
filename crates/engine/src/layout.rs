//! Offsets of each group of weights in the flat vector (the order of [`crate::Weights::to_ints`] and
//! of feature indices).

/// Material on the board (9 kinds).
pub const BOARD: usize = 0;
/// Pieces in hand (5 kinds).
pub const HAND: usize = 9;
/// Second piece of a kind in hand (5 kinds).
pub const HAND_SECOND: usize = 14;
/// Piece-square terms (10 kinds × 15 symmetric squares).
pub const PSQ: usize = 19;
/// King-zone attack counts (12 buckets).
pub const KING_ATTACKS: usize = 169;
/// Unguarded drop squares around the king (9 buckets).
pub const KING_DROP_SQUARES: usize = 181;
/// Defenders next to the king.
pub const KING_DEFENDERS: usize = 190;
/// Mobility (9 kinds).
pub const MOBILITY: usize = 191;
/// Hanging pieces of the side to move (9 kinds).
pub const HANGING_US: usize = 200;
/// Hanging pieces of the opponent (9 kinds).
pub const HANGING_THEM: usize = 209;
/// Side to move.
pub const TEMPO: usize = 218;
/// Side to move in check.
pub const IN_CHECK: usize = 219;
/// Number of weights.
pub const COUNT: usize = 220;
