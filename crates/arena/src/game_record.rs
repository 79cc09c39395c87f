//! What a KIF or CSA record holds: the start position, every move with its time, the players,
//! and the result once the game has ended. A match's [`FinishedGame`] is one source; a game
//! played elsewhere (the Python package's `Position`) is another.

use crate::runner::FinishedGame;
use crate::termination::GameResult;
use minishogi::{Move, Position};
use std::time::Duration;

/// A game as the record writers ([`crate::records::record_kif`], [`crate::records::record_csa`]) see it.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// The position before the first move.
    pub start: Position,
    /// Every move from `start`, each legal, with the time it took (zero when unknown).
    pub moves: Vec<(Move, Duration)>,
    /// The names of sente and gote.
    pub players: [String; 2],
    /// The result, or `None` for a game that has not ended (the record then stops after the
    /// last move, with no ending line).
    pub result: Option<GameResult>,
}

impl GameRecord {
    /// The record of a match game: its opening moves (with no time) and then the engines' moves.
    pub fn of_finished(finished: &FinishedGame) -> GameRecord {
        let played = &finished.game;
        let opening = played.opening.moves.iter().map(|&m| (m, Duration::ZERO));
        let engines = played.moves.iter().copied().zip(played.times.iter().copied());
        GameRecord {
            start: played.opening.start.clone(),
            moves: opening.chain(engines).collect(),
            players: finished.players.clone(),
            result: Some(played.result.clone()),
        }
    }
}
