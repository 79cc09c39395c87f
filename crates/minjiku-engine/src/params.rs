//! The search's margins and reductions, each a named constant beside its siblings, so that
//! `search.rs` reads as the algorithm.

/// Deepest ply the search reaches (extensions included).
pub const MAX_PLY: usize = 96;
/// Iterative deepening stops here when no other limit applies.
pub const MAX_DEPTH: u32 = 64;

/// Half-width of the aspiration window around the previous iteration's score, from depth…
pub const ASPIRATION_WINDOW: i32 = 60;
/// …this one on.
pub const ASPIRATION_MIN_DEPTH: u32 = 4;

/// Reverse futility pruning: at most this depth…
pub const RFP_MAX_DEPTH: i32 = 4;
/// …with this margin per ply of depth.
pub const RFP_MARGIN: i32 = 110;

/// Null move: from this depth…
pub const NMP_MIN_DEPTH: i32 = 3;
/// …reducing by this base…
pub const NMP_BASE: i32 = 3;
/// …plus one ply per this much depth…
pub const NMP_DEPTH_DIVISOR: i32 = 4;
/// …only with at least this many pieces other than the King and Pawns (not in low material,
/// where zugzwang-like positions make passing a lie).
pub const NMP_MIN_PIECES: u32 = 3;

/// Late move reductions: from this depth…
pub const LMR_MIN_DEPTH: i32 = 3;
/// …after this many moves…
pub const LMR_MIN_MOVES: usize = 3;
/// …by `ln(depth) · ln(moves) / LMR_DIVISOR` plies (plus one at non-PV nodes).
pub const LMR_DIVISOR: f64 = 2.2;

/// Late move pruning: at non-PV nodes of at most this depth…
pub const LMP_MAX_DEPTH: i32 = 3;
/// …quiet moves after `LMP_BASE + LMP_FACTOR · depth²` are skipped.
pub const LMP_BASE: usize = 8;
/// See [`LMP_BASE`].
pub const LMP_FACTOR: usize = 6;

/// Quiescence: a capture that cannot lift the score within this margin of alpha is skipped.
pub const DELTA_MARGIN: i32 = 200;

/// The node count between two looks at the clock and the stop flag.
pub const CHECK_EVERY: u64 = 1024;
