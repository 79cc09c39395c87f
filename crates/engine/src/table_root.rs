//! A root whose table outcome is a repetition: the table's move, not a search.
//!
//! Among the moves that keep a repetition win, only the table's (which follows its progress
//! measure) is sure to end in the fourfold repetition with the stated verdict; a search that
//! sees every such move score alike can cycle with the would-be winner checking on every move,
//! and then the repetition is lost by perpetual check instead.

use crate::oracle::{EndgameOracle, TbValue};
use crate::report::{Info, SearchResult};
use crate::score::{table_repetition_win, Score};
use minishogi::Game;
use std::time::Instant;

/// The result of playing the table's move at the root of `game`, if the oracle knows the root's
/// outcome to be a repetition or perpetual-check result and a move that realises it.
pub(crate) fn table_root(
    oracle: &dyn EndgameOracle,
    game: &Game,
    start: Instant,
    info: &mut dyn FnMut(&Info),
) -> Option<SearchResult> {
    let root = game.position();
    let score = match oracle.probe(root, game.first_player(), game.rules())? {
        TbValue::RepetitionWin => table_repetition_win(0),
        TbValue::RepetitionLoss => -table_repetition_win(0),
        TbValue::PerpetualCheckDraw => 0,
        TbValue::Win(_) | TbValue::Loss(_) | TbValue::Draw => return None,
    };
    let best = oracle.best_move(root, game.first_player(), game.rules())?;
    let time = start.elapsed();
    let result = SearchResult {
        best: Some(best),
        ponder: None,
        score: Score::from_internal(score),
        pv: vec![best],
        depth: 1,
        seldepth: 1,
        nodes: 1,
        time,
    };
    info(&Info {
        depth: 1,
        seldepth: 1,
        score: result.score,
        nodes: 1,
        nps: 0,
        time,
        pv: result.pv.clone(),
        hashfull: 0,
    });
    Some(result)
}
