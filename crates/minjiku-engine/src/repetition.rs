//! The repetition rule inside the search. The game's rule ends it at the fourth occurrence of a
//! position (a draw, unless one side checked with every move since the first: it loses); the
//! search scores the first return to a position of the game or of its own line as that verdict,
//! since whoever could repeat once can repeat again.

use crate::score::RULE_WIN;

/// The score for the side to move of the position at the end of `path` (hashes and whether the
/// side to move there is in check, oldest first, the game's history then the search line), if
/// it repeats an earlier one; `ply` is its distance from the root.
pub fn repetition_score(path: &[(u64, bool)], ply: usize) -> Option<i32> {
    let last = path.len().checked_sub(1)?;
    let (hash, _) = path[last];
    // Same side to move: an even distance, and a cycle needs at least four plies.
    let mut earlier = last.checked_sub(4)?;
    while path[earlier].0 != hash {
        earlier = earlier.checked_sub(2)?;
    }
    // Positions earlier+1..=last were each reached by a move; the last by the side not to move.
    let mut checked_every_move = [true, true]; // [side not to move, side to move]
    for (steps_back, &(_, check)) in path[earlier + 1..].iter().rev().enumerate() {
        checked_every_move[steps_back % 2] &= check;
    }
    Some(match checked_every_move {
        [true, false] => RULE_WIN - ply as i32,
        [false, true] => -RULE_WIN + ply as i32,
        _ => 0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cycles_draw_unless_one_side_checked_every_move() {
        // A, B, C, D, A: a four-ply cycle, no checks.
        let quiet = [(1, false), (2, false), (3, false), (4, false), (1, false)];
        assert_eq!(repetition_score(&quiet, 4), Some(0));
        // Fewer than four plies apart, or an odd distance, is no repetition.
        assert_eq!(repetition_score(&[(1, false), (2, false), (1, false)], 2), None);
        assert_eq!(repetition_score(&[(1, false), (2, false), (3, false), (1, false)], 3), None);
        // The side that just moved checked on both of its moves (positions 2 and 4 of the
        // cycle are checks), the other did not: the side to move wins.
        let perpetual = [(1, false), (2, false), (3, true), (4, false), (1, true)];
        assert_eq!(repetition_score(&perpetual, 6), Some(RULE_WIN - 6));
        // The side to move is the checker: it loses.
        let checker = [(1, false), (2, true), (3, false), (4, true), (1, false)];
        assert_eq!(repetition_score(&checker, 6), Some(-RULE_WIN + 6));
        // Both checked every move: a draw.
        let both = [(1, true), (2, true), (3, true), (4, true), (1, true)];
        assert_eq!(repetition_score(&both, 2), Some(0));
        // The most recent earlier occurrence counts.
        let twice = [(1, false), (9, false), (1, false), (2, false), (3, true), (4, false), (1, true)];
        assert_eq!(repetition_score(&twice, 2), Some(RULE_WIN - 2));
    }
}
