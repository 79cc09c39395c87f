//! Move ordering: the table's move, then the tactical moves by the value they win (MVV-LVA over
//! every piece they remove: the captured or rifled piece and the burnt ones, plus what a
//! promotion gains), then the killers, then the quiet moves by history.

use crate::features::EvalWeights;
use minjiku::{Move, Position};

/// Score of the transposition table's move.
const TT_MOVE: i32 = 1 << 30;
/// Base of the tactical moves' scores (above every killer and history score).
const TACTICAL: i32 = 1 << 26;
/// Score of the first killer; the second gets one less.
const KILLER: i32 = 1 << 25;
/// History scores stay within this bound (gravity formula).
const HISTORY_MAX: i32 = 1 << 14;

/// What a move removes and gains, in centipawns of the material weights: the captured or rifled
/// piece, every burnt piece, and the promotion's gain.
pub fn material_gain(pos: &Position, m: Move, eval: &EvalWeights) -> i32 {
    let mut gain = 0;
    let target = m.rifle_victim().unwrap_or(m.to());
    if let Some(victim) = pos.piece_at(target).filter(|p| p.color != pos.side_to_move()) {
        gain += eval.material(victim.kind);
    }
    for sq in pos.burned_squares(m) {
        if let Some(burnt) = pos.piece_at(sq) {
            gain += eval.material(burnt.kind);
        }
    }
    if m.is_promotion() {
        if let Some(piece) = pos.piece_at(m.from()) {
            let promoted = piece.kind.promoted().unwrap_or(piece.kind);
            gain += eval.material(promoted) - eval.material(piece.kind);
        }
    }
    gain
}

/// The two killer moves of each ply: quiet moves that caused a cut-off in a sibling node.
#[derive(Clone, Debug)]
pub struct Killers(Vec<[Option<Move>; 2]>);

impl Killers {
    /// Empty killers for `plies` plies.
    pub fn new(plies: usize) -> Killers {
        Killers(vec![[None, None]; plies])
    }

    /// Records a cut-off by the quiet move `m` at `ply`.
    pub fn record(&mut self, ply: usize, m: Move) {
        let slot = &mut self.0[ply];
        if slot[0] != Some(m) {
            slot[1] = slot[0];
            slot[0] = Some(m);
        }
    }

    /// 2 for the first killer of `ply`, 1 for the second, 0 otherwise.
    #[inline]
    pub fn rank(&self, ply: usize, m: Move) -> i32 {
        let slot = &self.0[ply];
        if slot[0] == Some(m) {
            2
        } else if slot[1] == Some(m) {
            1
        } else {
            0
        }
    }

    /// Forgets the killers of the ply below `ply` (its children are new positions).
    pub fn clear_ply(&mut self, ply: usize) {
        if let Some(slot) = self.0.get_mut(ply) {
            *slot = [None, None];
        }
    }
}

/// Butterfly history: how often a quiet move from one square to another caused a cut-off,
/// per side, with gravity (bonuses shrink as the score nears the bound).
#[derive(Clone, Debug)]
pub struct History(Vec<i32>);

const SQUARES: usize = 120;

impl Default for History {
    fn default() -> History {
        History(vec![0; 2 * SQUARES * SQUARES])
    }
}

impl History {
    #[inline]
    fn index(pos: &Position, m: Move) -> usize {
        (pos.side_to_move().index() * SQUARES + m.from().index()) * SQUARES + m.to().index()
    }

    /// The score of the quiet move `m` here.
    #[inline]
    pub fn score(&self, pos: &Position, m: Move) -> i32 {
        self.0[History::index(pos, m)]
    }

    /// Rewards `m` (positive `bonus`) or penalises it (negative).
    pub fn update(&mut self, pos: &Position, m: Move, bonus: i32) {
        let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
        let h = &mut self.0[History::index(pos, m)];
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
    }

    /// Halves every score (between searches: old knowledge fades).
    pub fn age(&mut self) {
        self.0.iter_mut().for_each(|h| *h /= 2);
    }
}

/// The ordering score of every move of `moves`, in order.
#[allow(clippy::too_many_arguments)]
pub fn score_moves(
    pos: &Position,
    moves: &[Move],
    tt_move: Option<Move>,
    ply: usize,
    eval: &EvalWeights,
    killers: &Killers,
    history: &History,
    scores: &mut Vec<i32>,
) {
    scores.clear();
    scores.extend(moves.iter().map(|&m| {
        if Some(m) == tt_move {
            return TT_MOVE;
        }
        if pos.is_tactical(m) {
            let attacker = pos.piece_at(m.from()).map_or(0, |p| eval.material(p.kind));
            // Most valuable victims first, then the least valuable attacker.
            return TACTICAL + material_gain(pos, m, eval) * 16 - attacker / 8;
        }
        match killers.rank(ply, m) {
            0 => history.score(pos, m),
            k => KILLER + k,
        }
    }));
}

/// Moves the best-scored move of `moves[from..]` to `from` (selection sort, one step at a time:
/// most nodes cut off after a few moves).
#[inline]
pub fn pick_next(moves: &mut [Move], scores: &mut [i32], from: usize) {
    let mut best = from;
    for i in from + 1..moves.len() {
        if scores[i] > scores[best] {
            best = i;
        }
    }
    moves.swap(from, best);
    scores.swap(from, best);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Weights;

    #[test]
    fn burns_and_rifle_captures_are_scored_by_what_they_remove() {
        let eval = EvalWeights::new(&Weights::initial());
        // A White Fire Dragon on b2 that can land on e5 between Black pawns on d6 and f6; a
        // Viper on c7 beside a Gold on d7.
        let pos = Position::from_fen("k1/10/10/10/2Vg6/3p1p4/10/10/10/1F8/10/K1 w").unwrap();
        let moves: Vec<Move> = pos.legal_move_list().iter().copied().collect();
        let burn = moves.iter().copied().find(|&m| pos.burned_squares(m).len() == 2);
        if let Some(burn) = burn {
            assert_eq!(material_gain(&pos, burn, &eval), 2 * eval.material(minjiku::Kind::Pawn));
        }
        let rifle = moves.iter().copied().find(|m| m.rifle_victim().is_some());
        if let Some(rifle) = rifle {
            assert_eq!(material_gain(&pos, rifle, &eval), eval.material(minjiku::Kind::Gold));
        }
        assert!(burn.is_some() && rifle.is_some());
    }
}
