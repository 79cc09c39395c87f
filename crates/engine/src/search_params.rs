//! Every margin and threshold of the search, named, next to its siblings, so that the worker
//! reads as the algorithm. Changing any of these changes the `bench` node signature.

/// Deepest ply the search reaches.
pub(crate) const MAX_PLY: usize = 128;

/// Iterations below this depth search the full window.
pub(crate) const ASPIRATION_MIN_DEPTH: i32 = 5;
/// Half-width of the first aspiration window (doubled after each failure).
pub(crate) const ASPIRATION_DELTA: i32 = 30;
/// Past this half-width the window opens fully.
pub(crate) const ASPIRATION_MAX_DELTA: i32 = 1000;

/// Reverse futility pruning applies up to this depth.
pub(crate) const RFP_MAX_DEPTH: i32 = 4;
/// Reverse futility margin per ply of depth.
pub(crate) const RFP_MARGIN: i32 = 110;

/// Null move pruning applies from this depth.
pub(crate) const NMP_MIN_DEPTH: i32 = 3;
/// Null move reduction: `NMP_BASE + depth / NMP_DEPTH_DIVISOR`.
pub(crate) const NMP_BASE: i32 = 3;
/// See [`NMP_BASE`].
pub(crate) const NMP_DEPTH_DIVISOR: i32 = 4;

/// ProbCut applies from this depth: a capture that beats beta by a margin at a shallower depth
/// cuts the node.
pub(crate) const PROBCUT_MIN_DEPTH: i32 = 5;
/// ProbCut's margin over beta (less when the evaluation is improving).
pub(crate) const PROBCUT_MARGIN: i32 = 200;
/// See [`PROBCUT_MARGIN`].
pub(crate) const PROBCUT_IMPROVING: i32 = 50;
/// ProbCut searches this many plies shallower than the node.
pub(crate) const PROBCUT_REDUCTION: i32 = 4;

/// Quiet-move pruning (move count and futility) applies up to this depth.
pub(crate) const LMP_MAX_DEPTH: i32 = 4;
/// Move-count pruning skips quiet moves from index `LMP_BASE + LMP_FACTOR * depth²`.
pub(crate) const LMP_BASE: usize = 4;
/// See [`LMP_BASE`].
pub(crate) const LMP_FACTOR: usize = 2;
/// When the static evaluation is not improving, move-count pruning starts at this fraction
/// (numerator, denominator) of the usual move index.
pub(crate) const LMP_NOT_IMPROVING: (usize, usize) = (2, 3);
/// Futility pruning of quiet moves applies up to this depth.
pub(crate) const FUTILITY_MAX_DEPTH: i32 = 3;
/// Futility margin: `FUTILITY_BASE + FUTILITY_FACTOR * depth`.
pub(crate) const FUTILITY_BASE: i32 = 100;
/// See [`FUTILITY_BASE`].
pub(crate) const FUTILITY_FACTOR: i32 = 120;

/// Exchange (SEE) pruning applies up to this depth, away from the root and out of check.
pub(crate) const SEE_PRUNE_MAX_DEPTH: i32 = 8;
/// A capture or promotion is skipped when its exchange loses more than this per ply of depth.
pub(crate) const SEE_CAPTURE_MARGIN: i32 = 90;
/// A quiet move or drop that does not check is skipped when its exchange loses more than this
/// times depth².
pub(crate) const SEE_QUIET_MARGIN: i32 = 15;

/// Nodes without a stored move are searched one ply shallower from this depth.
pub(crate) const IIR_MIN_DEPTH: i32 = 4;

/// Singular extensions are tried from this depth.
pub(crate) const SE_MIN_DEPTH: i32 = 6;
/// The stored entry must be at most this much shallower than the node.
pub(crate) const SE_TT_DEPTH_SLACK: i32 = 3;
/// The other moves must fail below the stored score minus this much per ply of depth.
pub(crate) const SE_MARGIN_PER_DEPTH: i32 = 2;
/// Stored scores at or beyond this magnitude (mates, repetition wins) are not tested.
pub(crate) const SE_SCORE_LIMIT: i32 = 10_000;

/// Late-move reductions apply from this depth.
pub(crate) const LMR_MIN_DEPTH: i32 = 3;
/// Late-move reductions apply from this move index.
pub(crate) const LMR_MIN_MOVE: usize = 3;
/// Reduction: `LMR_BASE + ln(depth) * ln(move index) / LMR_DIVISOR`, rounded down.
pub(crate) const LMR_BASE: f64 = 0.5;
/// See [`LMR_BASE`].
pub(crate) const LMR_DIVISOR: f64 = 2.25;

/// A quiet move's reduction shrinks by one per this much combined history (and grows for
/// negative history).
pub(crate) const LMR_HISTORY_DIVISOR: i32 = 16_384;

/// Largest history bonus (the bonus is `depth²` up to this).
pub(crate) const HISTORY_MAX_BONUS: i32 = 400;
/// History values saturate towards this magnitude.
pub(crate) const HISTORY_LIMIT: i32 = 16_384;

/// Quiescence delta pruning: a capture whose victim plus this margin cannot reach alpha is skipped.
pub(crate) const DELTA_MARGIN: i32 = 200;

/// The late-move reduction table, indexed `[depth][move index]` (both capped at 63).
pub(crate) fn lmr_table() -> Box<[[u8; 64]; 64]> {
    let mut lmr = Box::new([[0u8; 64]; 64]);
    for (d, row) in lmr.iter_mut().enumerate().skip(1) {
        for (i, r) in row.iter_mut().enumerate().skip(1) {
            *r = (LMR_BASE + (d as f64).ln() * (i as f64).ln() / LMR_DIVISOR) as u8;
        }
    }
    lmr
}
