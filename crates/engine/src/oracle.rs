//! Endgame oracles: exact values the search trusts instead of searching (tablebases).

use minishogi::{Color, Move, Position, RuleSet};

/// An exact value of a position from the side to move, in a game with no earlier history.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TbValue {
    /// The side to move mates in this many plies (odd).
    Win(u32),
    /// The side to move is mated in this many plies (even; 0 = mated now or no move).
    Loss(u32),
    /// Neither side can force mate, and nothing more is known: a draw under `draw300`; under the
    /// standard rules the repetition decides (a table without repetition values).
    Draw,
    /// No mate, but the side to move wins the fourfold repetition (by repetition, or by the
    /// opponent's perpetual check) under the standard rules.
    RepetitionWin,
    /// No mate, but the side to move loses the fourfold repetition under the standard rules.
    RepetitionLoss,
    /// No mate, and both sides give check with every move of the repetition: a draw.
    PerpetualCheckDraw,
}

/// Something that knows the exact value of some positions.
///
/// Probes happen inside the search, from several threads: they must be cheap when the
/// position's material has no table (return `None` quickly).
pub trait EndgameOracle: Send + Sync {
    /// The exact value of `pos` in a game that `first_player` began, under `rules`, if known.
    fn probe(&self, pos: &Position, first_player: Color, rules: RuleSet) -> Option<TbValue>;

    /// A move of `pos` that realises its value in a game that `first_player` began, under
    /// `rules`, if known. For a repetition outcome this is what keeps the outcome: a move that
    /// merely keeps the value can cycle with the winner checking on every move, and then the
    /// repetition goes the other way (the side that checked on every move loses). The default
    /// knows no move.
    fn best_move(&self, _pos: &Position, _first_player: Color, _rules: RuleSet) -> Option<Move> {
        None
    }
}
