//! Where each group of weights starts in the flat weight (and feature) vector.

/// Number of piece kinds, the King included.
pub const KINDS: usize = minjiku::Kind::ALL.len();
/// Advancement buckets of the piece-square terms (see [`rank_bucket`](crate::features)).
pub const RANK_BUCKETS: usize = 5;
/// Centrality buckets of the piece-square terms.
pub const FILE_BUCKETS: usize = 3;
/// Distances to the promotion zone that carry a prospect term (1, 2, 3 ranks).
pub const PROMOTION_DISTANCES: usize = 3;
/// Buckets of the king-attack table (attacks on the king's neighbourhood, capped).
pub const KING_ATTACK_BUCKETS: usize = 16;

/// Material per kind.
pub const MATERIAL: usize = 0;
/// Advancement per kind and rank bucket.
pub const RANK: usize = MATERIAL + KINDS;
/// Centrality per kind and file bucket.
pub const FILE: usize = RANK + KINDS * RANK_BUCKETS;
/// Promotion prospects per kind and distance to the zone.
pub const PROMOTION: usize = FILE + KINDS * FILE_BUCKETS;
/// Mobility per kind.
pub const MOBILITY: usize = PROMOTION + KINDS * PROMOTION_DISTANCES;
/// King danger by the number of enemy attacks on the king's neighbourhood.
pub const KING_ATTACKS: usize = MOBILITY + KINDS;
/// Own pieces next to the own king.
pub const KING_DEFENDERS: usize = KING_ATTACKS + KING_ATTACK_BUCKETS;
/// Having the move.
pub const TEMPO: usize = KING_DEFENDERS + 1;
/// The side to move is in check.
pub const IN_CHECK: usize = TEMPO + 1;
/// Number of weights.
pub const COUNT: usize = IN_CHECK + 1;
