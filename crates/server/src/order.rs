//! The order of the moves list: best first for the side to move, read from the value of the
//! position after each move (which is from the opponent's view).
//!
//! For the mover, best to worst: wins by mate, shortest first; wins by repetition; wins by
//! perpetual check (the opponent would have to check forever); draws, and with them the moves
//! only the engine has estimated, best score first; losses by perpetual check; losses by
//! repetition; losses by mate, longest resistance first. The two non-mate categories are ordered
//! by convention, mirrored between wins and losses; moves of equal rank keep USI order.

use minishogi_analysis::{Analysis, GameResult};
use minishogi_tablebase::{By, Verdict, Wdl};

/// A move's place in the list: smaller is better for the side that plays it.
pub type MoveRank = (u8, i32);

/// Engine scores of mates are put past every centipawn score.
const MATE_SCORE: i32 = 1_000_000;

/// The rank of a move whose resulting position has the proved value `after` (for the opponent).
pub fn move_rank(after: &Verdict) -> MoveRank {
    let plies = i32::from(after.plies.unwrap_or(0));
    match (after.result, after.by) {
        (Wdl::Loss, Some(By::Mate)) => (0, plies),
        (Wdl::Loss, Some(By::Repetition)) => (1, 0),
        (Wdl::Loss, _) => (2, 0),
        (Wdl::Draw, _) => (3, 0),
        (Wdl::Win, Some(By::PerpetualCheck) | None) => (4, 0),
        (Wdl::Win, Some(By::Repetition)) => (5, 0),
        (Wdl::Win, Some(By::Mate)) => (6, -plies),
    }
}

/// The rank of a move whose resulting position was analysed as `after`: a proved result ranks
/// as [`move_rank`] does, an estimate among the draws by the opponent's score (lowest first).
pub fn analysis_rank(after: &Analysis) -> MoveRank {
    let result = match after.result {
        _ if !after.exact => None,
        GameResult::Win => Some(Wdl::Win),
        GameResult::Loss => Some(Wdl::Loss),
        GameResult::Draw => Some(Wdl::Draw),
        GameResult::Unknown => None,
    };
    if let Some(result) = result {
        let plies = after.plies.map(|p| u16::try_from(p).unwrap_or(u16::MAX));
        return move_rank(&Verdict { result, by: after.by, plies });
    }
    let score = match (after.score_mate, after.score_cp) {
        (Some(n), _) if n > 0 => MATE_SCORE - n,
        (Some(n), _) => -MATE_SCORE - n,
        (None, Some(cp)) => cp.clamp(1 - MATE_SCORE, MATE_SCORE - 1),
        (None, None) => 0,
    };
    (3, score)
}

#[cfg(test)]
mod tests {
    use super::move_rank;
    use minishogi_tablebase::{By, Verdict, Wdl};

    fn v(result: Wdl, by: Option<By>, plies: Option<u16>) -> Verdict {
        Verdict { result, by, plies }
    }

    #[test]
    fn mates_come_first_shortest_first_and_losses_last_longest_first() {
        let best_to_worst = [
            v(Wdl::Loss, Some(By::Mate), Some(0)),
            v(Wdl::Loss, Some(By::Mate), Some(4)),
            v(Wdl::Loss, Some(By::Repetition), None),
            v(Wdl::Loss, Some(By::PerpetualCheck), None),
            v(Wdl::Draw, Some(By::PerpetualCheck), None),
            v(Wdl::Win, Some(By::PerpetualCheck), None),
            v(Wdl::Win, Some(By::Repetition), None),
            v(Wdl::Win, Some(By::Mate), Some(9)),
            v(Wdl::Win, Some(By::Mate), Some(1)),
        ];
        for pair in best_to_worst.windows(2) {
            assert!(move_rank(&pair[0]) < move_rank(&pair[1]), "{pair:?}");
        }
        assert_eq!(move_rank(&v(Wdl::Draw, None, None)), move_rank(&best_to_worst[4]));
    }
}
