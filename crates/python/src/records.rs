//! KIF and CSA records of a `Position`'s game, written by `minishogi-arena`'s record writers.

use crate::convert::value_error;
use minishogi::Game;
use minishogi_arena::records::GameRecord;
use minishogi_arena::{GameResult, Termination};
use pyo3::prelude::*;
use std::time::Duration;

/// The record of `game` from its start through its moves, with its result if it has ended.
/// `times` holds the seconds each move took (zero for every move when `None`).
pub fn game_record(game: &Game, sente: &str, gote: &str, times: Option<Vec<f64>>) -> PyResult<GameRecord> {
    let moves = game.moves();
    let times = match times {
        None => vec![Duration::ZERO; moves.len()],
        Some(times) if times.len() != moves.len() => {
            return Err(value_error(format!(
                "times has {} entries but the game has {} moves",
                times.len(),
                moves.len()
            )))
        }
        Some(times) => times
            .iter()
            .map(|&t| Duration::try_from_secs_f64(t).map_err(|_| value_error(format!("bad move time {t} s"))))
            .collect::<PyResult<_>>()?,
    };
    let result =
        game.outcome().map(|o| GameResult { winner: o.winner, termination: Termination::Rules(o.reason) });
    Ok(GameRecord {
        start: game.start().clone(),
        moves: moves.iter().copied().zip(times).collect(),
        players: [sente.to_string(), gote.to_string()],
        result,
    })
}
