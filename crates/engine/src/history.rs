//! What the search learns about quiet moves that cut off: two killer moves per ply, a history
//! score per side, moving piece (or dropped kind) and destination, and continuation histories
//! that score a move by the move played one or two plies before it.

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

/// A move's piece code and destination as one index (`code * 25 + to`), the key of continuation
/// histories; [`PieceTo::NONE`] after a null move or at the root.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct PieceTo(u16);

impl PieceTo {
    /// No move: continuation histories are not consulted.
    pub const NONE: PieceTo = PieceTo(u16::MAX);

    /// The key of `m`, about to be played in `pos`.
    #[inline]
    pub fn of(pos: &Position, m: Move) -> PieceTo {
        let (_, code, to) = slot(pos, m);
        PieceTo((code * 25 + to) as u16)
    }
}

const PIECE_TO: usize = 15 * 25;

/// Scores of quiet moves by the move played before them (`[earlier][this]`, both as
/// [`PieceTo`]): which replies work against which moves.
pub(crate) struct ContinuationHistory(Box<[[i16; PIECE_TO]; PIECE_TO]>);

impl ContinuationHistory {
    /// All scores zero.
    pub fn new() -> ContinuationHistory {
        // Built on the heap: the table is 280 KiB.
        let rows = vec![[0i16; PIECE_TO]; PIECE_TO].into_boxed_slice();
        ContinuationHistory(rows.try_into().unwrap_or_else(|_| unreachable!("PIECE_TO rows")))
    }

    /// The score of `this` after `earlier` (0 when `earlier` is [`PieceTo::NONE`]).
    #[inline]
    pub fn get(&self, earlier: PieceTo, this: PieceTo) -> i32 {
        if earlier == PieceTo::NONE {
            return 0;
        }
        i32::from(self.0[earlier.0 as usize][this.0 as usize])
    }

    /// Adds `bonus` to `this` after `earlier`, saturating towards [`HISTORY_LIMIT`].
    pub fn update(&mut self, earlier: PieceTo, this: PieceTo, bonus: i32) {
        if earlier == PieceTo::NONE {
            return;
        }
        let h = &mut self.0[earlier.0 as usize][this.0 as usize];
        let v = i32::from(*h);
        *h = (v + bonus - v * bonus.abs() / HISTORY_LIMIT) as i16;
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

/// The quiet-move histories a searcher keeps from one move of a game to the next, so that a
/// short search starts with the ordering the last ones learnt.
pub(crate) struct QuietStats {
    pub history: History,
    pub continuation: ContinuationHistory,
}

impl QuietStats {
    /// All scores zero.
    pub fn new() -> QuietStats {
        QuietStats { history: History::new(), continuation: ContinuationHistory::new() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search_params::HISTORY_MAX_BONUS;

    #[test]
    fn continuation_scores_saturate_and_ignore_missing_moves() {
        let pos = Position::startpos();
        let moves = pos.legal_move_list();
        let (a, b) = (moves.as_slice()[0], moves.as_slice()[1]);
        let (ka, kb) = (PieceTo::of(&pos, a), PieceTo::of(&pos, b));
        let mut ch = ContinuationHistory::new();
        for _ in 0..10_000 {
            ch.update(ka, kb, HISTORY_MAX_BONUS);
        }
        let high = ch.get(ka, kb);
        assert!(high > HISTORY_LIMIT * 9 / 10 && high <= HISTORY_LIMIT, "{high}");
        assert_eq!(ch.get(kb, ka), 0, "only the updated pair moves");
        for _ in 0..10_000 {
            ch.update(ka, kb, -HISTORY_MAX_BONUS);
        }
        let low = ch.get(ka, kb);
        assert!((-HISTORY_LIMIT..-HISTORY_LIMIT * 9 / 10).contains(&low), "{low}");
        ch.update(PieceTo::NONE, kb, HISTORY_MAX_BONUS);
        assert_eq!(ch.get(PieceTo::NONE, kb), 0);
    }
}
