//! Search scores: centipawns, mate and rule wins at a distance, and their form in the
//! transposition table (relative to the node, so that a stored distance stays right).

/// A score above every reachable one (the initial window).
pub const INFINITY: i32 = 200_000;
/// The score of delivering mate now; mate in `n` plies scores `MATE - n`.
pub const MATE: i32 = 100_000;
/// A win by the repetition rule (the opponent checked on every move of a cycle), at ply `n`:
/// `RULE_WIN - n`. Below every mate and above every evaluation.
pub const RULE_WIN: i32 = 50_000;
/// Scores at least this large (in absolute value) are wins or losses at a distance.
pub const DECISIVE: i32 = RULE_WIN - 1_000;

/// The score of being mated (or having no legal move) at `ply`.
#[inline]
pub const fn mated_in(ply: usize) -> i32 {
    -MATE + ply as i32
}

/// True for a win or loss at a distance (mate or the repetition rule).
#[inline]
pub const fn is_decisive(score: i32) -> bool {
    score >= DECISIVE || score <= -DECISIVE
}

/// The score as stored in the table: decisive scores counted from the node, not the root.
#[inline]
pub const fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= DECISIVE {
        score + ply as i32
    } else if score <= -DECISIVE {
        score - ply as i32
    } else {
        score
    }
}

/// The stored score read back at `ply`.
#[inline]
pub const fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= DECISIVE {
        score - ply as i32
    } else if score <= -DECISIVE {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_form_round_trips_and_keeps_order() {
        for score in [0, 150, -3_000, MATE - 7, -MATE + 12, RULE_WIN - 3, -RULE_WIN + 9] {
            assert_eq!(from_tt(to_tt(score, 5), 5), score);
        }
        assert!(mated_in(3) < mated_in(5));
        assert!(is_decisive(RULE_WIN - 40) && !is_decisive(20_000));
    }
}
